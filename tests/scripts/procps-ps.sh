# procps-ng's ps (Debian's procps, 4.0.4 in trixie) in a Debian-based image once apt installed
# it. Before the install nginx:1.29 has no ps: bash -c reports it missing (`bash: line 1:`), as
# dash does (`sh: 1:`). After it: `ps` without options lists the processes of ps's user (root)
# that have no terminal, like every process of a `kubectl exec` without -t (TTY `?`); `ps aux`
# shows nginx's master (PID 1, session leader `Ss`) and its worker (user nginx, 101), the
# exec's bash (`Ss`, runc makes each exec a session leader) and ps itself (`R`); `ps -ef`, `-o`
# with its own columns, `-p`, `--no-headers`, and procps's error and usage for an option it
# does not have. START is the virtual clock's HH:MM (UTC). A redis pod shows redis-server as
# user redis (the image's entrypoint drops to uid 999), multithreaded (`Ssl`).
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.29
---
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  containers:
  - name: redis
    image: redis:7
EOF2
sleep 20
kubectl exec web -- bash -c 'ps'
kubectl exec web -- sh -c 'ps aux'
kubectl exec web -- bash -c 'apt-get update -qq && apt-get install -y -qq procps >/dev/null && echo installed'
kubectl exec web -- ps
kubectl exec web -- bash -c 'ps aux'
kubectl exec web -- ps -ef
kubectl exec web -- ps -o pid,user,comm
kubectl exec web -- ps -eo pid,ppid,user,stat,rss,vsz,etime,time,args
kubectl exec web -- ps -p 1 --no-headers -o pid,args
kubectl exec web -- ps -b
kubectl exec web -- ps -o pid,bogus
sleep 600
kubectl exec web -- ps -e
kubectl exec cache -- bash -c 'apt-get update -qq && apt-get install -y -qq procps >/dev/null; ps aux'
