//! `VecMap` and `VecSet`: ordered maps and sets over a sorted vector, for the engine's small
//! maps (a pod's containers, a node's images, a controller's few keys, an interpreter's
//! variables). They keep `BTreeMap`'s and `BTreeSet`'s semantics — ascending key order for
//! iteration, `Debug`, comparisons and hashing; `insert` on a present key keeps the stored key
//! and replaces the value — with a binary search and `Vec::insert`/`remove`.
//!
//! Why: the standard B-tree's code is instantiated per key/value layout (search, insertion,
//! removal with merges and steals, clone, drop: 3–8 KB of wasm each), about 140 layouts and
//! 67 KB brotli of the worker. A sorted vector costs a few hundred bytes per layout. Inserts
//! and removals move the entries after the position, so keep the store, the informer caches
//! and other maps that grow with the cluster (per pod, per object) as `BTreeMap`s.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Bound, Index, RangeBounds};

/// An ordered map over a sorted vector (see the module).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct VecMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for VecMap<K, V> {
    fn default() -> Self {
        VecMap { entries: Vec::new() }
    }
}

/// `binary_search_by` over positions `0..len`, `compare` telling how the element at a position
/// compares with the key sought: `Ok` with the matching position, or `Err` with where the key
/// would go. One body for every map and set (the standard library's is compiled per element
/// type); keys are unique, so the answer is the one `binary_search_by` gives.
fn search(len: usize, compare: &dyn Fn(usize) -> Ordering) -> Result<usize, usize> {
    let (mut low, mut high) = (0, len);
    while low < high {
        let mid = low + (high - low) / 2;
        match compare(mid) {
            Ordering::Less => low = mid + 1,
            Ordering::Greater => high = mid,
            Ordering::Equal => return Ok(mid),
        }
    }
    Err(low)
}

/// The first index whose element is not below `bound` (`Included`) / not at or below it
/// (`Excluded`), or the end (`Unbounded`, for the end of a range: `end`).
fn lower<T, Q: ?Sized + Ord>(items: &[T], key: impl Fn(&T) -> &Q, bound: Bound<&Q>, end: bool) -> usize {
    match bound {
        Bound::Included(b) => items.partition_point(|x| key(x) < b),
        Bound::Excluded(b) => items.partition_point(|x| key(x) <= b),
        Bound::Unbounded if end => items.len(),
        Bound::Unbounded => 0,
    }
}

/// The index range of `range` in sorted `items`; panics as `BTreeMap::range` does for a
/// range that starts after it ends.
fn span<T, Q: ?Sized + Ord, R: RangeBounds<Q>>(items: &[T], key: impl Fn(&T) -> &Q + Copy, range: &R) -> (usize, usize) {
    match (range.start_bound(), range.end_bound()) {
        (Bound::Excluded(s), Bound::Excluded(e)) if s == e => panic!("range start and end are equal and excluded in BTreeMap"),
        (Bound::Included(s) | Bound::Excluded(s), Bound::Included(e) | Bound::Excluded(e)) if s > e => panic!("range start is greater than range end in BTreeMap"),
        _ => {}
    }
    let start = lower(items, key, range.start_bound(), false);
    let end = match range.end_bound() {
        Bound::Included(b) => items.partition_point(|x| key(x) <= b),
        Bound::Excluded(b) => items.partition_point(|x| key(x) < b),
        Bound::Unbounded => items.len(),
    };
    (start, end.max(start))
}

impl<K, V> VecMap<K, V> {
    pub const fn new() -> Self {
        VecMap { entries: Vec::new() }
    }

    /// The map of `entries`, already in ascending key order without repeats (checked in
    /// debug builds): one that grows large is built without an insert per entry.
    pub fn from_sorted(entries: Vec<(K, V)>) -> Self
    where
        K: Ord,
    {
        debug_assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
        VecMap { entries }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        Iter { inner: self.entries.iter() }
    }

