# page: https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cp/
# tar in containers (GNU tar 1.35 in Debian-based images, busybox tar in busybox) and
# kubectl cp both ways (kubectl/pkg/cmd/cp, 1.36): `tar cf - SRC` through the exec
# subresource from a pod, `test -d DEST` then `tar -xmf - -C DIR` to a pod.
kubectl run web --image=httpd:2.4
kubectl run box --image=busybox:1.37 -- sleep 3600
kubectl run bare --image=registry.k8s.io/pause:3.10
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  containers:
  - name: app
    image: busybox:1.37
    command: ["sleep", "3600"]
  - name: sidecar
    image: busybox:1.37
    command: ["sleep", "3600"]
YAML
sleep 20
# GNU tar in httpd: archive the document root, list it, and the errors a learner meets.
kubectl exec web -- sh -c 'echo "<h1>backup me</h1>" > /usr/local/apache2/htdocs/extra.html; ls /usr/local/apache2/htdocs'
kubectl exec web -- tar -czvf /tmp/backup.tar.gz /usr/local/apache2/htdocs
kubectl exec web -- tar -tzvf /tmp/backup.tar.gz
# GNU tar pads an archive to its 10240-byte record; gzip here only frames it (stored blocks),
# so the .tar.gz is 23 bytes larger, where real gzip would make it a few hundred bytes.
kubectl exec web -- sh -c 'cd /tmp && tar cf plain.tar /usr/local/apache2/htdocs/extra.html 2>/dev/null; wc -c < backup.tar.gz; wc -c < plain.tar'
kubectl exec web -- tar -xzvf /tmp/missing.tar.gz
kubectl exec web -- tar -czvf /tmp/x.tar.gz /nothere
kubectl exec web -- tar -xzf /tmp/plain.tar
kubectl exec web -- tar xf /etc/hostname
# busybox tar: its own texts.
kubectl exec box -- sh -c 'mkdir -p /data/site && echo hello > /data/site/index.html && tar czvf /tmp/site.tgz /data/site; tar tvf /tmp/site.tgz'
kubectl exec box -- tar xzf /tmp/nothere.tgz
kubectl exec box -- tar cf /tmp/y.tar /nothere
# kubectl cp from a pod: the container's tar speaks on kubectl's stdout.
kubectl cp web:/tmp/backup.tar.gz ./backup.tar.gz
ls -l
wc -c backup.tar.gz
kubectl cp box:/data/site ./site
cat site/index.html
ls -l site
# --retries runs tar through sh, piped into tail -c+N (to resume where a broken stream
# stopped).
kubectl cp --retries=3 web:/usr/local/apache2/htdocs/extra.html ./extra.html
cat extra.html
# ... and into another pod, where tar unpacks it (owned by the learner's uid, as kubectl's
# tar headers say, unless --no-preserve).
kubectl cp ./backup.tar.gz box:/tmp
kubectl exec box -- sh -c 'ls -l /tmp/backup.tar.gz; cd /tmp && tar xzvf backup.tar.gz && cat usr/local/apache2/htdocs/extra.html'
kubectl cp site box:/tmp/site-copy --no-preserve
kubectl exec box -- ls -l /tmp/site-copy
# A pod with two containers: the default is named, -c picks one.
kubectl cp ./site/index.html pair:/tmp/index.html
kubectl cp ./site/index.html pair:/tmp/index.html -c sidecar
kubectl exec pair -c sidecar -- cat /tmp/index.html
# Errors. A missing source in the pod: tar's lines, and kubectl exits 0 (its untar ends at the
# empty archive before the exec's status arrives, kubernetes/kubectl#980).
kubectl cp web:/tmp/nothere ./nothere
echo "exit status $?"
# A destination whose directory does not exist: the container's tar fails.
kubectl cp ./backup.tar.gz web:/no/such/dir/backup.tar.gz
kubectl cp ./nothere web:/tmp/
# An image without tar (the pause image has no files but its program): runc cannot start it.
kubectl cp ./backup.tar.gz bare:/tmp
kubectl cp backup.tar.gz other.tar.gz
kubectl cp web:/a box:/b
kubectl cp :/a b
kubectl cp web:/tmp/backup.tar.gz
kubectl cp ghost:/tmp/x ./x
kubectl cp web:/tmp/backup.tar.gz .
kubectl exec -i box -- tar tzf - < backup.tar.gz
