# The Internet as a pod reaches it (issue 19 §3; crates/engine/src/internet.rs says what it answers).
# kubernetes.io's init-containers example: busybox 1.28's wget fetches http://info.cern.ch into an
# emptyDir; the pod has dnsPolicy Default, so the name goes to the node's resolver (172.18.0.1),
# not CoreDNS. ClusterFirst pods ask CoreDNS: a name with fewer than 5 dots is tried with each
# search suffix first (NXDOMAIN in cluster.local), then as is, which CoreDNS's `forward .
# /etc/resolv.conf` sends upstream. An ExternalName Service is a CNAME that CoreDNS follows; its
# name is not the server's, so an HTTP request to it gets 404 (the docs' warning). Names the
# simulated Internet does not have are NXDOMAIN; public addresses nobody answers, closed ports and
# private ranges time out. Every host sees the machine's public address (203.0.113.10, a
# documentation address) after kindnet's and Docker's masquerades.
# (nginx in podlife serves its default page, not the files of its document root, so the docs'
# `curl localhost` is left out; `cat` shows the downloaded page.)
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: init-demo
spec:
  containers:
  - name: nginx
    image: nginx
    ports:
    - containerPort: 80
    volumeMounts:
    - name: workdir
      mountPath: /usr/share/nginx/html
  # These containers are run during pod initialization
  initContainers:
  - name: install
    image: busybox:1.28
    command:
    - wget
    - "-O"
    - "/work-dir/index.html"
    - http://info.cern.ch
    volumeMounts:
    - name: workdir
      mountPath: "/work-dir"
  dnsPolicy: Default
  volumes:
  - name: workdir
    emptyDir: {}
EOF
sleep 20
kubectl get pod init-demo
kubectl logs init-demo -c install
kubectl exec init-demo -- cat /usr/share/nginx/html/index.html
# nginx serves the downloaded page from its document root (the page's `curl localhost`).
kubectl exec init-demo -- curl -s localhost
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: cern
spec:
  type: ExternalName
  externalName: info.cern.ch
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: node-dns
spec:
  dnsPolicy: Default
  containers:
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
kubectl run curl --image=curlimages/curl:8.18.0 --command -- sleep 3600
sleep 10
kubectl get svc cern
kubectl exec client -- nslookup info.cern.ch
kubectl exec client -- nslookup cern
kubectl exec client -- nslookup nosuch.example.org
kubectl exec client -- nslookup example.com 8.8.8.8
kubectl exec client -- wget -O- http://info.cern.ch
kubectl exec client -- wget -S --spider http://google.com
kubectl exec client -- wget -qO- https://example.com
kubectl exec client -- wget -qO- http://cern
kubectl exec client -- wget http://nosuch.example.org
kubectl exec client -- wget -T 5 http://info.cern.ch:8080/
kubectl exec client -- wget -T 3 http://192.168.1.1/
kubectl exec curl -- curl -s ifconfig.me
kubectl exec curl -- curl -sI http://google.com
kubectl exec curl -- curl -sL -o /dev/null -w '%{http_code}\n' http://kubernetes.io
kubectl exec curl -- curl -sv -o /dev/null http://info.cern.ch
kubectl exec curl -- curl -si https://registry.k8s.io
kubectl exec curl -- curl -s https://nosuch.example.org
kubectl exec node-dns -- cat /etc/resolv.conf
kubectl exec node-dns -- nslookup example.com
kubectl exec node-dns -- nslookup kubernetes.default
kubectl exec node-dns -- wget -qO- http://icanhazip.com