    pub fn iter_mut(&mut self) -> IterMut<'_, K, V> {
        IterMut { inner: self.entries.iter_mut() }
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator + Clone {
        self.entries.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub fn into_keys(self) -> impl DoubleEndedIterator<Item = K> + ExactSizeIterator {
        self.entries.into_iter().map(|(k, _)| k)
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = V> + ExactSizeIterator {
        self.entries.into_iter().map(|(_, v)| v)
    }

    pub fn first_key_value(&self) -> Option<(&K, &V)> {
        self.entries.first().map(|(k, v)| (k, v))
    }

    pub fn last_key_value(&self) -> Option<(&K, &V)> {
        self.entries.last().map(|(k, v)| (k, v))
    }

    pub fn pop_first(&mut self) -> Option<(K, V)> {
        if self.entries.is_empty() { None } else { Some(self.entries.remove(0)) }
    }

    pub fn pop_last(&mut self) -> Option<(K, V)> {
        self.entries.pop()
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut V) -> bool) {
        self.entries.retain_mut(|(k, v)| keep(k, v));
    }
}

impl<K: Ord, V> VecMap<K, V> {
    fn find<Q: ?Sized + Ord>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        search(self.entries.len(), &|i| self.entries[i].0.borrow().cmp(key))
    }

    /// Where `key` is in the map's order (an index for [`VecMap::get_index`]).
    pub fn position<Q: ?Sized + Ord>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok()
    }

    /// The value whose key `compare` finds equal, `compare` telling how a key stands to the
    /// one sought (a key that `Borrow` cannot give, as `(&str, &str)` for `(String, String)`).
    pub fn get_by(&self, compare: impl Fn(&K) -> Ordering) -> Option<&V> {
        search(self.entries.len(), &|i| compare(&self.entries[i].0)).ok().map(|i| &self.entries[i].1)
    }

    /// The entry at `index` in key order (valid until the map changes).
    pub fn get_index(&self, index: usize) -> Option<(&K, &V)> {
        self.entries.get(index).map(|(k, v)| (k, v))
    }

    pub fn get<Q: ?Sized + Ord>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_key_value<Q: ?Sized + Ord>(&self, key: &Q) -> Option<(&K, &V)>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| (&self.entries[i].0, &self.entries[i].1))
    }

    pub fn get_mut<Q: ?Sized + Ord>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        match self.find(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    pub fn contains_key<Q: ?Sized + Ord>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// As `BTreeMap::insert`: a present key stays as stored, its value is replaced and returned.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub fn remove<Q: ?Sized + Ord>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.remove_entry(key).map(|(_, v)| v)
    }

    pub fn remove_entry<Q: ?Sized + Ord>(&mut self, key: &Q) -> Option<(K, V)>
    where
        K: Borrow<Q>,
    {
        match self.find(key) {
            Ok(i) => Some(self.entries.remove(i)),
            Err(_) => None,
        }
    }

    pub fn entry(&mut self, key: K) -> Entry<'_, K, V> {
        match self.find(&key) {
            Ok(index) => Entry::Occupied(OccupiedEntry { map: self, index }),
            Err(index) => Entry::Vacant(VacantEntry { map: self, index, key }),
        }
    }

    pub fn range<Q: ?Sized + Ord, R: RangeBounds<Q>>(&self, range: R) -> Iter<'_, K, V>
    where
        K: Borrow<Q>,
    {
        let (start, end) = span(&self.entries, |(k, _)| k.borrow(), &range);
        Iter { inner: self.entries[start..end].iter() }
    }

    pub fn range_mut<Q: ?Sized + Ord, R: RangeBounds<Q>>(&mut self, range: R) -> IterMut<'_, K, V>
    where
        K: Borrow<Q>,
    {
        let (start, end) = span(&self.entries, |(k, _)| k.borrow(), &range);
        IterMut { inner: self.entries[start..end].iter_mut() }
    }

    /// As `BTreeMap::append`: `other`'s entries win, `other` is left empty.
    pub fn append(&mut self, other: &mut Self) {
        for (k, v) in std::mem::take(&mut other.entries) {
            self.insert(k, v);
        }
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for VecMap<K, V> {
    /// As `BTreeMap`'s: for equal keys the last value wins.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = VecMap::new();
        map.extend(iter);
        map
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for VecMap<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<K: Ord, V> Extend<(K, V)> for VecMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl<'a, K: Ord + Copy, V: Copy> Extend<(&'a K, &'a V)> for VecMap<K, V> {
    fn extend<I: IntoIterator<Item = (&'a K, &'a V)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(*k, *v);
        }
    }
}

