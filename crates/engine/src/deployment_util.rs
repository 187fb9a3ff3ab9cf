//! A Deployment's rollout numbers, shared by the controllers and by what follows their
//! statuses (the kubelet's crash-loop replay): upstream's
//! `pkg/controller/deployment/util/deployment_util.go` and `intstr`.

use podlife_model::obj::JsonRead;

/// `intstr.GetScaledValueFromIntOrPercent`.
pub fn scaled<J: JsonRead>(value: &J, total: i64, round_up: bool) -> i64 {
    if value.is_number() {
        return value.as_i64().unwrap_or(0);
    }
    let Some(s) = value.as_str() else { return 0 };
    let Some(p) = s.strip_suffix('%').and_then(|p| p.parse::<i64>().ok()) else { return 0 };
    let v = p as f64 * total as f64 / 100.0;
    (if round_up { v.ceil() } else { v.floor() }) as i64
}

/// `ResolveFenceposts`: (maxSurge, maxUnavailable) as numbers; both zero ⇒ one unavailable.
pub fn fenceposts<J: JsonRead>(d: &J) -> (i64, i64) {
    let replicas = d["spec"]["replicas"].as_i64().unwrap_or(1);
    let ru = &d["spec"]["strategy"]["rollingUpdate"];
    let surge = scaled(&ru["maxSurge"], replicas, true);
    let unavailable = scaled(&ru["maxUnavailable"], replicas, false);
    if surge == 0 && unavailable == 0 { (0, 1) } else { (surge, unavailable) }
}

/// `IsRollingUpdate` (the type defaults to RollingUpdate).
pub fn rolling<J: JsonRead>(d: &J) -> bool {
    d["spec"]["strategy"]["type"] != "Recreate"
}

/// `MaxUnavailable`: at most the replicas; zero for Recreate or no replicas.
pub fn max_unavailable<J: JsonRead>(d: &J) -> i64 {
    let replicas = d["spec"]["replicas"].as_i64().unwrap_or(1);
    if !rolling(d) || replicas == 0 {
        return 0;
    }
    fenceposts(d).1.min(replicas)
}

/// How many pods must be available for the Deployment's `Available` condition to be True
/// (`calculateStatus` in `sync.go`: `availableReplicas >= replicas - MaxUnavailable`).
pub fn min_available<J: JsonRead>(d: &J) -> i64 {
    d["spec"]["replicas"].as_i64().unwrap_or(1) - max_unavailable(d)
}
