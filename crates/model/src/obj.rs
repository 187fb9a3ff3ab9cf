//! Compact, schema-indexed API objects (issue 20, plan §5.2 "B2"): what the store, watch
//! events and informer caches can hold instead of `serde_json::Value`.
//!
//! An object is a tree of 24-byte [`Slot`]s. Where the schema (`schema_table.rs`) expects a Go
//! struct and the JSON has an object, the slot is a struct: its type index and only the
//! present fields, each tagged with its field index (fields are sorted by JSON name, so index
//! order is key order) — no key strings are stored. Everything else is plain JSON in slots:
//! strings (up to 20 bytes inline, longer ones boxed), integers and floats exactly as
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

use std::ops::{Deref, Index};

use serde_json::{Map, Number, Value};

pub mod fields;

use crate::kinds::ResourceType;
use crate::schema::Kind;
use crate::schema_table::TYPES;

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
#[derive(Clone, PartialEq)]
pub struct Slot(Repr);

/// `id` is the slot's field index when it is a struct's field (0 elsewhere): with `repr(u8)`
/// every variant is laid out as a C struct after the tag, so `id` sits in bytes the payload
/// leaves free and a struct's fields cost one slot each, not 32 bytes for `(u16, Slot)`.
#[derive(Clone, PartialEq)]
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
    Str { id: u16, s: Box<str> },
    /// A Go struct `TYPES[ty]`: present fields sorted by `id`.
    Obj { id: u16, ty: u16, fields: Box<[Slot]> },
    List { id: u16, items: Box<[Slot]> },
    /// A JSON object without a struct: entries sorted by key; keys are `Small`/`Str`.
    Map { id: u16, entries: Box<[(Slot, Slot)]> },
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
    for (key, value) in map {
        match field_id(ty, key) {
            Some(f) => fields.push(decode(field_kind(ty, f), value, f)),
            None => extra.push((text(key, 0), plain(value, 0))),
        }
    }
    // Schema fields arrive in index order (the map is sorted by key, as the fields are); only
    // `apiVersion`/`kind` need moving to the end.
    fields.sort_by_key(Slot::id);
    if !extra.is_empty() {
        fields.push(Slot(Repr::Map { id: EXTRA, entries: extra.into_boxed_slice() }));
    }
    Slot(Repr::Obj { id, ty, fields: fields.into_boxed_slice() })
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

// ---- the schema: names ↔ indices ----

/// The index of the field `name` of the struct `ty`: a binary search of the sorted names, on
/// their first 8 bytes (`prefixes`), then the full names among equal prefixes.
fn field_id(ty: u16, name: &str) -> Option<u16> {
    let t = TYPES.get(ty as usize)?;
    let prefixes = prefixes().get(ty as usize)?;
    let key = prefix(name.as_bytes());
    let mut i = lower_bound(prefixes, key);
    while prefixes.get(i) == Some(&key) {
        // Equal prefixes: only the rest can differ.
        if t.fields.get(i).is_some_and(|f| f.json.len() == name.len() && (name.len() <= 8 || f.json.as_bytes().get(8..) == name.as_bytes().get(8..))) {
            return Some(i as u16);
        }
        i += 1;
    }
    match name {
        "apiVersion" if t.resource.is_some() => Some(API_VERSION),
        "kind" if t.resource.is_some() => Some(KIND),
        _ => None,
    }
}

/// The first index whose prefix is ≥ `key`: binary search down to 8 candidates, then a
/// scan. Readers look up the same few names over and over, and a scan's branches are then
/// predicted where a full binary search's chain of dependent loads is not (a pod read five
/// levels deep took 92 ns with `partition_point`, 57 ns this way: `examples/obj_measure.rs`).
fn lower_bound(sorted: &[u64], key: u64) -> usize {
    let mut base = 0;
    let mut rest = sorted;
    while rest.len() > 8 {
        let half = rest.len() / 2;
        if rest[half] < key {
            base += half;
            rest = &rest[half..];
        } else {
            rest = &rest[..half];
        }
    }
    base + rest.iter().position(|&p| p >= key).unwrap_or(rest.len())
}

