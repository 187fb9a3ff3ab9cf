//! Field names ↔ indices in the schema table: the lookups every read by name goes through.

use crate::schema::Kind;
use crate::schema::STRUCTS;

use super::{API_VERSION, KIND};

/// The index of the field `name` of the struct `ty`: a recent answer for the same bytes
/// (`Recent`), else a binary search of the sorted names, on their first 8 bytes
/// (`prefixes`), then the full names among equal prefixes.
pub(super) fn field_id(ty: u16, name: &str) -> Option<u16> {
    let slot = Recent::slot(ty, name);
    if let Some(id) = RECENT.with(|r| r[slot].get().hit(ty, name)) {
        return Some(id);
    }
    let id = search(ty, name)?;
    let field = field_name(ty, id);
    RECENT.with(|r| r[slot].set(Recent { at: name.as_ptr() as usize, field, ty, id }));
    Some(id)
}

/// A field lookup answered lately, by where its name's bytes were. Readers name fields with
/// string literals, so the same few hundred (struct, name) pairs come back millions of times
/// a simulated day (nine lookups in ten hit): the search costs about 140 instructions, a hit
/// a fraction of that. A hit is checked against the field's own name, so a name at an
/// address another name had before (a freed `String`) is searched again, never answered
/// wrongly.
#[derive(Clone, Copy)]
struct Recent {
    at: usize,
    field: &'static str,
    ty: u16,
    id: u16,
}

const RECENT_SLOTS: usize = 1024;

thread_local! {
    static RECENT: [std::cell::Cell<Recent>; RECENT_SLOTS] = const { [const { std::cell::Cell::new(Recent { at: 0, field: "", ty: 0, id: 0 }) }; RECENT_SLOTS] };
}

impl Recent {
    fn slot(ty: u16, name: &str) -> usize {
        let key = (name.as_ptr() as usize as u64) ^ (u64::from(ty) << 48);
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % RECENT_SLOTS
    }

    fn hit(self, ty: u16, name: &str) -> Option<u16> {
        (self.at == name.as_ptr() as usize && self.ty == ty && same_bytes(self.field.as_bytes(), name.as_bytes())).then_some(self.id)
    }
}

/// `a == b` for short byte strings without a call to `memcmp`: field names are mostly 4 to
/// 16 bytes, compared as two (overlapping) words each.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| s.get(at..at + 8).and_then(|w| w.try_into().ok()).map(u64::from_ne_bytes);
    let half = |s: &[u8], at: usize| s.get(at..at + 4).and_then(|w| w.try_into().ok()).map(u32::from_ne_bytes);
    match n {
        0..4 => a == b,
        4..8 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => a == b,
    }
}

/// The index of the schema field `name` of the struct `ty` (not `apiVersion`/`kind`), by the
/// search alone: for names read from a body, whose addresses never come back.
pub(crate) fn schema_field(ty: u16, name: &str) -> Option<usize> {
    search(ty, name).map(usize::from).filter(|&i| STRUCTS.get(ty as usize).is_some_and(|t| i < t.fields().len()))
}

fn search(ty: u16, name: &str) -> Option<u16> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The cache answers as the search does: for every field of every struct, asked by a
    /// literal-like stable string and by fresh `String`s (whose addresses the allocator hands
    /// out again for other names), and for names no struct has.
    #[test]
    fn cached_lookups_answer_as_the_search() {
        let names: Vec<&'static str> = STRUCTS.iter().flat_map(|t| t.fields().iter().map(|f| f.json())).chain(["apiVersion", "kind", "nope", "", "x"]).collect();
        for round in 0..3 {
            for ty in 0..STRUCTS.len() as u16 {
                for name in &names {
                    let fresh = name.to_string();
                    let shifted = format!("{}{name}", "_".repeat(round)).split_off(round);
                    for asked in [*name, fresh.as_str(), shifted.as_str()] {
                        assert_eq!(field_id(ty, asked), search(ty, asked), "struct {ty}, field {asked:?}");
                    }
                }
            }
        }
    }
}
