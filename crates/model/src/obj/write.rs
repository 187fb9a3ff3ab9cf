//! Writing by path (`Obj::insert_at`): the changed object is what `from_value` makes of the
//! changed JSON, so objects stay comparable with `==`.

use serde_json::Value;

use super::names::{cmp_bytes, field_id, field_kind};
use super::read::{parse_index, unescape_token};
use super::{decode, plain, text, Repr, Slot, EXTRA};

use std::sync::Arc;

impl Slot {
    /// The member `key`, to change in place. Not public: a slot assigned through it could
    /// carry another field's index; writes go through `Obj::insert_at`/`remove_at`.
    fn get_mut(&mut self, key: &str) -> Option<&mut Slot> {
        match &mut self.0 {
            Repr::Obj { ty, fields, .. } => match field_id(*ty, key) {
                Some(id) => Arc::make_mut(fields).iter_mut().find(|f| f.id() == id),
                None => match Arc::make_mut(fields).last_mut() {
                    Some(Slot(Repr::Map { id: EXTRA, entries })) => map_get_mut(Arc::make_mut(entries), key),
                    _ => None,
                },
            },
            Repr::Map { entries, .. } => map_get_mut(Arc::make_mut(entries), key),
            _ => None,
        }
    }

    fn get_index_mut(&mut self, index: usize) -> Option<&mut Slot> {
        match &mut self.0 {
            Repr::List { items, .. } => Arc::make_mut(items).get_mut(index),
            _ => None,
        }
    }

    /// `Value::pointer_mut`.
    pub(super) fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Slot> {
        if pointer.is_empty() {
            return Some(self);
        }
        let rest = pointer.strip_prefix('/')?;
        rest.split('/').map(unescape_token).try_fold(self, |slot, token| match slot.is_array() {
            true => parse_index(&token).and_then(|i| slot.get_index_mut(i)),
            false => slot.get_mut(&token),
        })
    }

    /// Sets the member `key` of an object to `value`, decoded as the field's schema says: what
    /// `Obj::from_value` would have made of the object with `key` set. False, changing
    /// nothing, on a non-object.
    pub(super) fn insert(&mut self, key: &str, value: &Value) -> bool {
        match &mut self.0 {
            Repr::Obj { ty, fields, .. } => {
                let ty = *ty;
                match field_id(ty, key) {
                    Some(id) => {
                        let slot = decode(field_kind(ty, id), value, id);
                        match fields.binary_search_by_key(&id, Slot::id) {
                            Ok(i) => Arc::make_mut(fields)[i] = slot,
                            Err(i) => splice(fields, i, Some(slot)),
                        }
                    }
                    None => match Arc::make_mut(fields).last_mut() {
                        Some(Slot(Repr::Map { id: EXTRA, entries })) => map_insert(entries, key, plain(value, 0)),
                        _ => {
                            let extra = Slot(Repr::Map { id: EXTRA, entries: Arc::new([(text(key, 0), plain(value, 0))]) });
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
    pub(super) fn remove(&mut self, key: &str) -> bool {
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
                    let Some(Slot(Repr::Map { id: EXTRA, entries })) = fields.last() else { return false };
                    let Ok(i) = entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) else { return false };
                    let Some(Slot(Repr::Map { id: EXTRA, entries })) = Arc::make_mut(fields).last_mut() else { return false };
                    let mut v = entries.to_vec();
                    v.remove(i);
                    *entries = v.into();
                    if entries.is_empty() {
                        splice(fields, fields.len() - 1, None);
                    }
                    true
                }
            },
            Repr::Map { entries, .. } => match entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) {
                Ok(i) => {
                    let mut v = entries.to_vec();
                    v.remove(i);
                    *entries = v.into();
                    true
                }
                Err(_) => false,
            },
            _ => false,
        }
    }
}

/// Inserts `slot` at `at` (or removes the slot there), keeping the slice exactly sized. (A
/// copy of the slice: its slots are shared with the old one, their children too.)
fn splice(slots: &mut Arc<[Slot]>, at: usize, slot: Option<Slot>) {
    let mut v = slots.to_vec();
    match slot {
        Some(slot) => v.insert(at.min(v.len()), slot),
        None if at < v.len() => {
            v.remove(at);
        }
        None => {}
    }
    *slots = v.into();
}

fn map_insert(entries: &mut Arc<[(Slot, Slot)]>, key: &str, value: Slot) {
    match entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())) {
        Ok(i) => Arc::make_mut(entries)[i].1 = value,
        Err(i) => {
            let mut v = entries.to_vec();
            v.insert(i, (text(key, 0), value));
            *entries = v.into();
        }
    }
}

fn map_get_mut<'s>(entries: &'s mut [(Slot, Slot)], key: &str) -> Option<&'s mut Slot> {
    let i = entries.binary_search_by(|(k, _)| cmp_bytes(k.key_bytes(), key.as_bytes())).ok()?;
    entries.get_mut(i).map(|(_, v)| v)
}
