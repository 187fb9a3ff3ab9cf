//! The compact objects (`podlife_model::obj`) against `serde_json::Value`: decoding any JSON
//! under any served kind and encoding it again gives the same `Value`, exactly (number
//! representation and key order included); and every read of the facade (`[key]`, `[i]`,
//! `get`, `pointer`, `as_*`, `is_*`, entries in order) answers what `Value` answers for the
//! same path. Inputs: arbitrary JSON (keys drawn mostly from the schema's field names, so that
//! struct fields meet wrong types, nulls and unknown neighbours), and real objects — the
//! scripts' and scenarios' manifests and objects etcd held at a golden script's end
//! (`tests/objects/`) — mutated at random paths.

use std::sync::OnceLock;

mod common;
use common::{files, served};

use podlife_model::obj::{Obj, Slot};
use podlife_model::{ResourceType, RESOURCES, SECONDARY};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::{json, Value};


/// Field names of the served kinds (and two that no struct has), for keys and probes.
const KEYS: &[&str] = &[
    "apiVersion", "kind", "metadata", "spec", "status", "name", "namespace", "labels", "annotations", "containers", "image",
    "resources", "requests", "limits", "cpu", "nodeName", "conditions", "type", "items", "ports", "containerPort", "managedFields",
    "fieldsV1", "ownerReferences", "uid", "creationTimestamp", "lastProbeTime", "template", "selector", "matchLabels", "replicas",
    "data", "endpoints", "addresses", "holderIdentity", "renewTime", "involvedObject", "count", "volumes", "projected", "sources",
    "tolerations", "capacity", "allocatable", "app", "", "x", "zzz", "a/b~c",
];

fn roots() -> Vec<&'static ResourceType> {
    RESOURCES.iter().chain(SECONDARY).collect()
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(KEYS).prop_map(String::from),
        1 => "[a-zA-Z/~.-]{0,24}",
        1 => any::<String>(),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-3i64..300).prop_map(Value::from),
        any::<f64>().prop_filter_map("finite", |f| serde_json::Number::from_f64(f).map(Value::Number)),
        prop::sample::select(vec![json!(1.0), json!(-0.0), json!(0.0), json!(1e300), json!(i64::MIN), json!(i64::MAX), json!(i64::MAX as u64 + 1)]),
        // Around the inline length (20 bytes), and any Unicode.
        "[a-z0-9 .:/-]{0,26}".prop_map(Value::String),
        any::<String>().prop_map(Value::String),
        prop::sample::select(KEYS).prop_map(|s| Value::String(s.into())),
    ]
}

fn any_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(5, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..8).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// An object at the root, often with the kind's own `apiVersion` and `kind`.
fn rooted() -> impl Strategy<Value = (usize, Value)> {
    (0..roots().len(), prop::collection::btree_map(key(), any_json(), 0..8), any::<bool>()).prop_map(|(r, m, typed)| {
        let mut map: serde_json::Map<String, Value> = m.into_iter().collect();
        if typed {
            let rt = roots()[r];
            map.insert("apiVersion".into(), Value::String(rt.api_version()));
            map.insert("kind".into(), Value::String(rt.kind.into()));
        }
        (r, Value::Object(map))
    })
}