/// A name's first 8 bytes, big-endian, zero-padded: ordered as the names are (a shorter name
/// sorts first, as with `str::cmp`), so a sorted list of names gives a sorted list of these.
fn prefix(name: &[u8]) -> u64 {
    if let Some(head) = name.first_chunk::<8>() {
        return u64::from_be_bytes(*head);
    }
    name.iter().enumerate().fold(0, |acc, (i, &b)| acc | (u64::from(b) << (56 - 8 * i)))
}

/// Every struct's field-name prefixes, built once: comparing them needs no pointer chasing
/// and no `memcmp` (the string comparisons were most of a hot read's time).
fn prefixes() -> &'static [Box<[u64]>] {
    static PREFIXES: std::sync::OnceLock<Box<[Box<[u64]>]>> = std::sync::OnceLock::new();
    PREFIXES.get_or_init(|| TYPES.iter().map(|t| t.fields.iter().map(|f| prefix(f.json.as_bytes())).collect()).collect())
}

/// `str::cmp` as an inlined loop: names are short and most differ in the first byte, where
/// a call to `memcmp` per probe cost more than the search (a profile of the hot reads).
#[inline]
fn cmp_bytes(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
}

fn field_name(ty: u16, id: u16) -> &'static str {
    match id {
        API_VERSION => "apiVersion",
        KIND => "kind",
        _ => TYPES.get(ty as usize).and_then(|t| t.fields.get(id as usize)).map_or("", |f| f.json),
    }
}

fn field_kind(ty: u16, id: u16) -> Kind {
    TYPES.get(ty as usize).and_then(|t| t.fields.get(id as usize)).map_or(Kind::Raw, |f| f.kind)
}

// ---- reading ----

static NULL: Slot = Slot(Repr::Null { id: 0 });

/// What `get` and `[]` take: a key or an index, as for `Value`.
pub trait SlotIndex {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot>;
}

impl SlotIndex for str {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot> {
        slot.field(self)
    }
}

impl SlotIndex for String {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot> {
        slot.field(self)
    }
}

impl SlotIndex for usize {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot> {
        slot.as_array()?.get(*self)
    }
}

impl<T: SlotIndex + ?Sized> SlotIndex for &T {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot> {
        (**self).index_into(slot)
    }
}

/// A struct's field by index, as `fields` names them (`fields::pod_spec::NODE_NAME`): a read
/// with it skips the name lookup and only scans the present fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldKey {
    ty: u16,
    id: u16,
}

impl FieldKey {
    const API_VERSION: FieldKey = FieldKey { ty: 0, id: API_VERSION };
    const KIND: FieldKey = FieldKey { ty: 0, id: KIND };

    const fn new(ty: u16, id: u16) -> FieldKey {
        FieldKey { ty, id }
    }

    const fn of(self, ty: u16) -> FieldKey {
        FieldKey { ty, id: self.id }
    }

    /// The field's JSON name.
    pub fn name(self) -> &'static str {
        field_name(self.ty, self.id)
    }
}

impl SlotIndex for FieldKey {
    fn index_into<'s>(&self, slot: &'s Slot) -> Option<&'s Slot> {
        match &slot.0 {
            Repr::Obj { ty, fields, .. } if *ty == self.ty => fields.iter().find(|f| f.id() >= self.id).filter(|f| f.id() == self.id),
            // Another struct (a key used on the wrong object): as its name would read.
            _ => slot.field(self.name()),
        }
    }
}

impl<I: SlotIndex> Index<I> for Slot {
    type Output = Slot;
    /// As `Value`'s: a static null when there is nothing there.
    fn index(&self, index: I) -> &Slot {
        index.index_into(self).unwrap_or(&NULL)
    }
}

impl Slot {
    fn id(&self) -> u16 {
        match &self.0 {
            Repr::Null { id }
            | Repr::Bool { id, .. }
            | Repr::Int { id, .. }
            | Repr::U64 { id, .. }
            | Repr::F64 { id, .. }
            | Repr::Small { id, .. }
            | Repr::Str { id, .. }
            | Repr::Obj { id, .. }
            | Repr::List { id, .. }
            | Repr::Map { id, .. } => *id,
        }
    }

