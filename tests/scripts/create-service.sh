# `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME` (kubectl 1.36
# `pkg/cmd/create/create_service.go`): a Service labelled and selecting `app=NAME`, one TCP port
# per `--tcp` pair named after it (`5678:8080` → `5678-8080`), `--clusterip=None` for a headless
# one, `--node-port` for a NodePort's ports, `--external-name` (required, a DNS subdomain) for an
# ExternalName. `Validate` refuses a headless Service of another type and a Service with no port;
# `parsePorts` gives strconv's and the port validators' words; the API server's refusal comes
# wrapped (`failed to create NodePort service: …`). The node port allocator
# (`pkg/registry/core/service/portallocator`) takes a port asked for only inside 30000-32767 and
# only when no Service holds it; one Service may list a port twice (TCP and UDP). An update
# that turns a Service NodePort gets its node ports drawn; one that asks for a port another
# Service holds, or out of range, is refused the same way; an update that turns it back to
# ClusterIP with its ports as they were clears them (`dropTypeDependentFields`), while a
# ClusterIP Service given a node port is refused by validation; a port an update leaves out
# keeps the node port its namesake had (`patchAllocatedValues`).
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl create service clusterip web --tcp=80:80
kubectl create service clusterip my-cs --tcp=5678:8080,5679:http
kubectl create service clusterip headless --clusterip=None
kubectl create service nodeport np --tcp=80:80 --node-port=30080
kubectl create service loadbalancer lb --tcp=443
kubectl create service externalname ext --external-name bar.com
kubectl get svc -o wide
kubectl get svc my-cs -o jsonpath='{range .spec.ports[*]}{.name} {.port}->{.targetPort}{"\n"}{end}'
sleep 10
kubectl get endpointslices -l kubernetes.io/service-name=web
kubectl create service externalname ext2
kubectl create service externalname ext3 --external-name Bad_Name
kubectl create service clusterip noports
kubectl create service nodeport np2 --clusterip=None
kubectl create service clusterip bad --tcp=abc
kubectl create service clusterip bad --tcp=80:0
kubectl create service clusterip bad --tcp=80:Http
kubectl create service clusterip bad --tcp=70000
kubectl create service clusterip web --tcp=80
kubectl create service clusterip a b --tcp=80
kubectl create service clusterip x --node-port=5
kubectl create service clusterip dry --tcp=80 --dry-run=client -o yaml
kubectl create service nodeport taken --tcp=81 --node-port=30080
kubectl create service nodeport low --tcp=80 --node-port=80
kubectl apply -f - <<YAML
apiVersion: v1
kind: Service
metadata: {name: dns}
spec:
  type: NodePort
  selector: {app: dns}
  ports:
  - {name: tcp, port: 53, protocol: TCP, nodePort: 31053}
  - {name: udp, port: 53, protocol: UDP, nodePort: 31053}
YAML
kubectl get svc dns np
kubectl patch svc web -p '{"spec":{"type":"NodePort"}}'
kubectl get svc web
kubectl patch svc web --type=json -p '[{"op":"replace","path":"/spec/ports/0/nodePort","value":30080}]'
kubectl patch svc web --type=json -p '[{"op":"replace","path":"/spec/ports/0/nodePort","value":40000}]'
kubectl patch svc web --type=json -p '[{"op":"remove","path":"/spec/ports/0/nodePort"}]'
kubectl get svc web np
kubectl patch svc np -p '{"spec":{"type":"ClusterIP"}}'
kubectl patch svc my-cs --type=json -p '[{"op":"add","path":"/spec/ports/0/nodePort","value":30999}]'
kubectl get svc web np my-cs
kubectl create service
