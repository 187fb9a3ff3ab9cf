# Scripts are shell: variables, export, expansion in unquoted here-documents (not in quoted
# ones), \$ escapes, command substitution, pipes into the shell's text tools, exit statuses,
# files a command writes, line continuations and loops.
APP=web
export IMAGE=nginx:1.27
kubectl create deployment $APP --image=${IMAGE} --replicas=2
sleep 10
kubectl get pods -l app=$APP --no-headers | wc -l
kubectl get pods | grep -c Running
kubectl get pods -o name | sort | head -1
POD=$(kubectl get pods -l app=$APP -o jsonpath='{.items[0].metadata.name}')
echo "first pod: $POD"
kubectl get pod $POD -o jsonpath='{.spec.containers[0].image}{"\n"}'
kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: ${APP}-config
data:
  image: $IMAGE
  literal: \$IMAGE
EOF
kubectl get configmap web-config -o jsonpath='{.data.image} {.data.literal}{"\n"}'
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: quoted
data:
  text: $IMAGE
EOF
kubectl get configmap quoted -o jsonpath='{.data.text}{"\n"}'
kubectl get pod nope | wc -l
echo "status: $?"
kubectl get pod nope 2>/dev/null || echo "no such pod"
kubectl get deploy $APP -o yaml > web.yaml
grep -c "replicas: 2" web.yaml
for n in 1 2; do kubectl scale deploy/$APP --replicas=$n; done
kubectl get deploy web -o jsonpath='{.spec.replicas}' | base64
echo MQ== | base64 -d; echo
kubectl get pods | awk '{print $1}'
kubectl get pods -o json | jq -r '.items[].metadata.name'
kubeclt get pods
kubectl get nodes \
  -o name
if kubectl get ns kube-system >/dev/null; then
  echo "kube-system exists"
fi
