# The text tools of the sidecar and adapter patterns (seed 002): busybox grep, sed, cut, awk and
# tr with their options, exit codes and error texts. An adapter container rewrites the app's raw
# metrics file from a shared volume into another format with sed and awk.
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: with-adapter
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "while true; do printf 'cpu=42\nmem=512\ndisk=80\n' > /shared/raw; sleep 2; done"]
    volumeMounts:
    - {name: shared, mountPath: /shared}
  - name: adapter
    image: busybox:1.36
    command: ["sh", "-c", "while true; do if [ -f /shared/raw ]; then sed 's/^/metric_/; s/=/ /' /shared/raw > /shared/metrics; awk -F= '{sum += $2} END {print \"metric_total\", sum}' /shared/raw >> /shared/metrics; fi; sleep 2; done"]
    volumeMounts:
    - {name: shared, mountPath: /shared}
  volumes:
  - name: shared
    emptyDir: {}
EOF2
sleep 8
kubectl exec with-adapter -c adapter -- cat /shared/metrics
kubectl exec with-adapter -c adapter -- grep -n mem /shared/raw
kubectl exec with-adapter -c adapter -- grep -c = /shared/raw
kubectl exec with-adapter -c adapter -- grep -v -i CPU /shared/raw
kubectl exec with-adapter -c adapter -- grep -o -E '[0-9]+' /shared/raw
kubectl exec with-adapter -c adapter -- grep -w -l disk /shared/raw /shared/metrics
kubectl exec with-adapter -c adapter -- grep -q gpu /shared/raw
kubectl exec with-adapter -c adapter -- grep -e cpu -e disk /shared/nope
kubectl exec with-adapter -c adapter -- cut -d= -f2 /shared/raw
kubectl exec with-adapter -c adapter -- cut -c1-3 /shared/raw
kubectl exec with-adapter -c adapter -- cut -d= /shared/raw
kubectl exec with-adapter -c adapter -- sed -n '/mem/,$p' /shared/raw
kubectl exec with-adapter -c adapter -- sed -E 's/([a-z]+)=([0-9]+)/\2 \1/' /shared/raw
kubectl exec with-adapter -c adapter -- sed 's/cpu/CPU' /shared/raw
kubectl exec with-adapter -c adapter -- awk -F= '$2 > 60 {printf "%-5s %4d\n", $1, $2}' /shared/raw
kubectl exec with-adapter -c adapter -- awk 'BEGIN {FS="="} {names = names sep $1; sep = ","} END {print NR, names}' /shared/raw
kubectl exec with-adapter -c adapter -- awk '{print $1' /shared/raw
kubectl exec with-adapter -c adapter -- sh -c 'tr a-z A-Z < /shared/raw | tr -d ='
