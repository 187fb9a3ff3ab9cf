//! HorizontalPodAutoscaler in kube-apiserver: stored as autoscaling/v2, served as v2 and v1.
//!
//! - Conversion (`pkg/apis/autoscaling/v1/conversion.go`): v1 has one CPU utilization target
//!   (`targetCPUUtilizationPercentage`) and one current value; every other v2 metric, every
//!   current metric and the conditions ride in annotations (`autoscaling.alpha.kubernetes.io/
//!   metrics`, `…/current-metrics`, `…/conditions`) as v1's JSON, and are read back from them.
//!   `behavior` has no v1 form: a v1 write leaves it out (reads of the v2 object default it
//!   again only when set). A v1 object without metrics is given the 80 % CPU target.
//! - Defaults (`pkg/apis/autoscaling/v2/defaults.go`): `minReplicas` 1, the 80 % CPU target,
//!   and a `behavior` that is set filled in with the default rules.
//! - Validation (`pkg/apis/autoscaling/validation/validation.go`): replicas bounds, the scale
//!   target reference, metric sources and targets, scaling rules.

use serde_json::Value;

use super::status::FieldError;

const METRICS: &str = "autoscaling.alpha.kubernetes.io/metrics";
const CURRENT: &str = "autoscaling.alpha.kubernetes.io/current-metrics";
const CONDITIONS: &str = "autoscaling.alpha.kubernetes.io/conditions";
/// `autoscaling.DefaultCPUUtilization`.
pub const DEFAULT_CPU_UTILIZATION: i64 = 80;

/// Go's `json.Marshal` of a struct: the fields in the struct's order, empty ones left out.
fn go_struct(fields: &[(&str, &Value)]) -> String {
    let parts: Vec<String> = fields.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| format!("\"{k}\":{}", podlife_model::json::to_string(v))).collect();
    format!("{{{}}}", parts.join(","))
}

fn is_cpu_utilization(m: &Value) -> bool {
    m["type"] == "Resource" && m["resource"]["name"] == "cpu" && m["resource"]["target"]["averageUtilization"].is_number()
}

/// A v2 MetricSpec as v1's JSON text.
fn spec_to_v1(m: &Value) -> String {
    let (r, c, p, o, e) = (&m["resource"], &m["containerResource"], &m["pods"], &m["object"], &m["external"]);
    let source = match m["type"].as_str().unwrap_or_default() {
        "Resource" => ("resource", go_struct(&[("name", &r["name"]), ("targetAverageUtilization", &r["target"]["averageUtilization"]), ("targetAverageValue", &r["target"]["averageValue"])])),
        "ContainerResource" => ("containerResource", go_struct(&[("name", &c["name"]), ("targetAverageUtilization", &c["target"]["averageUtilization"]), ("targetAverageValue", &c["target"]["averageValue"]), ("container", &c["container"])])),
        "Pods" => ("pods", go_struct(&[("metricName", &p["metric"]["name"]), ("targetAverageValue", &p["target"]["averageValue"]), ("selector", &p["metric"]["selector"])])),
        "Object" => {
            let target = json!({"kind": o["describedObject"]["kind"], "name": o["describedObject"]["name"], "apiVersion": o["describedObject"]["apiVersion"]});
            let value = if o["target"]["value"].is_null() { json!("0") } else { o["target"]["value"].clone() };
            let t = go_struct(&[("kind", &target["kind"]), ("name", &target["name"]), ("apiVersion", &target["apiVersion"])]);
            ("object", format!("{{\"target\":{t},{}", &go_struct(&[("metricName", &o["metric"]["name"]), ("targetValue", &value), ("selector", &o["metric"]["selector"]), ("averageValue", &o["target"]["averageValue"])])[1..]))
        }
        "External" => ("external", go_struct(&[("metricName", &e["metric"]["name"]), ("metricSelector", &e["metric"]["selector"]), ("targetValue", &e["target"]["value"]), ("targetAverageValue", &e["target"]["averageValue"])])),
        _ => ("", String::new()),
    };
    let kind = podlife_model::json::to_string(&m["type"]);
    if source.0.is_empty() { format!("{{\"type\":{kind}}}") } else { format!("{{\"type\":{kind},\"{}\":{}}}", source.0, source.1) }
}

