# ValidateAnnotations (apimachinery pkg/api/validation/objectmeta.go): keys are qualified names
# (checked lower-cased), keys and values together at most 262144 bytes; issue 16.
kubectl create configmap c
kubectl annotate configmap c 'a/b/c=x'
kubectl annotate configmap c 'Example.COM/Key=fine'
x=ssssssssssssssss; i=0
while [ $i -lt 14 ]; do x=$x$x; i=$((i+1)); done
kubectl annotate configmap c "big=$x"
# keys and values now total exactly 262144 bytes:
kubectl annotate configmap c "b=${x%????????????????????}"
kubectl get configmap c -o jsonpath='{.metadata.annotations.b}' | wc -c
