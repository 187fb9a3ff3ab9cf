//! The goal language: predicates over the cluster and its history, written as YAML in a
//! lesson file (see the crate's README for the reference). One mapping is one predicate,
//! named by its one *kind* key (`object`, `count`, `event`, `happened`, `traffic`, `ever`,
//! `not`, `all`, `any`, `in-order`); the other keys refine it.

use podlife_engine::Action;
use podlife_model::ResourceType;
use serde_json::Value;

use crate::path::FieldPath;
use crate::read::{Node, ReadError};

/// A predicate.
#[derive(Debug, Clone, PartialEq)]
pub enum Predicate {
    /// Some object of the kind named `name` (a `*` glob) has the probed value.
    Object { target: Target, probe: Probe },
    /// The number of objects of a kind (matching a selector and a probe) compares as asked.
    Count { resource: &'static ResourceType, namespace: Option<String>, selector: Option<podlife_engine::labels::Selector>, filter: Option<Probe>, expect: Expect },
    /// An Event with this reason about the object exists in the cluster.
    Event(EventMatch),
    /// The trace holds a reaction like this (some number of times).
    Happened(Box<Happening>),
    /// The last finished `podlife traffic` run against a Service measured this.
    Traffic { service: Target, measure: Measure, expect: Expect },
    /// The predicate held at some check so far (latched: `slot` indexes the checker's memory).
    Ever { inner: Box<Predicate>, slot: usize },
    Not(Box<Predicate>),
    All(Vec<Predicate>),
    Any(Vec<Predicate>),
    /// Reactions like these happened in this order.
    InOrder(Vec<Happening>),
}

/// `kind/name` with an optional namespace (namespaced kinds default to `default`).
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub resource: &'static ResourceType,
    pub namespace: Option<String>,
    /// A name, or a glob with `*`.
    pub name: String,
}

/// Which value of an object a predicate reads, and what it expects of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    pub container: Option<String>,
    pub condition: Option<String>,
    /// A column of `kubectl get` (STATUS, READY, RESTARTS …), as kubectl prints it.
    pub column: Option<String>,
    pub field: Option<FieldPath>,
    pub expect: Expect,
}

