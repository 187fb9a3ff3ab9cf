# /etc/hosts, /etc/hostname and /etc/resolv.conf as the kubelet and containerd mount them (seed 003):
# the kubelet writes the pod's hosts file (its header, localhost lines, the pod IP with its hostname
# — and the FQDN first with a subdomain —, hostAliases) so `hostname -i` resolves through it;
# hostNetwork pods get the node's file under the "(host network)" header and the node's hostname.
# resolv.conf follows dnsPolicy (ClusterFirst: the namespace's search list, 10.96.0.10, ndots:5).
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector: {app: db}
  ports:
  - port: 5432
---
apiVersion: v1
kind: Pod
metadata:
  name: db-0
  labels: {app: db}
spec:
  hostname: db-0
  subdomain: db
  setHostnameAsFQDN: true
  hostAliases:
  - ip: 10.1.2.3
    hostnames: [legacy.example.com, legacy]
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: plain
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: custom-dns
spec:
  dnsPolicy: None
  dnsConfig:
    nameservers: [1.1.1.1]
    searches: [corp.example]
    options:
    - name: ndots
      value: "2"
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: hostnet
spec:
  hostNetwork: true
  nodeName: worker-1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 8
kubectl exec plain -- cat /etc/hosts
kubectl exec plain -- sh -c 'hostname; hostname -i; cat /etc/hostname'
kubectl exec plain -- cat /etc/resolv.conf
kubectl exec db-0 -- cat /etc/hosts
kubectl exec db-0 -- sh -c 'hostname; hostname -s; hostname -f; hostname -i; hostname -d'
kubectl exec db-0 -- nc -w 1 -zv legacy 80
kubectl exec custom-dns -- cat /etc/resolv.conf
kubectl exec hostnet -- cat /etc/hosts
kubectl exec hostnet -- hostname
kubectl exec hostnet -- readlink /proc/self/ns/net
kubectl exec plain -- ls -l /etc/hosts /etc/resolv.conf /etc/hostname
