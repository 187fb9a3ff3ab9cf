//! kube-proxy in iptables mode, one per node: it watches Services and EndpointSlices and
//! rewrites its node's NAT rules, so each node has its own view of where a Service's traffic
//! goes — and nodes learn of a change at different moments.
//!
//! Upstream: `pkg/proxy/iptables/proxier.go` (`syncProxyRules`), `pkg/proxy/endpointslicecache.go`
//! (endpoints per service port from the slices), `pkg/proxy/topology.go`
//! (`CategorizeEndpoints`: ready endpoints, else serving-and-terminating ones),
//! `pkg/proxy/runner/bounded_frequency_runner.go` (`minSyncPeriod` 1 s, `syncPeriod` 30 s).
//!
//! Timing, per change: the watch delivery to this node's kube-proxy, the runner's wait (a
//! sync may start at most once per `minSyncPeriod`, and not while the previous one still
//! runs), then `iptables-restore`. Together they are podlife's model of network programming
//! latency in a production cluster (what kube-proxy's `network_programming_duration_seconds`
//! measures; about 1–5 s): the delivery takes 0.2–2 s (the API server's watch fan-out to
//! every node), the restore 0.1–1 s (thousands of rules), each drawn from the seeded RNG, so
//! the nodes catch up at different moments. `podlife kube-proxy config --watch-delay …
//! --restore-time …` changes them (`5ms` and `50ms` are a small lab cluster). A sync that
//! changes nothing (the 30-second periodic one, usually) writes nothing and returns in
//! milliseconds. The rules in effect change only when a restore completes; a stopped
//! kube-proxy leaves its last rules in the kernel.
//!
//! The process is a component of its own ([`KubeProxy`], `component.rs`): its configuration
//! and sync runner; the rules in effect are the node's ([`NatTable`]), read by the packet path
//! (`routing.rs`) and written only by a restore.

pub mod routing;

pub use crate::netfilter::{NatTable, ProxyEndpoint, Rules, ServicePortName, ServiceRules};

use crate::vecmap::VecMap;

use serde_json::Value;

use crate::clock::Time;
use crate::components::Cache;
use crate::Engine;
use crate::trace::{Action, FieldChange};

pub const COMPONENT: &str = "kube-proxy";
const SERVICE_NAME_LABEL: &str = "kubernetes.io/service-name";
/// `v1.DefaultClientIPServiceAffinitySeconds`.
const DEFAULT_AFFINITY_SECONDS: u64 = 10_800;

/// kube-proxy's timing knobs (`--iptables-min-sync-period`, `--iptables-sync-period`) and the
/// modelled `iptables-restore` duration range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProxyConfig {
    pub min_sync_period_ms: u64,
    pub sync_period_ms: u64,
    pub restore_ms: (u64, u64),
    /// How long a Service or EndpointSlice change takes to reach this kube-proxy's informer.
    pub watch_ms: (u64, u64),
}

impl Default for ProxyConfig {
    fn default() -> ProxyConfig {
        ProxyConfig { min_sync_period_ms: 1_000, sync_period_ms: 30_000, restore_ms: (100, 1_000), watch_ms: (200, 2_000) }
    }
}

/// One node's kube-proxy process (`component.rs`): its configuration and its sync runner.
#[derive(Debug, Clone, Default)]
pub struct KubeProxy {
    node: String,
    pub config: ProxyConfig,
    /// What the last sync computed (a delivery that changes nothing syncs nothing).
    computed: Rules,
    last_run: Option<Time>,
    busy_until: Time,
    pending: bool,
    /// Tells the current periodic timer from stale ones.
    periodic: u64,
}

/// kube-proxy's timers; each names its node (one process per node).
#[derive(Debug, Clone)]
pub(crate) enum Timer {
    /// The sync runner fires (`periodic`: the `syncPeriod` timer's token).
    Sync { node: String, periodic: Option<u64> },
    /// `iptables-restore` finished: these rules are now in effect on the node.
    Restored { node: String, rules: Box<Rules> },
}

type Cx<'a> = crate::component::Cx<'a, Timer>;

