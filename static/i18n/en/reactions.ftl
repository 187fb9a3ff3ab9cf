# What each reaction means, for a learner. Arguments come from the engine's trace
# (crates/player/src/explain.rs). kubectl output, API fields and reasons stay as a cluster prints them.

## API calls: one request from the client to kube-apiserver and back

explain-api-create-pod =
    { $caller } sent POST { $path }. kube-apiserver authenticated the request as { $user }, authorization allowed it ({ $allowedBy }), filled in { $defaulted } default field(s){ $hasAdmission ->
        [no] {""}
       *[yes] , let the admission plugins { $admission } change it
    } and validated it. etcd stored { $object } at revision { $revision }: the pod now exists, but only as a record — no node runs it yet.{ $hasNotModelled ->
        [no] {""}
       *[yes] {" "}Its feature gates let { $notModelled } through, but podlife does not model what that does: a real cluster may behave differently.
    }
explain-api-create =
    { $caller } created { $object } (POST { $path }). After authentication ({ $user }), authorization ({ $allowedBy }), admission and validation, etcd stored it at revision { $revision }, and every watcher of this kind is told.{ $hasNotModelled ->
        [no] {""}
       *[yes] {" "}Its feature gates let { $notModelled } through, but podlife does not model what that does: a real cluster may behave differently.
    }
explain-api-binding =
    { $caller } posted a Binding for { $object }: this is how the scheduler's decision becomes real. kube-apiserver sets spec.nodeName, and etcd stores revision { $revision }. The kubelet on that node watches for pods bound to it.
explain-api-event =
    { $caller } recorded an Event{ $hasReason ->
        [yes] {" "}about { $about }: { $reason }{ $hasMessage ->
            [yes] {" "}— “{ $message }”
           *[no] {""}
        }
       *[no] {""}
    } (POST { $path }). Events are ordinary API objects; `kubectl describe` and `kubectl get events` read them.
explain-api-pod-status =
    { $caller } reported the pod's status ({ $verb } { $path }). The API only learns what the kubelet tells it: phase, conditions, container states and the pod IP all arrive this way. etcd stored revision { $revision }.
explain-api-node-status =
    { $caller } updated its Node's status ({ $verb } { $path }): conditions, capacity and images. The kubelet checks its node every 10 s but sends the status only when something changed, or every 5 minutes otherwise.
explain-api-lease =
    { $caller } renewed its Lease (PUT { $path }): the cheap heartbeat that tells the node lifecycle controller the node is alive.
explain-api-delete-pod =
    { $caller } asked to delete { $object } (DELETE { $path }). A pod on a node is not removed at once: the first DELETE sets metadata.deletionTimestamp and a grace period, the kubelet stops the containers, and then the kubelet's own DELETE with grace period 0 removes the object.
explain-api-delete =
    { $caller } deleted { $object } (DELETE { $path }).
explain-api-update =
    { $caller } changed { $object } ({ $verb } { $path }); etcd stored revision { $revision }.
explain-api-ephemeral-containers =
    { $caller } added an ephemeral container to { $object } ({ $verb } { $path }), as `kubectl debug` does: only spec.ephemeralContainers may change through this subresource, existing ephemeral containers may be neither changed nor removed, and they may not have ports, probes, lifecycle hooks or resources. etcd stored revision { $revision }; the pod's kubelet starts the new container once and never restarts it.
explain-api-read =
    { $caller } read from the API ({ $verb } { $path }); nothing changes in etcd.
explain-api-read-missing =
    { $caller } asked for { $object } (GET { $path }) and got 404 NotFound: it does not exist. (`kubectl apply` always looks first, and creates the object when it is missing.)
explain-api-rejected =
    kube-apiserver refused { $caller }'s { $verb } { $path } with { $code }{ $hasReason ->
        [no] {""}
       *[yes] {" "}{ $reason }
    }, at the { $stage ->
        [authn] authentication
        [authz] authorization (RBAC)
        [admission] admission
        [webhook] admission webhook
        [validation] validation
        [decode] decoding
        [etcd] storage (the registry)
       *[other] { $stage }
    } stage. Nothing was stored.
explain-api-webhook-wait =
    kube-apiserver is holding { $caller }'s { $verb } { $path } while { $plugin } calls { $several ->
        [yes] the webhooks { $webhooks } at once
       *[no] the webhook { $webhooks }
    }: it POSTs an AdmissionReview to { $url } and waits for the answer, at most { $timeout } s. The rest of the cluster goes on meanwhile; the client just waits.
