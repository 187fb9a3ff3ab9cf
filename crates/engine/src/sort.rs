//! Stable sorting through one shared merge sort.
//!
//! `slice::sort_by` / `sort_by_key` instantiate the standard library's driftsort (a few KB of
//! wasm) for every element type and comparator; with some thirty call sites that was about
//! 4 % of the web bundle's code. These functions sort a permutation of indices with one
//! non-generic bottom-up merge sort, then move the elements into place, so each call site
//! costs only its comparator. The result is the same as the standard library's: a stable sort
//! orders elements that compare equal as they were, so any two stable sorts under the same
//! total order agree. Use them only with comparators that are total orders (not with
//! `partial_cmp` on values that may be NaN, nor with mixed numeric/text comparisons).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// `v.sort_by(compare)`, stable.
pub fn sort_by<T>(v: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = sorted_indices(v.len(), &mut |a, b| compare(&v[a], &v[b]));
    permute(v, &order);
}

/// `v.sort_by_key(key)`, stable.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// `v.sort()`, stable.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The positions `0..n` in stable sorted order: a bottom-up merge sort, the left run winning
/// ties.
fn sorted_indices(n: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut from: Vec<usize> = (0..n).collect();
    let mut to = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j, mut k) = (start, mid, start);
            while i < mid && j < end {
                if compare(from[j], from[i]) == Ordering::Less {
                    to[k] = from[j];
                    j += 1;
                } else {
                    to[k] = from[i];
                    i += 1;
                }
                k += 1;
            }
            to[k..k + (mid - i)].copy_from_slice(&from[i..mid]);
            k += mid - i;
            to[k..k + (end - j)].copy_from_slice(&from[j..end]);
            start = end;
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    from
}

/// Rearranges `v` so that position `i` holds the element that was at `order[i]`, following
/// each cycle of the permutation with swaps.
fn permute<T>(v: &mut [T], order: &[usize]) {
    let mut done = vec![false; v.len()];
    for start in 0..v.len() {
        let mut i = start;
        while !done[i] {
            done[i] = true;
            let j = order[i];
            if j == start {
                break;
            }
            v.swap(i, j);
            i = j;
        }
    }
}

/// `BTreeMap::from(entries)`, without its sort: the standard library sorts the array (stably,
/// with a driftsort instantiated per array length) and keeps the last of equal keys; inserting
/// the entries in order builds the same map.
pub fn map_of<K: Ord, V, const N: usize>(entries: [(K, V); N]) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in entries {
        map.insert(key, value);
    }
    map
}

/// `iter.collect::<BTreeMap<_, _>>()`, without its sort: `FromIterator` collects into a vector
/// and sorts it with a driftsort instantiated per iterator type, keeping the last of equal keys;
/// inserting in order gives the same map (for keys whose equal values are indistinguishable,
/// as strings and numbers are).
pub fn collect_map<K: Ord, V>(iter: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    for (key, value) in iter {
        map.insert(key, value);
    }
    map
}

/// `iter.collect::<BTreeSet<_>>()`, as `collect_map`.
pub fn collect_set<T: Ord>(iter: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    for item in iter {
        set.insert(item);
    }
    set
}

/// `iter.collect::<serde_json::Map<_, _>>()` (a `BTreeMap` underneath), as `collect_map`.
pub fn collect_object(iter: impl IntoIterator<Item = (String, serde_json::Value)>) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for (key, value) in iter {
        map.insert(key, value);
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn agrees_with_the_standard_stable_sort(items in prop::collection::vec((0u8..6, any::<u16>()), 0..200)) {
            let mut ours = items.clone();
            let mut std_sorted = items.clone();
            sort_by_key(&mut ours, |x| x.0);
            std_sorted.sort_by_key(|x| x.0);
            prop_assert_eq!(&ours, &std_sorted);
            let mut ours = items.clone();
            let mut std_sorted = items;
            let descending_mod_3 = |a: &(u8, u16), b: &(u8, u16)| (b.0 % 3).cmp(&(a.0 % 3)).then_with(|| a.0.cmp(&b.0));
            sort_by(&mut ours, descending_mod_3);
            std_sorted.sort_by(descending_mod_3);
            prop_assert_eq!(&ours, &std_sorted);
            sort(&mut ours);
            std_sorted.sort();
            prop_assert_eq!(ours, std_sorted);
        }

        #[test]
        fn map_of_equals_btreemap_from(keys in prop::array::uniform8(0u8..5), values in prop::array::uniform8(any::<u16>())) {
            let entries: [(u8, u16); 8] = std::array::from_fn(|i| (keys[i], values[i]));
            prop_assert_eq!(map_of(entries), BTreeMap::from(entries));
            prop_assert_eq!(collect_map(entries.iter().copied()), entries.iter().copied().collect::<BTreeMap<_, _>>());
            prop_assert_eq!(collect_set(keys.iter()), keys.iter().collect::<BTreeSet<_>>());
            let object = || entries.iter().map(|(k, v)| (k.to_string(), serde_json::json!(v)));
            prop_assert_eq!(collect_object(object()), object().collect::<serde_json::Map<_, _>>());
        }
    }
}