/// The rules kube-proxy on `node` derives from its informer cache (`syncProxyRules`).
pub fn build_rules(cache: &Cache, node: &str) -> Rules {
    // endpointslicecache: endpoints per service port, a non-terminating copy preferred.
    let mut endpoints: VecMap<ServicePortName, VecMap<String, ProxyEndpoint>> = VecMap::new();
    for (key, slice) in crate::components::cached(cache, "discovery.k8s.io", "endpointslices") {
        let Some(service) = slice["metadata"]["labels"][SERVICE_NAME_LABEL].as_str() else { continue };
        for port in slice["ports"].as_array().into_iter().flatten() {
            let Some(number) = port["port"].as_u64().and_then(|p| u16::try_from(p).ok()) else { continue };
            let spn = ServicePortName {
                namespace: key.namespace.clone(),
                name: service.to_string(),
                port: port["name"].as_str().unwrap_or_default().to_string(),
                protocol: port["protocol"].as_str().unwrap_or("TCP").to_string(),
            };
            let map = endpoints.entry(spn).or_default();
            for e in slice["endpoints"].as_array().into_iter().flatten() {
                let Some(ip) = e["addresses"][0].as_str() else { continue };
                let c = &e["conditions"];
                let ep = ProxyEndpoint {
                    ip: ip.to_string(),
                    port: number,
                    ready: c["ready"].as_bool().unwrap_or(true),
                    serving: c["serving"].as_bool().unwrap_or(true),
                    terminating: c["terminating"].as_bool().unwrap_or(false),
                    node: e["nodeName"].as_str().map(str::to_string),
                };
                match map.get(&ep.address()) {
                    Some(old) if !old.terminating => {}
                    _ => {
                        map.insert(ep.address(), ep);
                    }
                }
            }
        }
    }
    let mut rules = Rules::default();
    for (key, svc) in crate::components::cached(cache, "", "services") {
        let spec = &svc["spec"];
        // `ShouldSkipService`: headless and ExternalName Services get no rules.
        let cluster_ip = spec["clusterIP"].as_str().unwrap_or_default();
        if cluster_ip.is_empty() || cluster_ip == "None" || spec["type"] == "ExternalName" {
            continue;
        }
        let affinity_seconds = (spec["sessionAffinity"] == "ClientIP").then(|| spec["sessionAffinityConfig"]["clientIP"]["timeoutSeconds"].as_u64().unwrap_or(DEFAULT_AFFINITY_SECONDS));
        let internal_local = spec["internalTrafficPolicy"] == "Local";
        let external_local = spec["externalTrafficPolicy"] == "Local";
        for port in spec["ports"].as_array().into_iter().flatten() {
            let Some(number) = port["port"].as_u64().and_then(|p| u16::try_from(p).ok()) else { continue };
            let spn = ServicePortName {
                namespace: key.namespace.clone(),
                name: key.name.clone(),
                port: port["name"].as_str().unwrap_or_default().to_string(),
                protocol: port["protocol"].as_str().unwrap_or("TCP").to_string(),
            };
            let all: Vec<ProxyEndpoint> = endpoints.get(&spn).map(|m| m.values().cloned().collect()).unwrap_or_default();
            let used = categorize(&all, internal_local, node);
            let node_port = port["nodePort"].as_u64().and_then(|p| u16::try_from(p).ok());
            rules.services.insert(spn, ServiceRules { cluster_ip: cluster_ip.to_string(), port: number, node_port, affinity_seconds, internal_local, external_local, all, used });
        }
    }
    rules
}

/// `CategorizeEndpoints` for the cluster or local policy: the ready endpoints; when none is
/// ready, the serving and terminating ones (so a draining pod keeps its connections coming
/// only while it is the last one left).
pub fn categorize(all: &[ProxyEndpoint], local: bool, node: &str) -> Vec<ProxyEndpoint> {
    let here = |e: &ProxyEndpoint| !local || e.node.as_deref() == Some(node);
    let ready: Vec<ProxyEndpoint> = all.iter().filter(|e| e.ready && here(e)).cloned().collect();
    if !ready.is_empty() {
        return ready;
    }
    all.iter().filter(|e| e.serving && e.terminating && here(e)).cloned().collect()
}