explain-api-webhook-answer =
    The webhook { $webhook } answered after { $duration } ms ({ $result ->
        [allowed] allowed
        [patched] allowed, with a JSON patch that changed the object
        [denied] denied
       *[failed] the call failed, and the webhook's failurePolicy is Ignore
    }). kube-apiserver then finished { $caller }'s { $verb } { $path }{ $revision ->
        [0] {""}
       *[other] : etcd stored { $object } at revision { $revision }
    }.

## kube-scheduler

explain-schedule-ok =
    kube-scheduler ran one scheduling cycle for { $pod }: filters ruled out the nodes that cannot run it ({ $feasible } of { $evaluated } node(s) fit){ $notEvaluated ->
        [0] {""}
       *[other] {" "}and it stopped there, leaving { $notEvaluated } more node(s) unexamined: in a cluster of 100 nodes or more it looks only until enough nodes fit (percentageOfNodesToScore; by default 50 % minus 1 % per 125 nodes, at least 5 % and at least 100 nodes), and the next cycle starts where this one stopped
    }{ $hasScore ->
        [yes] , scoring ranked the rest, and { $node } won with { $score } points
       *[no] ; only { $node } fits, so there is nothing to score
    }. Next it binds the pod to { $node }.
explain-schedule-failed =
    kube-scheduler found no node for { $pod } ({ $feasible } of { $evaluated } node(s) fit). The pod stays Pending and goes back to the queue until something in the cluster changes. { $message }

## Watches and informers

explain-informer-scheduler =
    kube-scheduler's informer received { $type } for { $object }. A pod without spec.nodeName goes into the scheduling queue; the scheduler also keeps its cache of what runs where up to date.
explain-informer-kubelet =
    { $component } received { $type } for { $object } through its watch. Each kubelet only watches pods bound to its own node; this is how it learns it has work to do.
explain-informer-controllers =
    kube-controller-manager's shared informer received { $type } for { $object }; each controller inside checks whether it has something to reconcile.
explain-informer =
    { $component } received { $type } for { $object } through its watch.
explain-informer-list =
    { $component } listed { $resource } ({ $count } object(s)) to fill its cache, then watches for changes.
explain-watch =
    kube-apiserver's watch cache sent { $type } for { $object } to every client watching it.

## kubelet

explain-kubelet-sync =
    { $component } synced { $object } ({ $type ->
        [SyncPod] SyncPod: it compares what the pod should run with what the runtime has, and starts whatever is missing
        [SyncTerminatingPod] SyncTerminatingPod: it stops the containers{ $hasGrace ->
            [yes] , giving them { $grace } s to exit
           *[no] {""} that still run
        }
        [SyncTerminatedPod] SyncTerminatedPod: the containers have stopped; it cleans up (volumes, cgroups) and reports the final status
       *[other] { $type }
    }).
explain-pleg =
    { $scope ->
        [pod] { $component }'s PLEG (pod lifecycle event generator) relisted this pod's containers right after a sync whose actions all succeeded, and saw { $type } for container { $container }{ $count ->
            [1] {""}
           *[other] {" "}(and more, { $count } events in all)
        }. This on-demand relist (PLEGOnDemandRelist, on by default in 1.36) reports a container the sync just started without waiting for the next periodic relist; the pod is synced again at once.
       *[node] { $component }'s PLEG (pod lifecycle event generator) relisted the runtime and saw { $type } for container { $container }{ $count ->
            [1] {""}
           *[other] {" "}(and more, { $count } events in all)
        }. By default the kubelet is not pushed events by containerd: it relists every second, then syncs the pod.
    }
explain-kubelet-evict =
    { $component }'s eviction manager evicts { $object }: { $check ->
        [emptydir] an emptyDir volume holds more than its sizeLimit
        [pod] the pod's local storage (writable layers, logs, emptyDir volumes) is over the sum of its containers' ephemeral-storage limits
       *[other] a container's writable layer and logs are over its ephemeral-storage limit
    } ({ $message }). The pod gets 1 s to stop and ends Failed with reason Evicted; it is not restarted on this node.
explain-kill =
    { $component } is stopping container { $container } with a grace period of { $grace } s: first the stop signal, then SIGKILL if it has not exited in time.
