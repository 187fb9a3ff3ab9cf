//! Compact, schema-indexed API objects (issue 20, plan §5.2 "B2"): what the store, watch
//! events and informer caches can hold instead of `serde_json::Value`.
//!
//! An object is a tree of 24-byte [`Slot`]s. Where the schema (`schema_table.rs`) expects a Go
//! struct and the JSON has an object, the slot is a struct: its type index and only the
//! present fields, each tagged with its field index (fields are sorted by JSON name, so index
//! order is key order) — no key strings are stored. Everything else is plain JSON in slots:
//! strings (up to 20 bytes inline, longer ones shared), integers and floats exactly as
//! `serde_json` holds them, lists, and maps sorted by key. Keys a struct does not know go to
//! one trailing "extra" map, and the `apiVersion`/`kind` of a resource to two reserved
//! indices. So any JSON decodes, and [`Obj::to_value`] gives back exactly the input `Value`:
//! a store holding `Obj`s writes the same bytes as one holding `Value`s.
//!
//! Reading mirrors `Value`'s API on `&Slot` (`get`, `[key]`, `[i]`, `as_str`, `as_i64`, …,
//! a static null on a miss), so reader code migrates with few edits. A field is found by a
//! search of the schema's sorted names (`field_id`), then a scan of the present fields'
//! indices; `fields` has generated keys (`fields::pod::SPEC`) that skip the first step.
//! Writes go by path (`Obj::insert_at`) and keep the form `from_value` gives.
//!
//! Structs, lists, maps and long strings live in reference-counted slices (`Arc`): a copy of
//! an object shares all of them, and a write copies only the slices on its path (copy on
//! write), so the object a writer builds from the stored one (a Node's new heartbeat, a pod's
//! new status) costs the path it changes, not the whole object; an unchanged part compares
//! equal to itself at once.

use std::ops::Deref;
use std::sync::Arc;

use serde_json::{Map, Number, Value};

pub mod fields;
pub(crate) mod names;
mod read;
mod write;

use names::{field_id, field_kind};
pub use read::{FieldKey, JsonRead, Members, SlotIndex};

use crate::kinds::ResourceType;
use crate::schema::Kind;

/// Strings up to this many bytes live in the slot itself: what is left of a slot (two
/// pointers and 8 bytes) after the tag, length and field index — 20 bytes on 64-bit targets
/// (an RFC 3339 time to the second fits), 12 on wasm32, where a slot is 16 bytes.
const INLINE: usize = 4 + 2 * std::mem::size_of::<usize>();

const _: () = assert!(std::mem::size_of::<Slot>() == 8 + 2 * std::mem::size_of::<usize>());

/// Field indices past the schema's: a resource's `apiVersion` and `kind` (not schema fields,
/// but in every stored object), and the map of keys the struct does not know. They sort after
/// every schema field; `as_object` merges them back into key order.
const API_VERSION: u16 = 0xFFFD;
const KIND: u16 = 0xFFFE;
const EXTRA: u16 = 0xFFFF;

/// One JSON value inside an [`Obj`], read like a `serde_json::Value` (`get`, `[key]`, `[i]`,
/// `as_str`, …). 24 bytes (16 on wasm32).
#[derive(Clone)]
pub struct Slot(Repr);

/// `id` is the slot's field index when it is a struct's field (0 elsewhere): with `repr(u8)`
/// every variant is laid out as a C struct after the tag, so `id` sits in bytes the payload
/// leaves free and a struct's fields cost one slot each, not 32 bytes for `(u16, Slot)`.
#[derive(Clone)]
#[repr(u8)]
enum Repr {
    Null { id: u16 },
    Bool { id: u16, v: bool },
    /// Every integer in `i64`'s range (serde_json's `PosInt` when ≥ 0, `NegInt` below).
    Int { id: u16, v: i64 },
    /// Integers above `i64::MAX`.
    U64 { id: u16, v: u64 },
    F64 { id: u16, v: f64 },
    /// Valid UTF-8 by construction (`text`).
    Small { len: u8, id: u16, buf: [u8; INLINE] },
    Str { id: u16, s: Arc<str> },
    /// A Go struct `TYPES[ty]`: present fields sorted by `id`.
    Obj { id: u16, ty: u16, fields: Arc<[Slot]> },
    List { id: u16, items: Arc<[Slot]> },
    /// A JSON object without a struct: entries sorted by key; keys are `Small`/`Str`.
    Map { id: u16, entries: Arc<[(Slot, Slot)]> },
}

