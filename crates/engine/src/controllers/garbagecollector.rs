//! The garbage collector (upstream `pkg/controller/garbagecollector/`): the graph builder
//! (`graph_builder.go` `processGraphChanges`) watches every object's `ownerReferences` and
//! queues work; the workers (`garbagecollector.go` `attemptToDeleteItem`,
//! `processDeletingDependentsItem`, `attemptToOrphanWorker`) look objects up live at the API
//! server and delete dependents whose owners are gone (background), delete the dependents of
//! an owner carrying the `foregroundDeletion` finalizer and then remove that finalizer
//! (foreground), or remove an owner from its dependents' `ownerReferences` before removing the
//! `orphan` finalizer (orphan).
//!
//! A loop of kube-controller-manager (`manager.rs`): its graph and queues are its own memory,
//! its work items its own timers. A worker's next request depends on the answer to the last
//! (a live GET decides whether an owner is dangling), so a worker sends its requests through
//! its context as it goes rather than handing over pre-computed writes.

use crate::Slot;
use podlife_model::obj::JsonRead;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::controller_identity;
use crate::apiserver::{FINALIZER_FOREGROUND, FINALIZER_ORPHAN, Preconditions, Request, Response, Verb};
use crate::components::Cache;
use crate::store::{EventType, ObjectKey, WatchEvent};
use podlife_model::ResourceType;

/// The service account the garbage collector's requests use.
pub const SA: &str = "generic-garbage-collector";

/// An object's coordinates as an owner reference names them (`objectReference`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Identity {
    pub api_version: String,
    pub kind: String,
    pub namespace: String,
    pub name: String,
    pub uid: String,
}

/// A work item of one of the two queues.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Item {
    AttemptToDelete(Identity),
    AttemptToOrphan(Identity),
}

/// The garbage collector's memory, the graph builder's: which objects name which owner uid
/// (`uidToNode`'s dependents), the owners known to be absent (`absentOwnerCache`), and the
/// items queued.
#[derive(Debug, Clone, Default)]
pub struct GarbageCollector {
    built: bool,
    dependents: VecMap<String, VecSet<ObjectKey>>,
    absent: VecSet<(String, String, String, String, String)>,
    queued: VecSet<Item>,
}

type Cx<'a> = crate::component::Cx<'a, Item>;

impl GarbageCollector {
    /// The cache was replaced (kube-controller-manager restarted): rebuild from it.
    pub fn reset(&mut self) {
        self.built = false;
        self.dependents.clear();
        self.queued.clear();
    }
}

fn refs<J: JsonRead>(obj: &J) -> Vec<Value> {
    obj["metadata"]["ownerReferences"].items().iter().map(J::to_value).collect()
}

fn rt_of(api_version: &str, kind: &str) -> Option<&'static ResourceType> {
    ResourceType::by_api_version_kind(api_version, kind)
}

fn identity_of<J: JsonRead>(obj: &J, rt: &ResourceType) -> Identity {
    Identity {
        api_version: rt.api_version(),
        kind: rt.kind.to_string(),
        namespace: obj["metadata"]["namespace"].as_str().unwrap_or_default().to_string(),
        name: obj["metadata"]["name"].as_str().unwrap_or_default().to_string(),
        uid: obj["metadata"]["uid"].as_str().unwrap_or_default().to_string(),
    }
}

/// The owner an owner reference of an object in `namespace` names.
fn owner_identity<J: JsonRead>(r: &J, namespace: &str) -> Identity {
    let api_version = r["apiVersion"].as_str().unwrap_or_default().to_string();
    let kind = r["kind"].as_str().unwrap_or_default().to_string();
    let namespaced = rt_of(&api_version, &kind).is_none_or(|rt| rt.namespaced);
    Identity {
        namespace: if namespaced { namespace.to_string() } else { String::new() },
        name: r["name"].as_str().unwrap_or_default().to_string(),
        uid: r["uid"].as_str().unwrap_or_default().to_string(),
        api_version,
        kind,
    }
}