explain-probe =
    { $component } ran the { $probe } probe of { $container }: { $result ->
        [success] it passed
       *[other] it failed
    }. { $probe ->
        [Liveness] After failureThreshold failures in a row the container is restarted (as its restartPolicy allows).
        [Readiness] Readiness decides whether the pod counts as Ready (and receives Service traffic); a failure does not restart anything.
        [Startup] Until the startup probe passes, liveness and readiness probes wait; if it keeps failing, the container is restarted.
       *[other] {""}
    }
explain-hook =
    { $component } ran the { $hook } hook of { $container }{ $hasError ->
        [no] .
       *[yes] , which failed: { $error }
    }
explain-exec =
    { $component } ran a command in { $container } (kubectl exec goes through the kubelet and the runtime).
explain-logs =
    { $component } served the log of { $container } (kubectl logs reads the file the runtime wrote on the node).

## Container runtime: containerd, the shim, runc, CNI

explain-cri =
    { $component } served the CRI call { $method }{ $hasContainer ->
        [no] {""}
       *[yes] {" "}for { $container }
    }: { $method ->
        [RunPodSandbox] it starts the pod's sandbox — the pause container that holds the pod's network namespace — and asks the CNI plugin for an IP.
        [CreateContainer] it prepares the container from the image (filesystem, configuration) without starting it.
        [StartContainer] it starts the container through a shim and runc.
        [StopContainer] it sends the container's stop signal and waits for the grace period.
        [RemoveContainer] it removes an exited container, and its log with it. The kubelet's container garbage collector, every minute, keeps only the newest exited instance of each container.
        [StopPodSandbox] it stops the sandbox and releases the pod's network.
        [RemovePodSandbox] it removes the sandbox.
        [PullImage] it pulls the image.
       *[other] { $method }.
    }{ $hasError ->
        [no] {""}
       *[yes] {" "}It failed: { $error }
    }
explain-image-pull =
    { $component } { $result ->
        [pulling] started pulling { $image } from the registry. Until it finishes the pod shows ContainerCreating.
        [pulled] finished pulling { $image }; the layers are now on this node, so the next pod with this image starts faster.
       *[other] could not pull { $image }: { $error }. The kubelet will retry with a growing back-off (ImagePullBackOff).{ $hasUnknownRepository ->
            [yes] {" "}podlife's image catalogue holds no such repository: either the name has a typo, or it is an image podlife does not simulate.{ $hasClosest ->
                [yes] {" "}The closest images it knows: { $closest }.
               *[no] {""}
            }
           *[no] {""}
        }
    }
explain-cni =
    { $command ->
        [ADD] The CNI plugin wired the sandbox into the pod network and gave { $object } the IP { $ip }.
        [DEL] The CNI plugin removed the pod's network and released its IP.
       *[other] The CNI plugin ran { $command }.
    }{ $hasError ->
        [no] {""}
       *[yes] {" "}It failed: { $error }
    }
explain-runc-update = runc updates { $container }'s cgroup in place (an in-place resize): cpu.max is now { $cpuMax }, memory.max { $memoryMax }. The process keeps running; only its limits change.
explain-runc =
    runc { $op } { $container }{ $hasPid ->
        [no] {""}
       *[yes] {" "}as PID { $pid } on the node
    }: it sets up namespaces and cgroups, then runs the process — and exits; the shim stays as the process's parent.{ $hasError ->
        [no] {""}
       *[yes] {" "}It failed: { $error }
    }{ $unknownProgram ->
        [runs-until-stopped] {" "}podlife does not know what { $program } does with these arguments, so it treats it as a process that prints nothing and runs until it is stopped. A real cluster may behave differently.
        [serves-exposed-ports] {" "}podlife does not model { $program } itself, so it treats it as a server that listens on the image's exposed ports and prints nothing. A real cluster may behave differently.
       *[other] {""}
    }
explain-shim =
    { $op ->
        [start] containerd-shim started for { $container }: it holds the container's stdio and waits for its exit, so containerd can restart without killing containers.
        [exit] { $container } exited with code { $exitCode }{ $hasReason ->
            [no] {""}
           *[yes] {" "}({ $reason })
        }; the shim reports it, and the kubelet will see it at its next relist.
       *[other] containerd-shim: { $op } { $container }.
    }
explain-signal =
    { $signal } was delivered to PID 1 of { $container }{ $hasDisposition ->
        [no] .
       *[yes] : { $disposition }.
    }{ $signal ->
        [SIGKILL] {" "}SIGKILL cannot be caught: the process ends now.
       *[other] {""}
    }