    /// The member `key` or the element `index`, as `Value::get`.
    pub fn get<I: SlotIndex>(&self, index: I) -> Option<&Slot> {
        index.index_into(self)
    }

    fn field(&self, key: &str) -> Option<&Slot> {
        match &self.0 {
            Repr::Obj { ty, fields, .. } => match field_id(*ty, key) {
                Some(id) => fields.iter().find(|f| f.id() >= id).filter(|f| f.id() == id),
                None => match fields.last() {
                    Some(Slot(Repr::Map { id: EXTRA, entries })) => map_get(entries, key),
                    _ => None,
                },
            },
            Repr::Map { entries, .. } => map_get(entries, key),
            _ => None,
        }
    }

    /// `Value::pointer`: `/spec/containers/0/name`.
    pub fn pointer(&self, pointer: &str) -> Option<&Slot> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).try_fold(self, |slot, token| match &slot.0 {
            Repr::List { items, .. } => parse_index(&token).and_then(|i| items.get(i)),
            _ => slot.field(&token),
        })
    }

    pub fn is_null(&self) -> bool {
        matches!(&self.0, Repr::Null { .. })
    }

    pub fn is_boolean(&self) -> bool {
        matches!(&self.0, Repr::Bool { .. })
    }

    pub fn is_string(&self) -> bool {
        matches!(&self.0, Repr::Small { .. } | Repr::Str { .. })
    }

    pub fn is_number(&self) -> bool {
        matches!(&self.0, Repr::Int { .. } | Repr::U64 { .. } | Repr::F64 { .. })
    }

    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }

    pub fn is_u64(&self) -> bool {
        self.as_u64().is_some()
    }

    pub fn is_f64(&self) -> bool {
        matches!(&self.0, Repr::F64 { .. })
    }

    pub fn is_array(&self) -> bool {
        matches!(&self.0, Repr::List { .. })
    }

    pub fn is_object(&self) -> bool {
        matches!(&self.0, Repr::Obj { .. } | Repr::Map { .. })
    }

    pub fn as_bool(&self) -> Option<bool> {
        match &self.0 {
            Repr::Bool { v, .. } => Some(*v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::Small { len, buf, .. } => buf.get(..*len as usize).and_then(|b| std::str::from_utf8(b).ok()),
            Repr::Str { s, .. } => Some(s),
            _ => None,
        }
    }

    /// A map key's bytes, unchecked (keys are built from `&str`): for comparisons.
    fn key_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Small { len, buf, .. } => buf.get(..*len as usize).unwrap_or_default(),
            Repr::Str { s, .. } => s.as_bytes(),
            _ => &[],
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match &self.0 {
            Repr::Int { v, .. } => Some(*v),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Int { v, .. } => u64::try_from(*v).ok(),
            Repr::U64 { v, .. } => Some(*v),
            _ => None,
        }
    }

    /// As `Value::as_f64`: any number, converted.
    pub fn as_f64(&self) -> Option<f64> {
        match &self.0 {
            Repr::Int { v, .. } => Some(*v as f64),
            Repr::U64 { v, .. } => Some(*v as f64),
            Repr::F64 { v, .. } => Some(*v),
            _ => None,
        }
    }

    /// A list's elements (`Value::as_array`, as a slice).
    pub fn as_array(&self) -> Option<&[Slot]> {
        match &self.0 {
            Repr::List { items, .. } => Some(items),
            _ => None,
        }
    }

    /// An object's members (`Value::as_object`), or `None` for a non-object.
    pub fn as_object(&self) -> Option<Members<'_>> {
        match &self.0 {
            Repr::Map { entries, .. } => Some(Members { of: self, ty: 0, fields: &[], named: &[], extra: entries }),
            Repr::Obj { ty, fields, .. } => {
                // Schema fields, then `apiVersion`/`kind`, then the extra map (`decode_struct`).
                let schema = fields.iter().take_while(|f| f.id() < API_VERSION).count();
                let (fields, rest) = fields.split_at(schema);
                let (named, extra) = match rest.split_last() {
                    Some((Slot(Repr::Map { id: EXTRA, entries }), named)) => (named, &entries[..]),
                    _ => (rest, &[][..]),
                };
                Some(Members { of: self, ty: *ty, fields, named, extra })
            }
            _ => None,
        }
    }

    /// An object's members in key order, collected.
    pub fn entries(&self) -> Option<Vec<(&str, &Slot)>> {
        self.as_object().map(|m| m.collect())
    }

    /// An object's keys in order (none for a non-object).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.as_object().into_iter().flatten().map(|(k, _)| k)
    }

    /// The number of members or elements (0 for anything else).
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::List { items, .. } => items.len(),
            Repr::Map { entries, .. } => entries.len(),
            Repr::Obj { fields, .. } => fields.iter().map(|f| match f {
                Slot(Repr::Map { id: EXTRA, entries }) => entries.len(),
                _ => 1,
            }).sum(),
            _ => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The plain JSON value.
    pub fn to_value(&self) -> Value {
        match &self.0 {
            Repr::Null { .. } => Value::Null,
            Repr::Bool { v, .. } => Value::Bool(*v),
            Repr::Int { v, .. } => Value::from(*v),
            Repr::U64 { v, .. } => Value::from(*v),
            Repr::F64 { v, .. } => Number::from_f64(*v).map_or(Value::Null, Value::Number),
            Repr::Small { .. } | Repr::Str { .. } => Value::String(self.as_str().unwrap_or("").to_string()),
            Repr::List { items, .. } => Value::Array(items.iter().map(Slot::to_value).collect()),
            Repr::Map { entries, .. } => Value::Object(entries.iter().map(|(k, v)| (k.as_str().unwrap_or("").to_string(), v.to_value())).collect()),
            Repr::Obj { ty, fields, .. } => {
                let mut out = Map::new();
                for f in fields.iter() {
                    match f {
                        Slot(Repr::Map { id: EXTRA, entries }) => {
                            out.extend(entries.iter().map(|(k, v)| (k.as_str().unwrap_or("").to_string(), v.to_value())));
                        }
                        _ => {
                            out.insert(field_name(*ty, f.id()).to_string(), f.to_value());
                        }
                    }
                }
                Value::Object(out)
            }
        }
    }
}

