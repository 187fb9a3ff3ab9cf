//! The cluster's components as the engine runs them. Each watches resources through an
//! informer: a list to fill its cache, then watch events delivered after a small delay. Components
//! never call each other; they only read their cache and write through the API server.
//!
//! The reconcile logic of the scheduler, kubelet, runtime and controllers arrives with later
//! capabilities; what is modelled here is the plumbing every one of them stands on.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};


use crate::store::{ObjectKey, WatchEvent};
use crate::trace::ComponentRef;

/// An informer cache: objects shared with the watch events that brought them (a delivery
/// does not copy the object), and a count of the objects its scans ([`cached`],
/// [`cached_in`]) have visited. That count is the part of a reaction's work that grows with
/// the cluster — a ReplicaSet's sync reads every pod of its namespace, as upstream's does —
/// and the engine charges it to the command's budget (`work.rs`).
#[derive(Debug, Default)]
pub struct Cache {
    objects: BTreeMap<ObjectKey, std::sync::Arc<crate::Obj>>,
    /// An atomic only so that an `Engine` may be shared (the booted cluster is a static); one
    /// thread runs an engine, so the count is as deterministic as the rest.
    visits: AtomicU64,
}

impl Clone for Cache {
    fn clone(&self) -> Cache {
        Cache { objects: self.objects.clone(), visits: AtomicU64::new(self.visits.load(Relaxed)) }
    }
}

impl Cache {
    pub fn new() -> Cache {
        Cache::default()
    }

    /// The objects visited by scans since the last call.
    pub(crate) fn take_visits(&self) -> u64 {
        self.visits.swap(0, Relaxed)
    }

    /// A scan over `objects` that counts what it visits: locally, then once when dropped (an
    /// atomic add per object cost the quiet-stretch checks 10 %).
    fn counted<'a, I: Iterator>(&'a self, objects: I) -> Counted<'a, I> {
        Counted { cache: self, objects, visited: 0 }
    }
}

/// [`Cache::counted`]'s iterator.
struct Counted<'a, I> {
    cache: &'a Cache,
    objects: I,
    visited: u64,
}

impl<I: Iterator> Iterator for Counted<'_, I> {
    type Item = I::Item;
    fn next(&mut self) -> Option<I::Item> {
        let next = self.objects.next();
        self.visited += u64::from(next.is_some());
        next
    }
}

impl<I> Drop for Counted<'_, I> {
    fn drop(&mut self) {
        if self.visited > 0 {
            self.cache.visits.fetch_add(self.visited, Relaxed);
        }
    }
}

impl std::ops::Deref for Cache {
    type Target = BTreeMap<ObjectKey, std::sync::Arc<crate::Obj>>;
    fn deref(&self) -> &Self::Target {
        &self.objects
    }
}

impl std::ops::DerefMut for Cache {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.objects
    }
}

impl FromIterator<(ObjectKey, std::sync::Arc<crate::Obj>)> for Cache {
    fn from_iter<I: IntoIterator<Item = (ObjectKey, std::sync::Arc<crate::Obj>)>>(iter: I) -> Cache {
        Cache { objects: iter.into_iter().collect(), visits: Default::default() }
    }
}

/// The cached objects of one resource (in every namespace), in key order: a range of the
/// cache's order (group, resource, namespace, name), not a scan of every object — a
/// controller's cache also holds every Event, and the quiet-stretch checks ask often.
pub(crate) fn cached<'a>(cache: &'a Cache, group: &'static str, resource: &'static str) -> impl Iterator<Item = (&'a ObjectKey, &'a std::sync::Arc<crate::Obj>)> + 'a {
    let first = ObjectKey { group, resource, namespace: String::new(), name: String::new() };
    cache.counted(cache.range(first..).take_while(move |(k, _)| k.group == group && k.resource == resource))
}

/// The cached objects of one resource in one namespace, in name order (a range, as [`cached`]).
pub(crate) fn cached_in<'a>(cache: &'a Cache, group: &'static str, resource: &'static str, namespace: &'a str) -> impl Iterator<Item = (&'a ObjectKey, &'a std::sync::Arc<crate::Obj>)> + 'a {
    let first = ObjectKey { group, resource, namespace: namespace.to_string(), name: String::new() };
    cache.counted(cache.range(first..).take_while(move |(k, _)| k.group == group && k.resource == resource && k.namespace == namespace))
}

/// One cached object by its key: a lookup, not a scan (the namespace controller asks on
/// every deletion in a namespace, which made scaling 11,000 pods down quadratic).
pub(crate) fn cached_one<'a>(cache: &'a Cache, group: &'static str, resource: &'static str, namespace: &str, name: &str) -> Option<&'a std::sync::Arc<crate::Obj>> {
    cache.get(&ObjectKey { group, resource, namespace: namespace.to_string(), name: name.to_string() })
}

/// Time from an informer delivery to the controller's write (work queue hand-off), ms.
pub(crate) const CONTROLLER_QUEUE_DELAY_MS: u64 = 1;

/// A resource a component watches, optionally only objects bound to one node
/// (`fieldSelector=spec.nodeName=<node>`, as the kubelet's pod informer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WatchSpec {
    pub group: &'static str,
    pub resource: &'static str,
    pub node_name: Option<String>,
}

impl WatchSpec {
    fn all(group: &'static str, resource: &'static str) -> WatchSpec {
        WatchSpec { group, resource, node_name: None }
    }

