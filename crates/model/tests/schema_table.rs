//! Generates `src/schema_table.rs`, the decoding schema of the served kinds, from the
//! k8s-openapi 0.29 sources (feature `v1_36`, a dev-dependency), and `src/obj/fields.rs`, the
//! compact objects' field keys (`pod::SPEC`) for the same structs; checks that the committed
//! files are current. `PODLIFE_REGENERATE=1 cargo test -p podlife-model --test schema_table`
//! rewrites them.
//!
//! The k8s-openapi code is generated and regular: per struct, `pub field: Type,` lines, a
//! `Field` visitor mapping JSON names to `Key_field`, the visitor's `expecting` text (the Go
//! type's name), `value_field.unwrap_or_default()` for required fields, and for resources the
//! `API_VERSION` / `KIND` constants. The generator insists on that shape and fails otherwise.
//!
//! k8s-openapi makes every optional field an `Option`, so it cannot tell Go's `*int32` (a set
//! 0 is encoded) from `int32` with `omitempty` (0 is left out, as are "", false and empty
//! lists and maps). Which fields are the latter comes from the Go types themselves
//! (kubernetes/api and kubernetes/apimachinery at v0.36.3), kept in `tests/go_omitempty.txt`;
//! `PODLIFE_GO_SRC=DIR` (holding `api/` and `apimachinery/` checkouts) rewrites that list
//! together with the table.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The served kinds, in `kinds.rs` order: (Rust module path under `v1_36`, type name).
const ROOTS: &[(&str, &str)] = &[
    ("api::core::v1", "ConfigMap"),
    ("api::core::v1", "Endpoints"),
    ("api::core::v1", "Event"),
    ("api::core::v1", "LimitRange"),
    ("api::core::v1", "Namespace"),
    ("api::core::v1", "Node"),
    ("api::core::v1", "PersistentVolumeClaim"),
    ("api::core::v1", "PersistentVolume"),
    ("api::core::v1", "Pod"),
    ("api::core::v1", "ReplicationController"),
    ("api::core::v1", "ResourceQuota"),
    ("api::core::v1", "Secret"),
    ("api::core::v1", "ServiceAccount"),
    ("api::core::v1", "Service"),
    ("api::admissionregistration::v1", "MutatingAdmissionPolicy"),
    ("api::admissionregistration::v1", "MutatingAdmissionPolicyBinding"),
    ("api::admissionregistration::v1", "MutatingWebhookConfiguration"),
    ("api::admissionregistration::v1", "ValidatingAdmissionPolicy"),
    ("api::admissionregistration::v1", "ValidatingAdmissionPolicyBinding"),
    ("api::admissionregistration::v1", "ValidatingWebhookConfiguration"),
    ("api::apps::v1", "ControllerRevision"),
    ("api::apps::v1", "DaemonSet"),
    ("api::apps::v1", "Deployment"),
    ("api::apps::v1", "ReplicaSet"),
    ("api::apps::v1", "StatefulSet"),
    ("api::autoscaling::v2", "HorizontalPodAutoscaler"),
    ("api::autoscaling::v1", "HorizontalPodAutoscaler"),
    ("api::batch::v1", "CronJob"),
    ("api::batch::v1", "Job"),
    ("api::coordination::v1", "Lease"),
    ("api::discovery::v1", "EndpointSlice"),
    ("api::networking::v1", "IngressClass"),
    ("api::networking::v1", "Ingress"),
    ("api::networking::v1", "IPAddress"),
    ("api::networking::v1", "NetworkPolicy"),
    ("api::networking::v1", "ServiceCIDR"),
    ("api::policy::v1", "PodDisruptionBudget"),
    ("api::rbac::v1", "ClusterRoleBinding"),
    ("api::rbac::v1", "ClusterRole"),
    ("api::rbac::v1", "RoleBinding"),
    ("api::rbac::v1", "Role"),
    ("api::scheduling::v1", "PriorityClass"),
    ("api::storage::v1", "StorageClass"),
];

