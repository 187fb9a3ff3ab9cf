# kube-proxy's fallback: a Service whose only pod is being deleted. During its 10-second
# preStop the endpoint is terminating but still serving, and as no ready endpoint is left,
# every kube-proxy keeps sending traffic to it (CategorizeEndpoints). Once nginx has stopped,
# nothing is usable: the rules REJECT, and clients are refused at once.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep:
          seconds: 10
EOF2
sleep 20
podlife traffic svc/web --rps 20 --for 30s
sleep 5
kubectl delete pod web --wait=false
sleep 5
kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} ready={.conditions.ready} serving={.conditions.serving} terminating={.conditions.terminating}{"\n"}{end}'
podlife node worker-1 -- iptables-save -t nat
sleep 10
podlife node worker-1 -- iptables-save -t filter
sleep 20