/// The per-service-port changes between two rule sets, as trace diffs
/// (`default/web:http tcp` → the endpoint addresses traffic goes to).
fn diff(before: &Rules, after: &Rules) -> Vec<FieldChange> {
    let text = |r: &ServiceRules| Value::Array(r.used.iter().map(|e| Value::String(e.address())).collect());
    let mut keys: Vec<&ServicePortName> = before.services.keys().chain(after.services.keys()).collect();
    crate::sort::sort(&mut keys);
    keys.dedup();
    keys.into_iter()
        .filter_map(|k| {
            let (b, a) = (before.services.get(k).map(text), after.services.get(k).map(text));
            (b != a).then(|| FieldChange { path: format!("{k} {}", crate::gostrings::to_lower(&k.protocol)), before: b.map(Into::into), after: a.map(Into::into) })
        })
        .collect()
}

impl KubeProxy {
    pub(crate) fn new(node: &str) -> KubeProxy {
        KubeProxy { node: node.to_string(), ..KubeProxy::default() }
    }

    /// kube-proxy on a node that is already running: its rules match its cache (and are in
    /// the kernel), and its periodic sync timer has a random phase.
    pub(crate) fn boot(&mut self, cx: &mut Cx<'_>, config: ProxyConfig) {
        let rules = build_rules(cx.cache(), &self.node);
        let phase = cx.rng().below(config.sync_period_ms.max(1));
        self.config = config;
        if let Some(nat) = cx.nat(&self.node) {
            nat.installed = rules.clone();
        }
        self.computed = rules;
        self.periodic += 1;
        let at = cx.now().plus_millis(phase);
        cx.after(at, Timer::Sync { node: self.node.clone(), periodic: Some(self.periodic) });
    }

    /// The bounded-frequency runner's `Run()`: at once if the last sync started at least
    /// `minSyncPeriod` ago and none is running, else when both hold; requests meanwhile
    /// coalesce into that one sync.
    fn request_sync(&mut self, cx: &mut Cx<'_>) {
        if self.pending {
            return;
        }
        self.pending = true;
        let now = cx.now();
        let earliest = self.last_run.map_or(now, |t| t.plus_millis(self.config.min_sync_period_ms)).max(self.busy_until).max(now);
        cx.after(earliest, Timer::Sync { node: self.node.clone(), periodic: None });
    }

    /// `syncProxyRules`: compute the rules from the cache, then `iptables-restore` them.
    fn sync(&mut self, cx: &mut Cx<'_>, periodic: Option<u64>) {
        match periodic {
            Some(token) if token != self.periodic => return,
            Some(_) if self.pending => return,
            None if !self.pending => return,
            _ => {}
        }
        if !cx.running() {
            self.pending = false;
            return;
        }
        let now = cx.now();
        if self.busy_until > now {
            // Still restoring: the runner runs again once the previous sync returns.
            self.pending = true;
            cx.after(self.busy_until, Timer::Sync { node: self.node.clone(), periodic: None });
            return;
        }
        let rules = build_rules(cx.cache(), &self.node);
        let (lo, hi) = self.config.restore_ms;
        // A sync that changes nothing restores nothing (`MinimizeIPTablesRestore`: only
        // changed chains are written), so it returns at once.
        let unchanged = self.computed.same_chains(&rules);
        let restore = if unchanged { cx.rng().between(5, 30).min(lo.max(1)) } else { cx.rng().between(lo, hi) };
        let waited = self.last_run.map(|t| now.millis().saturating_sub(t.millis()));
        self.last_run = Some(now);
        self.pending = false;
        self.busy_until = now.plus_millis(restore);
        self.computed = rules.clone();
        self.periodic += 1;
        let next = now.plus_millis(self.config.sync_period_ms);
        let services = rules.services.len();
        let endpoints: usize = rules.services.values().map(|s| s.used.len()).sum();
        cx.after(next, Timer::Sync { node: self.node.clone(), periodic: Some(self.periodic) });
        let mut params = crate::sort::map_of([
            ("trigger".to_string(), json!(if periodic.is_some() { "periodic" } else { "change" })),
            ("restoreMs".to_string(), json!(restore)),
            ("servicePorts".to_string(), json!(services)),
            ("endpoints".to_string(), json!(endpoints)),
            ("changed".to_string(), json!(!unchanged)),
        ]);
        if let Some(w) = waited {
            params.insert("sinceLastSyncMs".to_string(), json!(w));
        }
        cx.record(Action::ProxySync, None, params, vec![]);
        cx.after(now.plus_millis(restore), Timer::Restored { node: self.node.clone(), rules: Box::new(rules) });
    }

