//! PATCH bodies as kube-apiserver applies them (`staging/src/k8s.io/apiserver/pkg/endpoints/
//! handlers/patch.go`): a JSON merge patch (RFC 7386), a JSON patch (RFC 6902, evanphx/
//! json-patch), or a strategic merge patch (`apimachinery/pkg/util/strategicpatch`: lists
//! with a patch merge key merge item by item, `$patch` directives, null deletes).

use serde_json::{Map, Value};

/// The request's `Content-Type`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PatchType {
    /// `application/merge-patch+json` (what podlife's controllers send).
    #[default]
    Merge,
    /// `application/json-patch+json`.
    Json,
    /// `application/strategic-merge-patch+json` (kubectl patch's default).
    Strategic,
}

/// How applying a patch failed, as the handler reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PatchError {
    /// 400: the body is not a patch of its type.
    BadRequest(String),
    /// 422 (`NewGenericServerResponse`): the patch does not apply to the object.
    DoesNotApply(String),
    /// A plain error from strategicpatch (`interpretStrategicMergePatchError`'s default case),
    /// which the handler answers as a 500 with no reason.
    Other(String),
}

/// The PATCH handler's `maxJSONPatchOperations`: a request's JSON patch may hold at most this
/// many operations (checked by the handler, not by the patch library: webhooks' patches have
/// no such limit).
pub const MAX_JSON_PATCH_OPERATIONS: usize = 10_000;

/// kube-apiserver's `JSONPatchMaxCopyBytes` (3 MiB, twice etcd's default request size), which
/// it sets as evanphx/json-patch's `AccumulatedCopySizeLimit`: the most bytes the `copy`
/// operations of one JSON patch may add together (each copy counts its value's JSON size).
pub const JSON_PATCH_MAX_COPY_BYTES: usize = 3 * 1024 * 1024;

/// The `patchMergeKey` of a list field, from the upstream API types' struct tags; `None` for
/// lists a patch replaces whole.
pub fn merge_key(field: &str, items: &[Value]) -> Option<&'static str> {
    match field {
        "containers" | "initContainers" | "ephemeralContainers" | "volumes" | "env" | "imagePullSecrets" | "resourceClaims" => Some("name"),
        "volumeMounts" => Some("mountPath"),
        "volumeDevices" => Some("devicePath"),
        "hostAliases" | "podIPs" | "hostIPs" => Some("ip"),
        "readinessGates" => Some("conditionType"),
        "topologySpreadConstraints" => Some("topologyKey"),
        "conditions" | "addresses" => Some("type"),
        "ownerReferences" => Some("uid"),
        // Container ports merge on containerPort; Service ports on port.
        "ports" if items.iter().all(|i| i.get("containerPort").is_some()) => Some("containerPort"),
        "ports" if items.iter().all(|i| i.get("port").is_some()) => Some("port"),
        _ => None,
    }
}

/// Lists of scalars with `patchStrategy:"merge"`: a patch adds to them (`ObjectMeta.finalizers`).
fn merges_scalars(field: &str) -> bool {
    field == "finalizers"
}

pub fn apply(kind: PatchType, target: &mut Value, patch: &Value) -> Result<(), PatchError> {
    match kind {
        PatchType::Merge => {
            super::merge_patch(target, patch);
            Ok(())
        }
        PatchType::Json => json_patch(target, patch),
        PatchType::Strategic => match (target.as_object_mut(), patch.as_object()) {
            (Some(t), Some(p)) => strategic_map(t, p),
            _ => Err(PatchError::BadRequest("json: cannot unmarshal array into Go value of type map[string]interface {}".into())),
        },
    }
}

/// Go's `%v` of a decoded JSON map, as strategicpatch's errors print it (`map[image:x name:y]`).
fn go_value(v: &Value) -> String {
    match v {
        Value::Object(m) => format!("map[{}]", m.iter().map(|(k, v)| format!("{k}:{}", go_value(v))).collect::<Vec<_>>().join(" ")),
        Value::Array(a) => format!("[{}]", a.iter().map(go_value).collect::<Vec<_>>().join(" ")),
        Value::String(s) => s.clone(),
        Value::Null => "<nil>".into(),
        other => podlife_model::json::to_string(other),
    }
}

