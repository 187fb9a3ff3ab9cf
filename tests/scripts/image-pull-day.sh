# A day of a pod whose image tag does not exist. The kubelet retries the pull when each
# back-off ends (10 s doubling to 5 minutes) and syncs the pod every 10–15 s in between; those
# syncs meet the back-off, and their BackOff and Failed events are dropped by the event
# recorder's spam filter (25 at once, then one every 5 minutes per pod and type) while their
# counts keep growing — `describe` shows thousands of them. The Pulling and ErrImagePull
# events rarely win a refilled token against the BackOff events (one pull per ~25 syncs), so
# they are seldom written and expire an hour after their last write (--event-ttl); the next
# write that wins a token meets a 404 on its PATCH and creates the event again, under its old
# name, with the count and first time the recorder kept. Quiet stretches replay the syncs that
# only count their events instead of running each one, and once the back-off is at its cap and
# each pull fails as the one before, whole attempts with their syncs (`kubelet/restarts.rs`):
# the last 23 hours are one stretch of ~280 pulls.
kubectl run web --image=nginx:1.99
sleep 86400
kubectl get pods
kubectl describe pod web
kubectl get events --field-selector involvedObject.name=web
