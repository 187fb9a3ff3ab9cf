# File modes are kept and honoured (seeds 001/003): an init container writes a config and a
# script into a shared emptyDir (0777, drwxrwxrwx) and chmods them; the app container sees the
# modes with ls -l and stat, runs the script only once it is executable (ash: "Permission
# denied", 126), and a ConfigMap script runs only with defaultMode 0755 (its keys are links into
# ..data). A container whose command is a script without the execute bit fails in runc.
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: ConfigMap
metadata:
  name: scripts
data:
  hello.sh: |
    #!/bin/sh
    echo "hello from $0"
---
apiVersion: v1
kind: Pod
metadata:
  name: configured
spec:
  initContainers:
  - name: gen-config
    image: busybox:1.36
    command: ["sh", "-c", "echo 'listen=8080' > /config/app.conf; chmod 600 /config/app.conf; printf '#!/bin/sh\necho started\n' > /config/run.sh"]
    volumeMounts:
    - {name: config, mountPath: /config}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "cat /config/app.conf; ls -l /config; /config/run.sh; echo rc=$?; chmod +x /config/run.sh; /config/run.sh; sleep 3600"]
    volumeMounts:
    - {name: config, mountPath: /config}
    - {name: plain, mountPath: /plain}
    - {name: exec, mountPath: /exec}
  volumes:
  - name: config
    emptyDir: {}
  - name: plain
    configMap: {name: scripts}
  - name: exec
    configMap: {name: scripts, defaultMode: 0755}
---
apiVersion: v1
kind: Pod
metadata:
  name: not-executable
spec:
  restartPolicy: Never
  containers:
  - name: app
    image: busybox:1.36
    command: ["/scripts/hello.sh"]
    volumeMounts:
    - {name: plain, mountPath: /scripts}
  volumes:
  - name: plain
    configMap: {name: scripts}
---
apiVersion: v1
kind: Pod
metadata:
  name: executable
spec:
  restartPolicy: Never
  containers:
  - name: app
    image: busybox:1.36
    command: ["/scripts/hello.sh"]
    volumeMounts:
    - {name: exec, mountPath: /scripts}
  volumes:
  - name: exec
    configMap: {name: scripts, defaultMode: 0755}
EOF2
sleep 10
kubectl get pods
kubectl logs configured
kubectl exec configured -- ls -ld /config
kubectl exec configured -- stat /config/app.conf
kubectl exec configured -- stat -c '%a %A %U %s %n' /config/run.sh /config/app.conf
kubectl exec configured -- ls -l /plain /exec
kubectl exec configured -- ls -la /exec
kubectl exec configured -- ls -lL /exec/hello.sh
kubectl exec configured -- /plain/hello.sh
kubectl exec configured -- /exec/hello.sh
kubectl exec configured -- sh /plain/hello.sh
kubectl exec configured -- chmod 755 /plain/hello.sh
kubectl exec configured -- sh -c 'touch /tmp/f; chmod go-r,u+x /tmp/f; ls -l /tmp/f; chmod 4755 /tmp/f; ls -l /tmp/f; chmod 8 /tmp/f'
kubectl logs executable
kubectl get pod not-executable -o jsonpath='{.status.containerStatuses[0].state.terminated.message}{"\n"}'
