//! `ValidateLimitRange` (`pkg/apis/core/validation/validation.go`), on create and update: each
//! item's type is a standard limit type (or qualified), named once; its resources are ones a
//! container may name (`Pod`, `Container`) or any resource name; a `Pod` item sets no
//! defaults; a `PersistentVolumeClaim` item bounds storage; and per resource
//! min ≤ default request ≤ default ≤ max, a ratio of at least 1 and at most max/min.
//!
//! Go ranges over the item's maps in random order; podlife reports resources by name.
//! Upstream passes the quantities themselves as the bad values, so the messages show Go's
//! `%#v` of a `resource.Quantity` (`crate::quantities::go_quantity`), built from the stored string.

use podlife_model::quantity::Quantity;
use serde_json::Value;

use super::status::{FieldError, quote};
use super::validation;
use crate::quantities::go_quantity;

const STANDARD_LIMIT_TYPES: [&str; 3] = ["Pod", "Container", "PersistentVolumeClaim"];
/// `helper.IsStandardContainerResourceName` (besides `hugepages-*`).
const CONTAINER_RESOURCES: [&str; 3] = ["cpu", "memory", "ephemeral-storage"];
const FIELDS: [&str; 5] = ["max", "min", "default", "defaultRequest", "maxLimitRequestRatio"];

/// On create: the metadata, then the spec.
pub fn limit_range(obj: &Value) -> Vec<FieldError> {
    let mut errs = validation::object_meta("LimitRange", &obj["metadata"]);
    errs.extend(spec(obj));
    errs
}

/// The spec's checks (`ValidateLimitRangeUpdate` runs them after the metadata update's).
pub fn spec(obj: &Value) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut seen_types: Vec<&str> = Vec::new();
    for (i, item) in obj["spec"]["limits"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let at = format!("spec.limits[{i}]");
        let kind = item["type"].as_str().unwrap_or_default();
        type_name(kind, &format!("{at}.type"), &mut errs);
        if seen_types.contains(&kind) {
            errs.push(FieldError::duplicate(format!("{at}.type"), kind));
        }
        seen_types.push(kind);
        let pod = kind == "Pod";
        for field in FIELDS {
            if pod && matches!(field, "default" | "defaultRequest") {
                if item[field].as_object().is_some_and(|m| !m.is_empty()) {
                    errs.push(FieldError::forbidden(format!("{at}.{field}"), "may not be specified when `type` is 'Pod'"));
                }
                continue;
            }
            for name in item[field].as_object().into_iter().flatten().map(|(k, _)| k) {
                resource_name(kind, name, &format!("{at}.{field}[{name}]"), &mut errs);
            }
        }
        if kind == "PersistentVolumeClaim" && item["min"]["storage"].is_null() && item["max"]["storage"].is_null() {
            errs.push(FieldError::required(format!("{at}.limits"), "either minimum or maximum storage value is required, but neither was provided"));
        }
        let names = crate::vecmap::VecSet::from_iter(FIELDS.iter().filter(|f| !(pod && matches!(**f, "default" | "defaultRequest"))).flat_map(|f| item[*f].as_object().into_iter().flatten().map(|(k, _)| k.as_str())));
        for name in names {
            bounds(item, pod, name, &at, &mut errs);
        }
    }
    errs
}

/// `validateLimitRangeTypeName`.
fn type_name(kind: &str, path: &str, errs: &mut Vec<FieldError>) {
    let msgs = validation::label_key(kind);
    if !msgs.is_empty() {
        errs.extend(msgs.into_iter().map(|m| FieldError::invalid(path, quote(kind), m)));
    } else if !kind.contains('/') && !STANDARD_LIMIT_TYPES.contains(&kind) {
        errs.push(FieldError::invalid(path, quote(kind), "must be a standard limit type or fully qualified"));
    }
}


/// `validateLimitRangeResourceName`: `validateResourceName` (a qualified name; a standard
/// resource unless fully qualified), and for `Pod` and `Container` items also
/// `validateContainerResourceName`'s "a standard resource for containers".
fn resource_name(kind: &str, name: &str, path: &str, errs: &mut Vec<FieldError>) {
    if validation::resource_name(name, path, errs) && matches!(kind, "Pod" | "Container") && !CONTAINER_RESOURCES.contains(&name) && !name.starts_with("hugepages-") {
        errs.push(FieldError::invalid(path, quote(name), "must be a standard resource for containers"));
    }
}

