# Seventeen more workers join: a cluster of twenty nodes (the control plane and nineteen workers).
podlife cluster nodes 20
sleep 5