const TABLE: &str = "src/schema_table.rs";
const FIELDS: &str = "src/obj/fields.rs";
const GO_OMITEMPTY: &str = "tests/go_omitempty.txt";
/// Value fields without `omitempty`: Go encodes them even when zero (`availableReplicas: 0`).
const GO_ALWAYS: &str = "tests/go_always.txt";

/// The Go source directory of a k8s-openapi module: `api::core::v1` → `api/core/v1`.
fn go_dir(src: &Path, module: &str) -> PathBuf {
    module.split("::").fold(src.to_path_buf(), |p, seg| p.join(seg))
}

/// The fields of `module`'s Go structs that are values (not pointers), for the structs in
/// `names`: ("Struct.jsonName", tagged `omitempty`).
fn go_value_fields(src: &Path, module: &str, names: &[&str]) -> Vec<(String, bool)> {
    let dir = go_dir(src, module);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut out = Vec::new();
    let mut found = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "go") && !f.to_string_lossy().ends_with("_test.go")) {
        let text = std::fs::read_to_string(file).expect("readable");
        let mut current: Option<&str> = None;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("type ").and_then(|l| l.strip_suffix(" struct {")) {
                current = names.contains(&name).then_some(name);
                if current.is_some() {
                    found.push(name.to_string());
                }
                continue;
            }
            if line == "}" {
                current = None;
            }
            let Some(name) = current else { continue };
            let line = line.trim();
            let (Some(open), Some(close)) = (line.find('`'), line.rfind('`')) else { continue };
            if line.starts_with("//") || open == close {
                continue;
            }
            let decl: Vec<&str> = line[..open].split_whitespace().collect();
            let tag = &line[open + 1..close];
            let Some(json) = tag.split("json:\"").nth(1).and_then(|t| t.split('"').next()) else { continue };
            let mut parts = json.split(',');
            let json_name = parts.next().unwrap_or_default();
            let omitempty = parts.any(|o| o == "omitempty");
            // Embedded structs (`metav1.TypeMeta `json:",inline"``) have no name of their own.
            if decl.len() == 2 && !json_name.is_empty() && !decl[1].starts_with('*') {
                out.push((format!("{name}.{json_name}"), omitempty));
            }
        }
    }
    for n in names {
        assert!(found.iter().any(|f| f == n), "{module}::{n}: no Go struct in {}", dir.display());
    }
    out
}


fn k8s_openapi_src() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let pkg = meta["packages"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["name"] == "k8s-openapi" && p["version"] == "0.29.0"))
        .expect("k8s-openapi 0.29.0 is a dependency");
    let manifest = PathBuf::from(pkg["manifest_path"].as_str().expect("manifest path"));
    manifest.parent().expect("package dir").join("src").join("v1_36")
}

