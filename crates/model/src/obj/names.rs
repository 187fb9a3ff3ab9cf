//! Field names ↔ indices in the schema table: the lookups every read by name goes through.

use crate::schema::Kind;
use crate::schema::STRUCTS;

use super::{API_VERSION, KIND};

/// The index of the field `name` of the struct `ty`: a binary search of the sorted names, on
/// their first 8 bytes (`prefixes`), then the full names among equal prefixes.
pub(super) fn field_id(ty: u16, name: &str) -> Option<u16> {
    let t = STRUCTS.get(ty as usize)?;
    let fields = t.fields();
    let prefixes = prefixes().get(ty as usize)?;
    let key = prefix(name.as_bytes());
    let mut i = lower_bound(prefixes, key);
    while prefixes.get(i) == Some(&key) {
        // Equal prefixes: only the rest can differ.
        if fields.get(i).is_some_and(|f| f.json().len() == name.len() && (name.len() <= 8 || f.json().as_bytes().get(8..) == name.as_bytes().get(8..))) {
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
pub(super) fn lower_bound(sorted: &[u64], key: u64) -> usize {
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
pub(super) fn prefix(name: &[u8]) -> u64 {
    if let Some(head) = name.first_chunk::<8>() {
        return u64::from_be_bytes(*head);
    }
    name.iter().enumerate().fold(0, |acc, (i, &b)| acc | (u64::from(b) << (56 - 8 * i)))
}

/// Every struct's field-name prefixes, built once: comparing them needs no pointer chasing
/// and no `memcmp` (the string comparisons were most of a hot read's time).
pub(super) fn prefixes() -> &'static [Box<[u64]>] {
    static PREFIXES: std::sync::OnceLock<Box<[Box<[u64]>]>> = std::sync::OnceLock::new();
    PREFIXES.get_or_init(|| STRUCTS.iter().map(|t| t.fields().iter().map(|f| prefix(f.json().as_bytes())).collect()).collect())
}

/// `str::cmp` as an inlined loop: names are short and most differ in the first byte, where
/// a call to `memcmp` per probe cost more than the search (a profile of the hot reads).
#[inline]
pub(super) fn cmp_bytes(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x.cmp(y);
        }
    }
    a.len().cmp(&b.len())
}

pub(super) fn field_name(ty: u16, id: u16) -> &'static str {
    match id {
        API_VERSION => "apiVersion",
        KIND => "kind",
        _ => STRUCTS.get(ty as usize).and_then(|t| t.fields().get(id as usize)).map_or("", |f| f.json()),
    }
}

pub(super) fn field_kind(ty: u16, id: u16) -> Kind {
    STRUCTS.get(ty as usize).and_then(|t| t.fields().get(id as usize)).map_or(Kind::Raw, |f| f.kind)
}
