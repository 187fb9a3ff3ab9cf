title = The API server's pipeline
intro =
    kubectl apply is one HTTP request, and kube-apiserver passes it through a fixed line of
    stages: authentication (who are you?), RBAC authorization (may you create pods?), mutating
    admission (plugins and webhooks that fill in or change the object), validation of its fields,
    validating admission, and only then the write to etcd, whose watch tells every other
    component. The pod in the editor has a mistake. Apply it, find in the trace where it was
    stopped, then fix it and apply again.
goal-refused = kube-apiserver refuses the first pod web with 422 Invalid
goal-stored = a corrected pod web is written to etcd
goal-running = pod web reaches phase Running
hint-1 = Press Apply and read the error: kubectl names the field that is wrong and says why.
hint-2 = A containerPort must be between 1 and 65535, and nginx listens on port 80.
hint-3 = Set containerPort to 80 in web.yaml and press Apply again.
question-which-stage = kubectl has just sent the POST for pod web. Where will the request stop?
question-which-stage-authorization = At RBAC authorization: you may not create pods
question-which-stage-mutating-admission = At mutating admission: a plugin refuses the pod
question-which-stage-validation = At validation: a field holds a value no pod may have
question-which-stage-after-etcd = Nowhere: the pod is stored in etcd and fails later, on its node
question-which-stage-explain =
    You are kubernetes-admin, bound to the cluster-admin ClusterRole, so authentication and RBAC
    let the request through. The body is decoded (an unknown field such as imagee would already
    fail here, with 400 BadRequest) and defaulted, and the mutating admission plugins change the
    pod: ServiceAccount mounts the API token volume, Priority sets priority 0,
    DefaultTolerationSeconds adds the two 300 s tolerations. Then the pod's fields are validated:
    containerPort 80000 is outside 1–65535, and the request ends with 422 Invalid. Validating
    admission and etcd are never reached: nothing is stored, no watch event goes out, and
    neither the scheduler nor any kubelet ever hears of this pod.
