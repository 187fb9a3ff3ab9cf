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