## Components and nodes

explain-component-stop = { $component } was stopped. Nothing it would do happens until it starts again; the rest of the cluster carries on.
explain-component-start = { $component } started; it lists what it watches and catches up.
explain-node-down = { $object } lost its connection to the control plane: its kubelet can no longer report or renew its Lease.
explain-node-up = { $object } is connected again.
explain-node-add = A new machine, { $node }, joins the cluster: its kubelet starts, registers its Node with the API server, creates its Lease, and reports Ready once the node has its pod network.
explain-node-shutdown = { $node } goes down{ $reason ->
    [reboot] {" "}for a reboot
   *[other] {" "}for good
}: every process on it ends at once, without a signal, and containerd records its containers as exited with code 255 (reason Unknown).
explain-node-boot = { $node } boots again with a new boot ID: containerd, the kubelet and kube-proxy start; the kubelet finds its pods' sandboxes gone, creates them again and runs their init containers again.
explain-step = { $component }: { $action } { $object }.
explain-trace-sampled = The cluster has grown to { $pods } pods on { $nodes } nodes. From here on the trace keeps the reactions of one pod in { $one_in } (with its events) and one node's Lease renewals in { $one_in }, so that a run this large fits in the tab; everything else is kept, and the cluster itself runs exactly as before: every scheduling decision, every start and every event still happens.
explain-quiet-skip = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one.{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out, and etcd deleted it.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out, and etcd deleted them.
    }
explain-quiet-skip-repeats = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $syncs ->
        [one] One sync of a pod whose container cannot start yet (its image cannot be pulled, a ConfigMap or Secret it needs is missing, or its crash-loop back-off has not ended) ran as a repeat of the last one: the kubelet still counted its events, but the spam filter dropped them and the pod's status stayed the same.
       *[other] { $syncs } syncs of pods whose containers cannot start yet (an image that cannot be pulled, a missing ConfigMap or Secret, a crash-loop back-off that has not ended) ran as repeats of the last one: the kubelet still counted their events, but the spam filter dropped them and the pods' status stayed the same.
    }{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out, and etcd deleted it.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out, and etcd deleted them.
    }
explain-quiet-skip-hpa = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $hpa_syncs ->
        [one] One sync of a HorizontalPodAutoscaler ran as a repeat of the last one: its target, its pods and their usage had not moved, so it remembered the same recommendation, found its status already written and counted the same warnings.
       *[other] { $hpa_syncs } syncs of HorizontalPodAutoscalers ran as repeats of the last one: their targets, pods and usage had not moved, so each remembered the same recommendation, found its status already written and counted the same warnings.
    }{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out, and etcd deleted it.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out, and etcd deleted them.
    }
explain-quiet-skip-repeats-hpa = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $syncs ->
        [one] One sync of a pod whose container cannot start yet ran as a repeat of the last one: the kubelet still counted its events, but the spam filter dropped them.
       *[other] { $syncs } syncs of pods whose containers cannot start yet ran as repeats of the last one: the kubelet still counted their events, but the spam filter dropped them.
    } { $hpa_syncs ->
        [one] One sync of a HorizontalPodAutoscaler repeated the last one too: nothing it reads had moved.
       *[other] { $hpa_syncs } syncs of HorizontalPodAutoscalers repeated the last one too: nothing they read had moved.
    }{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out, and etcd deleted it.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out, and etcd deleted them.
    }
explain-quiet-skip-restarts = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $restarts ->
        [one] One restart of { $pod }
       *[other] { $restarts } restarts of { $pod }
    } repeated the one before: the same program failed the same way after the same time, and nothing else happened to the pod, so podlife replayed them whole. Each restart's back-off syncs kept their jitter, its events were counted (and written when the spam filter let them through) and its containerd journal lines were written; the last replayed run is the exited instance the pod's status and `kubectl logs --previous` show, and the restart count is the one it reached.{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out.
    }{ $syncs ->
        [0] {""}
        [one] {" "}One sync of a pod whose container cannot start yet repeated the last one too.
       *[other] {" "}{ $syncs } syncs of pods whose containers cannot start yet repeated the last one too.
    }{ $hpa_syncs ->
        [0] {""}
        [one] {" "}One sync of a HorizontalPodAutoscaler repeated the last one too.
       *[other] {" "}{ $hpa_syncs } syncs of HorizontalPodAutoscalers repeated the last one too.
    }
