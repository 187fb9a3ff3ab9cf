//! The workload controllers explained by what they decided: a script that makes every
//! controller act (a Deployment rolled twice and scaled, a StatefulSet with claims scaled
//! down (claims bound to two hostPath volumes of a class the script brings: the
//! default cluster has none), a DaemonSet updated, Jobs that succeed, fail by deadline and expire, a CronJob
//! past its history limit, cascades in both directions, a PDB, a Service, a Node deleted
//! under its pods, an HPA raising a Deployment to its minimum) must reach every
//! message `decision.rs` can give, each formatted without error in both languages.

use std::collections::BTreeSet;

use podlife_player::Player;
use podlife_player::decision::MESSAGE_IDS;
use podlife_i18n::{Lang, Localizer};
use podlife_player::view::explain_reaction;

const SCRIPT: &str = r#"kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 4
  revisionHistoryLimit: 1
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: nginx:1.27}]}
---
apiVersion: v1
kind: Service
metadata: {name: web}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec: {minAvailable: 2, selector: {matchLabels: {app: web}}}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 2
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: nginx:1.27}]}
  volumeClaimTemplates:
  - metadata: {name: data-vol}
    spec: {storageClassName: manual, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
---
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: manual}
provisioner: kubernetes.io/no-provisioner
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-a}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: manual, hostPath: {path: /data/a}}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-b}
spec: {capacity: {storage: 1Gi}, accessModes: [ReadWriteOnce], storageClassName: manual, hostPath: {path: /data/b}}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: nginx:1.27}]}
---
apiVersion: batch/v1
kind: Job
metadata: {name: once}
spec:
  ttlSecondsAfterFinished: 5
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox:1.36, command: [sh, -c, "sleep 2"]}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: slow}
spec:
  activeDeadlineSeconds: 5
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox:1.36, command: [sh, -c, "sleep 600"]}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: tick}
spec:
  schedule: "* * * * *"
  successfulJobsHistoryLimit: 1
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: c, image: busybox:1.36, command: [sh, -c, "true"]}]
YAML
sleep 30
kubectl set image deployment/web nginx=nginx:1.28
sleep 30
kubectl set image deployment/web nginx=nginx:1.29
sleep 30
kubectl scale deployment web --replicas=2
kubectl scale statefulset db --replicas=1
kubectl set image daemonset/agent agent=nginx:1.28
sleep 200
kubectl delete deployment web
kubectl delete daemonset agent --cascade=foreground
sleep 30
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata: {name: pinned}
spec: {nodeName: worker-2, containers: [{name: nginx, image: nginx:1.27}]}
YAML
sleep 5
kubectl delete node worker-2
kubectl create deployment small --image=nginx:1.27
kubectl autoscale deployment small --min=2 --max=3
sleep 90
"#;

#[test]
fn every_controller_decision_is_reached_and_translated() {
    let mut p = Player::new(1);
    p.run_script(SCRIPT).unwrap();
    let failed: Vec<_> = p.console().iter().filter(|e| e.failed).map(|e| format!("{}: {}", e.line, e.output)).collect();
    assert!(failed.is_empty(), "{failed:?}");
    let localizers: Vec<Localizer> = Lang::ALL.iter().map(|l| Localizer::new(*l)).collect();
    let mut reached = BTreeSet::new();
    for r in p.reactions() {
        let m = explain_reaction(&p, r);
        for l in &localizers {
            let (text, errors) = l.format(&m.id, &m.args);
            assert!(errors.is_empty() && !text.trim().is_empty(), "{}: {errors:?} {text}", m.id);
        }
        reached.insert(m.id);
    }
    let missing: Vec<_> = MESSAGE_IDS.iter().filter(|id| !reached.contains(**id)).collect();
    assert!(missing.is_empty(), "never reached: {missing:?}");
}

#[test]
fn a_rolling_update_is_explained_by_its_bounds() {
    let mut p = Player::new(1);
    p.run_script(SCRIPT).unwrap();
    let l = Localizer::new(Lang::En);
    let texts: Vec<String> = p.reactions().iter().map(|r| explain_reaction(&p, r)).filter(|m| m.id == "explain-ctl-scale-replicaset").map(|m| l.format(&m.id, &m.args).0).collect();
    // 4 replicas at 25%/25%: maxSurge rounds up to 1, maxUnavailable down to 1.
    assert!(texts.iter().any(|t| t.contains("at most 5 pods in total") && t.contains("at least 3 available")), "{texts:#?}");
}