/// A v2 MetricStatus as v1's JSON text.
fn status_to_v1(m: &Value) -> String {
    let (r, c, p, o, e) = (&m["resource"], &m["containerResource"], &m["pods"], &m["object"], &m["external"]);
    let zero = json!("0");
    let or0 = |v: &Value| if v.is_null() { zero.clone() } else { v.clone() };
    let source = match m["type"].as_str().unwrap_or_default() {
        "Resource" => ("resource", go_struct(&[("name", &r["name"]), ("currentAverageUtilization", &r["current"]["averageUtilization"]), ("currentAverageValue", &or0(&r["current"]["averageValue"]))])),
        "ContainerResource" => ("containerResource", go_struct(&[("name", &c["name"]), ("currentAverageUtilization", &c["current"]["averageUtilization"]), ("currentAverageValue", &or0(&c["current"]["averageValue"])), ("container", &c["container"])])),
        "Pods" => ("pods", go_struct(&[("metricName", &p["metric"]["name"]), ("currentAverageValue", &or0(&p["current"]["averageValue"])), ("selector", &p["metric"]["selector"])])),
        "Object" => {
            let d = &o["describedObject"];
            let t = go_struct(&[("kind", &d["kind"]), ("name", &d["name"]), ("apiVersion", &d["apiVersion"])]);
            ("object", format!("{{\"target\":{t},{}", &go_struct(&[("metricName", &o["metric"]["name"]), ("currentValue", &or0(&o["current"]["value"])), ("selector", &o["metric"]["selector"]), ("averageValue", &o["current"]["averageValue"])])[1..]))
        }
        "External" => ("external", go_struct(&[("metricName", &e["metric"]["name"]), ("metricSelector", &e["metric"]["selector"]), ("currentValue", &or0(&e["current"]["value"])), ("currentAverageValue", &e["current"]["averageValue"])])),
        _ => ("", String::new()),
    };
    let kind = podlife_model::json::to_string(&m["type"]);
    if source.0.is_empty() { format!("{{\"type\":{kind}}}") } else { format!("{{\"type\":{kind},\"{}\":{}}}", source.0, source.1) }
}

fn list_text(items: &[String]) -> String {
    format!("[{}]", items.join(","))
}

