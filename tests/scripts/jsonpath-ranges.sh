# -o jsonpath ranges: nested, empty, a stray {end}, and nesting deeper than any stack
# (client-go util/jsonpath has no nesting limit; issue 16, D12).
kubectl run web --image=nginx
sleep 5
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}:{range .spec.containers[*]} {.name}={.image}{end}{"\n"}{end}'
kubectl get pods -o jsonpath='{range .items[*].spec.volumes[*]}never{end}after{"\n"}'
kubectl get pods -o jsonpath='{range .items[*]}{end}{end}' 2>&1 | head -1
# 3,000 nested ranges: upstream has no nesting limit
open=''; close=''; i=0
while [ $i -lt 3000 ]; do open="$open{range .items[*]}"; close="$close{end}"; i=$((i+1)); done
kubectl get pods -o jsonpath="$open{.metadata.name}$close"; echo "rc=$?"
kubectl get pods -o jsonpath="{range .items[*]}$open{.metadata.name}$close{end}{.kind}"; echo
