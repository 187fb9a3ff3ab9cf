# example: controllers/job-success-policy-example.yaml
# No page in the index uses this file: it is an older draft of the Job page's success-policy
# sample (now controllers/job-success-policy.yaml). It has no metadata.name and no
# restartPolicy, so upstream 1.36 refuses it: apply cannot look up a nameless object, and create
# fails validation (the template's restartPolicy is defaulted to Always, which a Job forbids).
kubectl apply -f https://k8s.io/examples/controllers/job-success-policy-example.yaml
kubectl create -f https://k8s.io/examples/controllers/job-success-policy-example.yaml
