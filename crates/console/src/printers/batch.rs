//! `printJob` and `printCronJob` (upstream `pkg/printers/internalversion/printers.go`).

use serde_json::Value;

use super::columns::{age, selector_text};
use super::duration::human_duration;
use podlife_engine::Time;

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn has_condition(obj: &Value, kind: &str) -> bool {
    obj["status"]["conditions"].as_array().into_iter().flatten().any(|c| c["type"] == kind && c["status"] == "True")
}

/// `layoutContainerCells`.
fn containers(spec: &Value) -> (String, String) {
    let list = spec["containers"].as_array().map(Vec::as_slice).unwrap_or_default();
    (
        list.iter().map(|c| s(&c["name"])).collect::<Vec<_>>().join(","),
        list.iter().map(|c| s(&c["image"])).collect::<Vec<_>>().join(","),
    )
}

/// `metav1.FormatLabelSelector`: matchLabels then expressions; `<none>` when empty.
pub(crate) fn label_selector(sel: &Value) -> String {
    if !sel.is_object() {
        return "<none>".into();
    }
    let mut parts: Vec<String> = Vec::new();
    if let Some(m) = sel["matchLabels"].as_object() {
        parts.extend(m.iter().map(|(k, v)| format!("{k}={}", s(v))));
    }
    for e in sel["matchExpressions"].as_array().into_iter().flatten() {
        let values: Vec<&str> = e["values"].as_array().into_iter().flatten().map(s).collect();
        let key = s(&e["key"]);
        parts.push(match s(&e["operator"]) {
            "In" => format!("{key} in ({})", values.join(",")),
            "NotIn" => format!("{key} notin ({})", values.join(",")),
            "Exists" => key.to_string(),
            "DoesNotExist" => format!("!{key}"),
            op => format!("{key} {op}"),
        });
    }
    if parts.is_empty() { "<none>".into() } else { parts.join(",") }
}

pub fn job_row(obj: &Value, now: Time, wide: bool) -> Vec<String> {
    let succeeded = obj["status"]["succeeded"].as_i64().unwrap_or(0);
    let completions = match obj["spec"]["completions"].as_i64() {
        Some(c) => format!("{succeeded}/{c}"),
        None => match obj["spec"]["parallelism"].as_i64().unwrap_or(0) {
            p if p > 1 => format!("{succeeded}/1 of {p}"),
            _ => format!("{succeeded}/1"),
        },
    };
    let start = obj["status"]["startTime"].as_str().and_then(Time::from_rfc3339);
    let done = obj["status"]["completionTime"].as_str().and_then(Time::from_rfc3339);
    let duration = match (start, done) {
        (None, _) => String::new(),
        (Some(st), None) => human_duration(now.millis() as i64 - st.millis() as i64),
        (Some(st), Some(d)) => human_duration(d.millis() as i64 - st.millis() as i64),
    };
    let status = if has_condition(obj, "Complete") {
        "Complete"
    } else if has_condition(obj, "Failed") {
        "Failed"
    } else if obj["metadata"]["deletionTimestamp"].is_string() {
        "Terminating"
    } else if has_condition(obj, "Suspended") {
        "Suspended"
    } else if has_condition(obj, "FailureTarget") {
        "FailureTarget"
    } else if has_condition(obj, "SuccessCriteriaMet") {
        "SuccessCriteriaMet"
    } else {
        "Running"
    };
    let mut cells = vec![s(&obj["metadata"]["name"]).to_string(), status.to_string(), completions, duration, age(now, &obj["metadata"]["creationTimestamp"])];
    if wide {
        let (names, images) = containers(&obj["spec"]["template"]["spec"]);
        cells.extend([names, images, label_selector(&obj["spec"]["selector"])]);
    }
    cells
}

pub fn cronjob_row(obj: &Value, now: Time, wide: bool) -> Vec<String> {
    let last = match obj["status"]["lastScheduleTime"].as_str() {
        Some(_) => age(now, &obj["status"]["lastScheduleTime"]),
        None => "<none>".into(),
    };
    let suspend = match obj["spec"]["suspend"].as_bool() {
        Some(true) => "True",
        Some(false) => "False",
        None => "<unset>",
    };
    let mut cells = vec![
        s(&obj["metadata"]["name"]).to_string(),
        s(&obj["spec"]["schedule"]).to_string(),
        obj["spec"]["timeZone"].as_str().unwrap_or("<none>").to_string(),
        suspend.to_string(),
        obj["status"]["active"].as_array().map_or(0, Vec::len).to_string(),
        last,
        age(now, &obj["metadata"]["creationTimestamp"]),
    ];
    if wide {
        let (names, images) = containers(&obj["spec"]["jobTemplate"]["spec"]["template"]["spec"]);
        cells.extend([names, images, label_selector(&obj["spec"]["jobTemplate"]["spec"]["selector"])]);
    }
    let _ = selector_text;
    cells
}
