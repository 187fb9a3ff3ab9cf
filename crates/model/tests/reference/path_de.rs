//! The reference decoder of the differential tests (it was `src/path_de.rs` until the schema
//! table replaced the typed decode).
//!
//! Deserializing a typed object from a `&serde_json::Value` while recording the path of the
//! first error: what `serde_path_to_error::deserialize(&Value)` did, without its adapter layer.
//!
//! `serde_path_to_error` wraps an inner deserializer and every visitor handed to it, so each of
//! the ~500 visitor types of the k8s-openapi kinds was instantiated a second time behind its
//! `Wrap` (about a fifth of the decode code in the wasm bundle). This deserializer walks the
//! `Value` itself, exactly as serde_json's `impl Deserializer for &Value` does (same visitor
//! calls, same error texts), and keeps the path on the way down.
//!
//! The recorded path follows `serde_path_to_error`: the first place an error passes through
//! (the innermost value being deserialized when it was raised) wins, even if a visitor later
//! swallows that error; map keys are `.key` segments, sequence elements `[index]`, `Option`
//! and newtype layers add nothing, the root alone is `.`. Enums (no k8s-openapi kind has one)
//! are handed to serde_json's own deserializer, so a path ends at the enum's value.

use std::cell::RefCell;

use serde::de::{self, DeserializeSeed, Deserializer, Unexpected, Visitor};
use serde_json::{Error, Map, Value};

/// A deserialization error and where it happened (`spec.containers[0].ports[1].containerPort`).
#[derive(Debug)]
pub struct PathError {
    path: String,
    inner: Error,
}

impl PathError {
    /// The field path, `.` for the root (as `serde_path_to_error::Path` displays it).
    pub fn path(&self) -> &str {
        &self.path
    }

    pub fn inner(&self) -> &Error {
        &self.inner
    }
}

/// `T` from `value`, or the first error with its path.
pub fn deserialize<'de, T: de::Deserialize<'de>>(value: &'de Value) -> Result<T, PathError> {
    let track = Track::default();
    match T::deserialize(De { value, chain: &Chain::Root, track: &track }) {
        Ok(typed) => Ok(typed),
        Err(inner) => Err(PathError { path: track.path.into_inner().unwrap_or_else(|| ".".into()), inner }),
    }
}

enum Chain<'a> {
    Root,
    Seq { parent: &'a Chain<'a>, index: usize },
    Map { parent: &'a Chain<'a>, key: &'a str },
}

impl Chain<'_> {
    /// `serde_path_to_error::Path`'s display: segments joined by `.`, indices as `[i]`
    /// without a separator before them, `.` for no segment at all.
    fn render(&self) -> String {
        let mut segments = Vec::new();
        let mut chain = self;
        loop {
            match chain {
                Chain::Root => break,
                Chain::Seq { parent, index } => {
                    segments.push(format!("[{index}]"));
                    chain = parent;
                }
                Chain::Map { parent, key } => {
                    segments.push(format!(".{key}"));
                    chain = parent;
                }
            }
        }
        if segments.is_empty() {
            return ".".into();
        }
        let mut out: String = segments.into_iter().rev().collect();
        if out.starts_with('.') {
            out.remove(0);
        }
        out
    }
}

#[derive(Default)]
struct Track {
    path: RefCell<Option<String>>,
}

impl Track {
    /// Records `chain` unless an earlier error was recorded already.
    fn trigger(&self, chain: &Chain<'_>, err: Error) -> Error {
        let mut path = self.path.borrow_mut();
        if path.is_none() {
            *path = Some(chain.render());
        }
        err
    }
}

#[derive(Clone, Copy)]
struct De<'de, 'a> {
    value: &'de Value,
    chain: &'a Chain<'a>,
    track: &'a Track,
}

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

impl<'de, 'a> De<'de, 'a> {
    fn invalid_type(&self, exp: &dyn de::Expected) -> Error {
        de::Error::invalid_type(unexpected(self.value), exp)
    }

    fn done<T>(&self, result: Result<T, Error>) -> Result<T, Error> {
        result.map_err(|err| self.track.trigger(self.chain, err))
    }

    /// serde_json's `visit_array_ref`.
    fn visit_array<V: Visitor<'de>>(&self, array: &'de [Value], visitor: V) -> Result<V::Value, Error> {
        let mut access = SeqAccess { iter: array.iter(), index: 0, chain: self.chain, track: self.track };
        let seq = visitor.visit_seq(&mut access)?;
        if access.iter.len() == 0 {
            Ok(seq)
        } else {
            Err(de::Error::invalid_length(array.len(), &"fewer elements in array"))
        }
    }

    /// serde_json's `visit_object_ref`.
    fn visit_object<V: Visitor<'de>>(&self, object: &'de Map<String, Value>, visitor: V) -> Result<V::Value, Error> {
        let mut access = MapAccess { iter: object.iter(), value: None, chain: self.chain, track: self.track };
        let map = visitor.visit_map(&mut access)?;
        if access.iter.len() == 0 {
            Ok(map)
        } else {
            Err(de::Error::invalid_length(object.len(), &"fewer elements in map"))
        }
    }

    fn any<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        match self.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => n.deserialize_any(visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(a) => self.visit_array(a, visitor),
            Value::Object(o) => self.visit_object(o, visitor),
        }
    }

    fn number<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Number(n) => n.deserialize_any(visitor),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn str<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn seq<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Array(a) => self.visit_array(a, visitor),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn unit<V: Visitor<'de>>(&self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Null => visitor.visit_unit(),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }
}

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.number(visitor)
        }
    )*};
}