/// The relations between one resource's values in one item.
fn bounds(item: &Value, pod: bool, name: &str, at: &str, errs: &mut Vec<FieldError>) {
    let get = |field: &str| -> Option<(String, Quantity)> {
        if pod && matches!(field, "default" | "defaultRequest") {
            return None;
        }
        let s = item[field][name].as_str()?;
        Some((s.to_string(), Quantity::parse(s).ok()?))
    };
    let (min, max, default, request, ratio) = (get("min"), get("max"), get("default"), get("defaultRequest"), get("maxLimitRequestRatio"));
    let path = |field: &str| format!("{at}.{field}[{name}]");
    let mut invalid = |field: &str, shown: &(String, Quantity), detail: String| errs.push(FieldError::invalid(path(field), go_quantity(&shown.0), detail));
    if let (Some(mn), Some(mx)) = (&min, &max)
        && mn.1 > mx.1
    {
        invalid("min", mn, format!("min value {} is greater than max value {}", mn.1, mx.1));
    }
    if let (Some(rq), Some(mn)) = (&request, &min)
        && mn.1 > rq.1
    {
        invalid("defaultRequest", rq, format!("min value {} is greater than default request value {}", mn.1, rq.1));
    }
    if let (Some(rq), Some(mx)) = (&request, &max)
        && rq.1 > mx.1
    {
        invalid("defaultRequest", rq, format!("default request value {} is greater than max value {}", rq.1, mx.1));
    }
    if let (Some(rq), Some(df)) = (&request, &default)
        && rq.1 > df.1
    {
        invalid("defaultRequest", rq, format!("default request value {} is greater than default limit value {}", rq.1, df.1));
    }
    if let (Some(df), Some(mn)) = (&default, &min)
        && mn.1 > df.1
    {
        invalid("default", mn, format!("min value {} is greater than default value {}", mn.1, df.1));
    }
    if let (Some(df), Some(mx)) = (&default, &max)
        && df.1 > mx.1
    {
        invalid("default", mx, format!("default value {} is greater than max value {}", df.1, mx.1));
    }
    if let Some(r) = &ratio
        && r.1.cmp_i64(1).is_lt()
    {
        invalid("maxLimitRequestRatio", r, format!("ratio {} is less than 1", r.1));
    }
    if let (Some(r), Some(mn), Some(mx)) = (&ratio, &min, &max) {
        let max_milli = i64::MAX / 1000;
        let (ratio_value, min_value, max_value) = if r.1.value() < max_milli && mn.1.value() < max_milli && mx.1.value() < max_milli {
            (r.1.milli_value() as f64 / 1000.0, mn.1.milli_value(), mx.1.milli_value())
        } else {
            (r.1.value() as f64, mn.1.value(), mx.1.value())
        };
        let allowed = max_value as f64 / min_value as f64;
        if ratio_value > allowed {
            invalid("maxLimitRequestRatio", r, format!("ratio {} is greater than max/min = {}", r.1, podlife_ftl::num::Fixed(allowed, 6)));
        }
    }
    // `IsOvercommitAllowed`: hugepages (and other non-native resources) may not overcommit.
    if !(name == "cpu" || name == "memory" || name == "ephemeral-storage")
        && let (Some(df), Some(rq)) = (&default, &request)
        && df.1 != rq.1
    {
        invalid("defaultRequest", rq, format!("default value {} must equal to defaultRequest value {} in {name}", df.1, rq.1));
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    // The representations real API servers print (from error messages seen in the wild).
    #[test]
    fn go_representation_of_parsed_quantities() {
        assert_eq!(go_quantity("2Gi"), "resource.Quantity{i:resource.int64Amount{value:2147483648, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"2Gi\", Format:\"BinarySI\"}");
        assert_eq!(go_quantity("0"), "resource.Quantity{i:resource.int64Amount{value:0, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"DecimalSI\"}");
        assert_eq!(go_quantity("500m"), "resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"500m\", Format:\"DecimalSI\"}");
        assert_eq!(go_quantity("1536Mi"), "resource.Quantity{i:resource.int64Amount{value:1610612736, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"BinarySI\"}");
    }

    // Upstream's TestValidateLimitRange error cases, in its wording.
    #[test]
    fn relations_between_the_values_read_as_upstream() {
        let lr = |item: Value| json!({"metadata": {"name": "abc", "namespace": "foo"}, "spec": {"limits": [item]}});
        let detail = |o: Value| limit_range(&o).iter().map(|e| e.detail.clone()).collect::<Vec<_>>();
        assert_eq!(detail(lr(json!({"type": "Container", "max": {"cpu": "1"}, "min": {"cpu": "100m"}, "defaultRequest": {"cpu": "2"}}))), vec!["default request value 2 is greater than max value 1"]);
        assert_eq!(detail(lr(json!({"type": "Container", "max": {"cpu": "2"}, "min": {"cpu": "100m"}, "default": {"cpu": "500m"}, "defaultRequest": {"cpu": "800m"}}))), vec!["default request value 800m is greater than default limit value 500m"]);
        assert_eq!(detail(lr(json!({"type": "Pod", "maxLimitRequestRatio": {"cpu": "800m"}}))), vec!["ratio 800m is less than 1"]);
        assert_eq!(detail(lr(json!({"type": "Container", "max": {"memory": "2Gi"}, "min": {"memory": "512Mi"}, "maxLimitRequestRatio": {"memory": "10"}}))), vec!["ratio 10 is greater than max/min = 4.000000"]);
        let pod_defaults = limit_range(&lr(json!({"type": "Pod", "default": {"cpu": "1"}})));
        assert_eq!(pod_defaults[0].to_string(), "spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'");
        let twice = limit_range(&json!({"metadata": {"name": "abc", "namespace": "foo"}, "spec": {"limits": [{"type": "Pod"}, {"type": "Pod"}]}}));
        assert_eq!(twice[0].to_string(), "spec.limits[1].type: Duplicate value: \"Pod\"");
        let unknown = limit_range(&lr(json!({"type": "Container", "max": {"gpu": "1"}})));
        assert_eq!(unknown[0].to_string(), "spec.limits[0].max[gpu]: Invalid value: \"gpu\": must be a standard resource type or fully qualified");
        assert_eq!(unknown[1].to_string(), "spec.limits[0].max[gpu]: Invalid value: \"gpu\": must be a standard resource for containers");
    }
}
