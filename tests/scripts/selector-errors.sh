# Broken label and field selectors get kube-apiserver's parse errors (labels.Parse,
# fields.ParseSelector, the kind's field label conversion) as a BadRequest, which kubectl's
# builder prefixes with the resource and selectors (EnhanceListError); issue 16, D18/D19.
kubectl run web --image=nginx --labels=app=web,tier=fe,rank=5
sleep 5
kubectl get pods -l '!!!'
kubectl get pods -l 'a in ('
kubectl get pods -l 'a notin (b,c'
kubectl get pods -l =
kubectl get pods -l ,,,
kubectl get pods -l 'a=b=c'
kubectl get pods -l 'a gt 1'
kubectl get pods -l 'rank>x'
kubectl get pods -l 'Bad@Key'
kubectl get pods -l 'a/b/c'
kubectl get pods -l 'app in (-x, y-)'
kubectl get pods -l '  '
kubectl get pods -l 'app in (web,db),!missing,tier,rank>4' -o name
kubectl get pods -l 'app notin ()' -o name
kubectl get deployments -l 'a in ('
kubectl delete pods -l '!!!'
kubectl describe pods -l 'a=b=c'
kubectl label pods -l ',' x=y
kubectl get pods --field-selector=a==b==c
kubectl get pods --field-selector=!!!
kubectl get pods --field-selector=status.phase
kubectl get pods --field-selector='a=b\'
kubectl get pods --field-selector=spec.containers=x
kubectl get pods --field-selector=, -o name
kubectl get pods --field-selector=spec.nodeName!= -o name
kubectl get pods --field-selector=spec.host=worker-2,status.phase=Running -o name
kubectl get configmaps --field-selector=data.x=y
kubectl get jobs --field-selector=status.active=1
kubectl get events --field-selector=reason=Pulled,involvedObject.name=web -o name | wc -l
