# Gates turned off when the cluster is made: the API server drops their fields on create
# (pkg/api/pod/util.go dropDisabledFields), for pods and for workloads' pod templates
# (DropDisabledTemplateFields), and validates what is left.
# ProcMountType depends on UserNamespacesSupport, so it has to go off too.
podlife feature-gates UserNamespacesSupport=false
podlife feature-gates ContainerRestartRules=false,HostnameOverride=false,EnvFiles=false,ImageVolume=false,UserNamespacesSupport=false,ProcMountType=false
# EnvFiles off: the fileKeyRef is dropped and leaves an empty valueFrom, which validation refuses
# (validateEnvVarValueFrom).
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: env-file
spec:
  volumes:
  - name: scratch
    emptyDir: {}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    env:
    - name: A
      valueFrom:
        fileKeyRef:
          path: env
          volumeName: scratch
          key: A
YAML
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: dropped
spec:
  restartPolicy: Never
  hostnameOverride: my-host.example
  hostUsers: false
  volumes:
  - name: scratch
    emptyDir: {}
  - name: tools
    image:
      reference: busybox:1.36
  initContainers:
  - name: init
    image: busybox:1.36
    command: ["sh", "-c", "echo ready > /scratch/state"]
    restartPolicy: OnFailure
    volumeMounts:
    - name: scratch
      mountPath: /scratch
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    restartPolicy: Never
    restartPolicyRules:
    - action: Restart
      exitCodes:
        operator: In
        values: [42]
    volumeMounts:
    - name: scratch
      mountPath: /scratch
    - name: tools
      mountPath: /tools
YAML
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      hostnameOverride: web.example
      containers:
      - name: web
        image: nginx:1.29
        restartPolicy: Always
YAML
sleep 5
kubectl get pod dropped -o yaml
kubectl get deployment web -o jsonpath='{.spec.template.spec}{"\n"}'