// ---- writing ----

impl Slot {
    /// The member `key`, to change in place. Not public: a slot assigned through it could
    /// carry another field's index; writes go through `Obj::insert_at`/`remove_at`.
    fn get_mut(&mut self, key: &str) -> Option<&mut Slot> {
        match &mut self.0 {
            Repr::Obj { ty, fields, .. } => match field_id(*ty, key) {
                Some(id) => fields.iter_mut().find(|f| f.id() == id),
                None => match fields.last_mut() {
                    Some(Slot(Repr::Map { id: EXTRA, entries })) => map_get_mut(entries, key),
                    _ => None,
                },
            },
            Repr::Map { entries, .. } => map_get_mut(entries, key),
            _ => None,
        }
    }

    fn get_index_mut(&mut self, index: usize) -> Option<&mut Slot> {
        match &mut self.0 {
            Repr::List { items, .. } => items.get_mut(index),
            _ => None,
        }
    }

    /// `Value::pointer_mut`.
    fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Slot> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).try_fold(self, |slot, token| match slot.is_array() {
            true => parse_index(&token).and_then(|i| slot.get_index_mut(i)),
            false => slot.get_mut(&token),
        })
    }

    /// Sets the member `key` of an object to `value`, decoded as the field's schema says: what
    /// `Obj::from_value` would have made of the object with `key` set. False, changing
    /// nothing, on a non-object.
    fn insert(&mut self, key: &str, value: &Value) -> bool {
        match &mut self.0 {
            Repr::Obj { ty, fields, .. } => {
                let ty = *ty;
                match field_id(ty, key) {
                    Some(id) => {
                        let slot = decode(field_kind(ty, id), value, id);
                        match fields.binary_search_by_key(&id, Slot::id) {
                            Ok(i) => fields[i] = slot,
                            Err(i) => splice(fields, i, Some(slot)),
                        }
                    }
                    None => match fields.last_mut() {
                        Some(Slot(Repr::Map { id: EXTRA, entries })) => map_insert(entries, key, plain(value, 0)),
                        _ => {
                            let extra = Slot(Repr::Map { id: EXTRA, entries: Box::new([(text(key, 0), plain(value, 0))]) });
                            splice(fields, fields.len(), Some(extra));
                        }
                    },
                }
                true
            }
            // Maps in the schema hold only leaves, which decode without it.
            Repr::Map { entries, .. } => {
                map_insert(entries, key, plain(value, 0));
                true
            }
            _ => false,
        }
    }

    /// Removes the member `key` of an object; whether it was there.
    fn remove(&mut self, key: &str) -> bool {
        match &mut self.0 {
            Repr::Obj { ty, fields, .. } => match field_id(*ty, key) {
                Some(id) => match fields.binary_search_by_key(&id, Slot::id) {
                    Ok(i) => {
                        splice(fields, i, None);
                        true
                    }
                    Err(_) => false,
                },
                None => {
                    let Some(Slot(Repr::Map { id: EXTRA, entries })) = fields.last_mut() else { return false };
                    let Ok(i) = entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) else { return false };
                    let mut v = std::mem::take(entries).into_vec();
                    v.remove(i);
                    *entries = v.into_boxed_slice();
                    if entries.is_empty() {
                        splice(fields, fields.len() - 1, None);
                    }
                    true
                }
            },
            Repr::Map { entries, .. } => match entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) {
                Ok(i) => {
                    let mut v = std::mem::take(entries).into_vec();
                    v.remove(i);
                    *entries = v.into_boxed_slice();
                    true
                }
                Err(_) => false,
            },
            _ => false,
        }
    }
}

