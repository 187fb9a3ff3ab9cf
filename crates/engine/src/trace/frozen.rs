//! A JSON value as the trace keeps it: strings interned (`Sym`), lists and maps boxed to their
//! exact length. A `serde_json::Value` costs 32 bytes plus a heap string for every key and
//! text; most reaction parameters repeat the same few texts millions of times.

use serde::Serialize;
use serde_json::Value;

use super::sym::Sym;

#[derive(Clone, PartialEq)]
pub enum Frozen {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(Sym),
    Array(Box<[Frozen]>),
    /// In the key order of the value it was made from (serde_json's maps are sorted).
    Object(Box<[(Sym, Frozen)]>),
}

impl Frozen {
    pub fn freeze(value: Value) -> Frozen {
        match value {
            Value::Null => Frozen::Null,
            Value::Bool(b) => Frozen::Bool(b),
            Value::Number(n) => Frozen::Number(n),
            Value::String(s) => Frozen::String(Sym::new(&s)),
            Value::Array(items) => Frozen::Array(items.into_iter().map(Frozen::freeze).collect()),
            Value::Object(map) => Frozen::Object(map.into_iter().map(|(k, v)| (Sym::new(&k), Frozen::freeze(v))).collect()),
        }
    }

    /// The value as JSON again.
    pub fn thaw(&self) -> Value {
        match self {
            Frozen::Null => Value::Null,
            Frozen::Bool(b) => Value::Bool(*b),
            Frozen::Number(n) => Value::Number(n.clone()),
            Frozen::String(s) => Value::String(s.to_string()),
            Frozen::Array(items) => Value::Array(items.iter().map(Frozen::thaw).collect()),
            Frozen::Object(entries) => Value::Object(crate::sort::collect_object(entries.iter().map(|(k, v)| (k.to_string(), v.thaw())))),
        }
    }
}

impl std::fmt::Debug for Frozen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&self.thaw(), f)
    }
}

impl Serialize for Frozen {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Frozen::Null => serializer.serialize_unit(),
            Frozen::Bool(b) => serializer.serialize_bool(*b),
            Frozen::Number(n) => n.serialize(serializer),
            Frozen::String(s) => serializer.serialize_str(s),
            Frozen::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items.iter() {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Frozen::Object(entries) => {
                let mut map = serializer.serialize_map(Some(entries.len()))?;
                for (k, v) in entries.iter() {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freezing_keeps_every_value_and_its_serialized_form() {
        let value = json!({"b": [1, -2, 2.5, "x", null, true, {}], "a": {"user": "kubernetes-admin", "groups": []}});
        let frozen = Frozen::freeze(value.clone());
        assert_eq!(frozen.thaw(), value);
        assert_eq!(serde_json::to_string(&frozen).unwrap(), serde_json::to_string(&value).unwrap());
        assert_eq!(std::mem::size_of::<Frozen>(), 24);
    }
}