/// `Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler`.
pub fn to_v1(v2: &Value) -> Value {
    let mut out = json!({"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "metadata": v2["metadata"].clone()});
    let (spec, status) = (&v2["spec"], &v2["status"]);
    let metrics = spec["metrics"].as_array().cloned().unwrap_or_default();
    let mut s = json!({"scaleTargetRef": spec["scaleTargetRef"].clone(), "maxReplicas": spec["maxReplicas"].clone()});
    if !spec["minReplicas"].is_null() {
        s["minReplicas"] = spec["minReplicas"].clone();
    }
    // The first CPU resource metric, when it is a utilization target.
    if let Some(m) = metrics.iter().find(|m| m["type"] == "Resource" && m["resource"]["name"] == "cpu")
        && is_cpu_utilization(m)
    {
        s["targetCPUUtilizationPercentage"] = m["resource"]["target"]["averageUtilization"].clone();
    }
    out["spec"] = s;
    let mut st = json!({"currentReplicas": status["currentReplicas"].as_i64().unwrap_or(0), "desiredReplicas": status["desiredReplicas"].as_i64().unwrap_or(0)});
    for k in ["observedGeneration", "lastScaleTime"] {
        if !status[k].is_null() {
            st[k] = status[k].clone();
        }
    }
    let current = status["currentMetrics"].as_array().cloned().unwrap_or_default();
    if let Some(u) = current.iter().filter(|m| m["type"] == "Resource" && m["resource"]["name"] == "cpu").filter_map(|m| m["resource"]["current"]["averageUtilization"].as_i64()).last() {
        st["currentCPUUtilizationPercentage"] = json!(u);
    }
    out["status"] = st;
    let other: Vec<String> = metrics.iter().filter(|m| !is_cpu_utilization(m)).map(spec_to_v1).collect();
    let conditions = status["conditions"].as_array().cloned().unwrap_or_default();
    let mut add = |k: &str, v: String| {
        if !out["metadata"]["annotations"].is_object() {
            out["metadata"]["annotations"] = json!({});
        }
        out["metadata"]["annotations"][k] = json!(v);
    };
    if !other.is_empty() {
        add(METRICS, list_text(&other));
    }
    if !current.is_empty() {
        add(CURRENT, list_text(&current.iter().map(status_to_v1).collect::<Vec<_>>()));
    }
    if !conditions.is_empty() {
        let texts: Vec<String> = conditions.iter().map(|c| go_struct(&[("type", &c["type"]), ("status", &c["status"]), ("lastTransitionTime", &c["lastTransitionTime"]), ("reason", &c["reason"]), ("message", &c["message"])])).collect();
        add(CONDITIONS, list_text(&texts));
    }
    out
}

fn target(utilization: &Value, average: &Value, value: &Value) -> Value {
    let kind = if !utilization.is_null() { "Utilization" } else if !value.is_null() { "Value" } else { "AverageValue" };
    let mut t = json!({"type": kind});
    for (k, v) in [("averageUtilization", utilization), ("averageValue", average), ("value", value)] {
        if !v.is_null() {
            t[k] = v.clone();
        }
    }
    t
}

fn metric_identifier(name: &Value, selector: &Value) -> Value {
    if selector.is_null() { json!({"name": name}) } else { json!({"name": name, "selector": selector}) }
}

/// A v1 MetricSpec (from the annotation) as v2's.
fn spec_from_v1(m: &Value) -> Value {
    let (r, c, p, o, e) = (&m["resource"], &m["containerResource"], &m["pods"], &m["object"], &m["external"]);
    let n = Value::Null;
    match m["type"].as_str().unwrap_or_default() {
        "Resource" => json!({"type": "Resource", "resource": {"name": r["name"], "target": target(&r["targetAverageUtilization"], &r["targetAverageValue"], &n)}}),
        "ContainerResource" => json!({"type": "ContainerResource", "containerResource": {"name": c["name"], "container": c["container"], "target": target(&c["targetAverageUtilization"], &c["targetAverageValue"], &n)}}),
        "Pods" => json!({"type": "Pods", "pods": {"metric": metric_identifier(&p["metricName"], &p["selector"]), "target": {"type": "AverageValue", "averageValue": p["targetAverageValue"]}}}),
        "Object" => {
            let t = if o["averageValue"].is_null() { json!({"type": "Value", "value": o["targetValue"]}) } else { json!({"type": "AverageValue", "value": o["targetValue"], "averageValue": o["averageValue"]}) };
            json!({"type": "Object", "object": {"describedObject": o["target"], "metric": metric_identifier(&o["metricName"], &o["selector"]), "target": t}})
        }
        "External" => json!({"type": "External", "external": {"metric": metric_identifier(&e["metricName"], &e["metricSelector"]), "target": target(&n, &e["targetAverageValue"], &e["targetValue"])}}),
        _ => json!({"type": m["type"]}),
    }
}

/// A v1 MetricStatus (from the annotation) as v2's.
fn status_from_v1(m: &Value) -> Value {
    let (r, c, p, o, e) = (&m["resource"], &m["containerResource"], &m["pods"], &m["object"], &m["external"]);
    let current = |u: &Value, a: &Value, v: &Value| {
        let mut x = json!({});
        for (k, val) in [("averageUtilization", u), ("averageValue", a), ("value", v)] {
            if !val.is_null() {
                x[k] = val.clone();
            }
        }
        x
    };
    let n = Value::Null;
    match m["type"].as_str().unwrap_or_default() {
        "Resource" => json!({"type": "Resource", "resource": {"name": r["name"], "current": current(&r["currentAverageUtilization"], &r["currentAverageValue"], &n)}}),
        "ContainerResource" => json!({"type": "ContainerResource", "containerResource": {"name": c["name"], "container": c["container"], "current": current(&c["currentAverageUtilization"], &c["currentAverageValue"], &n)}}),
        "Pods" => json!({"type": "Pods", "pods": {"metric": metric_identifier(&p["metricName"], &p["selector"]), "current": current(&n, &p["currentAverageValue"], &n)}}),
        "Object" => json!({"type": "Object", "object": {"describedObject": o["target"], "metric": metric_identifier(&o["metricName"], &o["selector"]), "current": current(&n, &o["averageValue"], &o["currentValue"])}}),
        "External" => json!({"type": "External", "external": {"metric": metric_identifier(&e["metricName"], &e["metricSelector"]), "current": current(&n, &e["currentAverageValue"], &e["currentValue"])}}),
        _ => json!({"type": m["type"]}),
    }
}

/// `Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`. A field the
/// conversion does not know is kept, for strict decoding to refuse.
pub fn to_v2(v1: &Value) -> Value {
    let mut out = v1.clone();
    out["apiVersion"] = json!("autoscaling/v2");
    let annotation = |k: &str| v1["metadata"]["annotations"][k].as_str().and_then(|t| serde_json::from_str::<Value>(t).ok()).and_then(|v| v.as_array().cloned());
    let (spec, status) = (&v1["spec"], &v1["status"]);
    let mut metrics: Vec<Value> = annotation(METRICS).unwrap_or_default().iter().map(spec_from_v1).collect();
    if let Some(cpu) = spec.get("targetCPUUtilizationPercentage").filter(|v| !v.is_null()) {
        metrics.push(json!({"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": cpu}}}));
    }
    // autoscaling/v1 formerly had an implicit default applied in the controller.
    if metrics.is_empty() {
        metrics.push(json!({"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": DEFAULT_CPU_UTILIZATION}}}));
    }
    if let Some(s) = out["spec"].as_object_mut() {
        s.remove("targetCPUUtilizationPercentage");
        s.insert("metrics".into(), json!(metrics));
    }
    if let Some(st) = out.get_mut("status").and_then(Value::as_object_mut) {
        st.remove("currentCPUUtilizationPercentage");
        let current = match annotation(CURRENT) {
            Some(list) => list.iter().map(status_from_v1).collect(),
            None => status["currentCPUUtilizationPercentage"].as_i64().map(|u| vec![json!({"type": "Resource", "resource": {"name": "cpu", "current": {"averageUtilization": u}}})]).unwrap_or_default(),
        };
        if !current.is_empty() {
            st.insert("currentMetrics".into(), json!(current));
        }
        if let Some(c) = annotation(CONDITIONS) {
            st.insert("conditions".into(), json!(c));
        }
    }
    if let Some(a) = out["metadata"]["annotations"].as_object_mut() {
        for k in [METRICS, CURRENT, CONDITIONS] {
            a.remove(k);
        }
        if a.is_empty() {
            out["metadata"].as_object_mut().map(|m| m.remove("annotations"));
        }
    }
    out
}

