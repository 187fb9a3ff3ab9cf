# The file utilities speak the image's userland: busybox applets in a busybox (or Alpine) image,
# GNU coreutils 9.1 in a Debian-based one (nginx). The same commands run side by side in both
# containers of one pod: error texts (`ls: cannot access 'x'`, status 2), `ls -l` columns padded
# to the listing's widest entry, `stat`'s default format, `id` listing the effective group first.
# kind's node (Debian bookworm) speaks coreutils too.
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: side-by-side
spec:
  securityContext:
    fsGroup: 2000
  containers:
  - name: web
    image: nginx:1.27
    volumeMounts:
    - {name: data, mountPath: /data}
  - name: box
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    emptyDir: {}
EOF2
sleep 8
kubectl exec side-by-side -c web -- sh -c 'cd /data && echo hello > small && seq 1 3000 > big && mkdir sub && ls -l'
kubectl exec side-by-side -c box -- sh -c 'cd /data && ls -l'
kubectl exec side-by-side -c web -- ls -la /data/sub
kubectl exec side-by-side -c box -- ls -la /data/sub
kubectl exec side-by-side -c web -- ls -ln /data/small /data/big
kubectl exec side-by-side -c box -- ls -ln /data/small /data/big
kubectl exec side-by-side -c web -- ls -ld /data /tmp
kubectl exec side-by-side -c web -- ls -lL /data/small
kubectl exec side-by-side -c box -- ls -ld /data /tmp
kubectl exec side-by-side -c web -- ls -l /dev/null /dev/zero
kubectl exec side-by-side -c box -- ls -l /dev/null /dev/zero
kubectl exec side-by-side -c web -- ls /data
kubectl exec side-by-side -c box -- ls /data
kubectl exec side-by-side -c web -- ls /nope
kubectl exec side-by-side -c box -- ls /nope
kubectl exec side-by-side -c web -- sh -c 'cat /nope; cat /data; echo rc=$?'
kubectl exec side-by-side -c box -- sh -c 'cat /nope; cat /data; echo rc=$?'
kubectl exec side-by-side -c web -- sh -c 'mkdir /data/sub; mkdir /a/b; rmdir /data; rm /nope; rm /data/sub; touch /a/b; echo rc=$?'
kubectl exec side-by-side -c box -- sh -c 'mkdir /data/sub; mkdir /a/b; rmdir /data; rm /nope; rm /data/sub; touch /a/b; echo rc=$?'
kubectl exec side-by-side -c web -- sh -c 'cp /nope /tmp; mv /nope /tmp; cp /data/sub /tmp; head /nope; tail -n 1 /nope; chmod 600 /nope; stat /nope; echo rc=$?'
kubectl exec side-by-side -c box -- sh -c 'cp /nope /tmp; mv /nope /tmp; cp /data/sub /tmp; head /nope; tail -n 1 /nope; chmod 600 /nope; stat /nope; echo rc=$?'
kubectl exec side-by-side -c web -- sh -c 'chmod -v 600 /data/small; chmod -v 600 /data/small'
kubectl exec side-by-side -c box -- sh -c 'chmod -v 640 /data/small; chmod -v 640 /data/small'
kubectl exec side-by-side -c web -- stat /data/small
kubectl exec side-by-side -c box -- stat /data/small
kubectl exec side-by-side -c web -- sh -c 'id; id -G; whoami; hostname; date'
kubectl exec side-by-side -c box -- sh -c 'id; id -G; whoami; hostname; date'
podlife node worker-1 -- ls -ld /var/lib/kubelet /nope
podlife node worker-1 -- cat /nope