explain-quiet-skip-pulls = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $pods ->
        [1] { $pulls } pulls of { $pod }'s image
       *[other] { $pulls } pulls of the images of { $pods } pods
    } failed as the one before: the registry gave the same answer, and the kubelet tried again each time its back-off (5 minutes at most) ran out, syncing the pod every 10 to 15 seconds in between. Nothing else happened to those pods, so podlife replayed the attempts whole, all pods together in time order: each pull took its own time, the syncs kept their jitter, their events were counted (and written when the spam filter let them through) and containerd's journal got each attempt's lines. The pod's status stays the ImagePullBackOff it already showed.{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out.
    }{ $syncs ->
        [0] {""}
        [one] {" "}One sync of a pod whose container cannot start yet repeated the last one too.
       *[other] {" "}{ $syncs } syncs of pods whose containers cannot start yet repeated the last one too.
    }{ $hpa_syncs ->
        [0] {""}
        [one] {" "}One sync of a HorizontalPodAutoscaler repeated the last one too.
       *[other] {" "}{ $hpa_syncs } syncs of HorizontalPodAutoscalers repeated the last one too.
    }
explain-quiet-skip-restarts-pods = { $duration } of quiet passed in one step: Lease renewals, node heartbeats, passing probes and idle resyncs would have changed nothing, so podlife moved their clocks instead of running them one by one. { $restarts } restarts of { $pods } crash-looping pods each repeated the one before: the same program failed the same way after the same time, and nothing but their own restarts happened to them, so podlife replayed them whole, all pods together in time order. Each restart's back-off syncs kept their jitter, its events were counted (and written when the spam filter let them through) and its containerd journal lines were written. The stretch ends at a restart that runs for real while every other pod is waiting out its back-off, its last change made: each pod's last replayed run is the exited instance its status and `kubectl logs --previous` show.{ $expired ->
        [0] {""}
        [one] {" "}One event expired meanwhile: its hour-long TTL ran out.
       *[other] {" "}{ $expired } events expired meanwhile: their hour-long TTL ran out.
    }{ $syncs ->
        [0] {""}
        [one] {" "}One sync of a pod whose container cannot start yet repeated the last one too.
       *[other] {" "}{ $syncs } syncs of pods whose containers cannot start yet repeated the last one too.
    }{ $hpa_syncs ->
        [0] {""}
        [one] {" "}One sync of a HorizontalPodAutoscaler repeated the last one too.
       *[other] {" "}{ $hpa_syncs } syncs of HorizontalPodAutoscalers repeated the last one too.
    }
explain-event-expired = etcd deleted { $object }: the lease it was stored under expired. kube-apiserver keeps events for an hour after their last update (--event-ttl), so old events disappear from `kubectl get events` on their own.

## kube-proxy and traffic

explain-proxy-sync =
    { $changed ->
        [false] { $component } ran its periodic sync (every 30 s): nothing changed, so nothing is rewritten.
       *[other] { $component } rewrites its node's NAT rules from what it has seen of Services and EndpointSlices: { $servicePorts } service port(s), { $endpoints } endpoint(s) in use. iptables-restore takes { $restoreMs } ms; until it returns, this node still sends new connections by its old rules.
    }
explain-proxy-restore =
    { $hasChanges ->
        [no] { $component }: iptables-restore returned; the rules did not change.
       *[yes] { $component }: the new rules are in effect. New connections from this node now go to: { $changes }. Other nodes switch when their own kube-proxy gets there.
    }
explain-traffic-request =
    { $result ->
        [ok] A client on { $node } sent a request to { $object }; that node's rules sent it to { $endpoint } ({ $pod }), which answered.
        [502] A client on { $node } sent a request to { $object }{ $hasEndpoint ->
            [no] , and the node's rules rejected it: the Service has no usable endpoint there.
           *[yes] ; that node's rules sent it to { $endpoint }{ $hasPod ->
                [no] {""}
               *[yes] {" "}({ $pod })
            }, where nothing listens any more: connection refused, which an ingress reports as 502.
        }
        [reset] A client on { $node } sent a request to { $object }; { $endpoint } ({ $pod }) accepted it, but the process exited before answering: connection reset.
        [timeout] A client on { $node } sent a request to { $object } and nothing answered: the node's rules still point at an address whose pod is gone, or have no rule for the Service yet.
       *[other] A client on { $node } sent a request to { $object }; { $endpoint } ({ $pod }) answered { $result } itself (the app reports it is not ready).
    }
