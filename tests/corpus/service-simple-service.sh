# page: https://kubernetes.io/docs/concepts/services-networking/service/ (Defining a Service)
# "suppose you have a set of Pods that each listen on TCP port 9376 and are labelled as
# app.kubernetes.io/name=MyApp": two agnhost netexec pods on 9376 stand for them
kubectl apply -f https://k8s.io/examples/service/simple-service.yaml
kubectl run myapp-1 --image=registry.k8s.io/e2e-test-images/agnhost:2.53 --labels=app.kubernetes.io/name=MyApp -- netexec --http-port=9376
kubectl run myapp-2 --image=registry.k8s.io/e2e-test-images/agnhost:2.53 --labels=app.kubernetes.io/name=MyApp -- netexec --http-port=9376
sleep 20
# "a new Service named my-service with the default ClusterIP service type"; "targets TCP port
# 9376 on any Pod with the app.kubernetes.io/name: MyApp label"
kubectl get service my-service
kubectl get endpointslices -l kubernetes.io/service-name=my-service
kubectl run client -i --rm --restart=Never --image=busybox:1.28 -- wget -qO- http://my-service/hostname
