# page: https://kubernetes.io/docs/tasks/inject-data-application/define-environment-variable-container/
kubectl apply -f https://k8s.io/examples/pods/inject/envars.yaml
sleep 10
# page: envar-demo 1/1 Running
kubectl get pods -l purpose=demonstrate-envars
# page: HOSTNAME=envar-demo, …, DEMO_GREETING=Hello from the environment, DEMO_FAREWELL=Such a
# sweet sorrow (the kubelet passes the variables in no fixed order; the lines the page names)
kubectl exec envar-demo -- printenv | grep -E '^(HOSTNAME|DEMO_)' | sort
# page (Using environment variables inside of your config): "the command echo Warm greetings to
# The Most Honorable Kubernetes is run on the container"
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: print-greeting
spec:
  containers:
  - name: env-print-demo
    image: bash
    env:
    - name: GREETING
      value: "Warm greetings to"
    - name: HONORIFIC
      value: "The Most Honorable"
    - name: NAME
      value: "Kubernetes"
    - name: MESSAGE
      value: "$(GREETING) $(HONORIFIC) $(NAME)"
    command: ["echo"]
    args: ["$(MESSAGE)"]
YAML
sleep 10
kubectl logs print-greeting

# page: https://kubernetes.io/docs/tasks/inject-data-application/define-interdependent-environment-variables/
# (the index's copy of the manifest prints UNCHANGE_REFERENCE, a name no variable has, where the
# page's output shows UNCHANGED_REFERENCE; the container prints each name, then printenv's value)
kubectl apply -f https://k8s.io/examples/pods/inject/dependent-envars.yaml
sleep 10
# page: dependent-envars-demo 1/1 Running
kubectl get pods dependent-envars-demo
# page: SERVICE_ADDRESS=https://172.17.0.1:80 (defined before use: expanded),
# UNCHANGED_REFERENCE=$(PROTOCOL)://172.17.0.1:80 (PROTOCOL defined later: left as is),
# ESCAPED_REFERENCE=$(PROTOCOL)://172.17.0.1:80 ($$ escapes)
kubectl logs pod/dependent-envars-demo
kubectl exec dependent-envars-demo -- printenv UNCHANGED_REFERENCE

# page (website commit 44d00ae, "Setting container environment variables with envFrom"): the
# ConfigMap is created first, then a Pod referencing it; "all the key-value pairs in the referenced
# ConfigMap or Secret are set as environment variables for the container"
kubectl apply -f https://k8s.io/examples/pods/inject/configmap-envFrom.yaml
kubectl apply -f https://k8s.io/examples/pods/inject/envFrom.yaml
# (a fresh node may pull node-hello first)
sleep 30
kubectl get pods -l purpose=demonstrate-envfrom
kubectl exec envfrom-demo -- printenv | grep -E '^DEMO_' | sort
# page: "You can also use Secret instead of ConfigMap": its Secret as shown; its Pod runs `myimage`,
# a placeholder, so a busybox container stands in for it. Two of the comments are off:
# bXlkb2Joc3RhcnQ= decodes to "mydobhstart" and NTQzMiA= to "5432 " (with a trailing space),
# printed here between brackets as upstream would
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Secret
metadata:
  name: mysecret
type: Opaque
data:
  DB_HOST: bXlkb2Joc3RhcnQ= # Base64-encoded value for mydbhost
  DB_PORT: NTQzMiA= # Base64-encoded value for 5432
  DB_NAME: bXlkYm5hbWU= # Base64-encoded value for mydbname
YAML
kubectl run mypod --image=busybox --restart=Never --overrides='{"apiVersion":"v1","spec":{"containers":[{"name":"mycontainer","image":"busybox","command":["sh","-c","echo \"[$DB_HOST] [$DB_PORT] [$DB_NAME]\""],"envFrom":[{"secretRef":{"name":"mysecret"}}]}]}}'
sleep 10
kubectl logs mypod
