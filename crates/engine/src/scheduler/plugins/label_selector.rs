//! `metav1.LabelSelector` matching (matchLabels and matchExpressions), shared by the pod
//! affinity and topology spread plugins. Upstream: `apimachinery/pkg/apis/meta/v1/helpers.go`
//! `LabelSelectorAsSelector` — a null selector matches nothing, an empty one everything.

use serde_json::Value;

pub fn matches(selector: &Value, labels: &Value) -> bool {
    if selector.is_null() {
        return false;
    }
    let ml_ok = selector["matchLabels"].as_object().is_none_or(|m| m.iter().all(|(k, v)| labels.get(k) == Some(v)));
    let me_ok = selector["matchExpressions"].as_array().is_none_or(|exprs| {
        exprs.iter().all(|e| {
            let key = e["key"].as_str().unwrap_or_default();
            let values: Vec<&str> = e["values"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            let have = labels.get(key).and_then(Value::as_str);
            match e["operator"].as_str().unwrap_or_default() {
                "In" => have.is_some_and(|h| values.contains(&h)),
                "NotIn" => have.is_none_or(|h| !values.contains(&h)),
                "Exists" => have.is_some(),
                "DoesNotExist" => have.is_none(),
                _ => false,
            }
        })
    });
    ml_ok && me_ok
}
