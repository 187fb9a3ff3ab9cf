//! Every version of every object, by etcd revision — what lets the app show the cluster as it
//! was after any reaction (as `kubectl get` would have printed it then) and the fields each
//! write changed. Versions are the engine's own shared objects, so keeping them copies nothing.

use podlife_engine::vecmap::{VecMap, VecSet};
use std::sync::Arc;

use podlife_engine::store::{EventType, WatchEvent};
use podlife_engine::trace::{FieldChange, diff};
use podlife_engine::{Engine, ObjectRef};

/// `(kind, namespace, name)`; the namespace is empty for cluster-scoped objects.
pub type Key = (String, String, String);

/// One object's versions in revision order; `None` from its deletion on.
type Versions = Vec<(u64, Option<Arc<podlife_engine::Obj>>)>;

#[derive(Debug, Clone, Default)]
pub struct History {
    objects: VecMap<Key, Versions>,
    /// Which object each revision wrote.
    writes: VecMap<u64, Key>,
    /// The revisions that created or deleted an object: between two of them the same
    /// objects exist (`membership`).
    births_and_deaths: VecSet<u64>,
}

/// The version of an object at `revision` (None: not created yet, or deleted).
fn version_at(versions: &Versions, revision: u64) -> Option<&Arc<podlife_engine::Obj>> {
    let i = versions.partition_point(|(r, _)| *r <= revision);
    versions[..i].last()?.1.as_ref()
}

fn key_of(object: &podlife_engine::Slot) -> Key {
    let text = |v: &podlife_engine::Slot| v.as_str().unwrap_or_default().to_string();
    (text(&object["kind"]), text(&object["metadata"]["namespace"]), text(&object["metadata"]["name"]))
}

/// The key of a trace's object reference.
pub fn key_of_ref(object: &ObjectRef) -> Key {
    (object.kind.to_string(), object.namespace.as_deref().unwrap_or_default().to_string(), object.name.to_string())
}

impl History {
    /// The objects the engine holds now, as their first versions.
    pub fn from_engine(engine: &Engine) -> History {
        let mut history = History::default();
        for (_, object) in engine.store().iter_shared() {
            let revision = object["metadata"]["resourceVersion"].as_str().and_then(|r| r.parse().ok()).unwrap_or(0);
            let key = key_of(object);
            history.writes.insert(revision, key.clone());
            history.births_and_deaths.insert(revision);
            history.objects.entry(key).or_default().push((revision, Some(object.clone())));
        }
        for versions in history.objects.values_mut() {
            podlife_engine::sort::sort_by_key(versions, |(r, _)| *r);
        }
        history
    }

    /// Adds the engine's writes (in revision order).
    pub fn record(&mut self, writes: Vec<WatchEvent>) {
        for w in writes {
            let key = key_of(&w.object);
            let version = if w.event_type == EventType::Deleted { None } else { Some(w.object) };
            self.writes.insert(w.revision, key.clone());
            let versions = self.objects.entry(key).or_default();
            let existed = versions.last().is_some_and(|(_, v)| v.is_some());
            if existed != version.is_some() {
                self.births_and_deaths.insert(w.revision);
            }
            versions.push((w.revision, version));
        }
    }

    /// Forgets every version written after `revision` (the future the learner rewrote).
    pub fn truncate(&mut self, revision: u64) {
        self.writes.retain(|r, _| *r <= revision);
        self.births_and_deaths.retain(|r| *r <= revision);
        self.objects.retain(|_, versions| {
            versions.retain(|(r, _)| *r <= revision);
            !versions.is_empty()
        });
    }

    /// The newest revision written.
    pub fn revision(&self) -> u64 {
        self.writes.keys().next_back().copied().unwrap_or(0)
    }

    /// The object as it was at `revision` (None when it did not exist).
    pub fn at(&self, key: &Key, revision: u64) -> Option<&Arc<podlife_engine::Obj>> {
        version_at(self.objects.get(key)?, revision)
    }

    /// Every object of `kind` that existed at `revision`, in key order.
    pub fn list(&self, kind: &str, revision: u64) -> Vec<&Arc<podlife_engine::Obj>> {
        self.existing(kind, revision).map(|(_, object)| object).collect()
    }

    /// The objects of `kind` that existed at `revision` with their keys (kind, namespace,
    /// name), in key order.
    pub fn existing<'a, 'k>(&'a self, kind: &'k str, revision: u64) -> impl Iterator<Item = (&'a Key, &'a Arc<podlife_engine::Obj>)> {
        let start = (kind.to_string(), String::new(), String::new());
        self.objects.range(start..).take_while(move |(k, _)| k.0 == kind).filter_map(move |(k, versions)| version_at(versions, revision).map(|object| (k, object)))
    }

    /// The last revision up to `revision` that created or deleted an object: two revisions
    /// with the same membership hold the same objects (their names need not be sent again).
    pub fn membership(&self, revision: u64) -> u64 {
        self.births_and_deaths.range(..=revision).next_back().copied().unwrap_or(0)
    }

    /// The keys of every object of `kind` that existed at `revision`, in key order (their
    /// names, without reading the objects).
    pub fn keys<'a, 'k>(&'a self, kind: &'k str, revision: u64) -> impl Iterator<Item = &'a Key> {
        self.existing(kind, revision).map(|(key, _)| key)
    }

    /// The object a revision wrote.
    pub fn written_at(&self, revision: u64) -> Option<&Key> {
        self.writes.get(&revision)
    }

    /// What the write at `revision` did; an update's changes leaf by leaf (bookkeeping fields
    /// left out: the resourceVersion every write bumps and managedFields).
    pub fn write(&self, revision: u64) -> Option<Write> {
        let key = self.writes.get(&revision)?;
        let before = self.at(key, revision.checked_sub(1)?);
        let after = self.at(key, revision);
        Some(match (before, after) {
            (None, _) => Write::Created,
            (Some(_), None) => Write::Deleted,
            (Some(b), Some(a)) => Write::Updated(diff(&b.to_value(), &a.to_value()).into_iter().filter(|c| !is_bookkeeping(&c.path)).collect()),
        })
    }
}

/// What one etcd write did to its object.
#[derive(Debug, Clone, PartialEq)]
pub enum Write {
    Created,
    Deleted,
    Updated(Vec<FieldChange>),
}

fn is_bookkeeping(path: &str) -> bool {
    path == "metadata.resourceVersion" || path.starts_with("metadata.managedFields")
}

/// True when a Node write changed only heartbeat times (the kubelet's periodic status).
pub fn heartbeat_only(changes: &[FieldChange]) -> bool {
    changes.iter().all(|c| c.path.ends_with("lastHeartbeatTime") || c.path.ends_with("renewTime"))
}
