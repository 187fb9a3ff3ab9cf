course-title = How a pod lives and dies
course-intro = Lessons in order, from a pod's first request to its last signal. Each one gives you a task on a small cluster and checks it as you go.

sequence-birth-title = Birth of a pod
sequence-birth-intro = From kubectl to a running container: the API server, the scheduler, the kubelet and the container runtime, each in turn.
