//! Interned strings for the trace. A long run records up to a million reactions, and almost
//! every string in them repeats: component and node names, object kinds and names, parameter
//! keys, users, verbs, RBAC reasons. Each distinct text is kept once and shared.

// The interner's set is looked up and swept, never iterated for anything kept or printed.
#![allow(clippy::disallowed_types)]

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::Arc;

/// A shared, immutable string. Reads as a `str`; equal texts made on one thread are the same
/// allocation. (`Arc`, because the booted default cluster is shared between test threads.)
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sym(Arc<str>);

/// The texts in use. The `HashSet` is only looked up and swept (`retain` drops texts in any
/// order with the same result), so its order cannot reach any output; a `BTreeSet` would
/// compare long shared prefixes (`cj-29540700-…`) at every level. Texts no trace holds any more are dropped when the set has doubled since the
/// last sweep, so a long-lived web page does not keep every name it ever saw.
struct Interner {
    texts: HashSet<Arc<str>>,
    sweep_at: usize,
}

thread_local! {
    static INTERNER: RefCell<Interner> = RefCell::new(Interner { texts: HashSet::new(), sweep_at: 4096 });
}

impl Sym {
    pub fn new(text: &str) -> Sym {
        INTERNER.with(|cell| {
            let mut interner = cell.borrow_mut();
            if let Some(shared) = interner.texts.get(text) {
                return Sym(shared.clone());
            }
            if interner.texts.len() >= interner.sweep_at {
                interner.texts.retain(|t| Arc::strong_count(t) > 1);
                interner.sweep_at = (interner.texts.len() * 2).max(4096);
            }
            let shared: Arc<str> = Arc::from(text);
            interner.texts.insert(shared.clone());
            Sym(shared)
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for Sym {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for Sym {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Sym {
    fn from(text: &str) -> Sym {
        Sym::new(text)
    }
}

impl From<String> for Sym {
    fn from(text: String) -> Sym {
        Sym::new(&text)
    }
}

impl From<Sym> for String {
    fn from(sym: Sym) -> String {
        sym.0.to_string()
    }
}

impl PartialEq<str> for Sym {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Sym {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl std::fmt::Display for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Debug for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&*self.0, f)
    }
}

impl serde::Serialize for Sym {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_share_one_allocation_and_compare_as_str() {
        let a = Sym::new("kube-scheduler");
        let b = Sym::from(String::from("kube-scheduler"));
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(a, "kube-scheduler");
        assert_eq!(a.len(), 14);
        assert_eq!(format!("{a} {a:?}"), "kube-scheduler \"kube-scheduler\"");
        assert_eq!(serde_json::to_string(&a).unwrap(), "\"kube-scheduler\"");
    }

    #[test]
    fn texts_nobody_holds_are_swept() {
        for i in 0..10_000 {
            let _ = Sym::new(&format!("gone-{i}"));
        }
        let kept = Sym::new("kept");
        for i in 0..10_000 {
            let _ = Sym::new(&format!("later-{i}"));
        }
        INTERNER.with(|cell| assert!(cell.borrow().texts.len() < 10_000));
        assert!(Arc::ptr_eq(&kept.0, &Sym::new("kept").0));
    }
}
