//! Differential test: the table-driven decoder (`decode_strict`) against the typed k8s-openapi
//! decode it replaced (`reference/typed.rs`), on every served kind: the valid manifests of the
//! golden scripts and the lessons' scenarios, then tens of thousands of mutations of them
//! (wrong JSON types at random paths, unknown fields, nulls, numbers as strings, huge ints,
//! floats in int fields, quantities, timestamps, base64). Same re-encoded value, same
//! `WrongType` path and message, same `UnknownFields` list — or the test fails.

#[path = "reference/path_de.rs"]
mod path_de;
#[path = "reference/typed.rs"]
mod typed;

use podlife_model::decode::decode_strict;
use podlife_model::{ResourceType, RESOURCES};
use serde_json::{json, Value};

mod common;
use common::served;


/// Valid objects of every served kind: the scripts' and scenarios' manifests, and a minimal
/// object per kind (so that kinds no manifest uses are covered too).
fn seeds() -> Vec<Value> {
    let texts = common::repository_manifests();
    let mut out = Vec::new();
    for text in texts {
        for item in podlife_manifest::parse(&text) {
            if let podlife_manifest::Item::Object(doc) = item
                && served(&doc.value).is_some()
                && !out.contains(&doc.value)
            {
                out.push(doc.value);
            }
        }
    }
    for rt in RESOURCES {
        out.push(json!({"apiVersion": rt.api_version(), "kind": rt.kind, "metadata": {"name": "x", "namespace": "default",
            "labels": {"app.kubernetes.io/name": "x"}, "creationTimestamp": "2026-03-02T09:00:00Z",
            "managedFields": [{"manager": "kubectl", "operation": "Apply", "time": "2026-03-02T09:00:00Z", "fieldsType": "FieldsV1", "fieldsV1": {"f:metadata": {}}}],
            "ownerReferences": [{"apiVersion": "v1", "kind": "X", "name": "n", "uid": "u", "controller": true}]}}));
    }
    out.push(json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "metadata": {"name": "l"},
        "spec": {"holderIdentity": "n", "renewTime": "2026-03-02T09:00:00.123456Z", "acquireTime": "2026-03-02T09:00:00.000000Z", "leaseDurationSeconds": 40}}));
    out.push(json!({"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s"}, "data": {"a": "aGVsbG8=", "b": ""}, "stringData": {"c": "d"}, "type": "Opaque"}));
    out.push(json!({"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}, "data": {"a": "b"}, "binaryData": {"x": "AAEC"}}));
    out.push(json!({"apiVersion": "v1", "kind": "Event", "metadata": {"name": "e"}, "involvedObject": {"kind": "Pod", "name": "p"},
        "reason": "Scheduled", "eventTime": "2026-03-02T09:00:00.500000Z", "firstTimestamp": "2026-03-02T09:00:00Z", "count": 1,
        "series": {"count": 2, "lastObservedTime": "2026-03-02T09:00:01.000001Z"}}));
    out.push(json!({"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"}, "spec": {"podCIDR": "10.244.1.0/24", "taints": [{"key": "k", "effect": "NoSchedule", "timeAdded": "2026-03-02T09:00:00Z"}]},
        "status": {"capacity": {"cpu": "2", "memory": "4Gi", "pods": 110}, "allocatable": {"cpu": 1.5},
        "images": [{"names": ["nginx"], "sizeBytes": 12345678}], "conditions": [{"type": "Ready", "status": "True", "lastHeartbeatTime": "2026-03-02T09:00:00Z"}]}}));
    out.push(json!({"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": {"name": "e"}, "addressType": "IPv4",
        "endpoints": [{"addresses": ["10.244.1.2"], "conditions": {"ready": true}}], "ports": [{"port": 80, "name": "http"}]}));
    out.push(json!({"apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": "c"}, "spec": {"schedule": "* * * * *",
        "jobTemplate": {"spec": {"backoffLimit": 2, "template": {"spec": {"containers": [{"name": "c", "image": "busybox"}], "restartPolicy": "Never"}}}}},
        "status": {"lastScheduleTime": "2026-03-02T09:00:00Z"}}));
    out
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const TIMESTAMPS: &[&str] = &[
    "2026-03-02T09:00:00Z", "2026-03-02T09:00:00.123456789+01:30", "2026-03-02 09:00:00z", "20260302T090000Z",
    "2026-02-30T00:00:00Z", "2026-03-02T24:00:00Z", "2026-03-02T09:00:60Z", "2026-03-02T09:00Z", "2026-03-02T09Z",
    "+002026-03-02T09:00:00Z", "2026-03-02", "0000-01-01T00:00:00+05:00", "9999-12-31T23:59:59Z", "2026-03-02T09:00:00.Z",
    "2026-03-02T09:00:00,5Z", "2026-03-02T09:00:00+0530", "2026-03-02T09:00:00+05:30:15.7", "2026-03-02T09:00:00",
    "2024-02-29T12:00:00-08:00", "2023-02-29T12:00:00Z", "2026-3-2T09:00:00Z", "2026-03-02T9:00:00Z", "1970-01-01T00:00:00.000001Z",
    "-000001-01-01T00:00:00Z", "2026-03-02T09:00:00.9999999999Z", "2026-03-02T09:00:00+25:59", "2026-03-02T09:00:00+26:00",
];

/// A timestamp assembled from pieces, most of them valid.
fn timestamp(rng: &mut Rng) -> String {
    let year = *rng.pick(&["2026", "2026", "1999", "0000", "9999", "+002026", "-002026", "-000000", "+010000", "20x6", "202"]);
    let (ext, dsep) = if rng.below(4) == 0 { (false, "") } else { (true, "-") };
    let month = *rng.pick(&["01", "02", "03", "12", "13", "00", "1"]);
    let day = *rng.pick(&["01", "02", "28", "29", "30", "31", "00", "32"]);
    let t = *rng.pick(&["T", "T", "t", " ", "", "X"]);
    let hour = *rng.pick(&["00", "09", "23", "24", "9"]);
    let tsep = if ext && rng.below(5) != 0 { ":" } else { "" };
    let minute = *rng.pick(&["00", "30", "59", "60", ""]);
    let second = *rng.pick(&["00", "59", "60", "61", ""]);
    let frac = *rng.pick(&["", "", ".5", ",123456", ".123456789", ".1234567890", ".", ".000001"]);
    let offset = *rng.pick(&["Z", "Z", "z", "+01:00", "-05:30", "+0530", "+25:59", "+26:00", "+01", "+01:00:30", "+01:00:30.5", "-00:00", "", "Zx", "[UTC]", "Z[UTC]", "+1"]);
    let mut s = format!("{year}{dsep}{month}{dsep}{day}{t}{hour}");
    if !minute.is_empty() {
        s.push_str(&format!("{tsep}{minute}"));
        if !second.is_empty() {
            s.push_str(&format!("{tsep}{second}{frac}"));
        }
    }
    s.push_str(offset);
    s
}

fn leaf(rng: &mut Rng) -> Value {
    match rng.below(16) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => json!(*rng.pick(&[0i64, 1, -1, 80, 65536, 2147483647, 2147483648, -2147483648, -2147483649, i64::MIN, i64::MAX])),
        3 => json!(*rng.pick(&[u64::MAX, 9_223_372_036_854_775_808u64, 4_294_967_296u64])),
        4 => json!(*rng.pick(&[1.5f64, 3.0, -0.0, 1e20, 1e-7, 0.1, -2.5, 123456789.125])),
        5 => json!(*rng.pick(&["80", "1Gi", "100m", "x y", "", "TCP", "1.5", "-1", "expected Foo", "0.5Gi", "1e3"])),
        6 => json!(*rng.pick(TIMESTAMPS)),
        7 => json!(timestamp(rng)),
        8 => json!(*rng.pick(&["aGVsbG8=", "aGVsbG8", "QR==", "Q===", "====", "YQ==", "YWI=", "YWJj", "a b=", "YW\nJj"])),
        9 => json!([]),
        10 => json!({}),
        11 => json!([1, "a", null, {"x": 1}]),
        12 => json!({"name": 1, "x": "y", "image": null}),
        13 => json!({"cpu": 1, "memory": "1Gi", "x": null}),
        14 => json!([{"name": "a", "image": "b"}]),
        _ => json!(rng.next() as i64),
    }
}