fn key_of(id: &Identity) -> Option<ObjectKey> {
    let rt = rt_of(&id.api_version, &id.kind)?;
    Some(ObjectKey::new(rt, if rt.namespaced { Some(id.namespace.as_str()) } else { None }, &id.name))
}

/// The graph's node for `id`: the cached object with that uid.
fn observed<'a>(cache: &'a Cache, id: &Identity) -> Option<&'a Slot> {
    let v = cache.get(&key_of(id)?)?;
    (v["metadata"]["uid"].as_str() == Some(id.uid.as_str())).then_some(v.root())
}

fn deleting<J: JsonRead>(obj: &J) -> bool {
    obj["metadata"]["deletionTimestamp"].is_string()
}

fn has_finalizer<J: JsonRead>(obj: &J, f: &str) -> bool {
    obj["metadata"]["finalizers"].items().iter().any(|x| x.as_str() == Some(f))
}

/// `isDeletingDependents`: being deleted, with the foregroundDeletion finalizer.
fn deleting_dependents<J: JsonRead>(obj: &J) -> bool {
    deleting(obj) && has_finalizer(obj, FINALIZER_FOREGROUND)
}

fn build(state: &mut GarbageCollector, cache: &Cache) {
    if state.built {
        return;
    }
    state.built = true;
    for (k, v) in cache.iter() {
        for r in refs(v.root()) {
            if let Some(uid) = r["uid"].as_str() {
                state.dependents.entry(uid.to_string()).or_default().insert(k.clone());
            }
        }
    }
}

/// The dependents the graph knows for an owner uid (cached objects still naming it).
fn dependents_of(state: &GarbageCollector, cache: &Cache, uid: &str) -> Vec<(ObjectKey, Value)> {
    state
        .dependents
        .get(uid)
        .into_iter()
        .flatten()
        .filter_map(|k| cache.get(k).filter(|v| refs(v.root()).iter().any(|r| r["uid"] == uid)).map(|v| (k.clone(), v.to_value())))
        .collect()
}

fn dependent_identity<J: JsonRead>(k: &ObjectKey, v: &J) -> Option<Identity> {
    Some(identity_of(v, k.resource_type()?))
}

fn enqueue(state: &mut GarbageCollector, out: &mut Vec<Item>, item: Item) {
    if state.queued.insert(item.clone()) {
        out.push(item);
    }
}

impl GarbageCollector {
    /// The graph builder's share of a delivery to kube-controller-manager: the items it queues
    /// go to the workers after the work queue's hand-off.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent, old: Option<&Slot>) {
        for item in observe(self, cx.cache(), event, old) {
            let at = cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS);
            cx.after(at, item);
        }
    }

    /// The graph only, from a fresh list at `revision` (the cluster's start-up): nothing in it
    /// is due.
    pub(crate) fn relist(&mut self, cache: &Cache, revision: u64) {
        self.reset();
        for (key, object) in cache.iter() {
            let event = WatchEvent { event_type: EventType::Added, key: key.clone(), object: object.clone(), revision };
            let _ = observe(self, cache, &event, None);
        }
    }

    /// The queued item's turn (kube-controller-manager still running: else its memory went).
    #[inline(never)]
    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, item: Item) {
        if !cx.running() {
            self.reset();
            return;
        }
        self.queued.remove(&item);
        match item {
            Item::AttemptToDelete(id) => self.attempt_to_delete(cx, &id),
            Item::AttemptToOrphan(id) => self.attempt_to_orphan(cx, &id),
        }
    }
}