/// A comparison.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    Is(Value),
    IsNot(Value),
    AtLeast(f64),
    AtMost(f64),
    Exists(bool),
    Contains(String),
    OneOf(Vec<Value>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct EventMatch {
    pub reason: String,
    pub object: Option<Target>,
    pub kind: Option<String>,
    pub message_contains: Option<String>,
    pub count_at_least: Option<u64>,
}

/// A reaction in the trace.
#[derive(Debug, Clone, PartialEq)]
pub struct Happening {
    pub action: Action,
    pub component: Option<String>,
    pub node: Option<String>,
    pub object: Option<Target>,
    pub params: Vec<(FieldPath, Expect)>,
    pub times_at_least: u64,
    pub times_at_most: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Requests,
    Ok,
    Failed,
}

const KINDS: &[&str] = &["object", "count", "event", "happened", "traffic", "ever", "not", "all", "any", "in-order"];
const COMPARATORS: &[&str] = &["is", "is-not", "at-least", "at-most", "exists", "contains", "one-of"];

/// Reads predicates, numbering the `ever` latches as it goes.
#[derive(Default)]
pub struct Reader {
    pub slots: usize,
}

impl Reader {
    pub fn predicate(&mut self, node: &Node) -> Result<Predicate, ReadError> {
        let map = node.mapping()?;
        // `object` also refines `event` and `happened`: it names the kind only on its own.
        let kinds: Vec<&str> = KINDS.iter().copied().filter(|k| *k != "object" && map.has(k)).collect();
        let kind = match kinds.as_slice() {
            [k] => *k,
            [] if map.has("object") => "object",
            [] => return Err(node.error(format!("a predicate needs one of: {}", KINDS.join(", ")))),
            many => return Err(node.error(format!("a predicate has one kind, found {}", many.join(" and ")))),
        };
        let predicate = match kind {
            "object" => {
                map.allow(&["object", "namespace", "container", "condition", "column", "field"], COMPARATORS)?;
                let target = target(&map.get("object")?, map.opt_str("namespace")?)?;
                Predicate::Object { probe: probe(&map, Some(target.resource))?, target }
            }
            "count" => {
                map.allow(&["count", "namespace", "selector", "where"], COMPARATORS)?;
                let resource = resource(&map.get("count")?)?;
                let selector_text = map.opt_str("selector")?.unwrap_or_default();
                let selector = match selector_text.as_str() {
                    "" => None,
                    text => Some(podlife_engine::labels::Selector::parse(text).map_err(|e| map.get("selector").map_or_else(|e| e, |n| n.error(e)))?),
                };
                let filter = match map.opt("where") {
                    Some(w) => {
                        let wm = w.mapping()?;
                        wm.allow(&["container", "condition", "column", "field"], COMPARATORS)?;
                        Some(probe(&wm, Some(resource))?)
                    }
                    None => None,
                };
                let namespace = namespace_for(resource, map.opt_str("namespace")?);
                Predicate::Count { resource, namespace, selector, filter, expect: expect(&map)? }
            }
            "event" => {
                map.allow(&["event", "object", "namespace", "type", "message-contains", "count-at-least"], &[])?;
                let object = match map.opt("object") {
                    Some(o) => Some(target(&o, map.opt_str("namespace")?)?),
                    None => None,
                };
                Predicate::Event(EventMatch {
                    reason: map.get("event")?.string()?,
                    object,
                    kind: map.opt_str("type")?,
                    message_contains: map.opt_str("message-contains")?,
                    count_at_least: map.opt_u64("count-at-least")?,
                })
            }
            "happened" => Predicate::Happened(Box::new(happening(node)?)),
            "traffic" => {
                map.allow(&["traffic", "namespace", "measure"], COMPARATORS)?;
                let service = target(&map.get("traffic")?, map.opt_str("namespace")?)?;
                if service.resource.kind != "Service" {
                    return Err(map.get("traffic")?.error("traffic is measured against a Service: write svc/NAME".into()));
                }
                let m = map.get("measure")?;
                let measure = match m.string()?.as_str() {
                    "requests" => Measure::Requests,
                    "ok" => Measure::Ok,
                    "failed" => Measure::Failed,
                    other => return Err(m.error(format!("unknown measure {other:?}: expected requests, ok or failed"))),
                };
                Predicate::Traffic { service, measure, expect: expect(&map)? }
            }
            "ever" => {
                map.allow(&["ever"], &[])?;
                let inner = Box::new(self.predicate(&map.get("ever")?)?);
                let slot = self.slots;
                self.slots += 1;
                Predicate::Ever { inner, slot }
            }
            "not" => {
                map.allow(&["not"], &[])?;
                Predicate::Not(Box::new(self.predicate(&map.get("not")?)?))
            }
            "all" | "any" => {
                map.allow(&[kind], &[])?;
                let items = map.get(kind)?.list()?.iter().map(|n| self.predicate(n)).collect::<Result<Vec<_>, _>>()?;
                if items.is_empty() {
                    return Err(map.get(kind)?.error(format!("{kind} needs at least one predicate")));
                }
                if kind == "all" { Predicate::All(items) } else { Predicate::Any(items) }
            }
            "in-order" => {
                map.allow(&["in-order"], &[])?;
                let list = map.get("in-order")?;
                let items = list.list()?.iter().map(happening).collect::<Result<Vec<_>, _>>()?;
                if items.len() < 2 {
                    return Err(list.error("in-order needs at least two happened predicates".into()));
                }
                Predicate::InOrder(items)
            }
            _ => unreachable!("every kind is handled"),
        };
        Ok(predicate)
    }
}

fn happening(node: &Node) -> Result<Happening, ReadError> {
    let map = node.mapping()?;
    map.allow(&["happened", "component", "node", "object", "namespace", "params", "times-at-least", "times-at-most"], &[])?;
    let a = map.get("happened")?;
    let id = a.string()?;
    let action = Action::from_id(&id).ok_or_else(|| {
        let known: Vec<&str> = Action::ALL.iter().map(|a| a.id()).collect();
        a.error(format!("unknown reaction {id:?}: expected one of {}", known.join(", ")))
    })?;
    let object = match map.opt("object") {
        Some(o) => Some(target(&o, map.opt_str("namespace")?)?),
        None => None,
    };
    let mut params = Vec::new();
    if let Some(p) = map.opt("params") {
        for (key, value) in p.mapping()?.entries() {
            let path = FieldPath::parse(key).map_err(|e| value.error(e))?;
            let expect = match value.value() {
                Value::Object(_) => {
                    let vm = value.mapping()?;
                    vm.allow(&[], COMPARATORS)?;
                    expect(&vm)?
                }
                v => Expect::Is(v.clone()),
            };
            params.push((path, expect));
        }
    }
    Ok(Happening {
        action,
        component: map.opt_str("component")?,
        node: map.opt_str("node")?,
        object,
        params,
        times_at_least: map.opt_u64("times-at-least")?.unwrap_or(1),
        times_at_most: map.opt_u64("times-at-most")?,
    })
}

fn resource(node: &Node) -> Result<&'static ResourceType, ReadError> {
    let name = node.string()?;
    ResourceType::resolve(&name).ok_or_else(|| node.error(format!("the server doesn't have a resource type \"{name}\"")))
}

