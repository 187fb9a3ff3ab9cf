//! Schema idempotence (issue 20's guard rail for typed objects, step T2): every object etcd
//! holds at a script's end is already in the API server's encoding, so decoding it through the
//! schema table (`podlife_model::decode::decode_strict`, the walker over `schema_table.rs`)
//! and encoding it again (`omit_empty`, as the API server stores it) gives the same object. A
//! typed store that keeps only what the schema knows can then hold every object exactly.

#![allow(dead_code)]

use serde_json::Value;

use podlife_engine::Engine;
use podlife_model::decode::{decode_strict, omit_empty};
use podlife_model::obj::Obj;

/// Differences known today, each with its reason: (resource, path with `[*]` for indices,
/// stored value, round-trip value, why). They are findings for the typed-object steps, not
/// regressions; anything else fails.
const KNOWN: &[(&str, &str, &str, &str, &str)] = &[
    // Go's zero `metav1.Time` encodes as `null` and `omitempty` never leaves out a struct, so the
    // API server stores `"lastProbeTime": null`, as upstream's `kubectl get pod -o json` shows;
    // the table's decode reads `null` as unset. A typed store must keep this `null` (step T2).
    ("pods", ".status.conditions[*].lastProbeTime", "null", "(absent)", "zero metav1.Time encodes as null"),
    // Go's nil slice without `omitempty` encodes as `null`: `autoscalerStrategy.PrepareForCreate`
    // leaves `currentMetrics` nil (`apiserver/mod.rs`). Same need as above.
    ("horizontalpodautoscalers", ".status.currentMetrics", "null", "(absent)", "nil slice encodes as null"),
];

/// One line per difference (or failed decode) a round trip makes in a stored object, naming
/// the object and the path; the `KNOWN` ones left out.
pub fn check_store(script: &str, engine: &Engine) -> Vec<String> {
    let mut out = Vec::new();
    for (key, obj) in engine.store().iter_shared() {
        let Some(rt) = key.resource_type() else {
            out.push(format!("{script}: {}: no resource type", key.etcd_path()));
            continue;
        };
        let what = format!("{script}: {} ({}.{})", key.etcd_path(), rt.plural, rt.group);
        // etcd keeps the compact form (`podlife_model::obj`): its JSON decodes back to the same
        // object, and reads like it — no exceptions, unlike the schema's round trip below.
        let obj = &obj.to_value();
        let compact = Obj::from_value(rt, obj);
        let stored = engine.store().get_shared(key).expect("listed");
        if compact.to_value() != *obj || *compact != *obj || compact != *stored {
            out.push(format!("{what}: Obj round trip differs: {}", podlife_model::json::to_string(&compact.to_value())));
        }
        dump(script, &key.etcd_path(), obj);
        match decode_strict(rt, obj) {
            Err(e) => out.push(format!("{what}: does not decode: {e:?}")),
            Ok(mut again) => {
                omit_empty(rt, &mut again);
                let mut diffs = Vec::new();
                differences(obj, &again, &mut String::new(), &mut diffs);
                for (path, stored, got) in diffs {
                    let general = generalise(&path);
                    if KNOWN.iter().any(|&(res, p, s, g, _)| res == rt.plural && p == general && s == stored && g == got) {
                        continue;
                    }
                    out.push(format!("{what}: round trip differs at {path}: stored {stored} / round trip {got}"));
                }
            }
        }
    }
    out
}

/// `PODLIFE_DUMP_OBJECTS=dir` writes every stored object of each script as
/// `dir/<script>/<etcd path with / as _>.json`: where `crates/model/tests/objects/` (the
/// compact form's samples and measurements) came from.
fn dump(script: &str, etcd_path: &str, obj: &Value) {
    let Some(dir) = std::env::var_os("PODLIFE_DUMP_OBJECTS") else { return };
    let dir = std::path::Path::new(&dir).join(script);
    let _ = std::fs::create_dir_all(&dir);
    let name = format!("{}.json", etcd_path.trim_start_matches('/').replace('/', "_"));
    let _ = std::fs::write(dir.join(name), podlife_model::json::to_string_indent(obj, "  "));
}

/// `a[3].b[0]` → `a[*].b[*]`.
fn generalise(path: &str) -> String {
    let mut out = String::new();
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push_str("[*]");
            }
            ']' => in_index = false,
            _ if in_index => {}
            _ => out.push(c),
        }
    }
    out
}

/// Every path (in key order) where `a` and `b` differ, with both values, shortened.
fn differences(a: &Value, b: &Value, path: &mut String, out: &mut Vec<(String, String, String)>) {
    let short = |v: Option<&Value>| v.map_or("(absent)".to_string(), |v| v.to_string().chars().take(80).collect());
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let len = path.len();
                path.push('.');
                path.push_str(k);
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => differences(p, q, path, out),
                    (p, q) => out.push((path.clone(), short(p), short(q))),
                }
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                differences(p, q, path, out);
                path.truncate(len);
            }
        }
        _ if a == b => {}
        _ => out.push((if path.is_empty() { ".".to_string() } else { path.clone() }, short(Some(a)), short(Some(b)))),
    }
}