/// `Value`'s answers and the facade's, at `slot`/`value` and everywhere below.
fn same(slot: &Slot, value: &Value) -> Result<(), TestCaseError> {
    prop_assert!(*slot == *value, "PartialEq<Value>: {:?} vs {}", slot, value);
    prop_assert_eq!(&slot.to_value(), value);
    prop_assert_eq!(slot.is_null(), value.is_null());
    prop_assert_eq!(slot.is_boolean(), value.is_boolean());
    prop_assert_eq!(slot.is_string(), value.is_string());
    prop_assert_eq!(slot.is_number(), value.is_number());
    prop_assert_eq!(slot.is_i64(), value.is_i64());
    prop_assert_eq!(slot.is_u64(), value.is_u64());
    prop_assert_eq!(slot.is_f64(), value.is_f64());
    prop_assert_eq!(slot.is_array(), value.is_array());
    prop_assert_eq!(slot.is_object(), value.is_object());
    prop_assert_eq!(slot.as_bool(), value.as_bool());
    prop_assert_eq!(slot.to_values(), value.as_array().cloned());
    prop_assert_eq!(slot.to_map(), value.as_object().cloned());
    prop_assert_eq!(*slot == true, *value == true);
    prop_assert_eq!(*slot == 3i64, *value == 3i64);
    prop_assert_eq!(*slot == 0u64, *value == 0u64);
    prop_assert_eq!(*slot == 1.5f64, *value == 1.5f64);
    prop_assert_eq!(slot.as_str(), value.as_str());
    prop_assert_eq!(slot.as_i64(), value.as_i64());
    prop_assert_eq!(slot.as_u64(), value.as_u64());
    prop_assert_eq!(slot.as_f64().map(f64::to_bits), value.as_f64().map(f64::to_bits));
    prop_assert_eq!(slot.as_array().map(<[Slot]>::len), value.as_array().map(Vec::len));
    let value_keys = value.as_object().map(|m| m.keys().map(String::as_str).collect::<Vec<_>>());
    prop_assert_eq!(slot.entries().map(|e| e.into_iter().map(|(k, _)| k).collect::<Vec<_>>()), value_keys.clone());
    prop_assert_eq!(slot.keys().collect::<Vec<_>>(), value_keys.unwrap_or_default());
    let len = value.as_array().map(Vec::len).or(value.as_object().map(serde_json::Map::len)).unwrap_or(0);
    prop_assert_eq!(slot.len(), len);
    if let Some(items) = value.as_array() {
        for (i, v) in items.iter().enumerate() {
            prop_assert!(slot.get(i).is_some());
            same(&slot[i], v)?;
        }
        prop_assert!(slot.get(items.len()).is_none());
    }
    prop_assert_eq!(slot.as_object().is_some(), value.is_object());
    if let (Some(members), Some(map)) = (slot.as_object(), value.as_object()) {
        prop_assert_eq!(members.len(), map.len());
        prop_assert_eq!(members.is_empty(), map.is_empty());
        prop_assert_eq!(members.clone().keys().collect::<Vec<_>>(), map.keys().map(String::as_str).collect::<Vec<_>>());
        prop_assert!(members.clone().values().zip(map.values()).all(|(s, v)| *s == *v));
        for k in map.keys().map(String::as_str).chain(KEYS.iter().copied()) {
            prop_assert_eq!(members.contains_key(k), map.contains_key(k));
            let got = members.get(k).map(Slot::to_value);
            prop_assert_eq!(got.as_ref(), map.get(k));
        }
    }
    if let Some(map) = value.as_object() {
        for (k, v) in map {
            prop_assert!(slot.get(k.as_str()).is_some(), "missing {}", k);
            same(&slot[k.as_str()], v)?;
            prop_assert!(slot[k] == value[k]);
        }
        // Entries come in key order with the right values.
        for ((k, s), (vk, v)) in slot.entries().unwrap_or_default().into_iter().zip(map) {
            prop_assert_eq!(k, vk.as_str());
            prop_assert!(*s == *v);
        }
    }
    for k in KEYS {
        prop_assert_eq!(slot.get(*k).is_some(), value.get(*k).is_some(), "get({:?})", k);
        prop_assert!(slot[*k] == value[*k], "[{:?}]", k);
    }
    prop_assert!(slot[0] == value[0]);
    prop_assert!(slot[99] == value[99]);
    prop_assert!(slot["no such key"]["x"][0].is_null());
    Ok(())
}

/// Every JSON pointer into `value`.
fn pointers(value: &Value, prefix: &mut String, out: &mut Vec<String>) {
    out.push(prefix.clone());
    let len = prefix.len();
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                prefix.push('/');
                prefix.push_str(&k.replace('~', "~0").replace('/', "~1"));
                pointers(v, prefix, out);
                prefix.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                prefix.push_str(&format!("/{i}"));
                pointers(v, prefix, out);
                prefix.truncate(len);
            }
        }
        _ => {}
    }
}

