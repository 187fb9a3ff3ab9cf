# page: https://kubernetes.io/docs/tutorials/services/connect-applications-service/ (Securing
# the Service, Exposing the Service), after the steps of service-connect-applications.sh
kubectl apply -f https://k8s.io/examples/service/networking/run-my-nginx.yaml
kubectl apply -f https://k8s.io/examples/service/networking/nginx-svc.yaml
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
# page: default.conf from the kubernetes/examples repository
# example: service/networking/nginx-default.conf
cat examples/service/networking/nginx-default.conf > default.conf
kubectl create configmap nginxconfigmap --from-file=default.conf
kubectl delete deployments,svc my-nginx; kubectl create -f https://k8s.io/examples/service/networking/nginx-secure-app.yaml
sleep 20
kubectl get pods -l run=my-nginx
kubectl apply -f https://k8s.io/examples/service/networking/curlpod.yaml
sleep 15
kubectl get pods -l app=curlpod
CURLPOD=$(kubectl get pods -l app=curlpod -o jsonpath='{.items[0].metadata.name}')
kubectl exec $CURLPOD -- curl -s https://my-nginx --cacert /etc/nginx/ssl/tls.crt
# Exposing the Service
kubectl get svc my-nginx -o yaml | grep nodePort -C 5
