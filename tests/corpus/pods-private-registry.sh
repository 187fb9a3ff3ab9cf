# page: https://kubernetes.io/docs/tasks/configure-pod-container/pull-image-private-registry/
# "Create a Secret by providing credentials on the command line", with the page's example values
kubectl create secret docker-registry regcred --docker-server=your.private.registry.example.com --docker-username=janedoe --docker-password=xxxxxxxxxxx --docker-email=jdoe@example.com
kubectl get secret regcred --output=yaml
# "convert the secret data to a readable format"
kubectl get secret regcred --output="jsonpath={.data.\.dockerconfigjson}" | base64 --decode
echo
echo "amFuZWRvZTp4eHh4eHh4eHh4eA==" | base64 --decode
echo
# "replace <your-private-image> with the path to an image in a private registry such as
# your.private.registry.example.com/janedoe/jdoe-private:v1". That registry does not exist (an
# example.com name): the node cannot resolve it, so the pull fails and backs off — the page's
# "verify that the Pod is running" needs a registry of your own
kubectl create -f https://k8s.io/examples/pods/private-reg-pod.yaml --dry-run=client -o yaml | sed 's|<your-private-image>|your.private.registry.example.com/janedoe/jdoe-private:v1|' > my-private-reg-pod.yaml
kubectl apply -f my-private-reg-pod.yaml
sleep 20
kubectl get pod private-reg
kubectl describe pod private-reg | sed -n '/^Events:/,$p'
kubectl delete pod private-reg
# the file as downloaded, without the replacement: not an image reference at all
kubectl apply -f https://k8s.io/examples/pods/private-reg-pod.yaml
sleep 15
kubectl get pod private-reg
kubectl describe pod private-reg | sed -n '/^Events:/,$p'