/// The default rules of a scaling direction (`defaultHPAScaleUpRules` /
/// `defaultHPAScaleDownRules`).
pub fn default_rules(up: bool) -> Value {
    if up {
        json!({"stabilizationWindowSeconds": 0, "selectPolicy": "Max", "policies": [
            {"type": "Pods", "value": 4, "periodSeconds": 15}, {"type": "Percent", "value": 100, "periodSeconds": 15}]})
    } else {
        json!({"selectPolicy": "Max", "policies": [{"type": "Percent", "value": 100, "periodSeconds": 15}]})
    }
}

/// `SetDefaults_HorizontalPodAutoscaler` (v2).
pub fn defaults(spec: &mut Value) {
    if spec["minReplicas"].is_null() {
        spec["minReplicas"] = json!(1);
    }
    if spec["metrics"].as_array().is_none_or(Vec::is_empty) {
        spec["metrics"] = json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": DEFAULT_CPU_UTILIZATION}}}]);
    }
    // `SetDefaults_HorizontalPodAutoscalerBehavior` → `copyHPAScalingRules`.
    if spec["behavior"].is_object() {
        for (dir, up) in [("scaleUp", true), ("scaleDown", false)] {
            let mut rules = default_rules(up);
            if let Some(given) = spec["behavior"][dir].as_object() {
                for k in ["selectPolicy", "stabilizationWindowSeconds", "policies", "tolerance"] {
                    if let Some(v) = given.get(k).filter(|v| !v.is_null()) {
                        rules[k] = v.clone();
                    }
                }
            }
            spec["behavior"][dir] = rules;
        }
    }
}

