//! What a ReplicaSet's sync reads of each pod of its namespace, kept between its syncs.
//!
//! Upstream's `syncReplicaSet` lists every pod of the namespace after a change to any one of
//! them, and so does podlife's: a `kubectl label pods --all` on 300 pods is 300 syncs over 300
//! pods. A pod whose stored version has not changed since the last sync gives the same answers
//! (is it ours, does the selector match, is it active, Ready, since when, fully labelled), so
//! only the pods that changed are read again. Each entry holds the pod's `Arc`: while the memo
//! holds it, that allocation is that version of the pod, and `Arc::ptr_eq` with the cache's
//! copy says "unchanged". The answers also depend on the ReplicaSet — its uid, selector and
//! template labels —, so a memo is used only while those are the same.

use std::sync::Arc;

use podlife_model::obj::fields;
use serde_json::Value;

use crate::Slot;
use crate::clock::Time;
use crate::components::Cache;

/// Who a pod belongs to, as the claim sees it (`ClaimPods`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Claim {
    /// Another controller's: neither claimed nor released.
    Other,
    /// Ours; `matches`: still selected (else released).
    Ours { matches: bool },
    /// Nobody's; adopted if selected and not being deleted.
    Orphan { adoptable: bool },
}

/// One pod's answers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Facts {
    pub claim: Claim,
    /// `IsPodActive`: not terminal, not being deleted.
    pub active: bool,
    /// Being deleted, not yet terminal (`terminatingReplicas`).
    pub terminating: bool,
    pub ready: bool,
    /// When it turned Ready (if it is).
    pub ready_since: Option<Time>,
    /// Carries every label of the template (`fullyLabeledReplicas`).
    pub fully_labeled: bool,
}

/// What the answers depend on besides the pod.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Owner {
    pub kind: &'static str,
    pub uid: String,
    pub selector: Value,
    pub template_labels: Value,
}

/// The selector compiled once per sync, with what else a pod is read against.
pub(super) struct Reader<'a> {
    pub owner: &'a Owner,
    pub selector: Option<crate::labels::Selector>,
}

impl Reader<'_> {
    fn read(&self, pod: &Slot) -> Facts {
        use super::replicaset::{deleting, terminal};
        use fields::{object_meta as meta, owner_reference as oref, pod as p};
        let controller = super::controller_of(pod);
        let ours = controller.filter(|r| r[oref::KIND] == self.owner.kind).and_then(|r| r[oref::UID].as_str()) == Some(self.owner.uid.as_str());
        let labels = &pod[p::METADATA][meta::LABELS];
        let matches = || self.selector.as_ref().is_some_and(|s| s.matches(labels));
        let deleting = deleting(pod);
        let claim = match controller {
            _ if ours => Claim::Ours { matches: matches() },
            Some(_) => return Facts { claim: Claim::Other, active: false, terminating: false, ready: false, ready_since: None, fully_labeled: false },
            None => Claim::Orphan { adoptable: !deleting && matches() },
        };
        let terminal = terminal(pod);
        let ready = super::pod_ready(pod);
        Facts {
            claim,
            active: !terminal && !deleting,
            terminating: deleting && !terminal,
            ready,
            ready_since: if ready { super::replicaset::ready_since(pod) } else { None },
            fully_labeled: self.owner.template_labels.as_object().is_none_or(|m| m.iter().all(|(k, v)| labels[k.as_str()].as_str() == v.as_str())),
        }
    }
}

/// One ReplicaSet's memo: the pods of its namespace it claims or could adopt, in name order,
/// as its last sync read them.
#[derive(Debug, Clone)]
pub(crate) struct Memo {
    owner: Owner,
    pods: Vec<(String, Arc<crate::Obj>, Facts)>,
}

/// The namespace's pods in name order, each with its facts: read again only where the pod
/// changed since `memo` (or all of them, when the memo was for another owner). Returns the
/// memo for the next sync.
pub(super) fn read_pods<'c>(cache: &'c Cache, ns: &'c str, reader: &Reader<'_>, memo: Option<Box<Memo>>, mut each: impl FnMut(&'c Slot, &Facts)) -> Box<Memo> {
    let previous = memo.filter(|m| m.owner == *reader.owner).map(|m| m.pods).unwrap_or_default();
    let mut pods = Vec::with_capacity(previous.len() + 1);
    let mut previous = previous.into_iter().peekable();
    for (key, pod) in crate::components::cached_in(cache, "", "pods", ns) {
        // Pods gone since (names before this one) drop out.
        while previous.next_if(|(name, ..)| name.as_str() < key.name.as_str()).is_some() {}
        let (name, facts) = match previous.next_if(|(name, kept, _)| *name == key.name && Arc::ptr_eq(kept, pod)) {
            Some((name, _, facts)) => (Some(name), facts),
            None => (None, reader.read(pod.root())),
        };
        each(pod.root(), &facts);
        // Another controller's pods are not kept: asking whose they are is all a sync reads of
        // them, and a namespace of many ReplicaSets would keep each pod once per ReplicaSet.
        if facts.claim != Claim::Other {
            pods.push((name.unwrap_or_else(|| key.name.clone()), pod.clone(), facts));
        }
    }
    Box::new(Memo { owner: reader.owner.clone(), pods })
}

