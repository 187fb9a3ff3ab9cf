//! The trace: what every component did, as plain data. No prose is stored here; the console
//! and the web app render it (see `podlife-console`'s `render` module and `static/i18n`).

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use crate::clock::Time;

mod frozen;
pub mod sampling;
mod sym;

use frozen::Frozen;
pub use sym::Sym;

/// A change of the trace's sampling (`sampling.rs`): from now on it keeps one pod in
/// `one_in`, the cluster having grown to `pods` pods on `nodes` nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sampled {
    pub one_in: u32,
    pub pods: usize,
    pub nodes: usize,
}

impl Sampled {
    /// The console's statement of it.
    pub fn message(&self) -> String {
        format!(
            "podlife: the cluster has {} pods on {} nodes: from here on the trace keeps the reactions of 1 pod in {} (with its events) and 1 node's Lease in {}; everything else, and the cluster itself, stays exact (podlife run --trace-level=full keeps all)",
            self.pods, self.nodes, self.one_in, self.one_in
        )
    }
}

/// Who acted: a control-plane component, or a node component with its node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ComponentRef {
    pub name: Sym,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<Sym>,
}

impl ComponentRef {
    pub fn control_plane(name: &str) -> ComponentRef {
        ComponentRef { name: Sym::new(name), node: None }
    }

    pub fn on_node(name: &str, node: &str) -> ComponentRef {
        ComponentRef { name: Sym::new(name), node: Some(Sym::new(node)) }
    }
}

/// The object a reaction is about.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ObjectRef {
    /// `Pod`, `Node`, … (the kind, not the resource).
    pub kind: Sym,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub namespace: Option<Sym>,
    pub name: Sym,
}

impl ObjectRef {
    pub fn new(kind: &str, namespace: Option<&str>, name: &str) -> ObjectRef {
        ObjectRef { kind: Sym::new(kind), namespace: namespace.map(Sym::new), name: Sym::new(name) }
    }
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
    /// kube-apiserver called an admission webhook (params: plugin MutatingAdmissionWebhook /
    /// ValidatingAdmissionWebhook, webhook, configuration, url, operation, result allowed /
    /// patched / denied / failed, error, failurePolicy, ignored, durationMs, round; diff: what
    /// the webhook's patch changed).
    #[serde(rename = "admission.webhook")]
    AdmissionWebhook,
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
    /// The kubelet's eviction manager evicts a pod (params: signal, message).
    #[serde(rename = "kubelet.evict")]
    KubeletEvict,
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
    /// A machine joins the cluster (`podlife node add`): its kubelet, containerd and kube-proxy
    /// start (params: node, cpu, memory, pods, ip).
    #[serde(rename = "node.add")]
    NodeAdd,
    /// A machine goes down: every process on it ends at once (params: node, reason reboot/remove).
    #[serde(rename = "node.shutdown")]
    NodeShutdown,
    /// A machine comes back up with a new boot id (params: node, bootID).
    #[serde(rename = "node.boot")]
    NodeBoot,
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
    /// kube-proxy started a sync of its node's rules (params: trigger change/periodic,
    /// restoreMs, servicePorts, endpoints, changed, sinceLastSyncMs).
    #[serde(rename = "proxy.sync")]
    ProxySync,
    /// `iptables-restore` finished; the node's rules are in effect (params: changed; diff:
    /// per service port, the endpoints traffic goes to).
    #[serde(rename = "proxy.restore")]
    ProxyRestore,
    /// A traffic client's request ended (params: result ok/502/503/reset/timeout, reason,
    /// endpoint, pod, run).
    #[serde(rename = "traffic.request")]
    TrafficRequest,
    /// A traffic run finished (params: run, requests, ok).
    #[serde(rename = "traffic.done")]
    TrafficDone,
    /// CoreDNS's `forward` plugin sent a question outside the cluster zone to its node's
    /// resolver, which answered from the simulated Internet (params: name, type, upstream,
    /// nodeIP, rcode NOERROR/NXDOMAIN, answers, known — false: not a name podlife's Internet
    /// has).
    #[serde(rename = "dns.forward")]
    DnsForward,
    /// A pod's resolver (`dnsPolicy: Default`, or `nslookup NAME SERVER`) asked a resolver
    /// outside the cluster itself (params: name, type, server, podIP, node, nodeIP, rcode, answers,
    /// known).
    #[serde(rename = "internet.dns")]
    InternetDns,
    /// A host of the simulated Internet answered an HTTP(S) request from a pod (params: host,
    /// ip, port, scheme, path, code, bytes, location, podIP, node and nodeIP — kindnet's masquerade —,
    /// publicIP — what the host sees).
    #[serde(rename = "internet.http")]
    InternetHttp,
    /// A quiet stretch passed in one step: every periodic task would have changed nothing
    /// (params: fromMs — since the script's start —, ms; `quiet.rs`).
    #[serde(rename = "quiet.skip")]
    QuietSkip,
    /// The CNI's NetworkPolicy enforcement dropped a new connection (`netpol.rs`; params:
    /// direction egress/ingress — the source pod's policies or the destination's —, src, dst,
    /// port, protocol, policies — the names of those that isolate the pod, none admitting it).
    #[serde(rename = "netpol.drop")]
    NetpolDrop,
    /// From here on the trace keeps one pod in `oneIn` (with its events) and one node's Lease
    /// in `oneIn`, because the cluster has grown to `pods` pods on `nodes` nodes
    /// (`trace/sampling.rs`); the cluster itself is exact.
    #[serde(rename = "trace.sampled")]
    TraceSampled,
}