/// A whole object (any JSON value, decoded under a resource's schema).
#[derive(Clone, PartialEq)]
pub struct Obj(Slot);

impl Obj {
    /// Decodes `value` as `rt`'s object. Never fails: what does not fit the schema is kept as
    /// plain JSON.
    pub fn from_value(rt: &ResourceType, value: &Value) -> Obj {
        Obj(decode(Kind::O(rt.schema), value, 0))
    }

    /// Decodes `value` without a schema (every object a map).
    pub fn untyped(value: &Value) -> Obj {
        Obj(plain(value, 0))
    }

    /// The `Value` this was decoded from, exactly.
    pub fn to_value(&self) -> Value {
        self.0.to_value()
    }

    pub fn root(&self) -> &Slot {
        &self.0
    }

    /// Sets `key` in the object at `pointer` (`""` for the root) to `value`, as
    /// `value.pointer_mut(pointer)?.as_object_mut()?.insert(key, value)` would: how the store
    /// writes `/metadata` `resourceVersion`. The result is what `from_value` makes of the
    /// changed JSON. False, changing nothing, when there is no object at `pointer`.
    pub fn insert_at(&mut self, pointer: &str, key: &str, value: &Value) -> bool {
        self.0.pointer_mut(pointer).is_some_and(|s| s.insert(key, value))
    }

    /// Removes `key` from the object at `pointer`; whether it was there.
    pub fn remove_at(&mut self, pointer: &str, key: &str) -> bool {
        self.0.pointer_mut(pointer).is_some_and(|s| s.remove(key))
    }
}

impl Deref for Obj {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        &self.0
    }
}

impl std::fmt::Debug for Obj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", crate::json::to_string_plain(&self.to_value()))
    }
}

impl PartialEq<Value> for Obj {
    fn eq(&self, other: &Value) -> bool {
        self.0 == *other
    }
}

// ---- decoding ----

fn decode(kind: Kind, value: &Value, id: u16) -> Slot {
    Slot(match (kind, value) {
        (Kind::O(ty), Value::Object(map)) => return decode_struct(ty, map, id),
        (Kind::A(elem), Value::Array(items)) => Repr::List { id, items: items.iter().map(|v| decode(*elem, v, 0)).collect() },
        (Kind::M(elem), Value::Object(map)) => Repr::Map { id, entries: map.iter().map(|(k, v)| (text(k, 0), decode(*elem, v, 0))).collect() },
        // Leaves need no schema; a value of the wrong type is kept as it is.
        _ => return plain(value, id),
    })
}

fn decode_struct(ty: u16, map: &Map<String, Value>, id: u16) -> Slot {
    let mut fields = Vec::with_capacity(map.len());
    let mut extra = Vec::new();
    let (mut api_version, mut kind) = (None, None);
    for (key, value) in map {
        match field_id(ty, key) {
            Some(API_VERSION) => api_version = Some(decode(field_kind(ty, API_VERSION), value, API_VERSION)),
            Some(KIND) => kind = Some(decode(field_kind(ty, KIND), value, KIND)),
            Some(f) => fields.push(decode(field_kind(ty, f), value, f)),
            None => extra.push((text(key, 0), plain(value, 0))),
        }
    }
    // Schema fields arrive in index order (the map is sorted by key, as the fields are);
    // `apiVersion` and `kind` sort after them.
    fields.extend(api_version);
    fields.extend(kind);
    debug_assert!(fields.windows(2).all(|w| w[0].id() < w[1].id()), "fields out of index order");
    if !extra.is_empty() {
        fields.push(Slot(Repr::Map { id: EXTRA, entries: extra.into() }));
    }
    Slot(Repr::Obj { id, ty, fields: fields.into() })
}

/// Any JSON, without a schema.
fn plain(value: &Value, id: u16) -> Slot {
    Slot(match value {
        Value::Null => Repr::Null { id },
        Value::Bool(v) => Repr::Bool { id, v: *v },
        Value::Number(n) => number(n, id),
        Value::String(s) => return text(s, id),
        Value::Array(items) => Repr::List { id, items: items.iter().map(|v| plain(v, 0)).collect() },
        Value::Object(map) => Repr::Map { id, entries: map.iter().map(|(k, v)| (text(k, 0), plain(v, 0))).collect() },
    })
}

