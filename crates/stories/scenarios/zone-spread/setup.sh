# 247 more workers join, in turn into three zones of region us-east-1 (us-east-1a, us-east-1b,
# us-east-1c): a cluster of 250 nodes. The two workers the cluster started with have no zone.
podlife cluster nodes 250 --zones 3
sleep 10