impl Action {
    /// The stable identifier (`authn`, `etcd`, …).
    /// Every action, in declaration order (lesson files name them by id).
    pub const ALL: [Action; 55] = [Action::Request, Action::Authentication, Action::Authorization, Action::Decode, Action::MutatingAdmission, Action::Validation, Action::ValidatingAdmission, Action::AdmissionWebhook, Action::Etcd, Action::Watch, Action::InformerDeliver, Action::InformerList, Action::Response, Action::ComponentStop, Action::ComponentStart, Action::SchedulerPop, Action::SchedulerPreFilter, Action::SchedulerFilter, Action::SchedulerPostFilter, Action::SchedulerPreScore, Action::SchedulerScore, Action::SchedulerSelectHost, Action::SchedulerReserve, Action::SchedulerPermit, Action::SchedulerPreBind, Action::SchedulerBind, Action::KubeletSync, Action::KubeletPleg, Action::KubeletKill, Action::KubeletEvict, Action::Cri, Action::ImagePull, Action::Cni, Action::Runc, Action::Shim, Action::Signal, Action::KubeletLogs, Action::KubeletExec, Action::KubeletProbe, Action::KubeletHook, Action::NodeDown, Action::NodeUp, Action::NodeAdd, Action::NodeShutdown, Action::NodeBoot, Action::ProxySync, Action::ProxyRestore, Action::TrafficRequest, Action::TrafficDone, Action::DnsForward, Action::InternetDns, Action::InternetHttp, Action::QuietSkip, Action::NetpolDrop, Action::TraceSampled];

    /// The action with this stable identifier.
    pub fn from_id(id: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.id() == id)
    }

    pub fn id(self) -> &'static str {
        match self {
            Action::Request => "request",
            Action::Authentication => "authn",
            Action::Authorization => "authz",
            Action::Decode => "decode",
            Action::MutatingAdmission => "admission.mutating",
            Action::Validation => "validation",
            Action::ValidatingAdmission => "admission.validating",
            Action::AdmissionWebhook => "admission.webhook",
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
            Action::KubeletEvict => "kubelet.evict",
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
            Action::NodeAdd => "node.add",
            Action::NodeShutdown => "node.shutdown",
            Action::NodeBoot => "node.boot",
            Action::ProxySync => "proxy.sync",
            Action::ProxyRestore => "proxy.restore",
            Action::TrafficRequest => "traffic.request",
            Action::TrafficDone => "traffic.done",
            Action::DnsForward => "dns.forward",
            Action::InternetDns => "internet.dns",
            Action::InternetHttp => "internet.http",
            Action::QuietSkip => "quiet.skip",
            Action::NetpolDrop => "netpol.drop",
            Action::TraceSampled => "trace.sampled",
        }
    }
}