/// Inserts `slot` at `at` (or removes the slot there), keeping the slice exactly sized.
fn splice(slots: &mut Box<[Slot]>, at: usize, slot: Option<Slot>) {
    let mut v = std::mem::take(slots).into_vec();
    match slot {
        Some(slot) => v.insert(at.min(v.len()), slot),
        None if at < v.len() => {
            v.remove(at);
        }
        None => {}
    }
    *slots = v.into_boxed_slice();
}

fn map_insert(entries: &mut Box<[(Slot, Slot)]>, key: &str, value: Slot) {
    match entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) {
        Ok(i) => entries[i].1 = value,
        Err(i) => {
            let mut v = std::mem::take(entries).into_vec();
            v.insert(i, (text(key, 0), value));
            *entries = v.into_boxed_slice();
        }
    }
}

fn map_get_mut<'s>(entries: &'s mut [(Slot, Slot)], key: &str) -> Option<&'s mut Slot> {
    let i = entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())).ok()?;
    entries.get_mut(i).map(|(_, v)| v)
}

/// An object's members in key order, without allocating: the three sorted runs of a struct
/// (schema fields in index order, `apiVersion`/`kind`, unknown keys) merged by name.
#[derive(Clone)]
pub struct Members<'s> {
    of: &'s Slot,
    ty: u16,
    fields: &'s [Slot],
    named: &'s [Slot],
    extra: &'s [(Slot, Slot)],
}

impl<'s> Members<'s> {
    /// The member `key` (of the whole object, however far iteration has gone).
    pub fn get(&self, key: &str) -> Option<&'s Slot> {
        self.of.field(key)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// Whether no members are left to iterate.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.named.is_empty() && self.extra.is_empty()
    }

    pub fn keys(self) -> impl Iterator<Item = &'s str> {
        self.map(|(k, _)| k)
    }

    pub fn values(self) -> impl Iterator<Item = &'s Slot> {
        self.map(|(_, v)| v)
    }
}

impl<'s> Iterator for Members<'s> {
    type Item = (&'s str, &'s Slot);

