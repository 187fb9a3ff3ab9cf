//! etcd: the one place state lives. Objects are JSON values keyed like etcd's
//! `/registry/<resource>/<namespace>/<name>`, so listing order is etcd's order. Every write
//! takes the next revision, which becomes the object's `resourceVersion`.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::Value;

use podlife_model::ResourceType;
use podlife_model::obj::{Obj, Slot};

/// Where an object lives: its resource, namespace (empty for cluster-scoped) and name, ordered
/// in that order (`Ord` below).
#[derive(Debug, Clone, Serialize)]
pub struct ObjectKey {
    pub group: &'static str,
    pub resource: &'static str,
    pub namespace: String,
    pub name: String,
}

/// Keys built by `ObjectKey::new` take their group and resource from the static resource
/// table, so keys of one resource share those pointers: comparing the pointers first spares two
/// string comparisons in most of the ordered maps' comparisons (each store or cache lookup makes
/// a dozen). Other keys fall back to the text; the order is the derived one's.
impl Ord for ObjectKey {
    fn cmp(&self, other: &ObjectKey) -> std::cmp::Ordering {
        let same_resource = std::ptr::eq(self.group, other.group) && std::ptr::eq(self.resource, other.resource);
        let by_resource = if same_resource { std::cmp::Ordering::Equal } else { (self.group, self.resource).cmp(&(other.group, other.resource)) };
        by_resource.then_with(|| self.namespace.cmp(&other.namespace)).then_with(|| self.name.cmp(&other.name))
    }
}

impl PartialOrd for ObjectKey {
    fn partial_cmp(&self, other: &ObjectKey) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for ObjectKey {
    fn eq(&self, other: &ObjectKey) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for ObjectKey {}

impl ObjectKey {
    pub fn new(rt: &ResourceType, namespace: Option<&str>, name: &str) -> ObjectKey {
        ObjectKey {
            group: rt.group,
            resource: rt.plural,
            namespace: if rt.namespaced { namespace.unwrap_or("default").to_string() } else { String::new() },
            name: name.to_string(),
        }
    }

    /// The resource type this key belongs to.
    pub fn resource_type(&self) -> Option<&'static ResourceType> {
        ResourceType::by_plural(&self.group, &self.resource)
    }

    /// etcd's key, `/registry/pods/default/nginx` (upstream: each resource's storage prefix in
    /// `pkg/registry/*/storage`; nodes keep their historical name `minions`).
    pub fn etcd_path(&self) -> String {
        let prefix = match self.resource {
            "nodes" => "minions",
            "services" => "services/specs",
            other => other,
        };
        if self.namespace.is_empty() {
            format!("/registry/{prefix}/{}", self.name)
        } else {
            format!("/registry/{prefix}/{}/{}", self.namespace, self.name)
        }
    }
}

/// The kind of change a watch reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EventType {
    #[serde(rename = "ADDED")]
    Added,
    #[serde(rename = "MODIFIED")]
    Modified,
    #[serde(rename = "DELETED")]
    Deleted,
}

impl EventType {
    pub fn as_str(self) -> &'static str {
        match self {
            EventType::Added => "ADDED",
            EventType::Modified => "MODIFIED",
            EventType::Deleted => "DELETED",
        }
    }
}

/// A change as a watch stream carries it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WatchEvent {
    pub event_type: EventType,
    pub key: ObjectKey,
    /// Shared by every watcher the event is delivered to (delivery does not copy it).
    pub object: std::sync::Arc<Obj>,
    pub revision: u64,
}

#[derive(Debug, Clone, Default)]
pub struct Store {
    /// Each object version is shared with the watch event that announced it and the
    /// informer caches that hold it.
    objects: BTreeMap<ObjectKey, std::sync::Arc<Obj>>,
    revision: u64,
    /// Every change since the last `take_history`, when a reader asked for it (the web
    /// player keeps each object's versions to show the cluster at any earlier moment).
    history: Option<Vec<WatchEvent>>,
    /// How many pods and nodes are stored (the trace's sampling asks at every create).
    pods: usize,
    nodes: usize,
    /// Writes (puts and deletes) by kind, for `kubelet/restarts.rs`: a crash-loop cycle that
    /// repeats writes only its pod, its events, its ReplicaSet and Deployment, and the
    /// heartbeats.
    writes: WriteCounts,
}