/// `mergeMap`: directives first, then each field (null deletes, maps recurse, keyed lists
/// merge, other values replace).
fn strategic_map(target: &mut Map<String, Value>, patch: &Map<String, Value>) -> Result<(), PatchError> {
    match patch.get("$patch").and_then(Value::as_str) {
        Some("replace") => {
            *target = crate::sort::collect_object(patch.iter().filter(|(k, _)| *k != "$patch").map(|(k, v)| (k.clone(), v.clone())));
            return Ok(());
        }
        Some("delete") => {
            target.clear();
            return Ok(());
        }
        Some("merge") | None => {}
        Some(other) => return Err(PatchError::BadRequest(format!("Unknown patch type: {other} in map: {}", go_value(&Value::Object(patch.clone()))))),
    }
    if let Some(retain) = patch.get("$retainKeys").and_then(Value::as_array) {
        target.retain(|k, _| retain.iter().any(|r| r.as_str() == Some(k)));
    }
    for (key, value) in patch {
        if key.starts_with("$setElementOrder/") || key == "$patch" || key == "$retainKeys" {
            continue;
        }
        if let Some(field) = key.strip_prefix("$deleteFromPrimitiveList/") {
            if let (Some(Value::Array(list)), Some(gone)) = (target.get_mut(field), value.as_array()) {
                list.retain(|v| !gone.contains(v));
            }
            continue;
        }
        if value.is_null() {
            target.remove(key);
            continue;
        }
        match (target.get_mut(key), value) {
            (Some(Value::Object(t)), Value::Object(p)) => strategic_map(t, p)?,
            (Some(Value::Array(t)), Value::Array(p)) => {
                let original = t.clone();
                // The order the patch wants: `$setElementOrder/KEY` (kubectl apply), else its own.
                let order = patch.get(&format!("$setElementOrder/{key}")).and_then(Value::as_array).cloned();
                if let Some(merge_key) = merge_key(key, p) {
                    let replaced = p.iter().any(|i| i.get("$patch").and_then(Value::as_str) == Some("replace"));
                    merge_keyed_list(t, p, merge_key)?;
                    if !replaced {
                        let id = |v: &Value| v.get(merge_key).cloned();
                        let patch_order: Vec<Value> = order.unwrap_or_else(|| p.iter().filter(|i| i.get("$patch").is_none()).cloned().collect());
                        *t = enforce_order(std::mem::take(t), &patch_order, &original, &id);
                    }
                } else if merges_scalars(key) {
                    for v in p {
                        if !t.contains(v) {
                            t.push(v.clone());
                        }
                    }
                    let id = |v: &Value| Some(v.clone());
                    *t = enforce_order(std::mem::take(t), order.as_deref().unwrap_or(p), &original, &id);
                } else {
                    *t = p.clone();
                }
            }
            (_, Value::Object(p)) => {
                // A new map: the patch's content without its directives.
                let mut fresh = Map::new();
                strategic_map(&mut fresh, p)?;
                target.insert(key.clone(), Value::Object(fresh));
            }
            _ => {
                target.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(())
}

/// The order `mergeSlice` leaves a merged list in (`normalizeElementOrder`, `mergeSortedSlice`):
/// the items the patch names in the patch's order, the others in the original's, the two
/// interleaved by their places in the original — an item new to the list goes before the
/// original items still to come.
fn enforce_order(merged: Vec<Value>, patch_order: &[Value], original: &[Value], id: &dyn Fn(&Value) -> Option<Value>) -> Vec<Value> {
    let place = |list: &[Value], v: &Value| id(v).and_then(|k| list.iter().position(|o| id(o).as_ref() == Some(&k)));
    let (mut named, mut server_only): (Vec<Value>, Vec<Value>) = merged.into_iter().partition(|v| place(patch_order, v).is_some());
    crate::sort::sort_by_key(&mut named, |v| place(patch_order, v).unwrap_or(usize::MAX));
    crate::sort::sort_by_key(&mut server_only, |v| place(original, v).unwrap_or(usize::MAX));
    let (mut left, mut right) = (server_only.into_iter().peekable(), named.into_iter().peekable());
    let mut out = Vec::new();
    loop {
        let take_left = match (left.peek(), right.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(l), Some(r)) => matches!((place(original, l), place(original, r)), (Some(li), Some(ri)) if li < ri),
        };
        out.extend(if take_left { left.next() } else { right.next() });
    }
    out
}

/// `mergeSlice` for a list with a merge key: `$patch: replace` replaces the list, `$patch:
/// delete` removes the item with that key, a known key merges into its item, a new one is
/// appended.
fn merge_keyed_list(target: &mut Vec<Value>, patch: &[Value], key: &str) -> Result<(), PatchError> {
    if patch.iter().any(|p| p.get("$patch").and_then(Value::as_str) == Some("replace")) {
        *target = patch.iter().filter(|p| p.get("$patch").is_none()).cloned().collect();
        return Ok(());
    }
    for item in patch {
        let Some(id) = item.get(key) else {
            return Err(PatchError::Other(format!("map: {} does not contain declared merge key: {key}", go_value(item))));
        };
        let found = target.iter().position(|t| t.get(key) == Some(id));
        if item.get("$patch").and_then(Value::as_str) == Some("delete") {
            if let Some(i) = found {
                target.remove(i);
            }
            continue;
        }
        let Some(p) = item.as_object() else { continue };
        match found.and_then(|i| target[i].as_object_mut()) {
            Some(t) => strategic_map(t, p)?,
            None => {
                let mut fresh = Map::new();
                strategic_map(&mut fresh, p)?;
                target.push(Value::Object(fresh));
            }
        }
    }
    Ok(())
}

/// RFC 6901: `/spec/containers/0/image`, `~1` for `/` and `~0` for `~`.
fn pointer(path: &str) -> Result<Vec<String>, PatchError> {
    if path.is_empty() {
        return Ok(vec![]);
    }
    let rest = path.strip_prefix('/').ok_or_else(|| PatchError::DoesNotApply(format!("JSON pointer must be empty or start with a \"/\": {path}")))?;
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

/// The container a pointer's last token lives in, and that token.
fn parent<'a>(doc: &'a mut Value, tokens: &'a [String], op: &str, path: &str) -> Result<(&'a mut Value, &'a str), PatchError> {
    let missing = || PatchError::DoesNotApply(format!("{op} operation does not apply: doc is missing path: \"{path}\""));
    let (last, within) = tokens.split_last().ok_or_else(missing)?;
    let mut at = doc;
    for t in within {
        at = match at {
            Value::Object(m) => m.get_mut(t).ok_or_else(missing)?,
            Value::Array(a) => t.parse::<usize>().ok().and_then(|i| a.get_mut(i)).ok_or_else(missing)?,
            _ => return Err(missing()),
        };
    }
    Ok((at, last))
}

fn remove_at(doc: &mut Value, path: &str, op: &str) -> Result<Value, PatchError> {
    let tokens = pointer(path)?;
    let missing = || PatchError::DoesNotApply(format!("{op} operation does not apply: doc is missing key: {path}"));
    let (container, last) = parent(doc, &tokens, op, path)?;
    match container {
        Value::Object(m) => m.remove(last).ok_or_else(missing),
        Value::Array(a) => match last.parse::<usize>() {
            Ok(i) if i < a.len() => Ok(a.remove(i)),
            _ => Err(missing()),
        },
        _ => Err(missing()),
    }
}

fn add_at(doc: &mut Value, path: &str, value: Value, op: &str) -> Result<(), PatchError> {
    let tokens = pointer(path)?;
    if tokens.is_empty() {
        *doc = value;
        return Ok(());
    }
    let (container, last) = parent(doc, &tokens, op, path)?;
    match container {
        Value::Object(m) => {
            m.insert(last.to_string(), value);
            Ok(())
        }
        Value::Array(a) => {
            let index = if last == "-" { Some(a.len()) } else { last.parse::<usize>().ok().filter(|i| *i <= a.len()) };
            let i = index.ok_or_else(|| PatchError::DoesNotApply(format!("Unable to access invalid index: {last}")))?;
            a.insert(i, value);
            Ok(())
        }
        _ => Err(PatchError::DoesNotApply(format!("{op} operation does not apply: doc is missing path: \"{path}\""))),
    }
}

fn get_at<'a>(doc: &'a Value, path: &str) -> Option<&'a Value> {
    let tokens = pointer(path).ok()?;
    tokens.iter().try_fold(doc, |at, t| match at {
        Value::Object(m) => m.get(t),
        Value::Array(a) => a.get(t.parse::<usize>().ok()?),
        _ => None,
    })
}

