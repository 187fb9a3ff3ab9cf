# `kubectl create poddisruptionbudget` (kubectl 1.36 `create_pdb.go`) and `kubectl create
# priorityclass` (`create_priorityclass.go`). A budget needs a selector (`ParseToLabelSelector`:
# `=` as matchLabels, set-based requirements as matchExpressions, `!=` refused) and exactly one of
# `--min-available` / `--max-unavailable`, a count or a percentage (`^[0-9]+%?$`). A priority class
# takes `--value`, `--global-default`, `--description`, `--preemption-policy` (default
# PreemptLowerPriority). The API server's `ValidatePriorityClass` keeps user values at or below
# 1,000,000,000 and the `system-` prefix for the system classes, its update validation keeps the
# value; the Priority admission plugin allows one default class. The generators wrap the API's
# refusal (`failed to create priorityclass: …`).
kubectl create deployment web --image=nginx:1.27 --replicas=3
sleep 10
kubectl create poddisruptionbudget web --selector=app=web --min-available=2
kubectl create pdb half --selector='app in (web,api),tier' --max-unavailable=50%
kubectl create pdb bad1 --min-available=1
kubectl create pdb bad2 --selector=app=web
kubectl create pdb bad3 --selector=app=web --min-available=1 --max-unavailable=1
kubectl create pdb bad4 --selector=app=web --min-available=1Gi
kubectl create pdb bad5 --selector='app!=web' --min-available=1
kubectl create pdb dry --selector=app=web --min-available=1 --dry-run=client -o yaml
kubectl create pdb web --selector=app=web --min-available=2
sleep 5
kubectl get pdb
kubectl get pdb half -o jsonpath='{.spec.selector}{"\n"}'
kubectl create priorityclass high --value=1000 --description="for the important ones"
kubectl create priorityclass low --value=-5 --preemption-policy=Never
kubectl create pc def --value=10 --global-default
kubectl create pc def2 --value=11 --global-default
kubectl create priorityclass dry --value=7 --dry-run=client -o yaml
kubectl create priorityclass x --value=abc
kubectl get priorityclass
kubectl create priorityclass huge --value=2000000000
kubectl create priorityclass system-mine --value=5
kubectl patch priorityclass high -p '{"value":5}'
kubectl patch priorityclass high -p '{"globalDefault":true}'
kubectl apply -f - <<YAML
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: odd}
value: 3
preemptionPolicy: Sometimes
YAML
# kubectl's other generators say that podlife does not play them yet.
kubectl create ingress web --rule="foo.com/=web:80"
kubectl create token default