/// Every path into `value` (objects and arrays included).
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

const KEYS: &[&str] = &[
    "name", "image", "port", "apiVersion", "kind", "metadata", "spec", "status", "creationTimestamp", "deletionTimestamp",
    "lastTransitionTime", "renewTime", "data", "binaryData", "resources", "requests", "cpu", "containerPort", "replicas",
    "imagee", "foo", "value", "items", "x.y", "a[0]", "",
];

fn mutate(rng: &mut Rng, value: &mut Value) {
    let mut all = Vec::new();
    paths(value, &mut Vec::new(), &mut all);
    let path = rng.pick(&all).clone();
    let target = at(value, &path);
    match rng.below(6) {
        0..=2 => *target = leaf(rng),
        3 => {
            if let Value::Object(map) = target {
                let key = *rng.pick(KEYS);
                map.insert(key.to_string(), leaf(rng));
            } else {
                *target = leaf(rng);
            }
        }
        4 => match target {
            Value::Object(map) if !map.is_empty() => {
                let key = map.keys().nth(rng.below(map.len())).cloned().unwrap_or_default();
                map.remove(&key);
            }
            Value::Array(items) if !items.is_empty() => {
                let i = rng.below(items.len());
                let copy = items[i].clone();
                items.push(copy);
            }
            _ => *target = Value::Null,
        },
        _ => {
            // A number where a string was, or a string where a number was.
            *target = match target.take() {
                Value::String(s) => s.parse::<i64>().map(Value::from).unwrap_or(json!(1)),
                Value::Number(n) => Value::String(n.to_string()),
                other => other,
            }
        }
    }
}