/// RFC 6902 as evanphx/json-patch v4 applies it: operations in order, all or nothing.
fn json_patch(doc: &mut Value, patch: &Value) -> Result<(), PatchError> {
    let Some(ops) = patch.as_array() else {
        let what = if patch.is_object() { "object" } else { "value" };
        return Err(PatchError::BadRequest(format!("json: cannot unmarshal {what} into Go value of type jsonpatch.Patch")));
    };
    let mut result = doc.clone();
    // evanphx/json-patch's `accumulatedCopySize`: copies could otherwise double the document
    // with every operation.
    let mut copied = 0usize;
    for op in ops {
        let kind = op["op"].as_str().unwrap_or_default();
        let path = op["path"].as_str().unwrap_or_default();
        let from = op["from"].as_str().unwrap_or_default();
        match kind {
            "add" => add_at(&mut result, path, op.get("value").cloned().unwrap_or(Value::Null), "add")?,
            "remove" => {
                remove_at(&mut result, path, "remove")?;
            }
            "replace" => {
                remove_at(&mut result, path, "replace")?;
                add_at(&mut result, path, op.get("value").cloned().unwrap_or(Value::Null), "replace")?;
            }
            "move" => {
                let value = remove_at(&mut result, from, "move")?;
                add_at(&mut result, path, value, "move")?;
            }
            "copy" => {
                let value = get_at(&result, from).ok_or_else(|| PatchError::DoesNotApply(format!("copy operation does not apply: doc is missing from path: {from}")))?;
                // `deepCopy` measures the value as it marshals it, before copying it.
                copied = copied.saturating_add(podlife_model::json::to_string(value).len());
                if copied > JSON_PATCH_MAX_COPY_BYTES {
                    return Err(PatchError::DoesNotApply(format!("Unable to complete the copy, the accumulated size increase of copy is {copied}, exceeding the limit {JSON_PATCH_MAX_COPY_BYTES}")));
                }
                let value = value.clone();
                add_at(&mut result, path, value, "copy")?;
            }
            "test" => {
                if get_at(&result, path) != op.get("value") {
                    return Err(PatchError::DoesNotApply(format!("testing value {path} failed: test failed")));
                }
            }
            other => return Err(PatchError::DoesNotApply(format!("Unexpected kind: {other}"))),
        }
    }
    *doc = result;
    Ok(())
}