    /// `iptables-restore` returned: the new rules are in effect on the node.
    fn restored(&mut self, cx: &mut Cx<'_>, rules: Rules) {
        let Some(nat) = cx.nat(&self.node) else { return };
        let changes = diff(&nat.installed, &rules);
        nat.installed = rules;
        let params = crate::sort::map_of([("changed".to_string(), json!(!changes.is_empty()))]);
        cx.record(Action::ProxyRestore, None, params, changes);
    }

    /// Would the periodic sync `token` change nothing (a quiet stretch, `quiet.rs`)? Nothing
    /// is pending, no restore runs, and the rules last computed are the ones in effect
    /// (`installed`, from the node's NAT table).
    pub(crate) fn periodic_steady(&self, token: u64, now: Time, installed: Option<&Rules>) -> bool {
        token != self.periodic || self.pending || (self.busy_until <= now && installed.is_some_and(|r| self.computed == *r))
    }

    /// A quiet stretch of `ms` passed: the runner's clock reading moves with its timer.
    pub(crate) fn shift(&mut self, ms: u64) {
        self.last_run = self.last_run.map(|t| t.plus_millis(ms));
    }
}

impl Timer {
    /// The node whose kube-proxy set it.
    pub(crate) fn node(&self) -> &str {
        match self {
            Timer::Sync { node, .. } | Timer::Restored { node, .. } => node,
        }
    }
}

impl crate::component::Component for KubeProxy {
    type Timer = Timer;

    /// A Service or EndpointSlice delivery: sync if the rules would change
    /// (`OnServiceUpdate` / `OnEndpointSliceUpdate` → `Sync()`).
    fn on_watch(&mut self, cx: &mut Cx<'_>, _event: &crate::store::WatchEvent, _old: Option<&crate::Slot>) {
        let desired = build_rules(cx.cache(), &self.node);
        if self.computed != desired {
            self.request_sync(cx);
        }
    }

    fn on_timer(&mut self, cx: &mut Cx<'_>, timer: Timer) {
        match timer {
            Timer::Sync { periodic, .. } => self.sync(cx, periodic),
            Timer::Restored { rules, .. } => self.restored(cx, *rules),
        }
    }

    /// A new kube-proxy process (`podlife start kube-proxy`): it syncs as soon as its
    /// informers have listed; the rules left in the kernel stay until then (its affinity
    /// lists go).
    fn on_start(&mut self, cx: &mut Cx<'_>) {
        self.last_run = None;
        self.pending = false;
        if let Some(nat) = cx.nat(&self.node) {
            nat.affinity.clear();
        }
        self.request_sync(cx);
    }

    /// The runner's state goes with the process (`on_start` starts afresh); the rules stay
    /// in the kernel.
    fn on_stop(&mut self) {}
}

impl Engine {
    /// Node `node`'s kube-proxy state and NAT table, created when they do not exist yet.
    pub(crate) fn ensure_kube_proxy(&mut self, node: &str) {
        if !self.kube_proxies.contains_key(node) {
            self.kube_proxies.insert(node.to_string(), crate::component::Slot::new(KubeProxy::new(node)));
            self.nat_tables.insert(node.to_string(), NatTable::default());
        }
    }

