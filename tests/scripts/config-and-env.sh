# A container's environment from a ConfigMap, a Secret and the pod's own fields: while the
# ConfigMap is missing the container cannot be created (CreateContainerConfigError, in the
# kubelet's words); once it exists the next sync starts it. A configMap volume shows its keys
# as read-only files.
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: envs
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo $GREETING $(POD_NAME) $POD_IP $PASSWORD; sleep 3600"]
    env:
    - name: GREETING
      valueFrom:
        configMapKeyRef:
          name: app-config
          key: greeting
    - name: POD_NAME
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    - name: POD_IP
      valueFrom:
        fieldRef:
          fieldPath: status.podIP
    - name: PASSWORD
      valueFrom:
        secretKeyRef:
          name: db
          key: password
EOF
sleep 20
kubectl get pods
kubectl describe pod envs
kubectl create configmap app-config --from-literal=greeting=hello
kubectl apply -f - <<EOF
apiVersion: v1
kind: Secret
metadata:
  name: db
data:
  password: cGFzc3dvcmQ=
EOF
sleep 25
kubectl get pods
kubectl logs envs
kubectl create configmap web-config --from-literal=mode=debug --from-literal=level=3
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "ls /etc/config; cat /etc/config/mode; echo; sleep 3600"]
    volumeMounts:
    - name: config
      mountPath: /etc/config
  volumes:
  - name: config
    configMap:
      name: web-config
EOF
sleep 5
kubectl logs reader
kubectl exec reader -- sh -c "echo x > /etc/config/mode"