#[cfg(test)]
mod tests {

    #[test]
    fn strategic_merge_keeps_upstreams_list_order() {
        let names = |v: &Value| v["spec"]["containers"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap().to_string()).collect::<Vec<_>>();
        let doc = |names: &[&str]| json!({"spec": {"containers": names.iter().map(|n| json!({"name": n, "image": "x"})).collect::<Vec<_>>()}});
        let patch = |names: &[&str]| json!({"spec": {"containers": names.iter().map(|n| json!({"name": n, "image": "y"})).collect::<Vec<_>>()}});
        // The page "Update API Objects in Place Using kubectl patch": the new container first.
        let mut d = doc(&["nginx"]);
        apply(PatchType::Strategic, &mut d, &patch(&["redis"])).unwrap();
        assert_eq!(names(&d), ["redis", "nginx"]);
        // Named items in the patch's order, interleaved with the others by their old places.
        let mut d = doc(&["a", "b", "c"]);
        apply(PatchType::Strategic, &mut d, &patch(&["b", "d"])).unwrap();
        assert_eq!(names(&d), ["a", "b", "d", "c"]);
        let mut d = doc(&["a", "b", "c"]);
        apply(PatchType::Strategic, &mut d, &patch(&["c", "a"])).unwrap();
        // (`mergeSortedSlice` compares the heads only: b's old place is before c's.)
        assert_eq!(names(&d), ["b", "c", "a"]);
        // `$setElementOrder` (kubectl apply) gives the order.
        let mut d = doc(&["a", "b"]);
        let mut p = patch(&["c"]);
        p["spec"]["$setElementOrder/containers"] = json!([{"name": "a"}, {"name": "c"}, {"name": "b"}]);
        apply(PatchType::Strategic, &mut d, &p).unwrap();
        assert_eq!(names(&d), ["a", "c", "b"]);
    }

    use super::*;

    fn pod() -> Value {
        json!({"metadata": {"name": "p", "labels": {"a": "1"}, "finalizers": ["x"]}, "spec": {"containers": [{"name": "c", "image": "nginx:1.27", "ports": [{"containerPort": 80}]}, {"name": "d", "image": "busybox"}], "tolerations": [{"key": "k"}]}})
    }

    #[test]
    fn strategic_merges_containers_by_name_and_keeps_the_rest() {
        let mut p = pod();
        apply(PatchType::Strategic, &mut p, &json!({"spec": {"containers": [{"name": "c", "image": "nginx:1.28"}]}})).unwrap();
        assert_eq!(p["spec"]["containers"][0], json!({"name": "c", "image": "nginx:1.28", "ports": [{"containerPort": 80}]}));
        assert_eq!(p["spec"]["containers"][1]["name"], "d");
        // The same body as a merge patch replaces the list.
        let mut m = pod();
        apply(PatchType::Merge, &mut m, &json!({"spec": {"containers": [{"name": "c", "image": "nginx:1.28"}]}})).unwrap();
        assert_eq!(m["spec"]["containers"], json!([{"name": "c", "image": "nginx:1.28"}]));
    }