/// Time fields of the kinds, set directly (random paths rarely hold a timestamp).
fn set_time(rng: &mut Rng, value: &mut Value) {
    let ts = if rng.below(3) == 0 { leaf(rng) } else { json!(timestamp(rng)) };
    let obj = value.as_object_mut().expect("object");
    match obj.get("kind").and_then(Value::as_str) {
        Some("Lease") => {
            let spec = obj.entry("spec").or_insert_with(|| json!({}));
            if let Some(spec) = spec.as_object_mut() {
                spec.insert("renewTime".into(), ts);
            }
        }
        Some("Event") if rng.below(2) == 0 => {
            obj.insert("eventTime".into(), ts);
        }
        _ => {
            let meta = obj.entry("metadata").or_insert_with(|| json!({}));
            if let Some(meta) = meta.as_object_mut() {
                meta.insert(if rng.below(2) == 0 { "creationTimestamp" } else { "deletionTimestamp" }.into(), ts);
            }
        }
    }
}

fn compare(rt: &ResourceType, value: &Value, failures: &mut Vec<String>) {
    let ours = decode_strict(rt, value);
    let reference = typed::decode_strict(typed::roundtrip_for(rt.kind), value);
    if ours != reference && failures.len() < 20 {
        failures.push(format!("{} {value}\n  table: {ours:?}\n  typed: {reference:?}", rt.kind));
    }
}

#[test]
fn seeds_cover_every_kind_and_agree_as_every_kind() {
    let seeds = seeds();
    let mut failures = Vec::new();
    for rt in RESOURCES {
        assert!(seeds.iter().any(|s| served(s) == Some(rt)), "no seed for {}", rt.kind);
    }
    for seed in &seeds {
        for rt in RESOURCES {
            compare(rt, seed, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{} seeds; differences:\n{}", seeds.len(), failures.join("\n"));
}

#[test]
fn mutated_objects_agree() {
    let seeds = seeds();
    let cases: usize = std::env::var("PODLIFE_DIFF_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(60_000);
    let mut rng = Rng(0x005E_ED0F_D1FF);
    let mut failures = Vec::new();
    for case in 0..cases {
        let seed = &seeds[case % seeds.len()];
        let rt = served(seed).expect("seeds are served kinds");
        let mut value = seed.clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut value);
        }
        if rng.below(4) == 0 && value.is_object() {
            set_time(&mut rng, &mut value);
        }
        compare(rt, &value, &mut failures);
        // Now and then as another kind too.
        if rng.below(8) == 0 {
            compare(rng.pick(RESOURCES), &value, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{cases} cases; differences:\n{}", failures.join("\n"));
}

#[test]
fn timestamps_agree() {
    let mut rng = Rng(7);
    let mut failures = Vec::new();
    let pod = ResourceType::by_api_version_kind("v1", "Pod").expect("served");
    let lease = ResourceType::by_api_version_kind("coordination.k8s.io/v1", "Lease").expect("served");
    let strings: Vec<String> = TIMESTAMPS.iter().map(|s| s.to_string()).chain((0..20_000).map(|_| timestamp(&mut rng))).collect();
    for s in strings {
        let p = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"creationTimestamp": s}});
        compare(pod, &p, &mut failures);
        let l = json!({"apiVersion": "coordination.k8s.io/v1", "kind": "Lease", "spec": {"renewTime": s}});
        compare(lease, &l, &mut failures);
    }
    assert!(failures.is_empty(), "differences:\n{}", failures.join("\n"));
}
