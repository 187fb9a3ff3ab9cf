# nginx serving HTTPS (`listen 443 ssl` with a Secret's certificate) and what clients meet:
# curl verifies the server's certificate against its CA bundle (--cacert) — a self-signed one
# is trusted only when the bundle holds it, -k skips the check, a missing bundle file fails
# before connecting (77) —, and a plain HTTP request to the TLS port gets nginx's 400 page.
# PEM-framed files stand for the key pair openssl would make (podlife compares certificates
# by their PEM text; names in them are not checked).
cat > tls.crt <<'PEM'
-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUZm9vYmFyMBQGA1UdEQQNMAuCCW15LW5naW54MAoGCCqG
-----END CERTIFICATE-----
PEM
cat > tls.key <<'PEM'
-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgZm9vYmFyZm9vYmFy
-----END PRIVATE KEY-----
PEM
cat > other.crt <<'PEM'
-----BEGIN CERTIFICATE-----
MIIBtDCCAVqgAwIBAgIUb3RoZXIwFAYDVR0RBA0wC4IJb3RoZXItY2EwCgYIKoZI
-----END CERTIFICATE-----
PEM
kubectl create secret tls web-tls --key tls.key --cert tls.crt
kubectl create secret generic other-ca --from-file=ca.crt=other.crt
cat > default.conf <<'CONF'
server {
    listen 80;
    listen 443 ssl;
    ssl_certificate /etc/nginx/ssl/tls.crt;
    ssl_certificate_key /etc/nginx/ssl/tls.key;
    location / {
        root /usr/share/nginx/html;
    }
}
CONF
kubectl create configmap web-conf --from-file=default.conf
cat > web.yaml <<'Y'
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    volumeMounts:
    - name: tls
      mountPath: /etc/nginx/ssl
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: tls
    secret:
      secretName: web-tls
  - name: conf
    configMap:
      name: web-conf
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
  - name: https
    port: 443
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
  - name: curl
    image: curlimages/curl:8.18.0
    command: ["sleep", "1d"]
    volumeMounts:
    - name: tls
      mountPath: /certs
    - name: other
      mountPath: /other
  volumes:
  - name: tls
    secret:
      secretName: web-tls
  - name: other
    secret:
      secretName: other-ca
Y
kubectl apply -f web.yaml
sleep 15
kubectl get pods
# the server's own certificate as the CA bundle: trusted
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' --cacert /certs/tls.crt https://web/
# the system bundle does not hold a self-signed certificate
kubectl exec client -- curl -sS https://web/
# nor does another CA's file
kubectl exec client -- curl https://web/ --cacert /other/ca.crt
# -k: no verification
kubectl exec client -- curl -sk -o /dev/null -w '%{http_code}\n' https://web/
# the bundle file must exist
kubectl exec client -- curl -sS --cacert /certs/missing.crt https://web/
# plain HTTP to the TLS port
kubectl exec client -- curl -si http://web:443/
# and HTTP on 80 as before
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' http://web/
# A readiness probe on the TLS port must say `scheme: HTTPS`: over plain HTTP nginx answers 400
# (the kubelet does not verify the certificate of an HTTPS probe); HTTPS on the plain port fails
# in the kubelet's Go client
cat > probed.yaml <<'Y'
apiVersion: v1
kind: Pod
metadata:
  name: probed-http
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    readinessProbe:
      httpGet:
        port: 443
      periodSeconds: 5
    volumeMounts:
    - name: tls
      mountPath: /etc/nginx/ssl
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: tls
    secret:
      secretName: web-tls
  - name: conf
    configMap:
      name: web-conf
---
apiVersion: v1
kind: Pod
metadata:
  name: probed-https
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    readinessProbe:
      httpGet:
        port: 443
        scheme: HTTPS
      periodSeconds: 5
    volumeMounts:
    - name: tls
      mountPath: /etc/nginx/ssl
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: tls
    secret:
      secretName: web-tls
  - name: conf
    configMap:
      name: web-conf
---
apiVersion: v1
kind: Pod
metadata:
  name: probed-https-on-80
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    readinessProbe:
      httpGet:
        port: 80
        scheme: HTTPS
      periodSeconds: 5
    volumeMounts:
    - name: tls
      mountPath: /etc/nginx/ssl
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: tls
    secret:
      secretName: web-tls
  - name: conf
    configMap:
      name: web-conf
Y
kubectl apply -f probed.yaml
sleep 20
kubectl get pods probed-http probed-https probed-https-on-80
kubectl get events --field-selector involvedObject.name=probed-http,reason=Unhealthy
kubectl get events --field-selector involvedObject.name=probed-https-on-80,reason=Unhealthy
