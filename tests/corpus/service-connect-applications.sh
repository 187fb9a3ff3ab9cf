# page: https://kubernetes.io/docs/tutorials/services/connect-applications-service/
kubectl apply -f https://k8s.io/examples/service/networking/run-my-nginx.yaml
sleep 15
kubectl get pods -l run=my-nginx -o wide
kubectl get pods -l run=my-nginx -o custom-columns=POD_IP:.status.podIPs
kubectl expose deployment/my-nginx
kubectl get svc my-nginx
# "This is equivalent to kubectl apply -f in the following yaml": the same Service again
kubectl delete svc my-nginx
kubectl apply -f https://k8s.io/examples/service/networking/nginx-svc.yaml
sleep 2
kubectl describe svc my-nginx
kubectl get endpointslices -l kubernetes.io/service-name=my-nginx
# Environment Variables: the replicas were created before the Service
POD=$(kubectl get pods -l run=my-nginx -o jsonpath='{.items[0].metadata.name}')
kubectl exec $POD -- printenv | grep SERVICE
kubectl scale deployment my-nginx --replicas=0; kubectl scale deployment my-nginx --replicas=2;
sleep 15
kubectl get pods -l run=my-nginx -o wide
POD=$(kubectl get pods -l run=my-nginx -o jsonpath='{.items[0].metadata.name}')
kubectl exec $POD -- printenv | grep SERVICE
# DNS
kubectl get services kube-dns --namespace=kube-system
# page: `kubectl run -i --tty --image busybox:1.37 dns-test --restart=Never --rm`, then
# `nslookup my-nginx` typed in its shell; here the pod runs it
kubectl run -i --image busybox:1.37 dns-test --restart=Never --rm -- nslookup my-nginx
# Securing the Service. The page's `make keys` (or openssl) makes a self-signed key pair; the
# script has neither, so two PEM-framed files stand for them (kubectl checks the framing only)
cat > nginx.crt <<'PEM'
-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUZm9vYmFyMBQGA1UdEQQNMAuCCW15LW5naW54MAoGCCqG
-----END CERTIFICATE-----
PEM
cat > nginx.key <<'PEM'
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZm9vYmFyZm9vYmFy
-----END PRIVATE KEY-----
PEM
kubectl create secret tls nginxsecret --key nginx.key --cert nginx.crt
kubectl get secrets
# page: default.conf from the kubernetes/examples repository
# example: service/networking/nginx-default.conf
cat examples/service/networking/nginx-default.conf > default.conf
kubectl create configmap nginxconfigmap --from-file=default.conf
kubectl get configmaps
kubectl describe configmap  nginxconfigmap