explain-traffic-done = The traffic clients for { $object } are done: { $requests } requests, { $ok } answered successfully. The console prints the per-second table.

## CoreDNS's upstream and the simulated Internet (crates/engine/src/internet.rs)

explain-dns-forward = { $component } has no record for { $name } in cluster.local, so its forward plugin (kind's Corefile: forward . /etc/resolv.conf) sends the { $type } question to the node's resolver { $upstream }; kindnet masquerades the packet to the node's address { $nodeIP }. { $rcode ->
        [NOERROR] { $hasAnswers ->
            [yes] The answer: { $answers }.
           *[no] The name exists but has no { $type } records (podlife's Internet has no IPv6).
        }
       *[other] { $known ->
            [false] The answer is NXDOMAIN: podlife's simulated Internet does not have this name (a real cluster would get the real DNS's answer).
           *[other] The answer is { $rcode }.
        }
    }
explain-internet-dns = { $object } asked a resolver outside the cluster, { $server }, for { $name } ({ $type }) itself: its dnsPolicy does not send it to CoreDNS, or the command named that server. The question leaves through the node, masqueraded to { $nodeIP }. { $rcode ->
        [NOERROR] { $hasAnswers ->
            [yes] The answer: { $answers }.
           *[no] The name exists but has no { $type } records.
        }
       *[other] { $known ->
            [false] The answer is NXDOMAIN: this resolver knows only Internet names, and podlife's simulated Internet does not have this one.
           *[other] The answer is { $rcode }.
        }
    }
explain-internet-http = { $host } ({ $ip }) on the simulated Internet answered { $object }'s { $scheme } request for { $path } with { $code }{ $hasLocation ->
        [yes] , sending it on to { $location }
       *[no] {""}
    }. The request left the pod from { $podIP }; kindnet masqueraded it to the node's address { $nodeIP }, and Docker to the machine's public address { $publicIP }, which is all the server sees.

explain-netpol-drop = kindnet's NetworkPolicy enforcement dropped the new { $protocol } connection from { $src } to { $dst }:{ $port }: { $object } is isolated for { $direction ->
        [egress] egress by { $policies }, and none of their egress rules lets it reach that address and port
       *[ingress] ingress by { $policies }, and none of their ingress rules lets that source in on that port
    }. Nothing answers, so the client waits until it times out.

## Workload controllers: why a kube-controller-manager loop sent its request
## (read from the objects it wrote; crates/player/src/decision.rs)

explain-ctl-new-replicaset =
    { $caller } found no ReplicaSet whose pod template matches Deployment { $owner }'s, so it created ReplicaSet { $object }. Its name and its pod-template-hash label ({ $hash }) come from a hash of the template; it is revision { $revision } of the Deployment and starts at { $replicas } { $replicas ->
        [one] replica
       *[other] replicas
    }. The Deployment's strategy decides how fast it grows and how fast the old ReplicaSets shrink.
explain-ctl-history-cleanup =
    { $caller } deleted the old ReplicaSet { $object }: Deployment { $owner } keeps at most { $limit } old { $limit ->
        [one] ReplicaSet
       *[other] ReplicaSets
    }, scaled to 0, as its rollout history (revisionHistoryLimit), and removes the oldest beyond that.
explain-ctl-scale-replicaset =
    { $caller } scaled ReplicaSet { $object } of Deployment { $owner } from { $from } to { $to }. { $strategy ->
        [Recreate] With the Recreate strategy every old pod is stopped first: the new ReplicaSet grows only once no old pod is left running.
       *[other] Its RollingUpdate strategy for { $desired } replicas allows at most { $maxTotal } pods in total (replicas + maxSurge) and requires at least { $minAvailable } available (replicas − maxUnavailable): the new ReplicaSet grows within the first bound, old ones shrink only as far as the second allows, so each step waits for new pods to become available.
    }
explain-ctl-deployment-status =
    { $caller } wrote Deployment { $object }'s progress into its status: { $updated } of { $desired } pods run the current template, { $available } available.{ $hasReason ->
        [yes] {" "}Condition Progressing: { $reason }{ $hasMessage ->
            [yes] {" "}— “{ $message }”
           *[no] {""}
        }.
       *[no] {""}
    } When no progress is made for progressDeadlineSeconds (600 s by default), the reason becomes ProgressDeadlineExceeded; Kubernetes reports it but does not roll back on its own.
