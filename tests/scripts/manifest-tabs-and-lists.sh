# Tabs as go-yaml v2 reads them, and kind: List (and every <Kind>List) flattened into its items
# by kubectl's resource builder (cli-runtime FlattenListVisitor); issue 16, A27/A28/A80/A81.
# A tab used for indentation:
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: Pod
metadata:
	name: tabs
spec:
  containers: [{name: c, image: nginx}]
YAMLEOF
# A tab after a key's colon separates, as a space does; inside quotes it is text:
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: ConfigMap
metadata:
  name:	tabs
data:
  quoted:	"a:	b"
YAMLEOF
kubectl get configmap tabs -o jsonpath='{.data}{"\n"}'
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: i1}}
- apiVersion: v1
  kind: List
  items:
  - {apiVersion: v1, kind: ConfigMap, metadata: {name: deep}}
- {apiVersion: v1, kind: Pod, metadata: {name: i3}, spec: {containers: [{name: c, image: nginx}]}}
- {apiVersion: v1, kind: ConfigMap, metadata: {name: i2}}
YAMLEOF
# PodList items without kind or apiVersion take the list's:
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: PodList
items:
- {metadata: {name: pl}, spec: {containers: [{name: c, image: nginx}]}}
YAMLEOF
kubectl get cm,pods -o name
# An item that does not map stops the whole apply; an unknown <Kind>List does not map at all:
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: never}}
- {apiVersion: v1, kind: Widget, metadata: {name: w}}
YAMLEOF
kubectl apply -f - <<YAMLEOF
apiVersion: v1
kind: WidgetList
items: []
YAMLEOF
kubectl delete -f - <<YAMLEOF
apiVersion: v1
kind: ConfigMapList
items:
- {metadata: {name: i1}}
- {metadata: {name: i2}}
YAMLEOF
# The alias budget is the stream's: documents that each pass go-yaml's alias-ratio check
# (here 98% of each one's nodes come from aliases; 99% is allowed) add up.
row=x; i=1; while [ $i -lt 100 ]; do row="$row, x"; i=$((i+1)); done
refs='*l1'; i=1; while [ $i -lt 100 ]; do refs="$refs, *l1"; i=$((i+1)); done
doc="apiVersion: v1
kind: ConfigMap
metadata:
  name: bomb
x:
  l1: &l1 [$row]
  l2: [$refs]"
stream="$doc"; i=0
while [ $i -lt 20 ]; do stream="$stream
---
$doc"; i=$((i+1)); done
echo "$stream" > bombs.yaml
kubectl apply -f bombs.yaml
