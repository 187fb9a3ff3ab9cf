//! The pod's QoS class (upstream: `pkg/apis/core/helper/qos/qos.go`, `ComputePodQOS`).

use crate::Slot;

use podlife_model::quantity::Quantity;

/// Sums the non-zero cpu and memory quantities of `list` into `into`; returns which of the two
/// it named with a non-zero quantity (`processResourceList`, `getQOSResources`).
fn process(into: &mut [Option<Quantity>; 2], list: &Slot) -> [bool; 2] {
    let mut found = [false; 2];
    for (i, r) in ["cpu", "memory"].iter().enumerate() {
        let q = list[*r].as_str().and_then(|s| s.parse::<Quantity>().ok()).filter(|q| q.sign() > 0);
        if let Some(q) = q {
            found[i] = true;
            match &mut into[i] {
                Some(v) => *v += &q,
                slot => *slot = Some(q),
            }
        }
    }
    found
}

/// `BestEffort` when nothing requests or limits cpu or memory; `Guaranteed` when cpu and memory
/// are limited everywhere and the requests equal the limits; `Burstable` otherwise. With
/// pod-level resources (`spec.resources` naming a supported resource) the class is the pod
/// level's alone: the containers' resources are not looked at.
pub fn pod_qos_class(spec: &Slot) -> &'static str {
    let mut requests = [None, None];
    let mut limits = [None, None];
    let mut guaranteed = true;
    // Any `spec.resources` takes this path in 1.36, an empty one included (which makes the pod
    // BestEffort whatever its containers ask); `PodLevelResourcesFixKubeletQOSClass` (1.37)
    // requires a supported resource in it.
    use crate::resources::{is_pod_level_resources_set, pod_level_resources_enabled, pod_level_resources_fix_kubelet_qos_class};
    if pod_level_resources_enabled() && spec["resources"].is_object() && (!pod_level_resources_fix_kubelet_qos_class() || is_pod_level_resources_set(spec)) {
        let res = &spec["resources"];
        process(&mut requests, &res["requests"]);
        if res["limits"].as_object().is_some_and(|m| !m.is_empty()) && process(&mut limits, &res["limits"]) != [true, true] {
            guaranteed = false;
        }
    } else {
        for c in ["containers", "initContainers"].iter().flat_map(|l| spec[*l].as_array().unwrap_or_default()) {
            process(&mut requests, &c["resources"]["requests"]);
            if process(&mut limits, &c["resources"]["limits"]) != [true, true] {
                guaranteed = false;
            }
        }
    }
    let count = |l: &[Option<Quantity>; 2]| l.iter().flatten().count();
    if count(&requests) == 0 && count(&limits) == 0 {
        return "BestEffort";
    }
    if guaranteed {
        for i in 0..2 {
            if let Some(req) = &requests[i]
                && limits[i].as_ref() != Some(req) {
                    guaranteed = false;
                }
        }
    }
    if guaranteed && count(&requests) == count(&limits) { "Guaranteed" } else { "Burstable" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&json!({"containers":[{"resources":{}}]}))), "BestEffort");
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&json!({"containers":[{"resources":{"requests":{"cpu":"250m"}}}]}))), "Burstable");
        assert_eq!(
            pod_qos_class(&crate::Obj::untyped(&json!({"containers":[{"resources":{"requests":{"cpu":"1","memory":"1Gi"},"limits":{"cpu":"1000m","memory":"1Gi"}}}]}))),
            "Guaranteed"
        );
    }

    /// `TestComputePodQOS`' pod-level cases (pkg/apis/core/helper/qos/qos_test.go): the pod
    /// level alone decides.
    #[test]
    fn pod_level_resources_decide() {
        let c = json!([{"resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "1", "memory": "1Gi"}}}]);
        // Pod-level requests = limits for cpu and memory: Guaranteed, whatever the containers.
        let g = json!({"resources": {"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "1", "memory": "1Gi"}}, "containers": [{"resources": {}}]});
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&g)), "Guaranteed");
        // Pod-level limits on cpu only: Burstable, even with Guaranteed containers.
        let b = json!({"resources": {"requests": {"cpu": "1"}, "limits": {"cpu": "1"}}, "containers": c});
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&b)), "Burstable");
        // Requests only: Burstable.
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&json!({"resources": {"requests": {"memory": "100Mi"}}, "containers": [{"resources": {}}]}))), "Burstable");
        // 1.36 (PodLevelResourcesFixKubeletQOSClass off): an empty `spec.resources` takes the
        // pod-level path and makes the pod BestEffort.
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&json!({"resources": {}, "containers": c}))), "BestEffort");
        assert_eq!(pod_qos_class(&crate::Obj::untyped(&json!({"containers": c}))), "Guaranteed");
    }
}
