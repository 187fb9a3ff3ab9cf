//! The trace: what every component did, as plain data. No prose is stored here; the console
//! and the web app render it (see `podlife-console`'s `render` module and `static/i18n`).

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::clock::Time;

/// Who acted: a control-plane component, or a node component with its node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ComponentRef {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
}

impl ComponentRef {
    pub fn control_plane(name: &str) -> ComponentRef {
        ComponentRef { name: name.to_string(), node: None }
    }

    pub fn on_node(name: &str, node: &str) -> ComponentRef {
        ComponentRef { name: name.to_string(), node: Some(node.to_string()) }
    }
}

/// The object a reaction is about.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ObjectRef {
    /// `Pod`, `Node`, … (the kind, not the resource).
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
    pub name: String,
}

/// What happened. The serialized names are stable identifiers (translation keys derive from
/// them), so renaming one is a breaking change for the web app's locale files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Action {
    /// kube-apiserver received a request (params: verb, path, user agent).
    #[serde(rename = "request")]
    Request,
    /// Authentication resolved the user (params: user, groups; impersonation when `--as`).
    #[serde(rename = "authn")]
    Authentication,
    /// RBAC decided (params: verb, resource, namespace, allowed, reason).
    #[serde(rename = "authz")]
    Authorization,
    /// The body was decoded and defaulted (diff: the defaults set).
    #[serde(rename = "decode")]
    Decode,
    /// One mutating admission plugin ran (params: plugin; diff: what it set).
    #[serde(rename = "admission.mutating")]
    MutatingAdmission,
    /// The registry prepared and validated the object (params: errors).
    #[serde(rename = "validation")]
    Validation,
    /// One validating admission plugin ran (params: plugin, allowed).
    #[serde(rename = "admission.validating")]
    ValidatingAdmission,
    /// etcd stored the object (params: operation, resourceVersion).
    #[serde(rename = "etcd")]
    Etcd,
    /// The watch cache broadcast an event (params: type ADDED/MODIFIED/DELETED, resourceVersion).
    #[serde(rename = "watch")]
    Watch,
    /// A component's informer received a watch event (params: type, resourceVersion).
    #[serde(rename = "informer.deliver")]
    InformerDeliver,
    /// A component listed a resource to fill its cache (params: resource, count, resourceVersion).
    #[serde(rename = "informer.list")]
    InformerList,
    /// kube-apiserver answered (params: code, reason).
    #[serde(rename = "response")]
    Response,
    /// A component was stopped or started by the user.
    #[serde(rename = "component.stop")]
    ComponentStop,
    #[serde(rename = "component.start")]
    ComponentStart,
    /// kube-scheduler took a pod from activeQ (params: priority).
    #[serde(rename = "scheduler.pop")]
    SchedulerPop,
    #[serde(rename = "scheduler.prefilter")]
    SchedulerPreFilter,
    /// Every evaluated node's filter verdicts (params: nodes[{node, filters[{plugin, code,
    /// reasons}], feasible}], notEvaluated, feasible).
    #[serde(rename = "scheduler.filter")]
    SchedulerFilter,
    /// PostFilter plugins after no node fit (params: message).
    #[serde(rename = "scheduler.postfilter")]
    SchedulerPostFilter,
    #[serde(rename = "scheduler.prescore")]
    SchedulerPreScore,
    /// Raw and normalized scores per plugin, weights and totals (params: nodes, plugins[{plugin,
    /// weight, raw[], normalized[]}], totals[]).
    #[serde(rename = "scheduler.score")]
    SchedulerScore,
    /// The host chosen among the best totals (params: node, score, tied).
    #[serde(rename = "scheduler.select")]
    SchedulerSelectHost,
    #[serde(rename = "scheduler.reserve")]
    SchedulerReserve,
    #[serde(rename = "scheduler.permit")]
    SchedulerPermit,
    #[serde(rename = "scheduler.prebind")]
    SchedulerPreBind,
    #[serde(rename = "scheduler.bind")]
    SchedulerBind,
    /// A kubelet pod worker sync (params: type SyncPod / SyncTerminatingPod /
    /// SyncTerminatedPod, phase, gracePeriod).
    #[serde(rename = "kubelet.sync")]
    KubeletSync,
    /// PLEG's relist found container changes (params: events[{pod, container, type}]).
    #[serde(rename = "kubelet.pleg")]
    KubeletPleg,
    /// The kubelet stops a container (params: container, gracePeriod).
    #[serde(rename = "kubelet.kill")]
    KubeletKill,
    /// A CRI call served by containerd (params: method, container, error).
    #[serde(rename = "cri")]
    Cri,
    /// An image pull (params: image, result pulling/pulled, bytes, error).
    #[serde(rename = "image.pull")]
    ImagePull,
    /// The CNI plugin (params: command ADD/DEL, ip, gateway).
    #[serde(rename = "cni")]
    Cni,
    /// runc created or started a container (params: op, argv, pid, namespaces, cgroup).
    #[serde(rename = "runc")]
    Runc,
    /// A container's shim (params: op start/exit, exitCode, reason).
    #[serde(rename = "shim")]
    Shim,
    /// A signal delivered to a container's PID 1 (params: signal, disposition).
    #[serde(rename = "signal")]
    Signal,
    /// A node lost (or regained) its connection to the control plane (`podlife node down/up`).
    #[serde(rename = "node.down")]
    NodeDown,
    #[serde(rename = "node.up")]
    NodeUp,
    /// A lifecycle hook ran (params: container, hook postStart/preStop, handler, durationMs, error).
    #[serde(rename = "kubelet.hook")]
    KubeletHook,
    /// A probe attempt (params: container, probe, result, output).
    #[serde(rename = "kubelet.probe")]
    KubeletProbe,
    /// The kubelet ran a command in a container (params: container, command).
    #[serde(rename = "kubelet.exec")]
    KubeletExec,
    /// The kubelet served a container's log (params: container, previous).
    #[serde(rename = "kubelet.logs")]
    KubeletLogs,
}

