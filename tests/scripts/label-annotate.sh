# `kubectl annotate` and `kubectl label` (kubectl pkg/cmd/annotate/annotate.go,
# pkg/cmd/label/label.go) over one walk: TYPE NAME, TYPE/NAME, several names, --all, -l, -A;
# annotations are overwritten only with --overwrite (the change-cause always), removed with
# KEY-; --resource-version makes the patch conditional; --list; dry runs; their errors.
kubectl run a --image=nginx:1.27 --labels=app=web,tier=fe
kubectl run b --image=nginx:1.27 --labels=app=web
kubectl run c --image=nginx:1.27 --labels=app=db
kubectl annotate pod a owner=alice
kubectl annotate pods/a owner=bob
kubectl annotate pod a owner=bob note="two words" --overwrite
kubectl annotate pod a owner=bob
kubectl annotate pod a kubernetes.io/change-cause=first
kubectl annotate pod a kubernetes.io/change-cause=second
kubectl get pod a -o jsonpath='{.metadata.annotations}{"\n"}'
kubectl annotate pod a note- missing-
kubectl annotate pods -l app=web team=web
kubectl annotate pods --all color=blue --dry-run=client
kubectl annotate pods --all color=blue --dry-run=server
kubectl annotate pods --all color=blue
kubectl annotate pod a b c owner=carol
kubectl annotate pod a b owner=carol --overwrite
kubectl annotate pod a --list
kubectl annotate pods -l app=db --list
kubectl annotate pod a x=1 --resource-version=1
kubectl annotate pods --all x=1 --resource-version=1
kubectl annotate pod nope x=1
kubectl annotate pod a
kubectl annotate x=1
kubectl annotate pod a x=1 b
kubectl annotate pod a =x
kubectl annotate pod a x=1 x-
kubectl annotate pods x=1
kubectl annotate pods --all -l app=web x=1
kubectl annotate pods a -l app=web x=1
kubectl annotate deploy,pods --all -A ns-wide=yes
kubectl label pod a tier=be
kubectl label pod a tier=be --overwrite
kubectl label pod a tier=be
kubectl label pod a tier- zone-
kubectl label pod a zone=a tier=be
kubectl label pods -l app=web stage=prod
kubectl label pod a bad=not/valid
kubectl label pod a a=b=c
kubectl label pod a env=x env-
kubectl label pod a --list
kubectl get pods --show-labels