explain-ctl-replicaset-create-pod =
    ReplicaSet { $owner } wants { $replicas } { $replicas ->
        [one] pod
       *[other] pods
    } matching its selector and counted fewer, so { $caller } created one from the ReplicaSet's pod template. kube-apiserver named it { $object }: the ReplicaSet's name and five random characters (metadata.generateName). The pod has an ownerReference to its ReplicaSet and no node yet: the scheduler takes it from here.
explain-ctl-replicaset-delete-pod =
    ReplicaSet { $owner } has more pods than the { $replicas } it wants, so { $caller } deleted { $object }. It removes the pods that cost least to lose: not yet on a node before scheduled, Pending before Running, not ready before ready, a lower pod-deletion-cost first, pods sharing a node with more of their siblings first, then those ready for the shortest time, with more restarts, created last.
explain-ctl-replicaset-status =
    { $caller } reported ReplicaSet { $object }'s status: { $replicas } of { $desired } pods exist, { $ready } ready, { $available } available.{ $hasOwner ->
        [yes] {" "}The Deployment controller reads these counts to choose its next step for { $owner }.
       *[no] {""}
    }
explain-ctl-statefulset-create-pod =
    StatefulSet { $owner } is missing ordinal { $ordinal }, so { $caller } created { $object }. StatefulSet pods are named by ordinal, not at random, and a replacement gets the same name, the same DNS name and the same volume claims. { $policy ->
        [Parallel] Under podManagementPolicy Parallel it creates all missing pods at once, without waiting for each other.
       *[other] Under podManagementPolicy OrderedReady it creates them one at a time, 0, 1, 2 …, each only after the one before is Running and Ready.
    }
explain-ctl-statefulset-delete-pod =
    { $why ->
        [scale] StatefulSet { $owner } was scaled down and no longer wants ordinal { $ordinal }, so { $caller } deleted { $object }. Scale-down goes from the highest ordinal down; the pod's PersistentVolumeClaims stay unless persistentVolumeClaimRetentionPolicy says whenScaled: Delete.
       *[update] { $object } runs an older revision of StatefulSet { $owner }'s template, so { $caller } deleted it; it comes back with the same name at the current revision. A RollingUpdate goes from the highest ordinal down, maxUnavailable pods at a time, and stops at the partition.
    }
explain-ctl-statefulset-claim =
    { $caller } created the PersistentVolumeClaim { $object }{ $hasPod ->
        [yes] {" "}for pod { $pod }
       *[no] {""}
    } from the StatefulSet's volumeClaimTemplates, before the pod itself. Its name is the template's name and the pod's, so a replacement pod with the same name finds the same claim, and the same data.
explain-ctl-controller-revision =
    { $caller } saved { $ownerKind } { $owner }'s current pod template as ControllerRevision { $object }. StatefulSets and DaemonSets keep their history this way (Deployments keep old ReplicaSets instead): each pod is labeled with the revision it runs, and `kubectl rollout history` and `rollout undo` read these.
explain-ctl-daemonset-create-pod =
    Node { $node } can run DaemonSet { $owner }'s pod and has none, so { $caller } created { $object } for it. The pod asks for that node by name (node affinity on metadata.name), so the default scheduler places it there; the controller also adds tolerations such as node.kubernetes.io/not-ready and unreachable, so the pod is not evicted from a troubled node.
explain-ctl-daemonset-delete-pod =
    { $caller } deleted { $object } on node { $node }: either that node can no longer run DaemonSet { $owner }'s pod (a taint, a label or the node changed), or a rolling update replaces it with one of the current template, maxUnavailable nodes at a time.