impl<K: Ord + Borrow<Q>, Q: ?Sized + Ord, V> Index<&Q> for VecMap<K, V> {
    type Output = V;
    fn index(&self, key: &Q) -> &V {
        self.get(key).expect("no entry found for key")
    }
}

impl<K: Hash, V: Hash> Hash for VecMap<K, V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.entries.hash(state);
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for VecMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<K: serde::Serialize, V: serde::Serialize> serde::Serialize for VecMap<K, V> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// `BTreeMap::iter`'s iterator.
#[derive(Clone)]
pub struct Iter<'a, K, V> {
    inner: std::slice::Iter<'a, (K, V)>,
}

impl<'a, K, V> Iterator for Iter<'a, K, V> {
    type Item = (&'a K, &'a V);
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for Iter<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (k, v))
    }
}

impl<K, V> ExactSizeIterator for Iter<'_, K, V> {}

/// `BTreeMap::iter_mut`'s iterator.
pub struct IterMut<'a, K, V> {
    inner: std::slice::IterMut<'a, (K, V)>,
}

impl<'a, K, V> Iterator for IterMut<'a, K, V> {
    type Item = (&'a K, &'a mut V);
    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|(k, v)| (&*k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<K, V> DoubleEndedIterator for IterMut<'_, K, V> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(k, v)| (&*k, v))
    }
}

impl<K, V> ExactSizeIterator for IterMut<'_, K, V> {}

impl<'a, K, V> IntoIterator for &'a VecMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;
    fn into_iter(self) -> Iter<'a, K, V> {
        self.iter()
    }
}

impl<'a, K, V> IntoIterator for &'a mut VecMap<K, V> {
    type Item = (&'a K, &'a mut V);
    type IntoIter = IterMut<'a, K, V>;
    fn into_iter(self) -> IterMut<'a, K, V> {
        self.iter_mut()
    }
}

impl<K, V> IntoIterator for VecMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

/// `BTreeMap::entry`'s entry.
pub enum Entry<'a, K, V> {
    Vacant(VacantEntry<'a, K, V>),
    Occupied(OccupiedEntry<'a, K, V>),
}

pub struct VacantEntry<'a, K, V> {
    map: &'a mut VecMap<K, V>,
    index: usize,
    key: K,
}

pub struct OccupiedEntry<'a, K, V> {
    map: &'a mut VecMap<K, V>,
    index: usize,
}

impl<'a, K, V> Entry<'a, K, V> {
    pub fn or_insert(self, default: V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(default),
        }
    }

    pub fn or_insert_with(self, default: impl FnOnce() -> V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(default()),
        }
    }

    pub fn or_insert_with_key(self, default: impl FnOnce(&K) -> V) -> &'a mut V {
        match self {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let value = default(&e.key);
                e.insert(value)
            }
        }
    }

    pub fn key(&self) -> &K {
        match self {
            Entry::Occupied(e) => e.key(),
            Entry::Vacant(e) => e.key(),
        }
    }

    pub fn and_modify(self, f: impl FnOnce(&mut V)) -> Self {
        match self {
            Entry::Occupied(mut e) => {
                f(e.get_mut());
                Entry::Occupied(e)
            }
            Entry::Vacant(e) => Entry::Vacant(e),
        }
    }
}

impl<'a, K, V: Default> Entry<'a, K, V> {
    pub fn or_default(self) -> &'a mut V {
        self.or_insert_with(V::default)
    }
}

