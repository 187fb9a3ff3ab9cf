# `kubectl describe TYPE NAME` of a name that does not exist describes every object of the type
# whose name starts with it (kubectl's `DescribeMatchingResources`, describe.go): `describe pod
# web` finds the Deployment's pods. Only with one name given as two words; `pod/web` or a second
# name keep the NotFound, which comes after what was described.
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl wait deployment/web --for=condition=Available --timeout=60s
kubectl describe pod web | grep -E '^(Name|Namespace|Status|Controlled By):'
kubectl describe pod/web
kubectl describe deployment we | grep -E '^(Name|Replicas):'
kubectl describe pod nothing
kubectl describe pods web nothing