/// The round trip and the facade, for `value` decoded as `rt`'s object.
fn check(rt: &ResourceType, value: &Value) -> Result<(), TestCaseError> {
    let obj = Obj::from_value(rt, value);
    let back = obj.to_value();
    prop_assert_eq!(&back, value);
    // Same text too: same number forms and key order.
    prop_assert_eq!(podlife_model::json::to_string(&back), podlife_model::json::to_string(value));
    prop_assert!(obj == *value);
    // Serialized directly (no `Value` built): serde_json's text of the value itself.
    prop_assert_eq!(serde_json::to_string(&obj).ok(), serde_json::to_string(value).ok());
    same(&obj, value)?;
    let mut ps = Vec::new();
    pointers(value, &mut String::new(), &mut ps);
    ps.extend(["/", "x", "/metadata/", "/spec/containers/00", "/spec/containers/+0", "/items/7"].map(String::from));
    for p in &ps {
        let got = obj.pointer(p).map(Slot::to_value);
        prop_assert_eq!(got.as_ref(), value.pointer(p), "pointer {}", p);
        // `Slot == Slot` is JSON equality wherever the slots sit and however they were decoded.
        if let (Some(s), Some(v)) = (obj.pointer(p), value.pointer(p)) {
            prop_assert!(*s == *Obj::untyped(v), "slot == untyped copy at {}", p);
            prop_assert!(*s == *Obj::from_value(rt, v), "slot == schema copy at {}", p);
        }
    }
    Ok(())
}

// ---- real objects ----

