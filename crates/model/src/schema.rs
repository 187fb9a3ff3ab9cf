//! Table-driven strict decoding: one walker over a generated schema (`schema_table.rs`, from
//! k8s-openapi 0.29's `v1_36` types) that does what deserializing into the k8s-openapi type
//! and serializing it again did, without the typed code.
//!
//! What the typed round trip does, and so what this does:
//! - struct fields: known fields are decoded; unknown ones are ignored (and dropped); `null`
//!   means unset; unset optional fields are left out; unset required fields are encoded with
//!   their Go zero value (`""`, `0`, `false`, `[]`, `{}`, an empty struct with its own
//!   required fields), except the few required fields k8s-openapi has no zero value for
//!   (`Condition.lastTransitionTime`): there `null` is a type error and absence a
//!   `missing field` error;
//! - resources: `apiVersion` and `kind` must be strings equal to the type's; both are always
//!   encoded;
//! - numbers: `int32`/`int64` take JSON integers in range, `float64` any number (encoded as a
//!   float); `Quantity` takes a string or a number (as Rust prints it) and keeps it verbatim;
//!   `IntOrString` a string or an int32; `[]byte` canonical base64 (null is empty);
//!   `Time`/`MicroTime` an RFC 3339 timestamp, re-encoded in UTC to the second / microsecond;
//! - errors: the first one in document order (maps are sorted by key), with its field path
//!   (`spec.containers[0].ports[1].containerPort`, empty for the object itself) and serde's
//!   message for it (`invalid type: string "80", expected i32`), which `decode` turns into
//!   Go's wording.
//!
//! `tests/table_decode.rs` checks all of this against the typed path on generated objects.

use serde::de::Unexpected;
use serde_json::{Map, Value};

use crate::schema_table::TYPES;

/// One Go struct, as `schema_table.rs` writes it (a `const`: the decoder reads [`STRUCTS`]).
pub(crate) struct Type {
    /// The Go type's name (what the typed visitor expected).
    pub name: &'static str,
    /// `(apiVersion, kind)` for a top-level resource.
    pub resource: Option<(&'static str, &'static str)>,
    /// Sorted by JSON name.
    pub fields: &'static [Field],
}

pub(crate) struct Field {
    pub json: &'static str,
    pub presence: Presence,
    pub kind: Kind,
}

/// The table as the decoder reads it: [`TYPES`] packed at compile time into one string of
/// the distinct names and two arrays. A field is 12 bytes instead of 20 and a name an offset
/// into that string instead of a pointer and a length: pointers, all different, are what
/// compresses worst in the bundle (the unpacked fields cost about 7 KB of the worker's
/// brotli size).
pub(crate) static STRUCTS: [Struct; TYPES.len()] = pack_structs(&TYPES, &LAYOUT.0);
static FIELDS: [Member; field_count(&TYPES)] = pack_fields(&TYPES, &LAYOUT.0);
static NAMES: &str = match std::str::from_utf8(&NAME_BYTES) {
    Ok(names) => names,
    Err(_) => panic!("schema names are UTF-8"),
};

/// Every name in table order (each type's, then its fields'), where each starts in `NAMES`,
/// and `NAMES` itself: each distinct name once.
const ALL: [&str; TYPES.len() + field_count(&TYPES)] = all_names(&TYPES);
const LAYOUT: ([u16; ALL.len()], usize) = layout(&ALL);
const NAME_BYTES: [u8; LAYOUT.1] = pack_names(&ALL, &LAYOUT.0);

/// One Go struct ([`Type`] packed).
#[derive(Clone, Copy)]
pub(crate) struct Struct {
    name: u16,
    name_len: u8,
    pub resource: Option<(&'static str, &'static str)>,
    first: u16,
    len: u16,
}

/// One field ([`Field`] packed).
#[derive(Clone, Copy)]
pub(crate) struct Member {
    name: u16,
    name_len: u8,
    pub presence: Presence,
    pub kind: Kind,
}