    fn next(&mut self) -> Option<Self::Item> {
        let a = self.fields.first().map(|f| (field_name(self.ty, f.id()), f));
        let b = self.named.first().map(|f| (field_name(self.ty, f.id()), f));
        let c = self.extra.first().map(|(k, v)| (k.as_str().unwrap_or(""), v));
        // Names never repeat across the runs; take the smallest.
        let min = [a, b, c].into_iter().flatten().map(|(k, _)| k).min()?;
        if a.is_some_and(|(k, _)| k == min) {
            self.fields = &self.fields[1..];
            a
        } else if b.is_some_and(|(k, _)| k == min) {
            self.named = &self.named[1..];
            b
        } else {
            self.extra = &self.extra[1..];
            c
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.fields.len() + self.named.len() + self.extra.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Members<'_> {}

fn map_get<'s>(entries: &'s [(Slot, Slot)], key: &str) -> Option<&'s Slot> {
    entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())).ok().map(|i| &entries[i].1)
}

/// `Value::pointer`'s array index: digits, no leading zero, no sign.
fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

// ---- comparing with `Value`, without building one ----

impl PartialEq<Value> for Slot {
    fn eq(&self, other: &Value) -> bool {
        match (&self.0, other) {
            (Repr::Null { .. }, Value::Null) => true,
            (Repr::Bool { v, .. }, Value::Bool(b)) => v == b,
            (Repr::Int { v, .. }, Value::Number(n)) => !n.is_f64() && n.as_i64() == Some(*v),
            (Repr::U64 { v, .. }, Value::Number(n)) => !n.is_f64() && n.as_u64() == Some(*v),
            (Repr::F64 { v, .. }, Value::Number(n)) => n.is_f64() && n.as_f64() == Some(*v),
            (Repr::Small { .. } | Repr::Str { .. }, Value::String(s)) => self.as_str() == Some(s.as_str()),
            (Repr::List { items, .. }, Value::Array(values)) => items.len() == values.len() && items.iter().zip(values).all(|(a, b)| a == b),
            (Repr::Map { .. } | Repr::Obj { .. }, Value::Object(map)) => {
                self.len() == map.len() && self.as_object().into_iter().flatten().all(|(k, v)| map.get(k).is_some_and(|w| v == w))
            }
            _ => false,
        }
    }
}

impl PartialEq<Slot> for Value {
    fn eq(&self, other: &Slot) -> bool {
        other == self
    }
}

impl PartialEq<str> for Slot {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == Some(other)
    }
}

impl PartialEq<&str> for Slot {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == Some(*other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        let word = std::mem::size_of::<usize>();
        assert_eq!(std::mem::size_of::<Slot>(), 8 + 2 * word);
        assert_eq!(std::mem::size_of::<Obj>(), 8 + 2 * word);
        assert_eq!(std::mem::size_of::<(Slot, Slot)>(), 16 + 4 * word);
    }

    /// Binary searches need every struct's names strictly sorted in byte order (`str::cmp`,
    /// serde_json's `Map` order), and the reserved indices above every real one.
    #[test]
    fn fields_sorted_as_map_keys() {
        for t in TYPES.iter() {
            assert!(t.fields.windows(2).all(|w| w[0].json < w[1].json), "{}", t.name);
            assert!(t.fields.len() < API_VERSION as usize);
            if t.resource.is_some() {
                assert!(t.fields.iter().all(|f| f.json != "apiVersion" && f.json != "kind"), "{}", t.name);
            }
        }
    }

    /// Every field key of every struct met in the sample objects, present or not, reads the
    /// same slot as the field's name; and the generated names are the schema's.
    #[test]
    fn field_keys_read_as_names() {
        fn walk(s: &Slot, seen: &mut usize) {
            if let Repr::Obj { ty, .. } = &s.0 {
                let t = &TYPES[*ty as usize];
                let virtual_ids = if t.resource.is_some() { &[API_VERSION, KIND][..] } else { &[] };
                for id in (0..t.fields.len() as u16).chain(virtual_ids.iter().copied()) {
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