fn number(n: &Number, id: u16) -> Repr {
    if n.is_f64() {
        return Repr::F64 { id, v: n.as_f64().unwrap_or(f64::NAN) };
    }
    match (n.as_i64(), n.as_u64()) {
        (Some(v), _) => Repr::Int { id, v },
        (None, Some(v)) => Repr::U64 { id, v },
        (None, None) => Repr::F64 { id, v: n.as_f64().unwrap_or(f64::NAN) },
    }
}

fn text(s: &str, id: u16) -> Slot {
    if s.len() <= INLINE {
        let mut buf = [0u8; INLINE];
        buf[..s.len()].copy_from_slice(s.as_bytes());
        Slot(Repr::Small { len: s.len() as u8, id, buf })
    } else {
        Slot(Repr::Str { id, s: s.into() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::STRUCTS;

    #[test]
    fn sizes() {
        let word = std::mem::size_of::<usize>();
        assert_eq!(std::mem::size_of::<Slot>(), 8 + 2 * word);
        assert_eq!(std::mem::size_of::<Obj>(), 8 + 2 * word);
        assert_eq!(std::mem::size_of::<(Slot, Slot)>(), 16 + 4 * word);
    }

    /// A copy shares every slice with its original; writing to the copy (a field, an extra
    /// key, a list element, a removal) leaves the original as it was, shares what the write
    /// did not touch, and each reads back as `from_value` of its own JSON.
    #[test]
    fn a_write_to_a_copy_leaves_the_original() {
        let rt = crate::ResourceType::resolve("pods").expect("pods");
        let before = serde_json::json!({"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "web", "labels": {"app": "web"}, "uid": "0d4c1c2e-6a2b-4a3e-9b55-6c6f1f1f0a01"},
            "spec": {"containers": [{"name": "web", "image": "nginx:1.27-with-a-long-tag"}, {"name": "log", "image": "busybox"}]},
            "status": {"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "True"}]}});
        let original = Obj::from_value(rt, &before);
        let mut copy = original.clone();
        let Repr::Obj { fields: a, .. } = &original.root().0 else { panic!("a struct") };
        let Repr::Obj { fields: b, .. } = &copy.root().0 else { panic!("a struct") };
        assert!(Arc::ptr_eq(a, b), "a copy shares its slots");
        assert!(copy.insert_at("/status", "phase", &serde_json::json!("Running")));
        assert!(copy.insert_at("/metadata/labels", "tier", &serde_json::json!("front")));
        assert!(copy.insert_at("/spec/containers/1", "image", &serde_json::json!("busybox:1.36")));
        assert!(copy.insert_at("", "unknownKey", &serde_json::json!(1)));
        assert!(copy.remove_at("/status/conditions/0", "status"));
        assert_eq!(original.to_value(), before, "the original is unchanged");
        let mut after = before.clone();
        after["status"]["phase"] = serde_json::json!("Running");
        after["metadata"]["labels"]["tier"] = serde_json::json!("front");
        after["spec"]["containers"][1]["image"] = serde_json::json!("busybox:1.36");
        after["unknownKey"] = serde_json::json!(1);
        after["status"]["conditions"][0].as_object_mut().expect("object").remove("status");
        assert_eq!(copy.to_value(), after);
        assert!(copy == Obj::from_value(rt, &after), "the written copy is what from_value makes of its JSON");
        assert!(copy["spec"]["containers"][0] == original["spec"]["containers"][0]);
        let (Repr::Obj { fields: a, .. }, Repr::Obj { fields: b, .. }) = (&original["spec"]["containers"][0].0, &copy["spec"]["containers"][0].0) else { panic!("structs") };
        assert!(Arc::ptr_eq(a, b), "what the writes did not touch is still shared");
        assert!(original != copy);
    }

    /// Binary searches need every struct's names strictly sorted in byte order (`str::cmp`,
    /// serde_json's `Map` order), and the reserved indices above every real one.
    #[test]
    fn fields_sorted_as_map_keys() {
        for t in STRUCTS.iter() {
            assert!(t.fields().windows(2).all(|w| w[0].json() < w[1].json()), "{}", t.name());
            assert!(t.fields().len() < API_VERSION as usize);
            if t.resource.is_some() {
                assert!(t.fields().iter().all(|f| f.json() != "apiVersion" && f.json() != "kind"), "{}", t.name());
            }
        }
    }

    /// Every field key of every struct met in the sample objects, present or not, reads the
    /// same slot as the field's name; and the generated names are the schema's.
    #[test]
    fn field_keys_read_as_names() {
        fn walk(s: &Slot, seen: &mut usize) {
            if let Repr::Obj { ty, .. } = &s.0 {
                let t = &STRUCTS[*ty as usize];
                let virtual_ids = if t.resource.is_some() { &[API_VERSION, KIND][..] } else { &[] };
                for id in (0..t.fields().len() as u16).chain(virtual_ids.iter().copied()) {
                    let k = FieldKey::new(*ty, id);
                    assert_eq!(s.get(k).map(|x| x as *const Slot), s.get(k.name()).map(|x| x as *const Slot), "{}", k.name());
                    *seen += 1;
                }
            }
            for child in s.as_array().into_iter().flatten() {
                walk(child, seen);
            }
            for (_, child) in s.entries().unwrap_or_default() {
                walk(child, seen);
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/objects");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).expect("tests/objects") {
            let v: Value = serde_json::from_str(&std::fs::read_to_string(entry.expect("entry").path()).expect("read")).expect("JSON");
            let rt = ResourceType::by_api_version_kind(v["apiVersion"].as_str().unwrap_or(""), v["kind"].as_str().unwrap_or("")).expect("served");
            walk(&Obj::from_value(rt, &v), &mut seen);
        }
        assert!(seen > 500, "{seen}");
        use fields::{container, node, node_status, object_meta, pod, pod_spec, resource_requirements};
        assert_eq!((pod::SPEC.name(), pod_spec::NODE_NAME.name(), pod::KIND.name(), node_status::ALLOCATABLE.name()), ("spec", "nodeName", "kind", "allocatable"));
        let v = serde_json::json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"labels": {"app": "x"}}, "spec": {"nodeName": "n", "containers": [{"resources": {"requests": {"cpu": "1"}}}]}});
        let o = Obj::from_value(ResourceType::resolve("pods").expect("pods"), &v);
        assert_eq!(o[pod::SPEC][pod_spec::NODE_NAME], "n");
        assert_eq!(o[pod::METADATA][object_meta::LABELS]["app"], "x");
        assert_eq!(o[pod::SPEC][pod_spec::CONTAINERS][0][container::RESOURCES][resource_requirements::REQUESTS]["cpu"], "1");
        assert_eq!(o[pod::KIND], "Pod");
        // A key of another struct reads by its name.
        assert_eq!(o[node::SPEC][pod_spec::NODE_NAME], "n");
    }

    #[test]
    fn reads_like_a_value() {
        let rt = ResourceType::resolve("pods").expect("pods");
        let v = serde_json::json!({"apiVersion": "v1", "kind": "Pod", "zz": [1, -2, 1.5, u64::MAX], "metadata": {"name": "a-name-longer-than-twenty-bytes", "labels": {"app": "x"}},
            "spec": {"nodeName": "n", "containers": [{"name": "c", "resources": {"requests": {"cpu": "100m"}}}]}});
        let o = Obj::from_value(rt, &v);
        assert_eq!(o.to_value(), v);
        assert!(*o == v);
        assert_eq!(o["spec"]["nodeName"].as_str(), Some("n"));
        assert_eq!(o["metadata"]["labels"]["app"], "x");
        assert_eq!(o["spec"]["containers"][0]["resources"]["requests"]["cpu"].as_str(), Some("100m"));
        assert_eq!(o["metadata"]["name"].as_str(), Some("a-name-longer-than-twenty-bytes"));
        assert_eq!(o["kind"].as_str(), Some("Pod"));
        assert_eq!(o["zz"][1].as_i64(), Some(-2));
        assert_eq!(o["zz"][3].as_u64(), Some(u64::MAX));
        assert!(o["nope"]["x"][3].is_null());
        assert_eq!(o.keys().collect::<Vec<_>>(), ["apiVersion", "kind", "metadata", "spec", "zz"]);
        assert_eq!(o.pointer("/spec/containers/0/name").and_then(Slot::as_str), Some("c"));
    }
}