/// A JSON value kept as its compact text: a trace holds hundreds of thousands of changed
/// values, and a `Value` tree costs ten times its text (a map node is ~600 bytes), so a
/// 10,000-pod run spent more memory on its trace's diffs than on its objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Json(Box<str>);

impl Json {
    pub fn new(v: &Value) -> Json {
        Json(serde_json::to_string(v).unwrap_or_default().into_boxed_str())
    }

    /// The value itself (parsed from its text).
    pub fn value(&self) -> Value {
        serde_json::from_str(&self.0).unwrap_or(Value::Null)
    }
}

impl From<Value> for Json {
    fn from(v: Value) -> Json {
        Json::new(&v)
    }
}

impl Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value().serialize(s)
    }
}

/// One field a reaction changed. `None` is "absent".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    pub path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Json>,
}

/// A reaction's parameters: a JSON object kept as a short list sorted by key, its texts
/// interned (most reactions carry one to five, and repeat the same keys and values), plus the
/// scheduling cycle's table, kept compact until it is read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Params {
    entries: Box<[(Sym, Frozen)]>,
    table: Option<Box<Table>>,
}

impl Params {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty() && self.table.is_none()
    }

    /// One parameter, built as JSON on demand (the trace keeps it frozen).
    pub fn get(&self, key: &str) -> Option<std::borrow::Cow<'_, Value>> {
        if let Ok(i) = self.entries.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
            return Some(std::borrow::Cow::Owned(self.entries[i].1.thaw()));
        }
        self.table.as_ref()?.entry(key).map(std::borrow::Cow::Owned)
    }

    /// Every parameter as JSON, in key order.
    pub fn to_map(&self) -> BTreeMap<String, Value> {
        let mut map: BTreeMap<String, Value> = crate::sort::collect_map(self.entries.iter().map(|(k, v)| (k.to_string(), v.thaw())));
        if let Some(t) = &self.table {
            for key in t.keys() {
                if let Some(v) = t.entry(key) {
                    map.insert(key.to_string(), v);
                }
            }
        }
        map
    }

    pub(crate) fn with_table(mut self, table: Table) -> Params {
        self.table = Some(Box::new(table));
        self
    }
}

impl From<BTreeMap<String, Value>> for Params {
    fn from(map: BTreeMap<String, Value>) -> Params {
        Params { entries: map.into_iter().map(|(k, v)| (Sym::new(&k), Frozen::freeze(v))).collect(), table: None }
    }
}

impl Serialize for Params {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.table {
            None => {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(self.entries.len()))?;
                for (k, v) in self.entries.iter() {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
            Some(_) => self.to_map().serialize(serializer),
        }
    }
}

/// A scheduling cycle's node × plugin table. Large clusters list up to `TABLE_ROWS` nodes
/// with seven score plugins each; as JSON objects that cost tens of kilobytes per cycle.
#[derive(Debug, Clone, PartialEq)]
pub enum Table {
    /// `nodes` (one row per evaluated node, in order) and `notEvaluated`.
    Filter { rows: Vec<FilterRow>, not_evaluated: Vec<Box<str>> },
    /// `nodes`, `plugins` (one column per plugin that scored) and `totals`.
    Score { nodes: Vec<Box<str>>, columns: Vec<ScoreColumn>, totals: Vec<i64> },
}

#[derive(Debug, Clone, PartialEq)]
pub struct FilterRow {
    pub node: Box<str>,
    pub verdict: Verdict,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Fits,
    /// The nominated node, tried alone before the others.
    FitsNominated,
    /// The first filter plugin that rejected the node (later ones did not run).
    Rejected { plugin: &'static str, code: &'static str, reasons: Vec<String> },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ScoreColumn {
    pub plugin: &'static str,
    pub weight: i64,
    pub raw: Vec<i64>,
    pub normalized: Vec<i64>,
}

impl Table {
    fn keys(&self) -> &'static [&'static str] {
        match self {
            Table::Filter { .. } => &["nodes", "notEvaluated"],
            Table::Score { .. } => &["nodes", "plugins", "totals"],
        }
    }