explain-ctl-job-create-pod =
    Job { $owner } { $completions ->
        [0] has { $succeeded } succeeded { $succeeded ->
            [one] pod
           *[other] pods
        }
       *[other] has { $succeeded } of { $completions } { $completions ->
            [one] completion
           *[other] completions
        }
    } and runs up to { $parallelism } { $parallelism ->
        [one] pod
       *[other] pods
    } at a time, so { $caller } created { $object }{ $hasIndex ->
        [yes] {" "}for completion index { $index }
       *[no] {""}
    }. Failed pods ({ $failed } so far) count toward backoffLimit, and after a failure the next pod waits 10 s, doubling each time up to 10 minutes (the job controller's MaxJobPodFailureBackOff; some documentation says six).
explain-ctl-job-delete-pod =
    { $caller } deleted { $object } of Job { $owner }: a Job that has succeeded or failed (backoffLimit, activeDeadlineSeconds, a pod failure policy) stops the pods it still runs, and a lowered parallelism removes the extra ones.
explain-ctl-job-condition =
    { $caller } set condition { $condition } on Job { $object }{ $hasReason ->
        [yes] {" "}(reason { $reason })
       *[no] {""}
    }{ $hasMessage ->
        [yes] : “{ $message }”
       *[no] {""}
    }. Pods so far: { $succeeded } succeeded, { $failed } failed. A Job first gets SuccessCriteriaMet or FailureTarget, and Complete or Failed only once all of its pods have stopped.
explain-ctl-cronjob-create-job =
    CronJob { $owner }'s schedule “{ $schedule }” came due at { $scheduled }, so { $caller } created Job { $object }: its name is the CronJob's and the scheduled time in minutes since 1970, so one schedule time can never make two Jobs. { $policy ->
        [Forbid] concurrencyPolicy Forbid: had the previous Job still been running, this run would have been skipped.
        [Replace] concurrencyPolicy Replace: a Job still running from an earlier time would have been deleted for this one.
       *[other] concurrencyPolicy Allow: it runs beside any Job still running.
    }
explain-ctl-cronjob-delete-job =
    { $why ->
        [replace] { $caller } deleted Job { $object }, still running, because CronJob { $owner } has concurrencyPolicy Replace and its next run came due.
       *[history] { $caller } deleted the finished Job { $object }: CronJob { $owner } keeps only its newest successful (successfulJobsHistoryLimit, 3 by default) and failed (failedJobsHistoryLimit, 1) Jobs.
    }
explain-ctl-gc-delete =
    { $caller } deleted { $object }: { $how ->
        [foreground] its owner { $ownerKind } { $owner } is being deleted in the foreground and waits, held by its foregroundDeletion finalizer, until its dependents are gone.
       *[background] its owner { $ownerKind } { $owner } no longer exists (the ownerReference points at a uid that is gone). This is cascading deletion in the background: `kubectl delete` removes the owner, then the garbage collector removes what it owned.
    }
explain-ctl-ttl-delete =
    Job { $object } finished { $ttl } s ago (ttlSecondsAfterFinished), so { $caller } deleted it, in the foreground: its pods go first.
explain-ctl-pdb-status =
    { $caller } recounted PodDisruptionBudget { $object }: { $healthy } healthy { $healthy ->
        [one] pod
       *[other] pods
    }, { $desired } required, so { $allowed } voluntary { $allowed ->
        [one] disruption is
       *[other] disruptions are
    } allowed now. The eviction API (what `kubectl drain` uses) refuses an eviction with 429 Too Many Requests while this is 0.
explain-ctl-hpa-status =
    { $caller } wrote the status of HorizontalPodAutoscaler { $object }: { $current } current and { $desired } desired replicas. { $active }
explain-ctl-hpa-scale =
    { $caller } set { $kind } { $object } from { $from } to { $to } replicas through its scale subresource: the HorizontalPodAutoscaler's recommendation from the metrics it reads, held by its stabilization window and scaling rate, and kept within minReplicas and maxReplicas.
explain-ctl-endpointslice =
    { $caller } rewrote EndpointSlice { $object } of Service { $service }: { $ready } ready, { $notReady } not ready{ $terminating ->
        [0] {""}
       *[other] {" "}({ $terminating } terminating)
    }. kube-proxy on every node watches the slices and sends new connections only to ready endpoints; terminating ones only as a last resort, when none is ready.
explain-ctl-podgc =
    { $step ->
        [fail] { $caller } marked { $object } Failed
       *[delete] { $caller } deleted { $object } (grace period 0)
    }: { $why ->
        [orphan] its node { $node } no longer exists. After a 40 s quarantine and a last look at the Node, the pod garbage collector first sets the pod's phase to Failed with a DisruptionTarget condition (DeletionByPodGC), then deletes it at once — no kubelet is left to stop it gracefully.
        [unscheduled] it was being deleted but never got a node, so no kubelet would ever finish its deletion.
        [threshold] more terminated pods exist than --terminated-pod-gc-threshold (12500) allows, and the oldest go first.
       *[out-of-service] it is terminating on node { $node }, which is not Ready and carries the node.kubernetes.io/out-of-service taint: an administrator declared the node gone, so the pod is removed without waiting for its kubelet.
    }