#[cfg(test)]
mod tests {
    use super::*;


    fn pod(name: &str, owner: Option<(&str, &str)>, app: &str, ready: bool) -> Arc<crate::Obj> {
        let refs = owner.map(|(kind, uid)| json!([{"kind": kind, "name": "x", "uid": uid, "controller": true}]));
        let status = if ready { "True" } else { "False" };
        Arc::new(crate::Obj::untyped(&json!({
            "metadata": {"name": name, "namespace": "default", "labels": {"app": app}, "ownerReferences": refs},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": status, "lastTransitionTime": "2026-12-06T10:00:00Z"}]}
        })))
    }

    fn key(name: &str) -> crate::store::ObjectKey {
        crate::store::ObjectKey { group: "", resource: "pods", namespace: "default".into(), name: name.into() }
    }

    fn owner(app: &str) -> Owner {
        Owner { kind: "ReplicaSet", uid: "rs-1".into(), selector: json!({"matchLabels": {"app": app}}), template_labels: json!({"app": app}) }
    }

    /// Every pod's facts, read through `read_pods` with the memo given.
    fn facts(cache: &Cache, owner: &Owner, memo: Option<Box<Memo>>) -> (Vec<(String, Facts)>, Box<Memo>) {
        let selector = crate::labels::Selector::from_label_selector(&crate::Obj::untyped(&owner.selector));
        let reader = Reader { owner, selector };
        let mut seen = Vec::new();
        let memo = read_pods(cache, "default", &reader, memo, |p, f| seen.push((p["metadata"]["name"].as_str().unwrap_or_default().to_string(), *f)));
        (seen, memo)
    }

    /// A memo gives exactly what reading every pod afresh gives, after pods changed, came and
    /// went; a memo of another owner (a new selector) is not used.
    #[test]
    fn a_memo_answers_as_a_fresh_read() {
        let mut cache = Cache::new();
        cache.insert(key("a"), pod("a", Some(("ReplicaSet", "rs-1")), "web", true));
        cache.insert(key("b"), pod("b", None, "web", false));
        cache.insert(key("c"), pod("c", Some(("ReplicaSet", "rs-2")), "web", true));
        cache.insert(key("d"), pod("d", Some(("ReplicaSet", "rs-1")), "db", true));
        let web = owner("web");
        let (first, memo) = facts(&cache, &web, None);
        assert_eq!(first.iter().map(|(n, f)| (n.as_str(), f.claim)).collect::<Vec<_>>(), [
            ("a", Claim::Ours { matches: true }),
            ("b", Claim::Orphan { adoptable: true }),
            ("c", Claim::Other),
            ("d", Claim::Ours { matches: false }),
        ]);
        assert!(first[0].1.ready && first[0].1.ready_since.is_some() && first[0].1.fully_labeled && !first[1].1.ready);
        // a turns not Ready (a new version), b goes, e comes; c and d stay as they were.
        cache.insert(key("a"), pod("a", Some(("ReplicaSet", "rs-1")), "web", false));
        cache.remove(&key("b"));
        cache.insert(key("e"), pod("e", Some(("ReplicaSet", "rs-1")), "web", true));
        let (remembered, memo) = facts(&cache, &web, Some(memo));
        let (fresh, _) = facts(&cache, &web, None);
        assert_eq!(remembered, fresh);
        assert!(!remembered[0].1.ready, "the changed pod was read again");
        // Another selector: nothing of the memo is used.
        let db = owner("db");
        let (other, _) = facts(&cache, &db, Some(memo));
        assert_eq!(other, facts(&cache, &db, None).0);
        assert_eq!(other.iter().find(|(n, _)| n == "d").map(|(_, f)| f.claim), Some(Claim::Ours { matches: true }));
    }
}