fn namespace_for(resource: &ResourceType, namespace: Option<String>) -> Option<String> {
    resource.namespaced.then(|| namespace.unwrap_or_else(|| "default".into()))
}

/// `pod/web`, `svc/web`, `node/worker-1`, `pod/web-*`.
fn target(node: &Node, namespace: Option<String>) -> Result<Target, ReadError> {
    let text = node.string()?;
    let Some((kind, name)) = text.split_once('/') else {
        return Err(node.error(format!("{text:?}: write KIND/NAME, e.g. pod/web")));
    };
    let resource = ResourceType::resolve(kind).ok_or_else(|| node.error(format!("the server doesn't have a resource type \"{kind}\"")))?;
    if name.is_empty() {
        return Err(node.error(format!("{text:?}: the name is empty")));
    }
    Ok(Target { namespace: namespace_for(resource, namespace), resource, name: name.to_string() })
}

fn probe(map: &crate::read::Mapping, resource: Option<&ResourceType>) -> Result<Probe, ReadError> {
    let container = map.opt_str("container")?;
    let condition = map.opt_str("condition")?;
    let column = map.opt_str("column")?;
    let field = match map.opt("field") {
        Some(f) => Some(FieldPath::parse(&f.string()?).map_err(|e| f.error(e))?),
        None => None,
    };
    if container.is_some() && condition.is_some() {
        return Err(map.node().error("container and condition cannot be used together".into()));
    }
    if let Some(c) = &column {
        if container.is_some() || condition.is_some() || field.is_some() {
            return Err(map.get("column")?.error("column reads a whole row: drop container, condition and field".into()));
        }
        if let Some(r) = resource {
            let headers = podlife_console::printers::columns::headers(r.kind, true);
            if !headers.contains(&c.as_str()) {
                return Err(map.get("column")?.error(format!("kubectl get {} has no column {c:?}: expected one of {}", r.plural, headers.join(", "))));
            }
        }
    }
    if container.is_some() && field.is_none() {
        return Err(map.node().error("container needs a field (e.g. restartCount, state.waiting.reason)".into()));
    }
    let whole_object = container.is_none() && condition.is_none() && column.is_none() && field.is_none();
    if whole_object && !map.has("exists") {
        return Err(map.node().error("say what to read: field, condition, container or column (or exists: true|false for the object itself)".into()));
    }
    Ok(Probe { container, condition, column, field, expect: expect(map)? })
}

