# Which /bin/sh a container has decides the words of its errors. busybox and alpine images
# run busybox ash (`sh: foo: not found`, `sh: exec: line 1: bar: not found`); Debian-based
# images such as nginx run dash, which puts the line number first (`sh: 1: foo: not found`,
# `sh: 1: exec: bar: not found`) and says only "can't cd to DIR". Both exit 127 for a
# command that is not there. busybox grep prints context with -A/-B/-C: `-` after the line
# number of a context line, `--` between groups.
kubectl run deb --image=nginx:1.27 --restart=Never
kubectl run bb --image=busybox:1.36 --restart=Never -- sleep 3600
kubectl wait --for=condition=Ready pod/deb pod/bb
kubectl exec deb -- sh -c 'foo; echo "status $?"; cd /nowhere; exec bar'
kubectl exec bb -- sh -c 'foo; echo "status $?"; cd /nowhere; exec bar'
kubectl exec bb -- sh -c 'printf "a\nb\nERROR one\nc\nd\ne\nERROR two\nf\n" > /tmp/log; grep -n -B1 -A1 ERROR /tmp/log; echo ---; grep -C2 -m1 ERROR /tmp/log'