/// How many writes the store took, by what they wrote; every other write is `revision`
/// minus their sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WriteCounts {
    pub pods: u64,
    pub events: u64,
    /// Events deleted (their TTL ran out, or a client deleted them).
    pub event_deletes: u64,
    /// Leases and Nodes: the heartbeats and node status reports.
    pub heartbeats: u64,
    /// ReplicaSets and Deployments (their controllers' status writes), Endpoints and
    /// EndpointSlices: what follows pods' readiness.
    pub workloads: u64,
    /// Pod and event writes the kubelets made (their status manager's PATCHes, their event
    /// sinks' creates and PATCHes): `kubelet/restarts.rs` tells a pod's own cycle from
    /// another writer's work by them.
    pub by_kubelets: u64,
}

impl Store {
    pub fn new() -> Store {
        Store::default()
    }

    /// The current revision (the last write's).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn get(&self, key: &ObjectKey) -> Option<&Slot> {
        self.objects.get(key).map(|v| v.root())
    }

    /// `get`, the shared object itself (a reader that keeps it needs no copy).
    pub fn get_shared(&self, key: &ObjectKey) -> Option<std::sync::Arc<Obj>> {
        self.objects.get(key).cloned()
    }

    /// Objects of one resource, optionally in one namespace, in key order — a range scan over
    /// the keys, as etcd lists a prefix.
    pub fn list<'a>(&'a self, group: &'static str, resource: &'static str, namespace: Option<&'a str>) -> impl Iterator<Item = (&'a ObjectKey, &'a Slot)> + 'a {
        self.list_shared(group, resource, namespace).map(|(k, v)| (k, v.root()))
    }

    /// `list`, with the shared objects themselves (an informer's list keeps them).
    pub fn list_shared<'a>(&'a self, group: &'static str, resource: &'static str, namespace: Option<&'a str>) -> impl Iterator<Item = (&'a ObjectKey, &'a std::sync::Arc<Obj>)> + 'a {
        let start = ObjectKey {
            group,
            resource,
            namespace: namespace.unwrap_or_default().to_string(),
            name: String::new(),
        };
        self.objects
            .range(start..)
            .take_while(move |(k, _)| k.group == group && k.resource == resource && namespace.is_none_or(|ns| k.namespace == ns))
    }

    /// Writes `value` at `key` with the next revision (set into `metadata.resourceVersion`)
    /// and returns the change for watchers.
    pub fn put(&mut self, key: ObjectKey, mut value: Value) -> WatchEvent {
        self.put_value(key, &mut value)
    }

    /// `put`, leaving `value` as stored (with its `resourceVersion`): a writer that answers
    /// with the stored object needs no copy of it.
    pub fn put_value(&mut self, key: ObjectKey, value: &mut Value) -> WatchEvent {
        self.revision += 1;
        self.count_write(&key);
        if let Some(meta) = value.get_mut("metadata").and_then(Value::as_object_mut) {
            meta.insert("resourceVersion".into(), Value::String(self.revision.to_string()));
        }
        let object = decode(&key, value);
        self.commit(key, object)
    }

    /// The `resourceVersion` of the stored object at `key` (None: absent).
    pub fn resource_version(&self, key: &ObjectKey) -> Option<String> {
        self.get(key).map(|o| o["metadata"]["resourceVersion"].as_str().unwrap_or_default().to_string())
    }

    /// `put` of an object already in its stored form (a writer that changed a field or two of
    /// a stored copy with `Obj::insert_at` need not go through JSON): the same revision,
    /// `resourceVersion` and event as `put` of its `to_value`.
    pub fn put_obj(&mut self, key: ObjectKey, mut object: Obj) -> WatchEvent {
        self.revision += 1;
        self.count_write(&key);
        if object.get("metadata").is_some_and(Slot::is_object) {
            object.insert_at("/metadata", "resourceVersion", &Value::String(self.revision.to_string()));
        }
        self.commit(key, object)
    }

    /// Stores `object` (its `resourceVersion` already the new revision) and announces it.
    fn commit(&mut self, key: ObjectKey, object: Obj) -> WatchEvent {
        let object = std::sync::Arc::new(object);
        // One search of the map for both the write and the question (what it replaced).
        let event_type = if self.objects.insert(key.clone(), object.clone()).is_some() { EventType::Modified } else { EventType::Added };
        if event_type == EventType::Added {
            self.count(&key, 1);
        }
        let event = WatchEvent { event_type, key, object, revision: self.revision };
        if let Some(history) = &mut self.history {
            history.push(event.clone());
        }
        event
    }

    /// Removes the object; the DELETED event carries its last state at the new revision.
    pub fn delete(&mut self, key: &ObjectKey) -> Option<WatchEvent> {
        let object = self.objects.remove(key)?;
        self.count(key, -1);
        self.revision += 1;
        if key.resource == "events" {
            self.writes.event_deletes += 1;
        } else {
            self.count_write(key);
        }
        let event = WatchEvent { event_type: EventType::Deleted, key: key.clone(), object, revision: self.revision };
        if let Some(history) = &mut self.history {
            history.push(event.clone());
        }
        Some(event)
    }

    fn count_write(&mut self, key: &ObjectKey) {
        match (key.group, key.resource) {
            ("", "pods") => self.writes.pods += 1,
            ("", "events") | ("events.k8s.io", "events") => self.writes.events += 1,
            ("", "nodes") | ("coordination.k8s.io", "leases") => self.writes.heartbeats += 1,
            ("apps", "replicasets") | ("apps", "deployments") | ("", "endpoints") | ("discovery.k8s.io", "endpointslices") => self.writes.workloads += 1,
            _ => {}
        }
    }

    /// A kubelet's request wrote a pod or an event (`WriteCounts::by_kubelets`).
    pub fn count_kubelet_write(&mut self) {
        self.writes.by_kubelets += 1;
    }

    /// The writes so far, by kind.
    pub fn write_counts(&self) -> WriteCounts {
        self.writes
    }

    fn count(&mut self, key: &ObjectKey, by: isize) {
        if !key.group.is_empty() {
            return;
        }
        let n = match key.resource {
            "pods" => &mut self.pods,
            "nodes" => &mut self.nodes,
            _ => return,
        };
        *n = n.saturating_add_signed(by);
    }

    /// How many pods and nodes are stored.
    pub fn pods_and_nodes(&self) -> (usize, usize) {
        (self.pods, self.nodes)
    }

    /// Every object with its key, in key order.
    pub fn iter_shared(&self) -> impl Iterator<Item = (&ObjectKey, &std::sync::Arc<Obj>)> {
        self.objects.iter()
    }

    /// Starts keeping every change for `take_history` (off by default: only the web player reads it).
    pub fn keep_history(&mut self) {
        self.history.get_or_insert_with(Vec::new);
    }

    /// The changes since the last call (empty unless `keep_history` was called).
    pub fn take_history(&mut self) -> Vec<WatchEvent> {
        self.history.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }

    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
}

/// A stored object in its compact typed form: under its resource's schema when the resource
/// is built in, as plain JSON otherwise (custom resources).
pub fn decode(key: &ObjectKey, value: &Value) -> Obj {
    match key.resource_type() {
        Some(rt) => Obj::from_value(rt, value),
        None => Obj::untyped(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn revisions_grow_and_events_say_what_changed() {
        let pods = ResourceType::resolve("pods").expect("pods");
        let mut s = Store::new();
        let key = ObjectKey::new(pods, Some("default"), "a");
        let e1 = s.put(key.clone(), json!({"metadata":{"name":"a"}}));
        let e2 = s.put(key.clone(), json!({"metadata":{"name":"a"}}));
        assert_eq!((e1.event_type, e1.revision), (EventType::Added, 1));
        assert_eq!((e2.event_type, e2.revision), (EventType::Modified, 2));
        assert_eq!(s.get(&key).and_then(|v| v["metadata"]["resourceVersion"].as_str()), Some("2"));
        assert_eq!(s.delete(&key).map(|e| e.event_type), Some(EventType::Deleted));
        assert_eq!(key.etcd_path(), "/registry/pods/default/a");
    }
}