    pub fn matches(&self, key: &ObjectKey, object: &crate::Slot) -> bool {
        key.group == self.group
            && key.resource == self.resource
            && self.node_name.as_deref().is_none_or(|n| object["spec"]["nodeName"].as_str() == Some(n))
    }
}

/// A component as the engine routes to it: who it is, whether its process runs, and its
/// informer (what it watches, its cache, the order of its watch stream). What the component
/// remembers besides lives in its own type (`component.rs`).
#[derive(Debug, Clone)]
pub struct Informer {
    pub id: ComponentRef,
    pub running: bool,
    pub watches: Vec<WatchSpec>,
    /// The informer cache: what this component currently believes.
    pub cache: Cache,
    /// Moves whenever the cache changes (a delivery, a relist): memos of answers computed
    /// from the cache are valid while it stays.
    pub generation: u64,
    /// When the last watch delivery to this component is due: a watch delivers in order, so
    /// no later event may arrive before it.
    pub last_delivery: crate::clock::Time,
}

impl Informer {
    fn new(id: ComponentRef, watches: Vec<WatchSpec>) -> Informer {
        Informer { id, running: true, watches, cache: Cache::new(), generation: 0, last_delivery: crate::clock::Time::ZERO }
    }

    pub fn wants(&self, event: &WatchEvent) -> bool {
        self.watches.iter().any(|w| w.matches(&event.key, &event.object))
    }

    /// Applies a delivered event to the cache.
    pub fn apply(&mut self, event: &WatchEvent) {
        self.generation += 1;
        match event.event_type {
            crate::store::EventType::Deleted => {
                self.cache.remove(&event.key);
            }
            _ => {
                self.cache.insert(event.key.clone(), event.object.clone());
            }
        }
    }
}

/// Control-plane components and, on every node, kubelet, containerd and kube-proxy, with the
/// informers upstream gives each.
pub fn default_components(nodes: &[String]) -> Vec<Informer> {
    let mut out = vec![
        Informer::new(ComponentRef::control_plane("kube-scheduler"), vec![
            WatchSpec::all("", "pods"),
            WatchSpec::all("", "nodes"),
            // InterPodAffinity's namespaceSelector reads namespace labels.
            WatchSpec::all("", "namespaces"),
            WatchSpec::all("", "services"),
            WatchSpec::all("", "replicationcontrollers"),
            WatchSpec::all("apps", "replicasets"),
            WatchSpec::all("apps", "statefulsets"),
            // The volume plugins (VolumeRestrictions, VolumeBinding).
            WatchSpec::all("", "persistentvolumeclaims"),
            WatchSpec::all("", "persistentvolumes"),
            WatchSpec::all("storage.k8s.io", "storageclasses"),
        ]),
        // kube-controller-manager's shared informers cover every namespaced resource (the
        // namespace controller must see a namespace's whole content) and nodes.
        Informer::new(
            ComponentRef::control_plane("kube-controller-manager"),
            podlife_model::RESOURCES
                .iter()
                .filter(|r| r.namespaced || matches!(r.plural, "namespaces" | "nodes" | "persistentvolumes" | "storageclasses"))
                .map(|r| WatchSpec::all(r.group, r.plural))
                .collect(),
        ),
    ];
    // kind's local-path-provisioner: its informers (`sig-storage-lib-external-provisioner`'s
    // claims, volumes and classes; nodes it GETs); it runs while its pod's process does.
    let mut provisioner = Informer::new(ComponentRef::control_plane("local-path-provisioner"), vec![
        WatchSpec::all("", "persistentvolumeclaims"),
        WatchSpec::all("", "persistentvolumes"),
        WatchSpec::all("storage.k8s.io", "storageclasses"),
    ]);
    provisioner.running = false;
    out.push(provisioner);
    for node in nodes {
        out.extend(node_components(node));
    }
    out
}

/// kubelet, containerd and kube-proxy of one node.
pub fn node_components(node: &str) -> Vec<Informer> {
    vec![
        Informer::new(ComponentRef::on_node("kubelet", node), vec![WatchSpec {
            group: "",
            resource: "pods",
            node_name: Some(node.to_string()),
        }]),
        Informer::new(ComponentRef::on_node("containerd", node), vec![]),
        Informer::new(ComponentRef::on_node("kube-proxy", node), vec![
            WatchSpec::all("", "services"),
            WatchSpec::all("discovery.k8s.io", "endpointslices"),
        ]),
    ]
}

/// Names a user may give to `podlife stop` / `podlife start`.
pub const CONTROL_PLANE_STOPPABLE: &[&str] = &["kube-scheduler", "kube-controller-manager"];
pub const NODE_STOPPABLE: &[&str] = &["kubelet", "containerd", "kube-proxy"];

/// A stored object seen as its root slot, whatever holds it (a helper generic over
/// `obj::JsonRead` does not see through `Arc`, `Obj` or a reference to a slot).
pub trait AsSlot {
    fn slot(&self) -> &crate::Slot;
}

impl AsSlot for crate::Slot {
    fn slot(&self) -> &crate::Slot {
        self
    }
}

impl AsSlot for crate::Obj {
    fn slot(&self) -> &crate::Slot {
        self.root()
    }
}

impl AsSlot for std::sync::Arc<crate::Obj> {
    fn slot(&self) -> &crate::Slot {
        self.root()
    }
}

impl<T: AsSlot + ?Sized> AsSlot for &T {
    fn slot(&self) -> &crate::Slot {
        (**self).slot()
    }
}
