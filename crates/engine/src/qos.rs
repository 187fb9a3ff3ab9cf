//! The pod's QoS class (upstream: `pkg/apis/core/helper/qos/qos.go`, `GetPodQOS`).

use serde_json::Value;

use podlife_model::quantity::Quantity;

/// `BestEffort` when no container requests or limits cpu or memory; `Guaranteed` when every
/// container limits both and requests equal limits; `Burstable` otherwise.
pub fn pod_qos_class(spec: &Value) -> &'static str {
    let containers: Vec<&Value> = ["initContainers", "containers"]
        .iter()
        .flat_map(|l| spec[*l].as_array().map(Vec::as_slice).unwrap_or_default())
        .collect();
    let parse = |v: &Value| v.as_str().and_then(|s| s.parse::<Quantity>().ok());
    let zero: Quantity = "0".parse().unwrap_or_default();
    let mut any = false;
    let mut guaranteed = true;
    for c in containers {
        let res = &c["resources"];
        for r in ["cpu", "memory"] {
            let req = parse(&res["requests"][r]).filter(|q| *q != zero);
            let lim = parse(&res["limits"][r]).filter(|q| *q != zero);
            any |= req.is_some() || lim.is_some();
            match (req, lim) {
                (_, None) => guaranteed = false,
                (Some(a), Some(b)) if a != b => guaranteed = false,
                _ => {}
            }
        }
    }
    if !any {
        "BestEffort"
    } else if guaranteed {
        "Guaranteed"
    } else {
        "Burstable"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(pod_qos_class(&json!({"containers":[{"resources":{}}]})), "BestEffort");
        assert_eq!(pod_qos_class(&json!({"containers":[{"resources":{"requests":{"cpu":"250m"}}}]})), "Burstable");
        assert_eq!(
            pod_qos_class(&json!({"containers":[{"resources":{"requests":{"cpu":"1","memory":"1Gi"},"limits":{"cpu":"1000m","memory":"1Gi"}}}]})),
            "Guaranteed"
        );
    }
}