/// Stored objects (`tests/objects/*.json`, dumped from a golden run's etcd).
fn stored() -> Vec<Value> {
    let mut paths = Vec::new();
    files(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/objects"), &mut paths);
    paths.iter().filter_map(|p| serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok()).collect()
}

/// Valid objects of the served kinds: stored ones, and the scripts' and scenarios' manifests.
fn seeds() -> &'static [(&'static ResourceType, Value)] {
    static SEEDS: OnceLock<Vec<(&'static ResourceType, Value)>> = OnceLock::new();
    SEEDS.get_or_init(|| {
        let texts = common::repository_manifests();
        let mut out: Vec<(&'static ResourceType, Value)> = stored().into_iter().filter_map(|v| Some((served(&v)?, v))).collect();
        for text in texts {
            for item in podlife_manifest::parse(&text) {
                if let podlife_manifest::Item::Object(doc) = item
                    && let Some(rt) = served(&doc.value)
                    && !out.iter().any(|(_, v)| *v == doc.value)
                {
                    out.push((rt, doc.value));
                }
            }
        }
        out
    })
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace(Value),
    Remove,
    Insert(String, Value),
    Push(Value),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => any_json().prop_map(Mutation::Replace),
        1 => Just(Mutation::Replace(Value::Null)),
        1 => Just(Mutation::Remove),
        2 => (key(), any_json()).prop_map(|(k, v)| Mutation::Insert(k, v)),
        1 => any_json().prop_map(Mutation::Push),
    ]
}

/// Applies `m` at the `pick`-th path of `value` (in document order).
fn mutate(value: &mut Value, pick: usize, m: Mutation) {
    let mut ps = Vec::new();
    pointers(value, &mut String::new(), &mut ps);
    let p = ps[pick % ps.len()].clone();
    if let Mutation::Remove = m {
        if let Some((parent, last)) = p.rsplit_once('/') {
            let last = last.replace("~1", "/").replace("~0", "~");
            match value.pointer_mut(parent) {
                Some(Value::Object(map)) => {
                    map.remove(&last);
                }
                Some(Value::Array(items)) => {
                    if let Ok(i) = last.parse::<usize>()
                        && i < items.len()
                    {
                        items.remove(i);
                    }
                }
                _ => {}
            }
        }
        return;
    }
    let Some(target) = value.pointer_mut(&p) else { return };
    match m {
        Mutation::Replace(v) => *target = v,
        Mutation::Insert(k, v) => match target {
            Value::Object(map) => {
                map.insert(k, v);
            }
            other => *other = json!({ k: v }),
        },
        Mutation::Push(v) => match target {
            Value::Array(items) => items.push(v),
            other => *other = json!([v]),
        },
        Mutation::Remove => {}
    }
}

#[test]
fn seeds_cover_the_measured_kinds() {
    let kinds: Vec<&str> = seeds().iter().map(|(rt, _)| rt.kind).collect();
    for k in ["Pod", "Node", "Lease", "Event", "EndpointSlice", "Deployment", "ReplicaSet", "Service"] {
        assert!(kinds.contains(&k), "no {k} among the seeds");
    }
    assert!(stored().len() >= 5, "tests/objects is missing");
}

/// Unmutated real objects, each once (proptest below only samples them).
#[test]
fn real_objects_round_trip() {
    for (rt, v) in seeds() {
        if let Err(e) = check(rt, v) {
            panic!("{}: {e}", podlife_model::json::to_string(v));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn any_json_under_any_kind((r, v) in rooted()) {
        check(roots()[r], &v)?;
    }

    #[test]
    fn any_json_at_the_root(r in 0..roots().len(), v in any_json()) {
        check(roots()[r], &v)?;
    }

    #[test]
    fn untyped_round_trips(v in any_json()) {
        let obj = Obj::untyped(&v);
        prop_assert_eq!(obj.to_value(), v.clone());
        same(&obj, &v)?;
    }

    /// Writes through `insert_at`/`remove_at` give what decoding the changed `Value` gives.
    #[test]
    fn writes_match_value(seed in any::<prop::sample::Index>(), writes in prop::collection::vec((any::<usize>(), key(), prop::option::of(any_json()), any::<bool>()), 1..5)) {
        let (rt, v) = &seeds()[seed.index(seeds().len())];
        let mut v = v.clone();
        let mut obj = Obj::from_value(rt, &v);
        for (pick, k, new, undo) in writes {
            let mut ps = Vec::new();
            pointers(&v, &mut String::new(), &mut ps);
            let p = ps[pick % ps.len()].clone();
            // `undo`: remove the key just written (often an object's only unknown key).
            let steps = [Some(new.clone()), (undo && new.is_some()).then_some(None)];
            for new in steps.into_iter().flatten() {
                let target = v.pointer_mut(&p).and_then(Value::as_object_mut);
                let is_object = target.is_some();
                match new {
                    Some(new) => {
                        if let Some(map) = target {
                            map.insert(k.clone(), new.clone());
                        }
                        prop_assert_eq!(obj.insert_at(&p, &k, &new), is_object);
                    }
                    None => {
                        let had = target.and_then(|map| map.remove(&k)).is_some();
                        prop_assert_eq!(obj.remove_at(&p, &k), had);
                    }
                }
                prop_assert!(obj == Obj::from_value(rt, &v), "not what decoding gives after writing {} at {}", k, p);
                check(rt, &v)?;
                prop_assert_eq!(obj.to_value(), v.clone());
            }
        }
    }

    #[test]
    fn mutated_real_objects(seed in any::<prop::sample::Index>(), muts in prop::collection::vec((any::<usize>(), mutation()), 0..6)) {
        let (rt, v) = &seeds()[seed.index(seeds().len())];
        let original = v;
        let mut v = v.clone();
        for (pick, m) in muts {
            mutate(&mut v, pick, m);
        }
        check(rt, &v)?;
        // Unequal exactly when the JSON differs.
        prop_assert_eq!(Obj::from_value(rt, &v) == Obj::from_value(rt, original), v == *original);
        prop_assert_eq!(*Obj::from_value(rt, &v) == *Obj::untyped(original), v == *original);
    }
}