    fn entry(&self, key: &str) -> Option<Value> {
        match (self, key) {
            (Table::Filter { rows, .. }, "nodes") => Some(Value::Array(
                rows.iter()
                    .map(|r| match &r.verdict {
                        Verdict::Fits => json!({"node": r.node}),
                        Verdict::FitsNominated => json!({"node": r.node, "filters": [], "feasible": true, "nominated": true}),
                        Verdict::Rejected { plugin, code, reasons } => json!({"node": r.node, "rejectedBy": plugin, "code": code, "reasons": reasons}),
                    })
                    .collect(),
            )),
            (Table::Filter { not_evaluated, .. }, "notEvaluated") => Some(json!(not_evaluated)),
            (Table::Score { nodes, .. }, "nodes") => Some(json!(nodes)),
            (Table::Score { columns, .. }, "plugins") => Some(Value::Array(
                columns.iter().map(|c| json!({"plugin": c.plugin, "weight": c.weight, "raw": c.raw, "normalized": c.normalized})).collect(),
            )),
            (Table::Score { totals, .. }, "totals") => Some(json!(totals)),
            _ => None,
        }
    }
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
    #[serde(skip_serializing_if = "Params::is_empty")]
    pub params: Params,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diff: Vec<FieldChange>,
}

/// The leaf-level differences between two JSON values, in path order. Lists are compared
/// item by item; a leaf is any scalar, empty list or empty object.
pub fn diff(before: &Value, after: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    diff_into(Some(before), Some(after), &mut String::new(), &mut out);
    out
}

/// The differences below one field (`path` is its dotted name).
pub(crate) fn diff_at(before: Option<&Value>, after: Option<&Value>, path: &str) -> Vec<FieldChange> {
    let mut out = Vec::new();
    diff_into(before, after, &mut path.to_string(), &mut out);
    out
}