/// The graph builder: what a delivery to kube-controller-manager queues (`processGraphChanges`).
fn observe(state: &mut GarbageCollector, cache: &Cache, event: &WatchEvent, old: Option<&Slot>) -> Vec<Item> {
    build(state, cache);
    let Some(rt) = event.key.resource_type() else { return vec![] };
    let obj = event.object.root();
    let id = identity_of(obj, rt);
    let mut out = Vec::new();
    let new_refs = refs(obj);
    if event.event_type == EventType::Deleted {
        for r in &new_refs {
            if let Some(uid) = r["uid"].as_str()
                && let Some(set) = state.dependents.get_mut(uid)
            {
                set.remove(&event.key);
            }
        }
        let deps = dependents_of(state, cache, &id.uid);
        if !deps.is_empty() {
            state.absent.insert((id.api_version.clone(), id.kind.clone(), id.name.clone(), id.uid.clone(), id.namespace.clone()));
        }
        for (k, v) in &deps {
            if let Some(d) = dependent_identity(k, v) {
                enqueue(state, &mut out, Item::AttemptToDelete(d));
            }
        }
        // An owner waiting for its dependents learns that one went.
        for r in &new_refs {
            let owner = owner_identity(r, &id.namespace);
            if observed(cache, &owner).is_some_and(deleting_dependents) {
                enqueue(state, &mut out, Item::AttemptToDelete(owner));
            }
        }
        state.dependents.remove(&id.uid);
        return out;
    }
    let old_refs = old.map(refs).unwrap_or_default();
    for r in &new_refs {
        let Some(uid) = r["uid"].as_str() else { continue };
        state.dependents.entry(uid.to_string()).or_default().insert(event.key.clone());
        // A new reference to an owner the graph does not hold: a virtual node, verified live.
        let added = !old_refs.iter().any(|o| o["uid"] == r["uid"]);
        let owner = owner_identity(r, &id.namespace);
        if added && observed(cache, &owner).is_none() {
            enqueue(state, &mut out, Item::AttemptToDelete(owner));
        }
    }
    // `addUnblockedOwnersToDeleteQueue`: a blocking reference removed or unblocked lets an
    // owner waiting for its dependents re-check.
    for o in &old_refs {
        if o["blockOwnerDeletion"] != true {
            continue;
        }
        let still_blocking = new_refs.iter().any(|n| n["uid"] == o["uid"] && n["blockOwnerDeletion"] == true);
        let owner = owner_identity(o, &id.namespace);
        if !still_blocking && observed(cache, &owner).is_some_and(deleting_dependents) {
            enqueue(state, &mut out, Item::AttemptToDelete(owner));
        }
    }
    // `processTransitions`.
    let was = |f: &str| old.is_some_and(|o| deleting(o) && has_finalizer(o, f));
    if deleting(obj) && has_finalizer(obj, FINALIZER_ORPHAN) && !was(FINALIZER_ORPHAN) {
        enqueue(state, &mut out, Item::AttemptToOrphan(id.clone()));
    } else if deleting_dependents(obj) && !was(FINALIZER_FOREGROUND) {
        for (k, v) in dependents_of(state, cache, &id.uid) {
            if let Some(d) = dependent_identity(&k, &v) {
                enqueue(state, &mut out, Item::AttemptToDelete(d));
            }
        }
        enqueue(state, &mut out, Item::AttemptToDelete(id));
    }
    out
}

fn request(verb: Verb, id: &Identity) -> Option<Request> {
    let rt = rt_of(&id.api_version, &id.kind)?;
    let mut r = Request::new(verb, rt);
    r.namespace = rt.namespaced.then(|| id.namespace.clone());
    r.name = Some(id.name.clone());
    r.credentials = Some(controller_identity(SA));
    r.user_agent = super::user_agent(SA);
    r.field_manager = "kube-controller-manager".into();
    Some(r)
}

/// The live lookup (`getObject`, through the metadata client).
fn get(cx: &mut Cx<'_>, id: &Identity) -> Option<Result<Value, crate::Status>> {
    let r = request(Verb::Get, id)?;
    Some(cx.request(r).map(|resp| match resp {
        Response::Object(v) => v,
        Response::List(_) => Value::Null,
    }))
}

/// `deleteObject`: uid and resourceVersion preconditions, the propagation policy.
fn delete(cx: &mut Cx<'_>, id: &Identity, resource_version: Option<String>, policy: &str) {
    let Some(mut r) = request(Verb::Delete, id) else { return };
    r.preconditions = Some(Preconditions { uid: Some(id.uid.clone()), resource_version });
    r.propagation_policy = Some(policy.to_string());
    let _ = cx.request(r);
}

