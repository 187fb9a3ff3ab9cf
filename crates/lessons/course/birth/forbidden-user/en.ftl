title = Forbidden: authorization
intro =
    Not every request comes from a cluster admin. jane is a developer who should be able to look
    at the pods in the default namespace and nothing more. Run kubectl get pods --as=jane in the
    console: kube-apiserver knows who she is, but RBAC finds no rule that lets her list pods.
    The editor holds a Role and a RoleBinding written for her: apply them, try again, and fix
    what is still missing.
goal-forbidden = kube-apiserver refuses jane's list of pods (403 Forbidden)
goal-bound = RoleBinding jane-reads-pods binds a Role to jane
goal-allowed = RBAC lets jane list the pods in default
hint-1 = Run kubectl get pods --as=jane first, then press Apply and run it again. Read the verb in the error.
hint-2 = kubectl get pods lists the collection (verb list); kubectl get pod web reads one pod (verb get). The Role only grants get.
hint-3 = Add "list" and "watch" to the Role's verbs, press Apply, and run kubectl get pods --as=jane again.
question-after-binding = The Role and the RoleBinding are stored. Will kubectl get pods --as=jane work now?
question-after-binding-now-allowed = Yes: jane is bound to a Role about pods
question-after-binding-still-forbidden = No: still 403 Forbidden
question-after-binding-explain =
    RBAC only ever adds permissions, rule by rule, and a rule names exact verbs. kubectl get pods
    asks for the whole collection, which is the verb list; kubectl get pod web reads one object,
    the verb get. pod-reader grants get only, so jane can read pod web by name but the list is
    still refused, with the verb in the message: cannot list resource "pods". Authentication was
    never the problem: with --as=jane, kubernetes-admin authenticates with its own certificate
    and impersonates jane, and RBAC then judges jane (group system:authenticated). Once list and
    watch are in the Role, the same command passes authorization, and a RoleBinding keeps it to
    the default namespace: kubectl get pods -A --as=jane is still refused.
