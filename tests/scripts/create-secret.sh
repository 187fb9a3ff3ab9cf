# kubectl create secret generic|tls|docker-registry and create configmap: data from
# literals, files and env files, kubectl's own checks and texts, --append-hash, dry runs.
# The files are written by the script's shell first (they stay in podlife's memory).
printf '# settings\nLOG_LEVEL=info\n\n  GREETING=hello world\nEMPTY=\n' > app.env
cat > tls.crt <<'EOF'
-----BEGIN CERTIFICATE-----
MIIBszCCAVmgAwIBAgIUPodlifeTestCertificate0wCgYIKoZIzj0EAwIw
-----END CERTIFICATE-----
EOF
cat > tls.key <<'EOF'
-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIPodlifeTestKeyNotARealKeyAtAll0000000000000oAoGCCqGSM49
-----END EC PRIVATE KEY-----
EOF
kubectl create secret generic db --from-literal=user=admin --from-literal=password='s3cr=t'
kubectl get secret db
kubectl get secret db -o jsonpath='{.data.password}' | base64 -d; echo
kubectl describe secret db
kubectl create secret generic db --from-literal=user=other
kubectl create secret generic files --from-file=app.env --from-file=app.conf=app.env --dry-run=client -o yaml
kubectl create secret generic env --from-env-file=app.env -o yaml --dry-run=client
kubectl create secret generic env --from-env-file=app.env --from-literal=a=b
kubectl create secret generic hashed --from-literal=a=1 --append-hash
kubectl create secret generic typed --type=example.com/token --from-literal=token=abc -n kube-public -o name
kubectl get secrets -A --field-selector=type=example.com/token
kubectl create secret generic bad --from-literal='a b=1'
kubectl create secret generic bad --from-literal=a=1 --from-literal=a=2
kubectl create secret generic bad --from-literal=novalue
kubectl create secret generic bad --from-file=missing.txt
kubectl create secret generic bad --from-file=k=v=w
kubectl create secret generic
kubectl create secret generic a b
kubectl create secret opaque x
kubectl create secret docker-registry regcred --docker-server=registry.example.com --docker-username=ci --docker-password='p&ss' --docker-email=ci@example.com
kubectl get secret regcred -o jsonpath='{.data.\.dockerconfigjson}' | base64 -d; echo
kubectl create secret docker-registry regcred2 --docker-username=ci
kubectl create secret tls web-tls --cert=app.env --key=app.env
kubectl create secret tls web-tls --cert=tls.crt --key=tls.crt
kubectl create secret tls web-tls --cert=tls.key --key=tls.crt
kubectl create secret tls web-tls --cert=tls.crt --key=tls.key
kubectl get secret web-tls
kubectl create secret tls web-tls2 --key=tls.key
kubectl create configmap app --from-file=app.env --from-literal=mode=debug --from-env-file=app.env
kubectl create configmap app --from-env-file=app.env --append-hash --dry-run=client -o yaml
kubectl create configmap app2 --from-literal=x=1 --from-literal=x=2
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "echo user=$DB_USER password=$DB_PASSWORD; sleep 3600"]
    env:
    - name: DB_USER
      valueFrom:
        secretKeyRef: {name: db, key: user}
    - name: DB_PASSWORD
      valueFrom:
        secretKeyRef: {name: db, key: password}
EOF
sleep 8
kubectl logs reader
