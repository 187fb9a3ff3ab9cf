# A Secret's stringData: kube-apiserver's conversion to the internal type writes each key into
# data (base64, stringData winning over data) and drops stringData, on create and on every
# update; kubectl apply keeps it in last-applied-configuration only.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Secret
metadata:
  name: creds
type: Opaque
data:
  user: YWRtaW4=
  mode: cm8=
stringData:
  password: s3cr3t!
  mode: rw
EOF2
kubectl get secret creds -o yaml
kubectl get secret creds -o jsonpath='{.data.password}' | base64 -d; echo
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Secret
metadata:
  name: creds
type: Opaque
data:
  user: YWRtaW4=
  mode: cm8=
stringData:
  password: changed
  mode: rw
EOF2
kubectl get secret creds -o jsonpath='{.data}'; echo
kubectl describe secret creds