impl<'a, K, V> VacantEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.key
    }

    pub fn into_key(self) -> K {
        self.key
    }

    pub fn insert(self, value: V) -> &'a mut V {
        self.map.entries.insert(self.index, (self.key, value));
        &mut self.map.entries[self.index].1
    }
}

impl<'a, K, V> OccupiedEntry<'a, K, V> {
    pub fn key(&self) -> &K {
        &self.map.entries[self.index].0
    }

    pub fn get(&self) -> &V {
        &self.map.entries[self.index].1
    }

    pub fn get_mut(&mut self) -> &mut V {
        &mut self.map.entries[self.index].1
    }

    pub fn into_mut(self) -> &'a mut V {
        &mut self.map.entries[self.index].1
    }

    pub fn insert(&mut self, value: V) -> V {
        std::mem::replace(self.get_mut(), value)
    }

    pub fn remove(self) -> V {
        self.remove_entry().1
    }

    pub fn remove_entry(self) -> (K, V) {
        self.map.entries.remove(self.index)
    }
}

/// An ordered set over a sorted vector (see the module).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VecSet<T> {
    items: Vec<T>,
}

impl<T> Default for VecSet<T> {
    fn default() -> Self {
        VecSet { items: Vec::new() }
    }
}

impl<T> VecSet<T> {
    pub const fn new() -> Self {
        VecSet { items: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn first(&self) -> Option<&T> {
        self.items.first()
    }

    pub fn last(&self) -> Option<&T> {
        self.items.last()
    }

    pub fn pop_first(&mut self) -> Option<T> {
        if self.items.is_empty() { None } else { Some(self.items.remove(0)) }
    }

    pub fn pop_last(&mut self) -> Option<T> {
        self.items.pop()
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.items.retain(|x| keep(x));
    }
}

impl<T: Ord> VecSet<T> {
    fn find<Q: ?Sized + Ord>(&self, value: &Q) -> Result<usize, usize>
    where
        T: Borrow<Q>,
    {
        search(self.items.len(), &|i| self.items[i].borrow().cmp(value))
    }

    pub fn contains<Q: ?Sized + Ord>(&self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.find(value).is_ok()
    }

    pub fn get<Q: ?Sized + Ord>(&self, value: &Q) -> Option<&T>
    where
        T: Borrow<Q>,
    {
        self.find(value).ok().map(|i| &self.items[i])
    }

    /// As `BTreeSet::insert`: false, and the set unchanged, when an equal value is present.
    pub fn insert(&mut self, value: T) -> bool {
        match self.find(&value) {
            Ok(_) => false,
            Err(i) => {
                self.items.insert(i, value);
                true
            }
        }
    }

    pub fn remove<Q: ?Sized + Ord>(&mut self, value: &Q) -> bool
    where
        T: Borrow<Q>,
    {
        self.take(value).is_some()
    }

    pub fn take<Q: ?Sized + Ord>(&mut self, value: &Q) -> Option<T>
    where
        T: Borrow<Q>,
    {
        match self.find(value) {
            Ok(i) => Some(self.items.remove(i)),
            Err(_) => None,
        }
    }

    pub fn range<Q: ?Sized + Ord, R: RangeBounds<Q>>(&self, range: R) -> std::slice::Iter<'_, T>
    where
        T: Borrow<Q>,
    {
        let (start, end) = span(&self.items, |x| x.borrow(), &range);
        self.items[start..end].iter()
    }

    pub fn is_subset(&self, other: &VecSet<T>) -> bool {
        self.items.iter().all(|x| other.contains(x))
    }

    pub fn is_superset(&self, other: &VecSet<T>) -> bool {
        other.is_subset(self)
    }

    pub fn is_disjoint(&self, other: &VecSet<T>) -> bool {
        !self.items.iter().any(|x| other.contains(x))
    }

    /// Ascending, as `BTreeSet::difference`.
    pub fn difference<'a>(&'a self, other: &'a VecSet<T>) -> impl Iterator<Item = &'a T> + Clone {
        self.items.iter().filter(move |x| !other.contains(*x))
    }

    /// Ascending, as `BTreeSet::intersection`.
    pub fn intersection<'a>(&'a self, other: &'a VecSet<T>) -> impl Iterator<Item = &'a T> + Clone {
        self.items.iter().filter(move |x| other.contains(*x))
    }

    /// Ascending without repeats, as `BTreeSet::union` (the value of `self` where both hold one).
    pub fn union<'a>(&'a self, other: &'a VecSet<T>) -> impl Iterator<Item = &'a T> {
        let mut merged: Vec<&'a T> = Vec::with_capacity(self.items.len() + other.items.len());
        let (mut a, mut b) = (self.items.iter().peekable(), other.items.iter().peekable());
        loop {
            let next = match (a.peek(), b.peek()) {
                (None, None) => break,
                (Some(_), None) => a.next(),
                (None, Some(_)) => b.next(),
                (Some(x), Some(y)) => match x.cmp(y) {
                    Ordering::Less => a.next(),
                    Ordering::Greater => b.next(),
                    Ordering::Equal => {
                        b.next();
                        a.next()
                    }
                },
            };
            merged.extend(next);
        }
        merged.into_iter()
    }

    /// As `BTreeSet::append`: `other` is left empty.
    pub fn append(&mut self, other: &mut Self) {
        for x in std::mem::take(&mut other.items) {
            self.insert(x);
        }
    }
}

impl<T: Ord> FromIterator<T> for VecSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = VecSet::new();
        set.extend(iter);
        set
    }
}