fn name(at: u16, len: u8) -> &'static str {
    NAMES.get(at as usize..at as usize + len as usize).unwrap_or_default()
}

impl Struct {
    /// The Go type's name.
    pub fn name(&self) -> &'static str {
        name(self.name, self.name_len)
    }

    /// Sorted by JSON name.
    pub fn fields(&self) -> &'static [Member] {
        FIELDS.get(self.first as usize..self.first as usize + self.len as usize).unwrap_or_default()
    }
}

impl Member {
    pub fn json(&self) -> &'static str {
        name(self.name, self.name_len)
    }
}

// The packing, in `const` code.

const fn field_count(types: &[Type]) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < types.len() {
        n += types[i].fields.len();
        i += 1;
    }
    n
}

const fn all_names<const N: usize>(types: &[Type]) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut k, mut i) = (0, 0);
    while i < types.len() {
        out[k] = types[i].name;
        k += 1;
        let mut j = 0;
        while j < types[i].fields.len() {
            out[k] = types[i].fields[j].json;
            k += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Where each name starts in `NAMES` (a repeated name where it first came, found through a
/// hash table of the names met), and the length of `NAMES`.
const fn layout<const N: usize>(all: &[&str; N]) -> ([u16; N], usize) {
    const SLOTS: usize = 4096;
    assert!(N < SLOTS / 2);
    // Each slot: 1 + the index of the first name with that hash, or 0.
    let mut seen = [0u16; SLOTS];
    let mut at = [0u16; N];
    let (mut len, mut k) = (0, 0);
    while k < N {
        assert!(all[k].len() <= u8::MAX as usize, "a name longer than a u8 length");
        let mut h = fnv(all[k]) % SLOTS;
        while seen[h] != 0 && !same(all[seen[h] as usize - 1], all[k]) {
            h = (h + 1) % SLOTS;
        }
        if seen[h] != 0 {
            at[k] = at[seen[h] as usize - 1];
        } else {
            assert!(len <= u16::MAX as usize, "names past a u16 offset");
            seen[h] = k as u16 + 1;
            at[k] = len as u16;
            len += all[k].len();
        }
        k += 1;
    }
    (at, len)
}

const fn fnv(name: &str) -> usize {
    let bytes = name.as_bytes();
    let (mut h, mut i) = (0x811c_9dc5u32, 0);
    while i < bytes.len() {
        h = (h ^ bytes[i] as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    h as usize
}

const fn pack_names<const N: usize, const L: usize>(all: &[&str; N], at: &[u16; N]) -> [u8; L] {
    let mut out = [0; L];
    let mut k = 0;
    while k < N {
        let bytes = all[k].as_bytes();
        let mut b = 0;
        while b < bytes.len() {
            out[at[k] as usize + b] = bytes[b];
            b += 1;
        }
        k += 1;
    }
    out
}

const fn pack_structs<const N: usize, const A: usize>(types: &[Type], at: &[u16; A]) -> [Struct; N] {
    let mut out = [Struct { name: 0, name_len: 0, resource: None, first: 0, len: 0 }; N];
    let (mut k, mut first, mut i) = (0, 0, 0);
    while i < types.len() {
        let t = &types[i];
        out[i] = Struct { name: at[k], name_len: t.name.len() as u8, resource: t.resource, first: first as u16, len: t.fields.len() as u16 };
        k += 1 + t.fields.len();
        first += t.fields.len();
        i += 1;
    }
    out
}

const fn pack_fields<const N: usize, const A: usize>(types: &[Type], at: &[u16; A]) -> [Member; N] {
    let mut out = [Member { name: 0, name_len: 0, presence: Presence::Opt, kind: Kind::Raw }; N];
    let (mut k, mut n, mut i) = (0, 0, 0);
    while i < types.len() {
        k += 1;
        let mut j = 0;
        while j < types[i].fields.len() {
            let f = &types[i].fields[j];
            out[n] = Member { name: at[k], name_len: f.json.len() as u8, presence: f.presence, kind: f.kind };
            k += 1;
            n += 1;
            j += 1;
        }
        i += 1;
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Presence {
    /// Optional: `null` or absent leaves it out of the encoding.
    Opt,
    /// Optional, and a Go value tagged `omitempty` (`int32`, not `*int32`): decoded as `Opt`;
    /// the API server's encoding (`omit_empty`) also leaves out its zero, "", false, [] or {}.
    Empty,
    /// Required with a zero value: `null` or absent encodes the zero value.
    Zero,
    /// `Zero` for decoding, but Go's value tagged `omitempty` (`LocalObjectReference.name`):
    /// `omit_empty` leaves the zero out again.
    ZeroEmpty,
    /// Required without one (k8s-openapi has no `Default`): `null` is a type error, absent a
    /// `missing field` error.
    Must,
    /// Optional to k8s-openapi, but a Go value without `omitempty` (`int32`, not `*int32`:
    /// `StatefulSetStatus.availableReplicas`, `Event.reportingComponent`): decoded as `Opt`;
    /// the API server's encoding (`omit_empty`) writes its zero when it is unset, as Go does.
    Always,
}

#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// string
    S,
    I32,
    I64,
    /// No field of the served kinds is a float today; the generator can emit it.
    #[allow(dead_code)]
    F64,
    /// bool
    B,
    /// `[]byte` as base64
    Bytes,
    /// `resource.Quantity`
    Q,
    /// `intstr.IntOrString`
    IntOrStr,
    /// `metav1.Time`
    Time,
    /// `metav1.MicroTime`
    MicroTime,
    /// any JSON (`FieldsV1`, `RawExtension`)
    Raw,
    /// a struct, by index in `TYPES`
    O(u16),
    /// `[]T`
    A(&'static Kind),
    /// `map[string]T`
    M(&'static Kind),
}

/// A decode error and where it happened.
#[derive(Debug)]
pub(crate) struct PathError {
    pub path: String,
    pub message: String,
}

/// Decodes `value` as the struct `root` and returns its re-encoding.
pub(crate) fn roundtrip(root: u16, value: &Value) -> Result<Value, PathError> {
    let mut path = Vec::new();
    decode_struct(root, value, &mut path).map_err(|message| PathError { path: render(&path), message })
}

/// Leaves out what Go's `encoding/json` leaves out of the struct `root` when the API server
/// encodes it: the empty value of every field tagged `omitempty` that is not a pointer
/// (`"succeeded": 0`, `"completedIndexes": ""`, `"finalizers": []`); and writes what Go
/// always writes: the zero of an unset `Always` field (`"availableReplicas": 0`). `value` is a
/// decoded object (`roundtrip`'s output or a later change to it); what does not fit the
/// schema is left as it is.
pub(crate) fn omit_empty(root: u16, value: &mut Value) {
    omit_in_struct(root, value);
}

fn omit_in_struct(ty: u16, value: &mut Value) {
    let Value::Object(map) = value else { return };
    let fields = STRUCTS[ty as usize].fields();
    map.retain(|key, child| {
        let Some(i) = crate::obj::names::schema_field(ty, key) else { return true };
        let f = &fields[i];
        if matches!(f.presence, Presence::Empty | Presence::ZeroEmpty) && is_empty(child) {
            return false;
        }
        omit_in_kind(f.kind, child);
        true
    });
    for f in fields.iter().filter(|f| f.presence == Presence::Always) {
        match map.get_mut(f.json()) {
            Some(child) if !child.is_null() => {}
            Some(child) => *child = zero(f.kind),
            None => {
                map.insert(f.json().into(), zero(f.kind));
            }
        }
    }
}

fn omit_in_kind(kind: Kind, value: &mut Value) {
    match (kind, value) {
        (Kind::O(ty), v) => omit_in_struct(ty, v),
        (Kind::A(inner @ (Kind::O(_) | Kind::A(_) | Kind::M(_))), Value::Array(items)) => items.iter_mut().for_each(|v| omit_in_kind(*inner, v)),
        (Kind::M(inner @ (Kind::O(_) | Kind::A(_) | Kind::M(_))), Value::Object(map)) => map.values_mut().for_each(|v| omit_in_kind(*inner, v)),
        _ => {}
    }
}

/// Go's `isEmptyValue` for the kinds `Empty` fields have.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(m) => m.is_empty(),
    }
}

/// One step of the path to the value being decoded; on error, the path is left pointing at it.
enum Seg<'v> {
    Key(&'v str),
    Index(usize),
}

/// `serde_path_to_error`'s rendering: `a.b[2].c`, `.` for the root.
fn render(path: &[Seg<'_>]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Seg::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    match out.strip_prefix('.') {
        Some(rest) => rest.to_string(),
        None if out.is_empty() => ".".into(),
        None => out,
    }
}

type Res<T> = Result<T, String>;

/// serde_json's `Value::unexpected`.
fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            (None, None) => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// serde_json's `invalid type: …, expected …` (its `Error::invalid_type`, written here so
/// that the bundle does without serde_json's float printer: `decode` only reads the
/// "expected" part, and a float's digits are never shown).
fn invalid_type(value: &Value, expected: &str) -> String {
    format!("invalid type: {}, expected {expected}", described(unexpected(value)))
}

fn invalid_value(unexp: Unexpected<'_>, expected: &str) -> String {
    format!("invalid value: {}, expected {expected}", described(unexp))
}

/// serde_json's `JsonUnexpected`: `null` for unit, serde's wording otherwise.
fn described(unexp: Unexpected<'_>) -> String {
    match unexp {
        Unexpected::Unit => "null".into(),
        // serde's words, its float (std's `{}`, `.0` added to a whole number) through
        // podlife_ftl::num: keeps core's float formatting out of the worker.
        Unexpected::Float(f) => {
            let mut number = podlife_ftl::num::Num(f).to_string();
            if f.is_finite() && !number.contains('.') {
                number.push_str(".0");
            }
            format!("floating point `{number}`")
        }
        other => other.to_string(),
    }
}

fn decode_struct<'v>(ty: u16, value: &'v Value, path: &mut Vec<Seg<'v>>) -> Res<Value> {
    let t = &STRUCTS[ty as usize];
    let Value::Object(input) = value else { return Err(invalid_type(value, t.name())) };
    let mut out = Map::new();
    for (key, child) in input {
        if let Some((api_version, kind)) = t.resource {
            let want = match key.as_str() {
                "apiVersion" => Some(api_version),
                "kind" => Some(kind),
                _ => None,
            };
            if let Some(want) = want {
                let Value::String(got) = child else {
                    path.push(Seg::Key(key));
                    return Err(invalid_type(child, "a string"));
                };
                if got != want {
                    return Err(invalid_value(Unexpected::Str(got), want));
                }
                continue;
            }
        }
        let fields = t.fields();
        let Some(i) = crate::obj::names::schema_field(ty, key) else { continue };
        if child.is_null() && fields[i].presence != Presence::Must {
            continue;
        }
        path.push(Seg::Key(key));
        let encoded = decode_kind(fields[i].kind, child, path)?;
        path.pop();
        out.insert(key.clone(), encoded);
    }
    if let Some((api_version, kind)) = t.resource {
        out.insert("apiVersion".into(), Value::String(api_version.into()));
        out.insert("kind".into(), Value::String(kind.into()));
    }
    for f in required_fields(ty) {
        if !out.contains_key(f.json()) {
            match f.presence {
                Presence::Opt | Presence::Empty | Presence::Always => {}
                Presence::Zero | Presence::ZeroEmpty => {
                    out.insert(f.json().into(), zero(f.kind));
                }
                Presence::Must => return Err(format!("missing field `{}`", f.json())),
            }
        }
    }
    Ok(Value::Object(out))
}

/// The fields of the struct `ty` a decode must find or fill in (`Zero`, `ZeroEmpty`, `Must`),
/// listed once: most structs have none, and a status decode looked every other field up too.
fn required_fields(ty: u16) -> &'static [&'static Member] {
    static REQUIRED: std::sync::OnceLock<Box<[Box<[&'static Member]>]>> = std::sync::OnceLock::new();
    let all = REQUIRED.get_or_init(|| {
        STRUCTS.iter().map(|t| t.fields().iter().filter(|f| matches!(f.presence, Presence::Zero | Presence::ZeroEmpty | Presence::Must)).collect()).collect()
    });
    all.get(ty as usize).map_or(&[], |f| f)
}

/// The encoding of a required field's Go zero value (k8s-openapi's `Default`).
fn zero(kind: Kind) -> Value {
    match kind {
        Kind::S | Kind::Bytes | Kind::Q => Value::String(String::new()),
        Kind::I32 | Kind::I64 | Kind::IntOrStr => Value::from(0),
        Kind::F64 => Value::from(0.0),
        Kind::B => Value::Bool(false),
        // No zero value: such fields are `Must`, never defaulted (`zero` of a struct with a
        // `Must` field is not reached either, since k8s-openapi could not default it).
        Kind::Time | Kind::MicroTime | Kind::Raw => Value::Null,
        Kind::O(ty) => {
            let mut out = Map::new();
            for f in STRUCTS[ty as usize].fields().iter().filter(|f| !matches!(f.presence, Presence::Opt | Presence::Empty | Presence::Always)) {
                out.insert(f.json().into(), zero(f.kind));
            }
            Value::Object(out)
        }
        Kind::A(_) => Value::Array(Vec::new()),
        Kind::M(_) => Value::Object(Map::new()),
    }
}

fn decode_kind<'v>(kind: Kind, value: &'v Value, path: &mut Vec<Seg<'v>>) -> Res<Value> {
    match kind {
        Kind::S => match value {
            Value::String(_) => Ok(value.clone()),
            _ => Err(invalid_type(value, "a string")),
        },
        Kind::B => match value {
            Value::Bool(_) => Ok(value.clone()),
            _ => Err(invalid_type(value, "a boolean")),
        },
        Kind::I32 => int(value, "i32", i32::MIN.into(), i32::MAX.into()),
        Kind::I64 => int(value, "i64", i64::MIN, i64::MAX),
        Kind::F64 => match value {
            Value::Number(n) => Ok(n.as_f64().map(Value::from).unwrap_or(Value::Null)),
            _ => Err(invalid_type(value, "f64")),
        },
        Kind::Q => match value {
            Value::String(_) => Ok(value.clone()),
            Value::Number(n) => Ok(Value::String(match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => u.to_string(),
                (None, Some(i), _) => i.to_string(),
                (_, _, f) => podlife_ftl::num::Num(f.unwrap_or(f64::NAN)).to_string(),
            })),
            _ => Err(invalid_type(value, "Quantity")),
        },
        Kind::IntOrStr => match value {
            Value::String(_) => Ok(value.clone()),
            Value::Number(n) => match unexpected(value) {
                Unexpected::Unsigned(u) if u > i32::MAX as u64 => Err(invalid_value(Unexpected::Unsigned(u), "a 32-bit integer")),
                Unexpected::Signed(i) if i < i32::MIN.into() => Err(invalid_value(Unexpected::Signed(i), "a 32-bit integer")),
                Unexpected::Float(_) => Err(invalid_type(value, "IntOrString")),
                _ => Ok(Value::Number(n.clone())),
            },
            _ => Err(invalid_type(value, "IntOrString")),
        },
        Kind::Bytes => match value {
            Value::Null => Ok(Value::String(String::new())),
            Value::String(s) if is_canonical_base64(s) => Ok(value.clone()),
            Value::String(_) => Err("invalid base64 data".into()),
            _ => Err(invalid_type(value, "a base64-encoded string")),
        },
        Kind::Time | Kind::MicroTime => match value {
            Value::String(s) => match crate::timestamp::parse(s) {
                Ok(ts) => Ok(Value::String(ts.format(matches!(kind, Kind::MicroTime)))),
                Err(message) => Err(message),
            },
            _ => Err(invalid_type(value, "a timestamp string")),
        },
        Kind::Raw => Ok(value.clone()),
        Kind::O(ty) => decode_struct(ty, value, path),
        Kind::A(elem) => match value {
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    path.push(Seg::Index(i));
                    out.push(decode_kind(*elem, item, path)?);
                    path.pop();
                }
                Ok(Value::Array(out))
            }
            _ => Err(invalid_type(value, "a sequence")),
        },
        Kind::M(elem) => match value {
            Value::Object(items) => {
                let mut out = Map::new();
                for (key, item) in items {
                    path.push(Seg::Key(key));
                    out.insert(key.clone(), decode_kind(*elem, item, path)?);
                    path.pop();
                }
                Ok(Value::Object(out))
            }
            _ => Err(invalid_type(value, "a map")),
        },
    }
}

/// serde's integer visitors: integers in range pass, others are invalid values, floats and
/// non-numbers invalid types.
fn int(value: &Value, expected: &str, min: i64, max: i64) -> Res<Value> {
    match unexpected(value) {
        Unexpected::Unsigned(u) if u <= max as u64 => Ok(value.clone()),
        Unexpected::Signed(i) if i >= min => Ok(value.clone()),
        unexp @ (Unexpected::Unsigned(_) | Unexpected::Signed(_)) => Err(invalid_value(unexp, expected)),
        _ => Err(invalid_type(value, expected)),
    }
}

/// What base64's STANDARD engine decodes: padded to a multiple of four, `=` only as the last
/// one or two characters, no stray bits in the last symbol.
fn is_canonical_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = b.iter().rev().take_while(|&&c| c == b'=').count();
    if pad > 2 {
        return false;
    }
    let body = &b[..b.len() - pad];
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    if body.iter().any(|&c| val(c).is_none()) {
        return false;
    }
    match (pad, body.last()) {
        (0, _) | (_, None) => pad == 0,
        (1, Some(&c)) => val(c).is_some_and(|v| v & 0b11 == 0),
        (_, Some(&c)) => val(c).is_some_and(|v| v & 0b1111 == 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed table reads as the generated one.
    #[test]
    fn packed_as_generated() {
        assert_eq!(STRUCTS.len(), TYPES.len());
        for (s, t) in STRUCTS.iter().zip(TYPES.iter()) {
            assert_eq!((s.name(), s.resource, s.fields().len()), (t.name, t.resource, t.fields.len()));
            for (m, f) in s.fields().iter().zip(t.fields) {
                assert_eq!(m.json(), f.json, "{}", t.name);
                assert!(m.presence == f.presence, "{}.{}", t.name, f.json);
                assert_eq!(std::mem::discriminant(&m.kind), std::mem::discriminant(&f.kind), "{}.{}", t.name, f.json);
            }
        }
        assert!(NAMES.len() < ALL.iter().map(|n| n.len()).sum::<usize>(), "names are shared");
    }

    /// A float is described in serde's words, digits and all.
    #[test]
    fn floats_described_as_serde_does() {
        for f in [1.5, -2.0, 0.0, -0.0, 1e21, 1e-7, 123456.789, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(described(Unexpected::Float(f)), Unexpected::Float(f).to_string());
        }
    }
}