    /// Runs node `node`'s kube-proxy, its process state out of the engine meanwhile (None:
    /// no such process).
    pub(crate) fn run_kube_proxy<R>(&mut self, node: &str, f: impl FnOnce(&mut KubeProxy, &mut Cx<'_>) -> R) -> Option<R> {
        let me = self.node_component(COMPONENT, node)?;
        let mut state = self.kube_proxies.get_mut(node)?.take()?;
        let result = f(&mut state, &mut crate::component::Cx::new(self, me));
        if let Some(slot) = self.kube_proxies.get_mut(node) {
            slot.put(state);
        }
        Some(result)
    }

    /// kube-proxy on a node that is already running (`KubeProxy::boot`), with the settings
    /// for nodes that join.
    pub(crate) fn proxy_boot(&mut self, node: &str) {
        if self.node_component(COMPONENT, node).is_none() {
            return;
        }
        self.ensure_kube_proxy(node);
        let config = self.proxy_defaults.clone();
        self.run_kube_proxy(node, |p, cx| p.boot(cx, config));
    }

    /// Would the periodic sync `token` of `node`'s kube-proxy change nothing (`quiet.rs`)?
    pub(crate) fn proxy_periodic_steady(&self, node: &str, token: u64) -> bool {
        let Some(p) = self.kube_proxies.get(node).and_then(|p| p.get()) else { return true };
        p.periodic_steady(token, self.now, self.nat_tables.get(node).map(|n| &n.installed))
    }

    /// A quiet stretch of `ms` passed: the runners whose periodic timer moved move with it.
    pub(crate) fn proxy_shift(&mut self, ms: u64, nodes: &crate::vecmap::VecSet<String>) {
        for (node, p) in self.kube_proxies.iter_mut() {
            if nodes.contains(node)
                && let Some(p) = p.get_mut()
            {
                p.shift(ms);
            }
        }
    }

    /// A node's NAT table, for inspection (`iptables-save`).
    pub fn nat_table(&self, node: &str) -> Option<&NatTable> {
        self.nat_tables.get(node)
    }

    /// kube-proxy's settings on a node (None: for nodes that join later).
    pub fn proxier_config(&self, node: Option<&str>) -> Option<ProxyConfig> {
        match node {
            Some(n) => self.kube_proxies.get(n).and_then(|p| p.get()).map(|p| p.config.clone()),
            None => Some(self.proxy_defaults.clone()),
        }
    }

    /// Sets kube-proxy's knobs on one node or all; the next sync uses them.
    pub fn configure_proxy(&mut self, node: Option<&str>, config: ProxyConfig) -> Result<(), crate::EngineError> {
        self.outside_change();
        match node {
            Some(n) => {
                let p = self.kube_proxies.get_mut(n).and_then(|p| p.get_mut()).ok_or_else(|| crate::EngineError::UnknownNode(n.to_string()))?;
                p.config = config;
            }
            None => {
                for p in self.kube_proxies.values_mut().filter_map(|p| p.get_mut()) {
                    p.config = config.clone();
                }
                self.proxy_defaults = config;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ep(ip: &str, ready: bool, serving: bool, terminating: bool, node: &str) -> ProxyEndpoint {
        ProxyEndpoint { ip: ip.into(), port: 80, ready, serving, terminating, node: Some(node.into()) }
    }

    /// `pkg/proxy/topology_test.go`'s cases for the cluster policy: ready endpoints win;
    /// serving-terminating ones are the fallback only when none is ready.
    #[test]
    fn categorize_falls_back_to_serving_terminating() {
        let a = ep("10.0.0.1", true, true, false, "n1");
        let b = ep("10.0.0.2", false, true, true, "n2");
        let c = ep("10.0.0.3", false, false, true, "n1");
        assert_eq!(categorize(&[a.clone(), b.clone(), c.clone()], false, "n1"), vec![a.clone()]);
        assert_eq!(categorize(&[b.clone(), c.clone()], false, "n1"), vec![b.clone()]);
        assert_eq!(categorize(std::slice::from_ref(&c), false, "n1"), vec![]);
        // Local policy: only this node's.
        assert_eq!(categorize(&[a.clone(), b.clone()], true, "n2"), vec![b.clone()]);
        assert_eq!(categorize(std::slice::from_ref(&a), true, "n2"), vec![]);
    }

    #[test]
    fn service_port_names() {
        let s = |port: &str| ServicePortName { namespace: "default".into(), name: "web".into(), port: port.into(), protocol: "TCP".into() };
        assert_eq!(s("").to_string(), "default/web");
        assert_eq!(s("http").to_string(), "default/web:http");
    }
}
