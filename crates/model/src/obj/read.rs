//! Reading, as `serde_json::Value` reads: `get`, `[key]`, `[i]`, `pointer`, `as_*`, `is_*`,
//! members in key order, and comparisons with `Value` and `&str` that build nothing.

use std::ops::Index;

use serde_json::{Map, Number, Value};

use super::names::{cmp_bytes, field_id, field_name};
use super::{Repr, Slot, API_VERSION, EXTRA, KIND};

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
    pub(super) const API_VERSION: FieldKey = FieldKey { ty: 0, id: API_VERSION };
    pub(super) const KIND: FieldKey = FieldKey { ty: 0, id: KIND };

    pub(super) const fn new(ty: u16, id: u16) -> FieldKey {
        FieldKey { ty, id }
    }

    pub(super) const fn of(self, ty: u16) -> FieldKey {
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
    pub(super) fn id(&self) -> u16 {
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

    pub(super) fn field(&self, key: &str) -> Option<&Slot> {
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
        rest.split('/').map(unescape_token).try_fold(self, |slot, token| match &slot.0 {
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
    pub(super) fn key_bytes(&self) -> &[u8] {
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
            // Inserted one by one, not collected: `Map`'s `FromIterator` sorts first, with a
            // driftsort of its own (the entries are in key order already).
            Repr::Map { entries, .. } => {
                let mut out = Map::new();
                map_to_values(entries, &mut out);
                Value::Object(out)
            }
            Repr::Obj { ty, fields, .. } => {
                let mut out = Map::new();
                for f in fields.iter() {
                    match f {
                        Slot(Repr::Map { id: EXTRA, entries }) => map_to_values(entries, &mut out),
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

fn map_to_values(entries: &[(Slot, Slot)], out: &mut Map<String, Value>) {
    for (k, v) in entries {
        out.insert(k.as_str().unwrap_or("").to_string(), v.to_value());
    }
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

pub(super) fn map_get<'s>(entries: &'s [(Slot, Slot)], key: &str) -> Option<&'s Slot> {
    entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())).ok().map(|i| &entries[i].1)
}

/// `Value::pointer`'s array index: digits, no leading zero, no sign.
/// A JSON pointer's reference token (RFC 6901: `~1` is `/`, `~0` is `~`), copied only when it
/// has an escape: most pointers are literals whose tokens are read in place.
pub(super) fn unescape_token(token: &str) -> std::borrow::Cow<'_, str> {
    match token.contains('~') {
        true => std::borrow::Cow::Owned(token.replace("~1", "/").replace("~0", "~")),
        false => std::borrow::Cow::Borrowed(token),
    }
}

pub(super) fn parse_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

/// JSON equality, as `Value`'s `==`: the same members, elements and number forms. A slot's
/// own field index (where it sits in its parent) is not part of its value, so `pod["spec"]`
/// equals a copy of it decoded elsewhere.
impl PartialEq for Slot {
    fn eq(&self, other: &Slot) -> bool {
        match (&self.0, &other.0) {
            (Repr::Null { .. }, Repr::Null { .. }) => true,
            (Repr::Bool { v: a, .. }, Repr::Bool { v: b, .. }) => a == b,
            (Repr::Int { v: a, .. }, Repr::Int { v: b, .. }) => a == b,
            (Repr::U64 { v: a, .. }, Repr::U64 { v: b, .. }) => a == b,
            (Repr::F64 { v: a, .. }, Repr::F64 { v: b, .. }) => a == b,
            (Repr::Small { .. } | Repr::Str { .. }, Repr::Small { .. } | Repr::Str { .. }) => self.as_str() == other.as_str(),
            // A slice shared by both (a copy of an object shares them) is equal to itself.
            (Repr::List { items: a, .. }, Repr::List { items: b, .. }) => std::sync::Arc::ptr_eq(a, b) || a == b,
            // One struct type: fields at the same indices (their own indices are the schema's).
            (Repr::Obj { ty: ta, fields: a, .. }, Repr::Obj { ty: tb, fields: b, .. }) if ta == tb => {
                std::sync::Arc::ptr_eq(a, b) || (a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.id() == y.id() && x == y))
            }
            (Repr::Obj { .. } | Repr::Map { .. }, Repr::Obj { .. } | Repr::Map { .. }) => {
                // Members come in key order on both sides.
                self.len() == other.len()
                    && self.as_object().into_iter().flatten().zip(other.as_object().into_iter().flatten()).all(|((ka, va), (kb, vb))| ka == kb && va == vb)
            }
            _ => false,
        }
    }
}

impl Slot {
    /// The elements as `serde_json` values (what `as_array().cloned()` gave on a `Value`);
    /// None when this is not a list.
    pub fn to_values(&self) -> Option<Vec<Value>> {
        match self.to_value() {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The members as a `serde_json` map (what `as_object().cloned()` gave on a `Value`);
    /// None when this is not an object.
    pub fn to_map(&self) -> Option<Map<String, Value>> {
        match self.to_value() {
            Value::Object(map) => Some(map),
            _ => None,
        }
    }

    /// A null to borrow where a read finds nothing (what `&Value::Null` was).
    pub fn null() -> &'static Slot {
        &NULL
    }
}

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

/// `Value`'s comparisons with plain values (`v["ready"] == true`, `v["replicas"] == 3`): equal
/// when the slot holds that type and value, as `serde_json` compares.
impl PartialEq<bool> for Slot {
    fn eq(&self, other: &bool) -> bool {
        self.as_bool() == Some(*other)
    }
}

impl PartialEq<String> for Slot {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == Some(other.as_str())
    }
}

impl PartialEq<i64> for Slot {
    fn eq(&self, other: &i64) -> bool {
        self.as_i64() == Some(*other)
    }
}

impl PartialEq<i32> for Slot {
    fn eq(&self, other: &i32) -> bool {
        self.as_i64() == Some(i64::from(*other))
    }
}

impl PartialEq<u64> for Slot {
    fn eq(&self, other: &u64) -> bool {
        self.as_u64() == Some(*other)
    }
}

impl PartialEq<f64> for Slot {
    fn eq(&self, other: &f64) -> bool {
        self.as_f64() == Some(*other)
    }
}

/// Serializes as the `Value` it stands for would (the same members in the same order, the
/// same number forms), without building that `Value`.
impl serde::Serialize for Slot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match &self.0 {
            Repr::Null { .. } => s.serialize_unit(),
            Repr::Bool { v, .. } => s.serialize_bool(*v),
            Repr::Int { v, .. } if *v >= 0 => s.serialize_u64(*v as u64),
            Repr::Int { v, .. } => s.serialize_i64(*v),
            Repr::U64 { v, .. } => s.serialize_u64(*v),
            Repr::F64 { v, .. } => s.serialize_f64(*v),
            Repr::Small { .. } | Repr::Str { .. } => s.serialize_str(self.as_str().unwrap_or_default()),
            Repr::List { items, .. } => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items.iter() {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Repr::Obj { .. } | Repr::Map { .. } => {
                let members = self.as_object().into_iter().flatten();
                let mut map = s.serialize_map(Some(self.len()))?;
                for (k, v) in members {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl serde::Serialize for super::Obj {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.root().serialize(s)
    }
}

/// The reads a helper needs from a JSON value, for helpers that read both forms: a
/// `Value` (a request body, an object being built) and a `Slot` (a stored object). Each
/// method is the type's own; `items` is the array's elements (empty for anything else).
pub trait JsonRead: for<'k> Index<&'k str, Output = Self> + Index<usize, Output = Self> + PartialEq<Value> + for<'s> PartialEq<&'s str> + PartialEq<bool> + Sized {
    fn as_str(&self) -> Option<&str>;
    fn as_i64(&self) -> Option<i64>;
    fn as_u64(&self) -> Option<u64>;
    fn as_bool(&self) -> Option<bool>;
    fn is_null(&self) -> bool;
    fn is_object(&self) -> bool;
    fn is_string(&self) -> bool;
    fn is_number(&self) -> bool;
    fn is_array(&self) -> bool;
    fn items(&self) -> &[Self];
    fn as_array(&self) -> Option<&[Self]>;
    fn get(&self, key: &str) -> Option<&Self>;
    fn as_f64(&self) -> Option<f64>;
    fn to_value(&self) -> Value;
}

/// Each of `JsonRead`'s reads is the type's own method of that name.
macro_rules! json_read {
    ($t:ty, $as_array:expr, $to_value:expr) => {
        impl JsonRead for $t {
            fn as_str(&self) -> Option<&str> {
                <$t>::as_str(self)
            }
            fn as_i64(&self) -> Option<i64> {
                <$t>::as_i64(self)
            }
            fn as_u64(&self) -> Option<u64> {
                <$t>::as_u64(self)
            }
            fn as_bool(&self) -> Option<bool> {
                <$t>::as_bool(self)
            }
            fn as_f64(&self) -> Option<f64> {
                <$t>::as_f64(self)
            }
            fn is_null(&self) -> bool {
                <$t>::is_null(self)
            }
            fn is_object(&self) -> bool {
                <$t>::is_object(self)
            }
            fn is_string(&self) -> bool {
                <$t>::is_string(self)
            }
            fn is_number(&self) -> bool {
                <$t>::is_number(self)
            }
            fn is_array(&self) -> bool {
                <$t>::is_array(self)
            }
            fn get(&self, key: &str) -> Option<&Self> {
                <$t>::get(self, key)
            }
            fn items(&self) -> &[Self] {
                JsonRead::as_array(self).unwrap_or_default()
            }
            fn as_array(&self) -> Option<&[Self]> {
                $as_array(self)
            }
            fn to_value(&self) -> Value {
                $to_value(self)
            }
        }
    };
}

fn value_array(v: &Value) -> Option<&[Value]> {
    v.as_array().map(Vec::as_slice)
}

json_read!(Value, value_array, Value::clone);
json_read!(Slot, Slot::as_array, Slot::to_value);

/// As `Value` displays: compact JSON (`{:#}` pretty).
impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.to_value(), f)
    }
}
