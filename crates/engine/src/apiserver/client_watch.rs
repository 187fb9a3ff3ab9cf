//! A client's watch (`kubectl get -w`): the events of one resource type, filtered for this
//! watcher as the watch cache filters them (apiserver `pkg/storage/cacher/cache_watcher.go`,
//! `convertToWatchEvent`). With a label or field selector an object that starts matching arrives
//! as ADDED, one that stops matching as DELETED (its last matching content, the new
//! resourceVersion), changes to a matching object as MODIFIED.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use podlife_model::ResourceType;

use super::fields::{self, Term};
use super::status::Status;
use crate::clock::Time;
use crate::labels::Selector;
use crate::store::{EventType, ObjectKey, Store, WatchEvent};

/// The most events a client watch keeps before its reader drains it.
const MAX_EVENTS: usize = 10_000;

/// What a watch request selects: its resource, namespace and selectors.
#[derive(Debug, Clone, Default)]
pub struct WatchOptions {
    pub namespace: Option<String>,
    pub label_selector: Option<String>,
    pub field_selector: Option<String>,
}

#[derive(Debug, Clone)]
pub(crate) struct ClientWatch {
    pub(crate) id: u64,
    group: String,
    resource: String,
    namespace: Option<String>,
    labels: Option<Selector>,
    fields: Vec<Term>,
    /// The objects that passed the filter at their last change (the cacher's `PrevObject` test).
    passing: BTreeMap<ObjectKey, Arc<crate::Obj>>,
    pub(crate) events: Vec<(Time, WatchEvent)>,
}

impl ClientWatch {
    /// Whether this watch sees the heartbeats' writes (Leases, Nodes), which a quiet stretch
    /// would hide.
    pub(crate) fn watches_heartbeats(&self) -> bool {
        self.resource == "leases" || self.resource == "nodes"
    }

    /// Whether this watch sees what a replay of crash-loop restarts or failed pulls writes
    /// quietly (`kubelet/restarts.rs`): pods and their events, and — a restart moving its
    /// ReplicaSet's readiness — ReplicaSets and Deployments. (A failed pull changes no owner:
    /// `kubectl rollout status` on a Deployment whose pods cannot pull sees nothing move.)
    pub(crate) fn watches_replays(&self, restarts: bool) -> bool {
        matches!(self.resource.as_str(), "pods" | "events") || (restarts && matches!(self.resource.as_str(), "replicasets" | "deployments"))
    }

    /// Parses the selectors as a list request does (the same BadRequest texts) and starts from
    /// the store's current objects.
    pub(crate) fn open(id: u64, rt: &ResourceType, options: &WatchOptions, store: &Store) -> Result<ClientWatch, Status> {
        let labels = options.label_selector.as_deref().map(Selector::parse).transpose().map_err(Status::bad_request)?;
        let fields = match options.field_selector.as_deref() {
            Some(text) => fields::convert_labels(rt, fields::parse(text).map_err(Status::bad_request)?).map_err(Status::bad_request)?,
            None => Vec::new(),
        };
        let namespace = if rt.namespaced { options.namespace.clone() } else { None };
        let mut watch = ClientWatch {
            id,
            group: rt.group.to_string(),
            resource: rt.plural.to_string(),
            namespace,
            labels,
            fields,
            passing: BTreeMap::new(),
            events: Vec::new(),
        };
        let passing: BTreeMap<ObjectKey, Arc<crate::Obj>> = crate::sort::collect_map(
            store.list_shared(rt.group, rt.plural, watch.namespace.as_deref()).filter(|(_, v)| watch.filter(v)).map(|(k, v)| (k.clone(), Arc::clone(v))),
        );
        watch.passing = passing;
        Ok(watch)
    }

    fn filter(&self, object: &crate::Slot) -> bool {
        self.labels.as_ref().is_none_or(|s| s.matches(&object["metadata"]["labels"])) && (self.fields.is_empty() || fields::matches(&self.fields, &object.to_value()))
    }

    /// Takes the change if this watcher is interested, converted as the cacher converts it.
    pub(crate) fn offer(&mut self, now: Time, event: &WatchEvent) {
        if event.key.group != self.group || event.key.resource != self.resource || self.namespace.as_ref().is_some_and(|n| *n != event.key.namespace) {
            return;
        }
        let current = event.event_type != EventType::Deleted && self.filter(&event.object);
        let previous = if current { self.passing.insert(event.key.clone(), Arc::clone(&event.object)) } else { self.passing.remove(&event.key) };
        let retyped = |event_type| WatchEvent { event_type, ..event.clone() };
        let converted = match (current, previous) {
            (false, None) => return,
            (true, None) => retyped(EventType::Added),
            (true, Some(_)) => retyped(EventType::Modified),
            (false, Some(_)) if event.event_type == EventType::Deleted => event.clone(),
            // No longer matching: the last matching content, at the event's resourceVersion.
            (false, Some(last)) => {
                let mut object = (*last).clone();
                object.insert_at("/metadata", "resourceVersion", &Value::String(event.revision.to_string()));
                WatchEvent { object: Arc::new(object), ..retyped(EventType::Deleted) }
            }
        };
        if self.events.len() < MAX_EVENTS {
            self.events.push((now, converted));
        }
    }
}