impl Action {
    /// The stable identifier (`authn`, `etcd`, …).
    pub fn id(self) -> &'static str {
        match self {
            Action::Request => "request",
            Action::Authentication => "authn",
            Action::Authorization => "authz",
            Action::Decode => "decode",
            Action::MutatingAdmission => "admission.mutating",
            Action::Validation => "validation",
            Action::ValidatingAdmission => "admission.validating",
            Action::Etcd => "etcd",
            Action::Watch => "watch",
            Action::InformerDeliver => "informer.deliver",
            Action::InformerList => "informer.list",
            Action::Response => "response",
            Action::ComponentStop => "component.stop",
            Action::ComponentStart => "component.start",
            Action::SchedulerPop => "scheduler.pop",
            Action::SchedulerPreFilter => "scheduler.prefilter",
            Action::SchedulerFilter => "scheduler.filter",
            Action::SchedulerPostFilter => "scheduler.postfilter",
            Action::SchedulerPreScore => "scheduler.prescore",
            Action::SchedulerScore => "scheduler.score",
            Action::SchedulerSelectHost => "scheduler.select",
            Action::SchedulerReserve => "scheduler.reserve",
            Action::SchedulerPermit => "scheduler.permit",
            Action::SchedulerPreBind => "scheduler.prebind",
            Action::SchedulerBind => "scheduler.bind",
            Action::KubeletSync => "kubelet.sync",
            Action::KubeletPleg => "kubelet.pleg",
            Action::KubeletKill => "kubelet.kill",
            Action::Cri => "cri",
            Action::ImagePull => "image.pull",
            Action::Cni => "cni",
            Action::Runc => "runc",
            Action::Shim => "shim",
            Action::Signal => "signal",
            Action::KubeletLogs => "kubelet.logs",
            Action::KubeletExec => "kubelet.exec",
            Action::KubeletProbe => "kubelet.probe",
            Action::KubeletHook => "kubelet.hook",
            Action::NodeDown => "node.down",
            Action::NodeUp => "node.up",
        }
    }
}

/// One field a reaction changed. `None` is "absent".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Value>,
}

/// One reaction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceEvent {
    pub time: Time,
    pub seq: u64,
    pub component: ComponentRef,
    pub action: Action,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub object: Option<ObjectRef>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, Value>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diff: Vec<FieldChange>,
}

/// The leaf-level differences between two JSON values, in path order. Lists are compared
/// item by item; a leaf is any scalar, empty list or empty object.
pub fn diff(before: &Value, after: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    diff_into(Some(before), Some(after), String::new(), &mut out);
    out
}

fn diff_into(before: Option<&Value>, after: Option<&Value>, path: String, out: &mut Vec<FieldChange>) {
    match (before, after) {
        (Some(Value::Object(a)), Some(Value::Object(b))) if !a.is_empty() || !b.is_empty() => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for k in keys {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                diff_into(a.get(k), b.get(k), p, out);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) if !a.is_empty() || !b.is_empty() => {
            for i in 0..a.len().max(b.len()) {
                diff_into(a.get(i), b.get(i), format!("{path}[{i}]"), out);
            }
        }
        (a, b) if a == b => {}
        (a, b) => out.push(FieldChange { path, before: a.cloned(), after: b.cloned() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn diff_lists_changed_leaves() {
        let a = json!({"spec":{"containers":[{"name":"a"}]}});
        let b = json!({"spec":{"containers":[{"name":"a","imagePullPolicy":"IfNotPresent"}],"dnsPolicy":"ClusterFirst"}});
        let d = diff(&a, &b);
        let paths: Vec<_> = d.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["spec.containers[0].imagePullPolicy", "spec.dnsPolicy"]);
        assert_eq!(d[1].before, None);
        assert_eq!(d[1].after, Some(json!("ClusterFirst")));
    }
}