/// A JSON merge patch with the object's uid as precondition (`deleteOwnerRefJSONMergePatch`,
/// `objectForFinalizersPatch`).
fn patch(cx: &mut Cx<'_>, id: &Identity, body: Value) {
    let Some(mut r) = request(Verb::Patch, id) else { return };
    r.body = Some(body);
    let _ = cx.request(r);
}

enum Class {
    Solid,
    Dangling,
    Waiting,
}

/// `removeFinalizer`: read the owner, patch its finalizers without `finalizer`.
fn remove_finalizer(cx: &mut Cx<'_>, id: &Identity, finalizer: &str) {
    let Some(Ok(owner)) = get(cx, id) else { return };
    if !has_finalizer(&owner, finalizer) {
        return;
    }
    let kept: Vec<Value> = owner["metadata"]["finalizers"].as_array().cloned().unwrap_or_default().into_iter().filter(|f| f != finalizer).collect();
    let finalizers = if kept.is_empty() { Value::Null } else { json!(kept) };
    patch(cx, id, json!({"metadata": {"finalizers": finalizers, "resourceVersion": owner["metadata"]["resourceVersion"]}}));
}

impl GarbageCollector {
    /// A virtual delete event (`enqueueVirtualDeleteEvent`): the object is gone, its dependents
    /// that name it are looked at.
    fn virtual_delete(&mut self, cx: &mut Cx<'_>, id: &Identity) {
        let deps = dependents_of(self, cx.cache(), &id.uid);
        if deps.is_empty() {
            return;
        }
        self.absent.insert((id.api_version.clone(), id.kind.clone(), id.name.clone(), id.uid.clone(), id.namespace.clone()));
        for (k, v) in deps {
            if let Some(d) = dependent_identity(&k, &v) {
                self.schedule(cx, Item::AttemptToDelete(d));
            }
        }
    }

    /// Queues a work item (the work-queue hand-off).
    fn schedule(&mut self, cx: &mut Cx<'_>, item: Item) {
        if self.queued.insert(item.clone()) {
            let at = cx.now().plus_millis(crate::CONTROLLER_QUEUE_DELAY_MS);
            cx.after(at, item);
        }
    }

    /// `isDangling` + `classifyReferences` for one reference.
    fn classify<J: JsonRead>(&mut self, cx: &mut Cx<'_>, item: &Identity, r: &J) -> Option<Class> {
        let owner = owner_identity(r, &item.namespace);
        let cluster_key = (owner.api_version.clone(), owner.kind.clone(), owner.name.clone(), owner.uid.clone(), String::new());
        let ns_key = (owner.api_version.clone(), owner.kind.clone(), owner.name.clone(), owner.uid.clone(), item.namespace.clone());
        if self.absent.contains(&cluster_key) || self.absent.contains(&ns_key) {
            return Some(Class::Dangling);
        }
        let rt = rt_of(&owner.api_version, &owner.kind)?;
        if item.namespace.is_empty() && rt.namespaced {
            // A cluster-scoped object cannot have a namespaced owner: not retried.
            return None;
        }
        let absent_key = if rt.namespaced { ns_key } else { cluster_key };
        match get(cx, &owner)? {
            Err(s) if s.reason == crate::apiserver::status::Reason::NotFound => {
                self.absent.insert(absent_key);
                Some(Class::Dangling)
            }
            Err(_) => None,
            Ok(live) if live["metadata"]["uid"].as_str() != Some(owner.uid.as_str()) => {
                self.absent.insert(absent_key);
                Some(Class::Dangling)
            }
            Ok(live) if deleting_dependents(&live) => Some(Class::Waiting),
            Ok(_) => Some(Class::Solid),
        }
    }