/// Every `pub struct` of the version's sources: "api::core::v1::Pod" → file text.
fn index(dir: &Path, module: &str, out: &mut HashMap<String, String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("readable").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if path.is_dir() {
            let sub = if module.is_empty() { name.clone() } else { format!("{module}::{name}") };
            index(&path, &sub, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("readable");
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("pub struct ") {
                    let ty: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
                    out.insert(format!("{module}::{ty}"), text.clone());
                }
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Leaf(&'static str),
    Obj(String),
    Arr(Box<Kind>),
    Map(Box<Kind>),
}

struct Field {
    json: String,
    /// `Opt`, `Zero` (required, the zero value when unset) or `Must` (required, no zero value:
    /// unset is a "missing field" error).
    presence: &'static str,
    kind: Kind,
}

struct Struct {
    expecting: String,
    resource: Option<(String, String)>,
    fields: Vec<Field>,
}

fn kind_of(ty: &str, module: &str) -> Kind {
    let ty = ty.trim();
    if let Some(inner) = ty.strip_prefix("std::vec::Vec<").and_then(|t| t.strip_suffix('>')) {
        return Kind::Arr(Box::new(kind_of(inner, module)));
    }
    if let Some(inner) = ty.strip_prefix("std::collections::BTreeMap<std::string::String, ").and_then(|t| t.strip_suffix('>')) {
        return Kind::Map(Box::new(kind_of(inner, module)));
    }
    match ty {
        "std::string::String" => Kind::Leaf("S"),
        "i32" => Kind::Leaf("I32"),
        "i64" => Kind::Leaf("I64"),
        "f64" => Kind::Leaf("F64"),
        "bool" => Kind::Leaf("B"),
        "crate::ByteString" => Kind::Leaf("Bytes"),
        "crate::apimachinery::pkg::api::resource::Quantity" => Kind::Leaf("Q"),
        "crate::apimachinery::pkg::util::intstr::IntOrString" => Kind::Leaf("IntOrStr"),
        "crate::apimachinery::pkg::apis::meta::v1::Time" => Kind::Leaf("Time"),
        "crate::apimachinery::pkg::apis::meta::v1::MicroTime" => Kind::Leaf("MicroTime"),
        "crate::apimachinery::pkg::apis::meta::v1::FieldsV1" | "crate::apimachinery::pkg::runtime::RawExtension" | "crate::serde_json::Value" => Kind::Leaf("Raw"),
        other => {
            let path = other.strip_prefix("crate::").unwrap_or_else(|| panic!("{module}: unexpected type {other}"));
            Kind::Obj(path.to_string())
        }
    }
}

fn parse_struct(path: &str, text: &str) -> Struct {
    let name = path.rsplit("::").next().expect("name");
    let module = &path[..path.len() - name.len() - 2];
    let start = text.find(&format!("pub struct {name} {{")).unwrap_or_else(|| panic!("{path}: not a braced struct"));
    let body = &text[start..text[start..].find("\n}\n").map(|e| start + e).expect("struct end")];
    let mut rust_fields = Vec::new();
    for line in body.lines().skip(1) {
        if let Some(rest) = line.strip_prefix("    pub ") {
            let (ident, ty) = rest.split_once(": ").expect("field");
            let ty = ty.strip_suffix(',').expect("field ends with a comma");
            let (required, ty) = match ty.strip_prefix("Option<").and_then(|t| t.strip_suffix('>')) {
                Some(inner) => (false, inner),
                None => (true, ty),
            };
            rust_fields.push((ident.to_string(), required, kind_of(ty, module)));
        }
    }
    // JSON names, from the Field visitor: `"containerPort" => Field::Key_container_port,`.
    let mut json_of = BTreeMap::new();
    for line in text.lines() {
        let t = line.trim();
        if let Some((json, key)) = t.split_once(" => Field::Key_") {
            json_of.insert(key.trim_end_matches(',').to_string(), json.trim_matches('"').to_string());
        }
    }
    let resource = text.contains("impl crate::Resource for").then(|| {
        let konst = |n: &str| {
            let l = text.lines().find(|l| l.trim_start().starts_with(&format!("const {n}: &'static str = "))).expect("constant");
            l.split('"').nth(1).expect("quoted").to_string()
        };
        (konst("API_VERSION"), konst("KIND"))
    });
    let expecting = match &resource {
        Some((_, kind)) => {
            assert!(text.contains("f.write_str(<Self::Value as crate::Resource>::KIND)"), "{path}: expecting");
            kind.clone()
        }
        None => {
            let texts: Vec<_> = text
                .lines()
                .filter_map(|l| l.trim().strip_prefix("f.write_str(\""))
                .map(|l| l.trim_end_matches("\")").to_string())
                .filter(|t| t != "field identifier")
                .collect();
            assert_eq!(texts.len(), 1, "{path}: one expecting text");
            texts[0].clone()
        }
    };
    assert!(text.contains("deserializer.deserialize_struct("), "{path}: a plain struct visitor");
    let mut fields = Vec::new();
    for (ident, required, kind) in rust_fields {
        let json = json_of.get(&ident).unwrap_or_else(|| panic!("{path}.{ident}: no JSON name")).clone();
        let presence = if required {
            assert!(text.contains(&format!("serialize_field(&mut state, \"{json}\", &self.{ident})")), "{path}.{ident}: always encoded");
            if text.contains(&format!("{ident}: value_{ident}.unwrap_or_default(),")) {
                "Zero"
            } else {
                let must = format!("{ident}: value_{ident}.ok_or_else(|| crate::serde::de::Error::missing_field(\"{json}\"))?,");
                assert!(text.contains(&must), "{path}.{ident}: neither defaulted nor a missing-field error");
                assert!(text.contains(&format!("value_{ident} = Some(crate::serde::de::MapAccess::next_value(&mut map)?)")), "{path}.{ident}: null refused");
                "Must"
            }
        } else {
            assert!(text.contains(&format!("if let Some(value) = &self.{ident} {{")), "{path}.{ident}: encoded when set");
            "Opt"
        };
        fields.push(Field { json, presence, kind });
    }
    if resource.is_some() {
        assert_eq!(json_of.get("api_version").map(String::as_str), Some("apiVersion"));
        assert_eq!(json_of.get("kind").map(String::as_str), Some("kind"));
    } else {
        assert_eq!(json_of.len(), fields.len(), "{path}: every JSON name is a field");
    }
    fields.sort_by(|a, b| a.json.cmp(&b.json));
    Struct { expecting, resource, fields }
}

fn render_kind(kind: &Kind, ids: &HashMap<String, usize>) -> String {
    match kind {
        Kind::Leaf(l) => format!("K::{l}"),
        Kind::Obj(p) => format!("K::O({})", ids[p]),
        Kind::Arr(k) => format!("K::A(&{})", render_kind(k, ids)),
        Kind::Map(k) => format!("K::M(&{})", render_kind(k, ids)),
    }
}

/// "module::Struct.json" for every value field of the table's structs, tagged `omitempty`
/// (`GO_OMITEMPTY`) and not (`GO_ALWAYS`): from the Go sources when `PODLIFE_GO_SRC` is set
/// (and written to both files when regenerating), else the committed lists.
fn go_value_tags(order: &[String]) -> (std::collections::BTreeSet<String>, std::collections::BTreeSet<String>) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |file: &str| -> std::collections::BTreeSet<String> {
        let text = std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).map(str::to_string).collect()
    };
    let Some(src) = std::env::var_os("PODLIFE_GO_SRC") else {
        return (read(GO_OMITEMPTY), read(GO_ALWAYS));
    };
    let mut by_module: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for p in order {
        let (module, name) = p.rsplit_once("::").expect("module path");
        by_module.entry(module).or_default().push(name);
    }
    let (mut omitempty, mut always) = (std::collections::BTreeSet::new(), std::collections::BTreeSet::new());
    for (module, names) in by_module {
        for (f, omit) in go_value_fields(Path::new(&src), module, &names) {
            if omit { &mut omitempty } else { &mut always }.insert(format!("{module}::{f}"));
        }
    }
    if std::env::var_os("PODLIFE_REGENERATE").is_some() {
        for (file, set, what) in [(GO_OMITEMPTY, &omitempty, "tagged omitempty"), (GO_ALWAYS, &always, "without omitempty")] {
            let mut text = format!("# Go struct fields that are values (not pointers) {what}, from kubernetes/api and\n# kubernetes/apimachinery v0.36.3. Generated by tests/schema_table.rs (PODLIFE_GO_SRC); do not edit.\n");
            for l in set {
                text.push_str(l);
                text.push('\n');
            }
            std::fs::write(dir.join(file), text).expect("writable");
        }
    }
    (omitempty, always)
}

/// `PodSpec` → `pod_spec`, `IPAddress` → `ip_address`; `nodeName` → `node_name`,
/// `podIPs` → `pod_ips`: a word starts at an upper-case letter after a lower-case one or a
/// digit, or before a lower-case one (but not a plural's final `s`) after an upper-case one.
fn snake(name: &str) -> String {
    let c: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (i, &ch) in c.iter().enumerate() {
        if i > 0 && ch.is_ascii_uppercase() {
            let prev = c[i - 1];
            let next = c.get(i + 1).copied();
            let plural = next == Some('s') && i + 2 == c.len();
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()) && !plural) {
                out.push('_');
            }
        }
        out.push(ch.to_ascii_lowercase());
    }
    out
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "box", "break", "const", "continue", "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen",
    "if", "impl", "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return", "self", "static", "struct",
    "super", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// `src/obj/fields.rs`: per struct, a module of `FieldKey` constants, one per JSON field (and
