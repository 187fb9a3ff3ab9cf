# page: https://kubernetes.io/docs/tutorials/security/apparmor/ (release-1.34's text)
# "First, load the profile you want to use onto your Nodes. This profile blocks all file write
# operations" — on every node (the page reaches them by ssh; here `podlife node NAME --`)
for NODE in $(kubectl get node -o jsonpath='{.items[*].metadata.name}'); do podlife node $NODE -- apparmor_parser -q <<EOF
#include <tunables/global>

profile k8s-apparmor-example-deny-write flags=(attach_disconnected) {
  #include <abstractions/base>

  file,

  # Deny all file writes.
  deny /** w,
}
EOF
done
kubectl create -f https://k8s.io/examples/pods/security/hello-apparmor.yaml
sleep 10
# "You can verify that the container is actually running with that profile by checking
# /proc/1/attr/current": k8s-apparmor-example-deny-write (enforce)
kubectl exec hello-apparmor -- cat /proc/1/attr/current
# "see what happens if you violate the profile by writing to a file": touch: /tmp/test:
# Permission denied (the page's second line is an old kubectl's; 1.36 says exit code 1)
kubectl exec hello-apparmor -- touch /tmp/test
# "see what happens if you try to specify a profile that hasn't been loaded" (the page pipes the
# same manifest through /dev/stdin): "Although the Pod was created successfully, further
# examination will show that it is stuck in pending"; the event: "Error: failed to get container
# spec opts: failed to generate apparmor spec opts: apparmor profile not found
# k8s-apparmor-example-allow-write"
kubectl create -f https://k8s.io/examples/pods/security/hello-apparmor-2.yaml
sleep 20
kubectl get pod hello-apparmor-2
kubectl describe pod hello-apparmor-2 | grep -E '^Status:|Reason:|Failed'
# "Securing a Pod": without a profile of its own, or with RuntimeDefault, a container runs under
# the runtime's default profile: "cri-containerd.apparmor.d (enforce)" (the earlier page's
# default-pod example: "The Pod should be showing as having started successfully")
kubectl apply -f https://k8s.io/examples/pods/security/apparmor/default-pod.yaml
sleep 10
kubectl get pod default-pod
kubectl exec default-pod -- cat /proc/1/attr/current
kubectl delete pod default-pod --wait --now
# the earlier page's hello-apparmor.yaml names `profiles/k8s-apparmor-deny-writes`, which is not
# the profile that page loads (k8s-apparmor-deny-write): containerd finds no such profile
kubectl create -f https://k8s.io/examples/pods/security/apparmor/hello-apparmor.yaml
sleep 20
kubectl get pod hello-apparmor-container
