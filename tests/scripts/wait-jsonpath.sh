# kubectl wait --for=jsonpath=… (pkg/cmd/wait/wait.go processJSONPathInput, JSONPathWait): the
# expression is relaxed as custom columns relax it ({.a.b}, .a.b, a.b), split from its value on
# a single '=' ('==' stays, for filters), and parsed before any wait. Without a value any value
# will do (the pod has an IP); with one, the single scalar found is printed as Go's %v and
# compared. More than one value, a nested object, an empty value or a second '=' are kubectl's
# errors; a path that finds nothing waits until the timeout.
kubectl run web --image=nginx:1.27
kubectl wait --for=jsonpath='{.status.phase}'=Running pod/web
kubectl wait --for=jsonpath='{.status.podIP}' pod/web --timeout=0
kubectl wait --for=jsonpath=.status.containerStatuses[0].ready=true pod/web --timeout=0
kubectl wait --for=jsonpath='{.status.containerStatuses[0].restartCount}'=0 pod/web --timeout=0
kubectl wait --for=jsonpath='{.status.conditions[?(@.type=="Ready")].status}'=True pod/web --timeout=0
kubectl wait --for=jsonpath='{.status.conditions[*].type}'=Ready pod/web --timeout=0
kubectl wait --for=jsonpath='{.status}'=x pod/web --timeout=0
kubectl wait --for=jsonpath='{.status.phase}'= pod/web
kubectl wait --for=jsonpath='{.status.phase}'=a=b pod/web
kubectl wait --for=jsonpath='{.status.phase' pod/web
kubectl wait --for=jsonpath='{.status.nothing}' pod/web --timeout=2s
kubectl wait --for=Delete pod/web --timeout=1s
kubectl wait --for=jsonpath= pod/web