fn expect(map: &crate::read::Mapping) -> Result<Expect, ReadError> {
    let present: Vec<&str> = COMPARATORS.iter().copied().filter(|k| map.has(k)).collect();
    let key = match present.as_slice() {
        [k] => *k,
        [] => return Err(map.node().error(format!("a comparison is missing: one of {}", COMPARATORS.join(", ")))),
        many => return Err(map.node().error(format!("one comparison at a time, found {}", many.join(" and ")))),
    };
    let node = map.get(key)?;
    let number = |n: &Node| n.value().as_f64().ok_or_else(|| n.error(format!("{key} needs a number")));
    Ok(match key {
        "is" => Expect::Is(node.value().clone()),
        "is-not" => Expect::IsNot(node.value().clone()),
        "at-least" => Expect::AtLeast(number(&node)?),
        "at-most" => Expect::AtMost(number(&node)?),
        "exists" => Expect::Exists(node.value().as_bool().ok_or_else(|| node.error("exists needs true or false".into()))?),
        "contains" => Expect::Contains(node.string()?),
        "one-of" => Expect::OneOf(node.list()?.iter().map(|n| n.value().clone()).collect()),
        _ => unreachable!("every comparator is handled"),
    })
}

impl Expect {
    /// Whether a value (absent: `None`) satisfies the comparison.
    pub fn holds(&self, actual: Option<&Value>) -> bool {
        match (self, actual) {
            (Expect::Exists(want), a) => a.is_some_and(|v| !v.is_null()) == *want,
            (Expect::IsNot(want), a) => !a.is_some_and(|v| same(v, want)),
            (_, None) => false,
            (Expect::Is(want), Some(v)) => same(v, want),
            (Expect::AtLeast(n), Some(v)) => number(v).is_some_and(|x| x >= *n),
            (Expect::AtMost(n), Some(v)) => number(v).is_some_and(|x| x <= *n),
            (Expect::Contains(s), Some(v)) => text(v).contains(s.as_str()),
            (Expect::OneOf(options), Some(v)) => options.iter().any(|o| same(v, o)),
        }
    }
}

fn number(v: &Value) -> Option<f64> {
    v.as_f64().or_else(|| v.as_str().and_then(podlife_manifest::float::parse_f64))
}

/// A scalar as text: strings bare, booleans as `true`/`false`.
pub fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Equality as a lesson author means it: `3` is `"3"`, `true` is `"True"` (YAML reads an
/// unquoted True as a boolean, condition statuses are strings), and a string with `*` is a glob.
fn same(actual: &Value, want: &Value) -> bool {
    let (a, w) = (text(actual), text(want));
    if actual.is_boolean() || want.is_boolean() {
        return a.eq_ignore_ascii_case(&w);
    }
    if let (Some(x), Some(y)) = (number(actual), want.as_f64()) {
        return x == y;
    }
    if want.is_string() && w.contains('*') {
        return glob(&w, &a);
    }
    a == w
}

/// `*` matches any run of characters.
pub fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(i) => rest = &rest[i + middle.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn globs() {
        assert!(glob("web-*", "web-7d9f-abcde"));
        assert!(glob("*", ""));
        assert!(glob("a*b*c", "aXbYc"));
        assert!(!glob("a*b*c", "aXcYb"));
        assert!(!glob("web-*", "api-1"));
        assert!(!glob("ab*ba", "aba"));
    }

    #[test]
    fn comparisons() {
        assert!(Expect::Is(json!(true)).holds(Some(&json!("True"))));
        assert!(Expect::Is(json!(3)).holds(Some(&json!("3"))));
        assert!(Expect::AtLeast(3.0).holds(Some(&json!(4))));
        assert!(!Expect::AtLeast(3.0).holds(None));
        assert!(Expect::IsNot(json!("Running")).holds(None));
        assert!(Expect::Exists(false).holds(None));
        assert!(!Expect::Exists(true).holds(Some(&Value::Null)));
        assert!(Expect::Contains("back-off".into()).holds(Some(&json!("Back-off restarting: back-off 10s"))));
        assert!(Expect::OneOf(vec![json!("Error"), json!("CrashLoopBackOff")]).holds(Some(&json!("Error"))));
    }
}