impl<T: Ord, const N: usize> From<[T; N]> for VecSet<T> {
    fn from(items: [T; N]) -> Self {
        items.into_iter().collect()
    }
}

impl<T: Ord> Extend<T> for VecSet<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.insert(x);
        }
    }
}

impl<'a, T: Ord + Copy + 'a> Extend<&'a T> for VecSet<T> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        for x in iter {
            self.insert(*x);
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for VecSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.items.iter()).finish()
    }
}

impl<T: serde::Serialize> serde::Serialize for VecSet<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.items.iter())
    }
}

impl<'a, T> IntoIterator for &'a VecSet<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T> IntoIterator for VecSet<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeMap, BTreeSet};

    proptest! {
        #[test]
        fn behaves_as_the_btree(ops in proptest::collection::vec((0u8..6, 0u8..20, any::<u16>()), 0..200)) {
            let (mut ours, mut theirs) = (VecMap::new(), BTreeMap::new());
            let (mut our_set, mut their_set) = (VecSet::new(), BTreeSet::new());
            for (op, k, v) in ops {
                match op {
                    0 => prop_assert_eq!(ours.insert(k, v), theirs.insert(k, v)),
                    1 => prop_assert_eq!(ours.remove(&k), theirs.remove(&k)),
                    // Wrapping: a value of u16::MAX must not overflow the test itself.
                    2 => {
                        let e = ours.entry(k).or_insert(v);
                        *e = e.wrapping_add(1);
                    }
                    3 => prop_assert_eq!(our_set.insert(k), their_set.insert(k)),
                    4 => prop_assert_eq!(our_set.remove(&k), their_set.remove(&k)),
                    _ => {
                        ours.retain(|key, _| *key != k);
                        theirs.retain(|key, _| *key != k);
                    }
                }
                if op == 2 {
                    let e = theirs.entry(k).or_insert(v);
                    *e = e.wrapping_add(1);
                }
                prop_assert_eq!(ours.iter().collect::<Vec<_>>(), theirs.iter().collect::<Vec<_>>());
                prop_assert_eq!(our_set.iter().collect::<Vec<_>>(), their_set.iter().collect::<Vec<_>>());
                if k >= 3 {
                    prop_assert_eq!(ours.range(3..=k).collect::<Vec<_>>(), theirs.range(3..=k).collect::<Vec<_>>());
                }
                prop_assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
                prop_assert_eq!(format!("{our_set:?}"), format!("{their_set:?}"));
            }
        }
    }
}