    #[test]
    fn strategic_directives_and_unkeyed_lists() {
        let mut p = pod();
        let patch = json!({"metadata": {"labels": {"a": null, "b": "2"}, "finalizers": ["y"]}, "spec": {"containers": [{"name": "d", "$patch": "delete"}, {"name": "e", "image": "redis"}], "tolerations": [{"key": "z"}]}});
        apply(PatchType::Strategic, &mut p, &patch).unwrap();
        assert_eq!(p["metadata"]["labels"], json!({"b": "2"}));
        // A new item goes before the old ones (`normalizeElementOrder`), for scalars too.
        assert_eq!(p["metadata"]["finalizers"], json!(["y", "x"]));
        assert_eq!(p["spec"]["containers"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect::<Vec<_>>(), ["e", "c"]);
        assert_eq!(p["spec"]["tolerations"], json!([{"key": "z"}]));
        let err = apply(PatchType::Strategic, &mut pod(), &json!({"spec": {"containers": [{"image": "x"}]}})).unwrap_err();
        assert_eq!(err, PatchError::Other("map: map[image:x] does not contain declared merge key: name".into()));
    }

    #[test]
    fn json_patch_operations_follow_rfc_6902() {
        // RFC 6902 appendix A.1, A.2, A.4, A.6, A.8 style cases.
        let mut doc = json!({"foo": "bar", "baz": ["a", "c"]});
        let ops = json!([
            {"op": "add", "path": "/hello", "value": ["world"]},
            {"op": "add", "path": "/baz/1", "value": "b"},
            {"op": "replace", "path": "/foo", "value": "qux"},
            {"op": "move", "from": "/hello", "path": "/moved"},
            {"op": "copy", "from": "/baz/0", "path": "/baz/-"},
            {"op": "test", "path": "/foo", "value": "qux"},
            {"op": "remove", "path": "/baz/0"}
        ]);
        json_patch(&mut doc, &ops).unwrap();
        assert_eq!(doc, json!({"foo": "qux", "baz": ["b", "c", "a"], "moved": ["world"]}));
        let before = doc.clone();
        assert!(json_patch(&mut doc, &json!([{"op": "add", "path": "/x", "value": 1}, {"op": "remove", "path": "/missing"}])).is_err());
        assert_eq!(doc, before, "all or nothing");
        assert!(matches!(json_patch(&mut doc, &json!({"op": "add"})), Err(PatchError::BadRequest(_))));
        assert!(json_patch(&mut doc, &json!([{"op": "test", "path": "/foo", "value": "bar"}])).is_err());
        let mut escaped = json!({"a/b": {"m~n": 1}});
        json_patch(&mut escaped, &json!([{"op": "replace", "path": "/a~1b/m~0n", "value": 2}])).unwrap();
        assert_eq!(escaped, json!({"a/b": {"m~n": 2}}));
    }

    /// Each `copy` of a value into itself doubles it,
    /// so thirty operations asked for gigabytes. kube-apiserver's `JSONPatchMaxCopyBytes`
    /// (3 MiB) stops them with evanphx/json-patch's error.
    #[test]
    fn json_patch_copies_are_capped() {
        let mut doc = json!({"a": ["x".repeat(1000)]});
        let ops: Vec<Value> = (0..30).map(|_| json!({"op": "copy", "from": "/a", "path": "/a/-"})).collect();
        let before = doc.clone();
        let err = json_patch(&mut doc, &Value::Array(ops)).unwrap_err();
        let PatchError::DoesNotApply(message) = err else { panic!("{err:?}") };
        // 1004 + 2009 + 4019 + … bytes (1005·2^i − 1): the twelfth copy passes 3 MiB.
        assert_eq!(message, "Unable to complete the copy, the accumulated size increase of copy is 4115463, exceeding the limit 3145728");
        assert_eq!(doc, before, "all or nothing");
        // Under the limit, copies apply.
        json_patch(&mut doc, &json!([{"op": "copy", "from": "/a/0", "path": "/b"}])).unwrap();
        assert_eq!(doc["b"], doc["a"][0]);
    }
}
