# kubectl -v=6: the kubeconfig kubectl loaded, then one klog line per API request (verb, URL
# with kubectl's query, status, duration), on stderr before the command's own output.
kubectl get pods -v=6
kubectl create deployment web --image=nginx:1.27 -v=6
kubectl get pods -l app=web -o name --v=6
sleep 2
kubectl get pods -l app=web -o name --v=6
kubectl get pod nope -v 6
kubectl apply -v=6 -f - <<'EOF'
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: debug
EOF
kubectl label configmap settings tier=backend -v=6
kubectl delete configmap settings -v=6
kubectl get pods -A --field-selector=status.phase=Running -v=6 2>/dev/null | head -1
kubectl get nodes -v=8
kubectl get pods -v=x
kubectl --v=6 version --client
