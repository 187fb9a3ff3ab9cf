title = QoS classes
intro =
    Every pod gets a quality-of-service class when it is created, computed from its containers'
    requests and limits: Guaranteed when every container has cpu and memory limits equal to its
    requests, BestEffort when no container asks for any cpu or memory, Burstable otherwise. The
    kubelet uses the class for the pod's cgroups, and to choose whom to sacrifice when a node runs
    short of memory. Apply the three pods, read each class (QoS Class in kubectl describe pod, or
    status.qosClass), then make api Guaranteed.
goal-besteffort = batch is BestEffort
goal-burstable = cache is Burstable
goal-guaranteed = api is Guaranteed and Running
hint-1 = Press Apply, then kubectl get pods -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass.
hint-2 = Guaranteed needs requests equal to limits for both cpu and memory, in every container. api asks for 250m of cpu but may use up to 500m.
hint-3 = A pod's class never changes while it exists (kubectl apply cannot change its resources, and even an in-place resize must keep the class): kubectl delete pod api, fix the request in the tab, and press Apply again.
question-api-class = api requests 250m cpu and 128Mi memory, with limits of 500m cpu and 128Mi memory. Which QoS class did it get?
question-api-class-guaranteed = Guaranteed: every resource has a limit
question-api-class-burstable = Burstable
question-api-class-besteffort = BestEffort
question-api-class-explain =
    Burstable. Having limits is not enough: for Guaranteed every container's requests must equal
    its limits, for cpu and for memory. api's memory qualifies, its cpu (250m requested, 500m
    allowed) does not. A container that sets only limits is Guaranteed too, because its requests
    default to its limits. The class was set by the API server when the pod was created and is
    stored in status.qosClass; it decides the pod's cgroup (kubepods, kubepods-burstable or
    kubepods-besteffort) and its oom_score_adj, the kernel's hint for which process to kill
    first when the node runs out of memory.