    fn attempt_to_delete(&mut self, cx: &mut Cx<'_>, id: &Identity) {
        let node = observed(cx.cache(), id).cloned();
        if let Some(n) = &node
            && deleting(n)
            && !deleting_dependents(n)
        {
            // "Being deleted" is a one-way trip: its dependents are looked at once it is gone.
            return;
        }
        let latest = match get(cx, id) {
            None => return,
            Some(Err(s)) if s.reason == crate::apiserver::status::Reason::NotFound => return self.virtual_delete(cx, id),
            Some(Err(_)) => return,
            Some(Ok(v)) => v,
        };
        if latest["metadata"]["uid"].as_str() != Some(id.uid.as_str()) {
            return self.virtual_delete(cx, id);
        }
        if node.is_none() {
            // A virtual node whose object exists: nothing to collect (the informer will show it).
            return;
        }
        if deleting_dependents(&latest) {
            return self.process_deleting_dependents(cx, id);
        }
        let owner_refs = refs(&latest);
        if owner_refs.is_empty() {
            return;
        }
        let (mut solid, mut dangling, mut waiting) = (Vec::new(), Vec::new(), Vec::new());
        for r in &owner_refs {
            match self.classify(cx, id, r) {
                None => return,
                Some(Class::Solid) => solid.push(r.clone()),
                Some(Class::Dangling) => dangling.push(r.clone()),
                Some(Class::Waiting) => waiting.push(r.clone()),
            }
        }
        let rv = latest["metadata"]["resourceVersion"].as_str().map(str::to_string);
        if !solid.is_empty() {
            if dangling.is_empty() && waiting.is_empty() {
                return;
            }
            // Dangling and waiting references go; the solid owner keeps the object.
            let gone: Vec<&Value> = dangling.iter().chain(waiting.iter()).map(|r| &r["uid"]).collect();
            let kept: Vec<Value> = owner_refs.iter().filter(|r| !gone.contains(&&r["uid"])).cloned().collect();
            return patch(cx, id, json!({"metadata": {"ownerReferences": kept, "uid": id.uid}}));
        }
        let has_dependents = !dependents_of(self, cx.cache(), &id.uid).is_empty();
        if !waiting.is_empty() && has_dependents {
            // Its own dependents go first: deleted in the foreground.
            return delete(cx, id, rv, "Foreground");
        }
        let policy = if has_finalizer(&latest, FINALIZER_ORPHAN) {
            "Orphan"
        } else if has_finalizer(&latest, FINALIZER_FOREGROUND) {
            "Foreground"
        } else {
            "Background"
        };
        delete(cx, id, rv, policy);
    }

    /// `processDeletingDependentsItem`: the owner waits for the dependents that block it.
    fn process_deleting_dependents(&mut self, cx: &mut Cx<'_>, id: &Identity) {
        let blocking: Vec<(ObjectKey, Value)> = dependents_of(self, cx.cache(), &id.uid)
            .into_iter()
            .filter(|(_, v)| refs(v).iter().any(|r| r["uid"] == id.uid.as_str() && r["blockOwnerDeletion"] == true))
            .collect();
        if blocking.is_empty() {
            return remove_finalizer(cx, id, FINALIZER_FOREGROUND);
        }
        for (k, v) in blocking {
            if !deleting_dependents(&v)
                && let Some(d) = dependent_identity(&k, &v)
            {
                self.schedule(cx, Item::AttemptToDelete(d));
            }
        }
    }

    /// `attemptToOrphanWorker`: every dependent loses the owner's reference, then the owner
    /// loses its `orphan` finalizer.
    fn attempt_to_orphan(&mut self, cx: &mut Cx<'_>, id: &Identity) {
        for (k, v) in dependents_of(self, cx.cache(), &id.uid) {
            let Some(d) = dependent_identity(&k, &v) else { continue };
            let kept: Vec<Value> = refs(&v).into_iter().filter(|r| r["uid"] != id.uid.as_str()).collect();
            let kept = if kept.is_empty() { Value::Null } else { json!(kept) };
            patch(cx, &d, json!({"metadata": {"ownerReferences": kept, "uid": d.uid}}));
        }
        remove_finalizer(cx, id, FINALIZER_ORPHAN);
    }
}