fn path_segment(field: &str, v: &Value, errs: &mut Vec<FieldError>) {
    match v.as_str().unwrap_or_default() {
        "" => errs.push(FieldError::required(field, "")),
        s => {
            // `IsValidPathSegmentName`.
            for bad in [".", ".."] {
                if s == bad {
                    errs.push(FieldError::invalid(field, super::status::quote(s), format!("may not be '{bad}'")));
                }
            }
            for bad in ["/", "%"] {
                if s.contains(bad) {
                    errs.push(FieldError::invalid(field, super::status::quote(s), format!("may not contain '{bad}'")));
                }
            }
        }
    }
}

fn quantity_sign(v: &Value) -> i32 {
    let q = v.as_str().and_then(|s| podlife_model::quantity::Quantity::parse(s).ok());
    q.map(|q| q.milli_value().signum() as i32).unwrap_or(0)
}

/// `validateMetricTarget`.
fn metric_target(t: &Value, path: &str, errs: &mut Vec<FieldError>) {
    let kind = t["type"].as_str().unwrap_or_default();
    if kind.is_empty() {
        errs.push(FieldError::required(format!("{path}.type"), "must specify a metric target type"));
    } else if !matches!(kind, "Utilization" | "Value" | "AverageValue") {
        errs.push(FieldError::not_supported(format!("{path}.type"), kind, &["AverageValue", "Utilization", "Value"]));
    }
    if !t["value"].is_null() && quantity_sign(&t["value"]) != 1 {
        errs.push(FieldError::invalid(format!("{path}.value"), super::status::quote(t["value"].as_str().unwrap_or_default()), "must be positive"));
    }
    if !t["averageValue"].is_null() && quantity_sign(&t["averageValue"]) != 1 {
        errs.push(FieldError::invalid(format!("{path}.averageValue"), super::status::quote(t["averageValue"].as_str().unwrap_or_default()), "must be positive"));
    }
    if let Some(u) = t["averageUtilization"].as_i64().filter(|u| *u < 1) {
        errs.push(FieldError::invalid(format!("{path}.averageUtilization"), u.to_string(), "must be greater than 0"));
    }
}