/// Walks both values in key order; a member or item equal on both sides is passed over
/// without building its path (a write of a large object changes a few fields of it).
fn diff_into(before: Option<&Value>, after: Option<&Value>, path: &mut String, out: &mut Vec<FieldChange>) {
    match (before, after) {
        (Some(Value::Object(a)), Some(Value::Object(b))) if !a.is_empty() || !b.is_empty() => {
            let (mut ia, mut ib) = (a.iter().peekable(), b.iter().peekable());
            loop {
                let order = match (ia.peek(), ib.peek()) {
                    (None, None) => break,
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (Some((ka, _)), Some((kb, _))) => ka.cmp(kb),
                };
                let (key, va, vb) = match order {
                    std::cmp::Ordering::Less => match ia.next() {
                        Some((k, v)) => (k, Some(v), None),
                        None => break,
                    },
                    std::cmp::Ordering::Greater => match ib.next() {
                        Some((k, v)) => (k, None, Some(v)),
                        None => break,
                    },
                    std::cmp::Ordering::Equal => match (ia.next(), ib.next()) {
                        (Some((k, va)), Some((_, vb))) => (k, Some(va), Some(vb)),
                        _ => break,
                    },
                };
                if va == vb {
                    continue;
                }
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                diff_into(va, vb, path, out);
                path.truncate(len);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) if !a.is_empty() || !b.is_empty() => {
            for i in 0..a.len().max(b.len()) {
                let (va, vb) = (a.get(i), b.get(i));
                if va == vb {
                    continue;
                }
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                diff_into(va, vb, path, out);
                path.truncate(len);
            }
        }
        (a, b) if a == b => {}
        (a, b) => out.push(FieldChange { path: path.clone(), before: a.map(Json::new), after: b.map(Json::new) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_and_serializes_as_plain_params() {
        let rows = vec![
            FilterRow { node: "worker-1".into(), verdict: Verdict::Fits },
            FilterRow { node: "worker-2".into(), verdict: Verdict::Rejected { plugin: "NodeResourcesFit", code: "Unschedulable", reasons: vec!["Insufficient cpu".into()] } },
        ];
        let params = Params::from(BTreeMap::from([("feasible".to_string(), json!(1))])).with_table(Table::Filter { rows, not_evaluated: vec!["worker-3".into()] });
        let expected = json!({
            "feasible": 1,
            "nodes": [{"node": "worker-1"}, {"node": "worker-2", "rejectedBy": "NodeResourcesFit", "code": "Unschedulable", "reasons": ["Insufficient cpu"]}],
            "notEvaluated": ["worker-3"],
        });
        assert_eq!(serde_json::to_value(&params).unwrap(), expected);
        assert_eq!(params.get("notEvaluated").as_deref(), Some(&json!(["worker-3"])));
        assert_eq!(params.get("feasible").as_deref(), Some(&json!(1)));
        assert_eq!(params.get("missing"), None);
        let score = Params::default().with_table(Table::Score {
            nodes: vec!["a".into()],
            columns: vec![ScoreColumn { plugin: "ImageLocality", weight: 1, raw: vec![7], normalized: vec![7] }],
            totals: vec![7],
        });
        assert_eq!(serde_json::to_string(&score).unwrap(), r#"{"nodes":["a"],"plugins":[{"normalized":[7],"plugin":"ImageLocality","raw":[7],"weight":1}],"totals":[7]}"#);
    }

    /// The walk that skips equal members gives what a walk of every member gives.
    #[test]
    fn diff_skipping_equal_members_finds_every_change() {
        fn every(before: Option<&Value>, after: Option<&Value>, path: String, out: &mut Vec<(String, Option<Value>, Option<Value>)>) {
            match (before, after) {
                (Some(Value::Object(a)), Some(Value::Object(b))) if !a.is_empty() || !b.is_empty() => {
                    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
                    for k in keys {
                        every(a.get(k), b.get(k), if path.is_empty() { k.clone() } else { format!("{path}.{k}") }, out);
                    }
                }
                (Some(Value::Array(a)), Some(Value::Array(b))) if !a.is_empty() || !b.is_empty() => {
                    for i in 0..a.len().max(b.len()) {
                        every(a.get(i), b.get(i), format!("{path}[{i}]"), out);
                    }
                }
                (a, b) if a == b => {}
                (a, b) => out.push((path, a.cloned(), b.cloned())),
            }
        }
        let pairs = [
            (json!({"a": 1, "b": {"c": [1, 2, {"d": 3}]}, "e": {}}), json!({"a": 1, "b": {"c": [1, 5, {"d": 4, "f": null}, 7]}, "g": []})),
            (json!({"status": {"conditions": [{"type": "Ready", "status": "True"}], "phase": "Running"}}), json!({"status": null})),
            (json!([{"x": {}}, [], 3]), json!([{"x": {"y": 1}}, [1], "3"])),
            (json!({"k": {"z": 1, "a": 2}}), json!({"k": {"z": 1, "a": 2}})),
            (json!({}), json!({"only": {"after": true}})),
        ];
        for (a, b) in pairs {
            let mut expected = Vec::new();
            every(Some(&a), Some(&b), String::new(), &mut expected);
            let got: Vec<_> = diff(&a, &b).into_iter().map(|c| (c.path, c.before.map(|j| j.value()), c.after.map(|j| j.value()))).collect();
            assert_eq!(got, expected, "{a} → {b}");
        }
    }

    #[test]
    fn diff_lists_changed_leaves() {
        let a = json!({"spec":{"containers":[{"name":"a"}]}});
        let b = json!({"spec":{"containers":[{"name":"a","imagePullPolicy":"IfNotPresent"}],"dnsPolicy":"ClusterFirst"}});
        let d = diff(&a, &b);
        let paths: Vec<_> = d.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(paths, ["spec.containers[0].imagePullPolicy", "spec.dnsPolicy"]);
        assert_eq!(d[1].before, None);
        assert_eq!(d[1].after.as_ref().map(Json::value), Some(json!("ClusterFirst")));
    }
}
