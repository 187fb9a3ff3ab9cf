//! The three-way merge `kubectl apply` performs on an existing object (upstream:
//! `apimachinery/pkg/util/strategicpatch`, `CreateThreeWayMergePatch` then the server's
//! apply of it): fields the last applied configuration had and the new one drops are
//! removed; the new configuration is laid over the live object; lists with a patch merge key
//! (`containers` by `name`, `ports` by `containerPort`, `volumeMounts` by `mountPath`, …) are
//! merged item by item, keeping items the server or others added; other lists are replaced.

use serde_json::Value;

use podlife_engine::apiserver::patch::merge_key;

pub fn three_way(live: &mut Value, original: &Value, modified: &Value) {
    let (Value::Object(l), Value::Object(m)) = (&mut *live, modified) else {
        *live = modified.clone();
        return;
    };
    if let Value::Object(o) = original {
        for k in o.keys() {
            if !m.contains_key(k) {
                l.remove(k);
            }
        }
    }
    for (k, mv) in m {
        let ov = original.get(k).unwrap_or(&Value::Null);
        match (l.get_mut(k), mv) {
            (Some(lv @ Value::Object(_)), Value::Object(_)) => three_way(lv, ov, mv),
            (Some(Value::Array(la)), Value::Array(ma)) => match merge_key(k, ma) {
                Some(key) => merge_list(la, ov.as_array().map(Vec::as_slice).unwrap_or_default(), ma, key),
                None => *la = ma.clone(),
            },
            _ => {
                l.insert(k.clone(), mv.clone());
            }
        }
    }
}

fn merge_list(live: &mut Vec<Value>, original: &[Value], modified: &[Value], key: &str) {
    let id = |v: &Value| v.get(key).cloned();
    let mut result = Vec::with_capacity(modified.len());
    for mi in modified {
        let oi = original.iter().find(|o| id(o) == id(mi)).cloned().unwrap_or(Value::Null);
        match live.iter().find(|li| id(li) == id(mi)).cloned() {
            Some(mut li) => {
                three_way(&mut li, &oi, mi);
                result.push(li);
            }
            None => result.push(mi.clone()),
        }
    }
    // Items neither configuration mentions (added by the server or another client) stay.
    for li in live.iter() {
        let in_modified = modified.iter().any(|mi| id(mi) == id(li));
        let in_original = original.iter().any(|oi| id(oi) == id(li));
        if !in_modified && !in_original {
            result.push(li.clone());
        }
    }
    *live = result;
}

#[cfg(test)]
mod tests {
    use super::*;
    use podlife_engine::json;

    #[test]
    fn keeps_server_added_items_and_drops_removed_fields() {
        let mut live = json!({"spec": {"containers": [{"name": "a", "image": "x:1", "imagePullPolicy": "IfNotPresent",
            "volumeMounts": [{"name": "kube-api-access-abcde", "mountPath": "/var/run/secrets/kubernetes.io/serviceaccount"}]}],
            "volumes": [{"name": "kube-api-access-abcde", "projected": {}}], "nodeSelector": {"disk": "ssd"}}});
        let original = json!({"spec": {"containers": [{"name": "a", "image": "x:1"}], "nodeSelector": {"disk": "ssd"}}});
        let modified = json!({"spec": {"containers": [{"name": "a", "image": "x:2"}]}});
        three_way(&mut live, &original, &modified);
        assert_eq!(live["spec"]["containers"][0]["image"], "x:2");
        assert_eq!(live["spec"]["containers"][0]["imagePullPolicy"], "IfNotPresent", "defaults stay");
        assert_eq!(live["spec"]["containers"][0]["volumeMounts"].as_array().map(Vec::len), Some(1), "server-added mount stays");
        assert_eq!(live["spec"]["volumes"].as_array().map(Vec::len), Some(1), "server-added volume stays");
        assert!(live["spec"].get("nodeSelector").is_none(), "removed from the configuration, removed from the object");
    }

    #[test]
    fn ports_merge_on_container_port_and_unkeyed_lists_are_replaced() {
        let mut live = json!({"ports": [{"containerPort": 80, "protocol": "TCP"}], "args": ["a", "b"]});
        let original = json!({"ports": [{"containerPort": 80}], "args": ["a", "b"]});
        let modified = json!({"ports": [{"containerPort": 80}, {"containerPort": 443}], "args": ["c"]});
        three_way(&mut live, &original, &modified);
        assert_eq!(live["ports"], json!([{"containerPort": 80, "protocol": "TCP"}, {"containerPort": 443}]));
        assert_eq!(live["args"], json!(["c"]));
    }
}