/// `ValidateHorizontalPodAutoscaler` / `…Update` (the spec part; object meta is the caller's).
pub fn validate(obj: &Value) -> Vec<FieldError> {
    let spec = &obj["spec"];
    let mut errs = Vec::new();
    let min = spec["minReplicas"].as_i64();
    let max = spec["maxReplicas"].as_i64().unwrap_or(0);
    // `MinReplicasLowerBound` is 1 without the HPAScaleToZero gate (alpha, off).
    if let Some(m) = min.filter(|m| *m < 1) {
        errs.push(FieldError::invalid("spec.minReplicas", m.to_string(), "must be greater than or equal to 1"));
    }
    if max < 1 {
        errs.push(FieldError::invalid("spec.maxReplicas", max.to_string(), "must be greater than 0"));
    }
    if min.is_some_and(|m| max < m) {
        errs.push(FieldError::invalid("spec.maxReplicas", max.to_string(), "must be greater than or equal to `minReplicas`"));
    }
    path_segment("spec.scaleTargetRef.kind", &spec["scaleTargetRef"]["kind"], &mut errs);
    path_segment("spec.scaleTargetRef.name", &spec["scaleTargetRef"]["name"], &mut errs);
    let metrics = spec["metrics"].as_array().map(Vec::as_slice).unwrap_or_default();
    for (i, m) in metrics.iter().enumerate() {
        let path = format!("spec.metrics[{i}]");
        let kind = m["type"].as_str().unwrap_or_default();
        if kind.is_empty() {
            errs.push(FieldError::required(format!("{path}.type"), "must specify a metric source type"));
        }
        const TYPES: [&str; 5] = ["ContainerResource", "External", "Object", "Pods", "Resource"];
        if !TYPES.contains(&kind) {
            errs.push(FieldError::not_supported(format!("{path}.type"), kind, &TYPES));
        }
        let fields = ["object", "pods", "resource", "external", "containerResource"];
        let present: Vec<&str> = fields.iter().copied().filter(|f| m[*f].is_object()).collect();
        if let Some(first) = present.first() {
            let src = &m[*first];
            let sp = format!("{path}.{first}");
            match *first {
                "resource" | "containerResource" => {
                    if src["name"].as_str().unwrap_or_default().is_empty() {
                        errs.push(FieldError::required(format!("{sp}.name"), "must specify a resource name"));
                    }
                    if *first == "containerResource" && src["container"].as_str().unwrap_or_default().is_empty() {
                        errs.push(FieldError::required(format!("{sp}.container"), "must specify a container"));
                    }
                    metric_target(&src["target"], &format!("{sp}.target"), &mut errs);
                    let t = &src["target"];
                    if t["averageUtilization"].is_null() && t["averageValue"].is_null() {
                        errs.push(FieldError::required(format!("{sp}.target.averageUtilization"), "must set either a target raw value or a target utilization"));
                    }
                    if !t["averageUtilization"].is_null() && !t["averageValue"].is_null() {
                        errs.push(FieldError::forbidden(format!("{sp}.target.averageValue"), "may not set both a target raw value and a target utilization"));
                    }
                }
                "pods" => {
                    if src["metric"]["name"].as_str().unwrap_or_default().is_empty() {
                        errs.push(FieldError::required(format!("{sp}.metric.name"), "must specify a metric name"));
                    }
                    metric_target(&src["target"], &format!("{sp}.target"), &mut errs);
                    if src["target"]["averageValue"].is_null() {
                        errs.push(FieldError::required(format!("{sp}.target.averageValue"), "must specify a positive target averageValue"));
                    }
                }
                _ => {
                    if *first == "object" {
                        path_segment(&format!("{sp}.describedObject.kind"), &src["describedObject"]["kind"], &mut errs);
                        path_segment(&format!("{sp}.describedObject.name"), &src["describedObject"]["name"], &mut errs);
                    }
                    if src["metric"]["name"].as_str().unwrap_or_default().is_empty() {
                        errs.push(FieldError::required(format!("{sp}.metric.name"), "must specify a metric name"));
                    }
                    metric_target(&src["target"], &format!("{sp}.target"), &mut errs);
                    if src["target"]["value"].is_null() && src["target"]["averageValue"].is_null() {
                        errs.push(FieldError::required(format!("{sp}.target.averageValue"), "must set either a target value or averageValue"));
                    }
                }
            }
        }
        let expected = match kind {
            "ContainerResource" => "containerResource".to_string(),
            k => k.to_ascii_lowercase(),
        };
        if !present.contains(&expected.as_str()) {
            errs.push(FieldError::required(format!("{path}.{expected}"), "must populate information for the given metric source"));
        }
        for f in present.iter().filter(|f| **f != expected && present.len() != 1) {
            errs.push(FieldError::forbidden(format!("{path}.{f}"), "must populate the given metric source only"));
        }
    }
    // `validateBehavior` → `validateScalingRules`.
    for dir in ["scaleUp", "scaleDown"] {
        let rules = &spec["behavior"][dir];
        if !rules.is_object() {
            continue;
        }
        let path = format!("spec.behavior.{dir}");
        if let Some(w) = rules["stabilizationWindowSeconds"].as_i64() {
            if w < 0 {
                errs.push(FieldError::invalid(format!("{path}.stabilizationWindowSeconds"), w.to_string(), "must be greater than or equal to zero"));
            } else if w > 3600 {
                errs.push(FieldError::invalid(format!("{path}.stabilizationWindowSeconds"), w.to_string(), "must be less than or equal to 3600"));
            }
        }
        if let Some(p) = rules["selectPolicy"].as_str()
            && !matches!(p, "Max" | "Min" | "Disabled")
        {
            errs.push(FieldError::not_supported(format!("{path}.selectPolicy"), p, &["Disabled", "Max", "Min"]));
        }
        let policies = rules["policies"].as_array().map(Vec::as_slice).unwrap_or_default();
        if policies.is_empty() && rules["selectPolicy"] != "Disabled" {
            errs.push(FieldError::required(format!("{path}.policies"), "must specify at least one Policy"));
        }
        for (i, p) in policies.iter().enumerate() {
            let pp = format!("{path}.policies[{i}]");
            let t = p["type"].as_str().unwrap_or_default();
            if !matches!(t, "Pods" | "Percent") {
                errs.push(FieldError::not_supported(format!("{pp}.type"), t, &["Percent", "Pods"]));
            }
            let v = p["value"].as_i64().unwrap_or(0);
            if v <= 0 {
                errs.push(FieldError::invalid(format!("{pp}.value"), v.to_string(), "must be greater than zero"));
            }
            let s = p["periodSeconds"].as_i64().unwrap_or(0);
            if s <= 0 {
                errs.push(FieldError::invalid(format!("{pp}.periodSeconds"), s.to_string(), "must be greater than zero"));
            } else if s > 1800 {
                errs.push(FieldError::invalid(format!("{pp}.periodSeconds"), s.to_string(), "must be less than or equal to 1800"));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v1_round_trip_keeps_other_metrics_in_an_annotation() {
        let v1 = json!({"apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "a"},
            "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "f"}, "minReplicas": 3, "maxReplicas": 10, "targetCPUUtilizationPercentage": 50}});
        let v2 = to_v2(&v1);
        assert_eq!(v2["spec"]["metrics"], json!([{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 50}}}]));
        let mut v2m = v2.clone();
        v2m["spec"]["metrics"].as_array_mut().unwrap().push(json!({"type": "Resource", "resource": {"name": "memory", "target": {"type": "AverageValue", "averageValue": "100Mi"}}}));
        let back = to_v1(&v2m);
        assert_eq!(back["spec"]["targetCPUUtilizationPercentage"], 50);
        assert_eq!(back["metadata"]["annotations"][METRICS], r#"[{"type":"Resource","resource":{"name":"memory","targetAverageValue":"100Mi"}}]"#);
        assert_eq!(to_v2(&back)["spec"]["metrics"].as_array().map(Vec::len), Some(2));
        // No target at all: the 80 % CPU default of v1.
        let mut bare = v1.clone();
        bare["spec"].as_object_mut().unwrap().remove("targetCPUUtilizationPercentage");
        assert_eq!(to_v2(&bare)["spec"]["metrics"][0]["resource"]["target"]["averageUtilization"], 80);
    }

    #[test]
    fn validation_texts() {
        let errs = validate(&json!({"spec": {"scaleTargetRef": {"kind": "Deployment", "name": "x"}, "minReplicas": 5, "maxReplicas": 2}}));
        assert_eq!(errs[0].to_string(), "spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`");
    }
}
