# page: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/
# (the index's copy of frontend.yaml runs nginx as container nginx and labels the ReplicaSet
# app=nginx; the page's outputs show the guestbook frontend image and app=guestbook)
kubectl apply -f https://kubernetes.io/examples/controllers/frontend.yaml
sleep 10
# page: frontend 3 3 3
kubectl get rs
# page: Selector tier=frontend, Labels, the last-applied annotation (kubectl describe has not
# shown it for years: "Annotations: <none>"), "Replicas: 3 current / 3
# desired", "Pods Status: 3 Running / 0 Waiting / 0 Succeeded / 0 Failed", three
# SuccessfulCreate events "Created pod: frontend-…"
kubectl describe rs/frontend
# page: three frontend-xxxxx pods Running
kubectl get pods
# page: the pod's metadata: generateName frontend-, labels tier=frontend, ownerReferences
# apps/v1 ReplicaSet frontend, controller true, blockOwnerDeletion true
POD=$(kubectl get pods -o jsonpath='{.items[0].metadata.name}')
kubectl get pods $POD -o yaml | sed -n '/^metadata:/,/^spec:/p'

# Non-Template Pod acquisitions
kubectl apply -f https://kubernetes.io/examples/pods/pod-rs.yaml
sleep 1
# page: "The new Pods will be acquired by the ReplicaSet, and then immediately terminated as
# the ReplicaSet would be over its desired count": pod1 and pod2 Terminating
kubectl get pods
sleep 40
kubectl get pods
kubectl delete rs frontend
sleep 40
# page: "If you create the Pods first" and then the ReplicaSet, it "has acquired the Pods and has
# only created new ones according to its spec until the number of its new Pods and the
# original matches its desired count": frontend-xxxxx, pod1, pod2 Running
kubectl apply -f https://kubernetes.io/examples/pods/pod-rs.yaml
sleep 10
kubectl apply -f https://kubernetes.io/examples/controllers/frontend.yaml
sleep 10
kubectl get pods
kubectl get pod pod1 -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}{"\n"}'