/// `API_VERSION`/`KIND` for a resource, which are not schema fields).
fn render_fields(order: &[String], parsed: &[Struct]) -> String {
    let mut out = String::new();
    out.push_str("// @generated by tests/schema_table.rs with schema_table.rs; do not edit.\n");
    out.push_str("// PODLIFE_REGENERATE=1 cargo test -p podlife-model --test schema_table\n\n");
    out.push_str("//! Field keys of every struct in the schema, for reads that skip the name lookup:\n");
    out.push_str("//! `obj[pod::SPEC][pod_spec::NODE_NAME]` reads what `obj[\"spec\"][\"nodeName\"]` reads.\n");
    out.push_str("//! A struct's module is its Go type in snake case; a type name seen before gets its API\n");
    out.push_str("//! group and version (`endpoint_port_core_v1`).\n\n");
    let mut seen = std::collections::BTreeSet::new();
    for (ty, (path, st)) in order.iter().zip(parsed).enumerate() {
        let name = path.rsplit("::").next().expect("name");
        let mut module = snake(name);
        if !seen.insert(module.clone()) {
            let group = path[..path.len() - name.len() - 2].trim_start_matches("api::").replace("::", "_");
            module = format!("{module}_{group}");
            assert!(seen.insert(module.clone()), "{path}: module {module} twice");
        }
        assert!(!KEYWORDS.contains(&module.as_str()), "{path}: module {module} is a keyword");
        out.push_str(&format!("/// `{path}`\npub mod {module} {{\n    use super::super::FieldKey as K;\n"));
        let mut consts: Vec<(String, String)> = st.fields.iter().enumerate().map(|(id, f)| (snake(&f.json).to_uppercase(), format!("K::new({ty}, {id})"))).collect();
        if st.resource.is_some() {
            consts.push(("API_VERSION".into(), format!("K::API_VERSION.of({ty})")));
            consts.push(("KIND".into(), format!("K::KIND.of({ty})")));
        }
        let mut names = std::collections::BTreeSet::new();
        for (c, value) in consts {
            assert!(c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') && names.insert(c.clone()), "{path}: constant {c}");
            out.push_str(&format!("    pub const {c}: K = {value};\n"));
        }
        out.push_str("}\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

fn generate() -> (String, String) {
    let mut sources = HashMap::new();
    index(&k8s_openapi_src(), "", &mut sources);
    // Breadth-first from the roots, so the served kinds take the first indices.
    let mut order: Vec<String> = ROOTS.iter().map(|(m, t)| format!("{m}::{t}")).collect();
    let mut parsed: Vec<Struct> = Vec::new();
    let mut ids: HashMap<String, usize> = order.iter().enumerate().map(|(i, p)| (p.clone(), i)).collect();
    let mut i = 0;
    while i < order.len() {
        let path = order[i].clone();
        let text = sources.get(&path).unwrap_or_else(|| panic!("no source for {path}"));
        let s = parse_struct(&path, text);
        for f in &s.fields {
            let mut k = &f.kind;
            while let Kind::Arr(inner) | Kind::Map(inner) = k {
                k = inner;
            }
            if let Kind::Obj(p) = k
                && !ids.contains_key(p)
            {
                ids.insert(p.clone(), order.len());
                order.push(p.clone());
            }
        }
        parsed.push(s);
        i += 1;
    }
    let (omitempty, always) = go_value_tags(&order);
    for (path, s) in order.iter().zip(parsed.iter_mut()) {
        for f in &mut s.fields {
            // A scalar k8s-openapi makes optional that Go holds as a value without `omitempty`
            // (`StatefulSetStatus.availableReplicas`, `NodeRuntimeHandler.name`): decoded as
            // k8s-openapi does, encoded with its zero when unset, as Go does.
            if always.contains(&format!("{path}.{}", f.json)) && f.presence == "Opt" && matches!(f.kind, Kind::Leaf("S" | "I32" | "I64" | "F64" | "B")) {
                f.presence = "Always";
            }
            if !omitempty.contains(&format!("{path}.{}", f.json)) {
                continue;
            }
            // Go leaves out the zero of a scalar and an empty list or map; a struct (Quantity,
            // IntOrString, Time) is never left out by `omitempty`.
            let emptiable = matches!(f.kind, Kind::Arr(_) | Kind::Map(_) | Kind::Leaf("S" | "I32" | "I64" | "F64" | "B" | "Bytes"));
            // A field k8s-openapi requires (and defaults to its zero) that Go leaves out when
            // empty (`LocalObjectReference.name`) keeps the defaulting and loses the zero.
            if emptiable {
                f.presence = match f.presence {
                    "Opt" => "Empty",
                    "Zero" => "ZeroEmpty",
                    other => panic!("{path}.{}: {other} yet tagged omitempty", f.json),
                };
            }
        }
    }
    let mut out = String::new();
    out.push_str("// @generated by tests/schema_table.rs from k8s-openapi 0.29.0 (v1_36) and the Go types' omitempty tags; do not edit.\n");
    out.push_str("// PODLIFE_REGENERATE=1 cargo test -p podlife-model --test schema_table\n\n");
    out.push_str("use crate::schema::{Field as F, Kind as K, Presence as P, Type as T};\n\n");
    out.push_str("/// The served kinds' indices in `TYPES`.\n#[allow(non_upper_case_globals, dead_code)]\npub(crate) mod roots {\n");
    for (i, (m, t)) in ROOTS.iter().enumerate() {
        // A kind served in a second version is named with it (`HorizontalPodAutoscalerV1`).
        let v = if ROOTS[..i].iter().any(|(_, u)| u == t) { m.rsplit("::").next().unwrap_or_default().to_uppercase() } else { String::new() };
        out.push_str(&format!("    pub(crate) const {t}{v}: u16 = {i};\n"));
    }
    out.push_str("}\n\n");
    out.push_str(&format!("pub(crate) const TYPES: [T; {}] = [\n", parsed.len()));
    for (path, s) in order.iter().zip(&parsed) {
        let res = match &s.resource {
            Some((v, k)) => format!("Some((\"{v}\", \"{k}\"))"),
            None => "None".into(),
        };
        out.push_str(&format!("    // {path}\n    T {{ name: \"{}\", resource: {res}, fields: &[\n", s.expecting));
        for f in &s.fields {
            out.push_str(&format!("        F {{ json: \"{}\", presence: P::{}, kind: {} }},\n", f.json, f.presence, render_kind(&f.kind, &ids)));
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\n");
    let fields = render_fields(&order, &parsed);
    (out, fields)
}

#[test]
fn committed_table_is_current() {
    let (table, fields) = generate();
    for (file, generated) in [(TABLE, table), (FIELDS, fields)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        if std::env::var_os("PODLIFE_REGENERATE").is_some() {
            std::fs::write(&path, &generated).expect("writable");
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(committed == generated, "{file} is stale: run PODLIFE_REGENERATE=1 cargo test -p podlife-model --test schema_table");
    }
}