impl<'de> Deserializer<'de> for De<'de, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = self.any(visitor);
        self.done(result)
    }

    numbers!(deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64);

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        };
        self.done(result)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let result = self.value.deserialize_enum(name, variants, visitor);
        self.done(result)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        let result = visitor.visit_newtype_struct(self);
        self.done(result)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.str(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(a) => self.visit_array(a, visitor),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.unit(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, Error> {
        self.unit(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.seq(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Object(o) => self.visit_object(o, visitor),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Array(a) => self.visit_array(a, visitor),
            Value::Object(o) => self.visit_object(o, visitor),
            _ => Err(self.invalid_type(&visitor)),
        };
        self.done(result)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = visitor.visit_unit();
        self.done(result)
    }
}

struct SeqAccess<'de, 'a> {
    iter: std::slice::Iter<'de, Value>,
    index: usize,
    chain: &'a Chain<'a>,
    track: &'a Track,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'de, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Error> {
        let Some(value) = self.iter.next() else { return Ok(None) };
        let chain = Chain::Seq { parent: self.chain, index: self.index };
        self.index += 1;
        seed.deserialize(De { value, chain: &chain, track: self.track })
            .map(Some)
            .map_err(|err| self.track.trigger(&chain, err))
    }

    fn size_hint(&self) -> Option<usize> {
        match self.iter.size_hint() {
            (lower, Some(upper)) if lower == upper => Some(upper),
            _ => None,
        }
    }
}

struct MapAccess<'de, 'a> {
    iter: serde_json::map::Iter<'de>,
    value: Option<(&'de str, &'de Value)>,
    chain: &'a Chain<'a>,
    track: &'a Track,
}

impl<'de> de::MapAccess<'de> for MapAccess<'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        let Some((key, value)) = self.iter.next() else { return Ok(None) };
        self.value = Some((key, value));
        // Every key of a JSON object is a string, read as serde_json's map keys are read by
        // string-keyed maps and struct field identifiers.
        let key_de = de::value::BorrowedStrDeserializer::<Error>::new(key);
        seed.deserialize(key_de)
            .map(Some)
            .map_err(|err| self.track.trigger(&Chain::Map { parent: self.chain, key }, err))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        match self.value.take() {
            Some((key, value)) => {
                let chain = Chain::Map { parent: self.chain, key };
                seed.deserialize(De { value, chain: &chain, track: self.track })
                    .map_err(|err| self.track.trigger(&chain, err))
            }
            None => Err(self.track.trigger(self.chain, de::Error::custom("value is missing"))),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        match self.iter.size_hint() {
            (lower, Some(upper)) if lower == upper => Some(upper),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    //! Differential tests against `serde_path_to_error` over the k8s-openapi kinds: same value
    //! or same error text at the same path.
    use super::*;
    use k8s_openapi::api::{apps::v1 as apps, batch::v1 as batch, core::v1 as core, storage::v1 as storage};
    use proptest::prelude::*;
    use serde_json::json;

    fn same<T: de::DeserializeOwned + serde::Serialize>(value: &Value) {
        let reference = serde_path_to_error::deserialize::<_, T>(value);
        let ours = deserialize::<T>(value);
        match (reference, ours) {
            (Ok(a), Ok(b)) => assert_eq!(serde_json::to_value(&a).ok(), serde_json::to_value(&b).ok()),
            (Err(a), Err(b)) => {
                assert_eq!((a.path().to_string(), a.inner().to_string()), (b.path().to_string(), b.inner().to_string()), "{value}")
            }
            (a, b) => panic!("{value}: reference {:?}, ours {:?}", a.map(|_| ()), b.map(|_| ())),
        }
    }

    fn all_kinds(value: &Value) {
        same::<core::Pod>(value);
        same::<core::Node>(value);
        same::<core::Service>(value);
        same::<core::PersistentVolume>(value);
        same::<core::PersistentVolumeClaim>(value);
        same::<core::Event>(value);
        same::<apps::Deployment>(value);
        same::<apps::StatefulSet>(value);
        same::<batch::CronJob>(value);
        same::<storage::StorageClass>(value);
        same::<k8s_openapi::api::rbac::v1::ClusterRole>(value);
        same::<k8s_openapi::api::coordination::v1::Lease>(value);
        same::<k8s_openapi::api::discovery::v1::EndpointSlice>(value);
        same::<Value>(value);
    }

    fn seeds() -> Vec<Value> {
        let pod_spec = json!({
            "containers": [{"name": "a", "image": "nginx", "ports": [{"containerPort": 80, "protocol": "TCP"}],
                "resources": {"requests": {"cpu": "100m", "memory": 1024}, "limits": {"cpu": 1}},
                "env": [{"name": "X", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}],
                "livenessProbe": {"httpGet": {"path": "/", "port": "http"}, "periodSeconds": 3},
                "securityContext": {"runAsUser": 1000, "capabilities": {"add": ["NET_ADMIN"]}}}],
            "volumes": [{"name": "v", "emptyDir": {"sizeLimit": "1Gi"}}, {"name": "c", "configMap": {"name": "cm", "items": [{"key": "k", "path": "p"}]}}],
            "tolerations": [{"key": "k", "operator": "Exists", "tolerationSeconds": 30}],
            "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [{"key": "a", "operator": "In", "values": ["b"]}]}]}}},
            "nodeSelector": {"disk": "ssd"}, "terminationGracePeriodSeconds": 30, "priority": -5
        });
        vec![
            json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "labels": {"a": "b"}, "creationTimestamp": "2026-03-02T09:00:00Z",
                "ownerReferences": [{"apiVersion": "v1", "kind": "X", "name": "n", "uid": "u"}]},
                "spec": pod_spec.clone(), "status": {"phase": "Running", "startTime": "2026-03-02T09:00:01Z",
                "containerStatuses": [{"name": "a", "ready": true, "restartCount": 0, "image": "nginx", "imageID": "", "state": {"running": {"startedAt": "2026-03-02T09:00:02Z"}}}]}}),
            json!({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
                "spec": {"replicas": 2, "selector": {"matchLabels": {"a": "b"}}, "strategy": {"rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
                "template": {"metadata": {"labels": {"a": "b"}}, "spec": pod_spec}}}),
            json!({"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": {"ports": [{"port": 80, "targetPort": "http"}], "selector": {"a": "b"}}}),
            json!({"apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pv"}, "spec": {"capacity": {"storage": "1Gi"}, "accessModes": ["ReadWriteOnce"], "hostPath": {"path": "/x"},
                "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchFields": [{"key": "k", "operator": "In", "values": ["v"]}]}]}}}}),
            json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}, "spec": {"taints": [{"key": "k", "effect": "NoSchedule", "timeAdded": "2026-03-02T09:00:00Z"}]},
                "status": {"capacity": {"cpu": "2"}, "images": [{"names": ["a"], "sizeBytes": 12}], "conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": "2026-03-02T09:00:00Z"}]}}),
            json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "r"}, "rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get"]}]}),
            json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": {"name": "l"}, "spec": {"renewTime": "2026-03-02T09:00:00.000000Z", "leaseDurationSeconds": 40}}),
            json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "c"}, "spec": {"schedule": "* * * * *", "jobTemplate": {"spec": {"template": {"spec": {"containers": []}}}}}}),
        ]
    }

    /// Every path to a value inside `value` (objects and arrays included).
    fn paths(value: &Value, prefix: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
        out.push(prefix.clone());
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    prefix.push(Value::String(k.clone()));
                    paths(v, prefix, out);
                    prefix.pop();
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    prefix.push(json!(i));
                    paths(v, prefix, out);
                    prefix.pop();
                }
            }
            _ => {}
        }
    }

    fn at<'v>(value: &'v mut Value, path: &[Value]) -> &'v mut Value {
        path.iter().fold(value, |v, seg| match seg {
            Value::String(k) => &mut v[k.as_str()],
            _ => &mut v[seg.as_u64().unwrap_or(0) as usize],
        })
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(|n| json!(n)),
            any::<u64>().prop_map(|n| json!(n)),
            (-1e6f64..1e6).prop_map(|f| json!(f)),
            "[a-zA-Z0-9:. %-]{0,12}".prop_map(Value::String),
            prop_oneof![Just("2026-03-02T09:00:00Z"), Just("1Gi"), Just("80"), Just("x y"), Just("TCP")].prop_map(|s| json!(s)),
        ];
        leaf.prop_recursive(3, 12, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map("[a-z]{1,8}|name|image|port|key", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    #[test]
    fn seeds_agree() {
        for seed in seeds() {
            all_kinds(&seed);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]
        #[test]
        fn mutated_objects_agree(seed in 0usize..8, edits in prop::collection::vec((any::<prop::sample::Index>(), any_json()), 1..4)) {
            let mut value = seeds()[seed].clone();
            for (pick, replacement) in edits {
                let mut all = Vec::new();
                paths(&value, &mut Vec::new(), &mut all);
                let path = pick.get(&all).clone();
                *at(&mut value, &path) = replacement;
            }
            all_kinds(&value);
        }
    }
}
