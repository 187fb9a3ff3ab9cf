//! What the cluster's feature gates change in the pod strategy: the fields `PrepareForCreate` /
//! `PrepareForUpdate` drop when their gate is off and the old object did not use them
//! (`pkg/api/pod/util.go` `dropDisabledFields`), and the validation options the gates decide
//! (`GetValidationOptionsFromPodSpecAndMeta`). Workloads drop the same fields from their pod
//! template (`DropDisabledTemplateFields`).
//!
//! Fields a gate allows but whose effect podlife does not model are named by
//! `unmodelled_fields`, and the validation reaction says so in the trace.

use serde_json::Value;

use crate::features::FeatureGates;

/// The gated part of `PodValidationOptions`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PodOptions {
    /// `AllowContainerRestartPolicyRules` (ContainerRestartRules, or rules in use).
    pub container_restart_rules: bool,
    /// `AllowRestartAllContainers` (RestartAllContainersOnContainerExits, or the action in use).
    pub restart_all_containers: bool,
    /// `AllowTaintTolerationComparisonOperators` (TaintTolerationComparisonOperators, or Lt/Gt in use).
    pub toleration_comparison: bool,
}

impl PodOptions {
    /// The options for a pod spec given the gates and, on an update, the old spec.
    pub fn new(gates: &FeatureGates, old: Option<&Value>) -> PodOptions {
        let old = old.filter(|o| o.is_object());
        PodOptions {
            container_restart_rules: gates.enabled("ContainerRestartRules") || old.is_some_and(container_restart_rules_in_use),
            restart_all_containers: gates.enabled("RestartAllContainersOnContainerExits") || old.is_some_and(restart_all_containers_in_use),
            toleration_comparison: gates.enabled("TaintTolerationComparisonOperators") || old.is_some_and(|o| o["tolerations"].as_array().is_some_and(|ts| ts.iter().any(|t| matches!(t["operator"].as_str(), Some("Lt" | "Gt"))))),
        }
    }
}

fn containers<'a>(spec: &'a Value, list: &str) -> impl Iterator<Item = &'a Value> {
    spec[list].as_array().map(Vec::as_slice).unwrap_or_default().iter()
}

fn all_containers(spec: &Value) -> impl Iterator<Item = &Value> {
    containers(spec, "initContainers").chain(containers(spec, "containers")).chain(containers(spec, "ephemeralContainers"))
}

fn for_each_container(spec: &mut Value, mut f: impl FnMut(&mut Value)) {
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        if let Some(cs) = spec.get_mut(list).and_then(Value::as_array_mut) {
            cs.iter_mut().for_each(&mut f);
        }
    }
}

fn remove(v: &mut Value, field: &str) {
    if let Some(m) = v.as_object_mut() {
        m.remove(field);
    }
}

fn is_set(v: &Value) -> bool {
    !v.is_null()
}

/// `containerRestartRulesInUse`.
fn container_restart_rules_in_use(old: &Value) -> bool {
    containers(old, "initContainers").any(|c| (is_set(&c["restartPolicy"]) && c["restartPolicy"] != "Always") || c["restartPolicyRules"].as_array().is_some_and(|r| !r.is_empty()))
        || containers(old, "containers").any(|c| is_set(&c["restartPolicy"]))
}

/// `restartAllContainersActionInUse`.
fn restart_all_containers_in_use(old: &Value) -> bool {
    let has_action = |c: &Value| c["restartPolicyRules"].as_array().is_some_and(|rs| rs.iter().any(|r| r["action"] == "RestartAllContainers"));
    containers(old, "containers").any(has_action)
        || containers(old, "initContainers").any(|c| has_action(c) || (c["restartPolicy"] == "Always" && c["restartPolicyRules"].as_array().is_some_and(|r| !r.is_empty())))
}

/// `dropDisabledFields` for the gates podlife's schema reaches: each field is removed when
/// its gate is off and the old spec (an update's) did not use it.
pub fn drop_disabled_fields(spec: &mut Value, old: Option<&Value>, gates: &FeatureGates) {
    if !spec.is_object() {
        return;
    }
    let old = old.filter(|o| o.is_object());
    let off = |gate: &str| !gates.enabled(gate);
    // UserNamespacesSupport: `hostUsers` (`hostUsersInUse`).
    if off("UserNamespacesSupport") && !old.is_some_and(|o| is_set(&o["hostUsers"])) {
        remove(spec, "hostUsers");
    }
    // PodLevelResources: the pod's own `resources` (`podLevelResourcesInUse`: requests or limits).
    if off("PodLevelResources") && !old.is_some_and(|o| ["requests", "limits"].iter().any(|k| o["resources"][k].as_object().is_some_and(|m| !m.is_empty()))) {
        remove(spec, "resources");
    }
    // InPlacePodVerticalScaling (locked on in 1.36): `resizePolicy`.
    if off("InPlacePodVerticalScaling") && !old.is_some_and(|o| containers(o, "containers").chain(containers(o, "initContainers")).any(|c| c["resizePolicy"].as_array().is_some_and(|p| !p.is_empty()))) {
        for_each_container(spec, |c| remove(c, "resizePolicy"));
    }
    // ContainerRestartRules: container-level `restartPolicy` (but a sidecar's `Always`) and
    // `restartPolicyRules` (`dropContainerRestartRules`).
    if off("ContainerRestartRules") && !old.is_some_and(container_restart_rules_in_use) {
        if let Some(cs) = spec.get_mut("initContainers").and_then(Value::as_array_mut) {
            for c in cs {
                if is_set(&c["restartPolicy"]) && c["restartPolicy"] != "Always" {
                    remove(c, "restartPolicy");
                }
                remove(c, "restartPolicyRules");
            }
        }
        for list in ["containers", "ephemeralContainers"] {
            if let Some(cs) = spec.get_mut(list).and_then(Value::as_array_mut) {
                for c in cs {
                    remove(c, "restartPolicy");
                    remove(c, "restartPolicyRules");
                }
            }
        }
    }
    // HostnameOverride: `hostnameOverride` (`setHostnameOverrideInUse`).
    if off("HostnameOverride") && !old.is_some_and(|o| is_set(&o["hostnameOverride"])) {
        remove(spec, "hostnameOverride");
    }
    // EnvFiles: `valueFrom.fileKeyRef` (`dropFileKeyRefInUse`; the empty `valueFrom` stays).
    if off("EnvFiles") && !old.is_some_and(|o| all_containers(o).any(|c| c["env"].as_array().is_some_and(|es| es.iter().any(|e| is_set(&e["valueFrom"]["fileKeyRef"]))))) {
        for_each_container(spec, |c| {
            if let Some(envs) = c.get_mut("env").and_then(Value::as_array_mut) {
                for e in envs {
                    if let Some(vf) = e.get_mut("valueFrom") {
                        remove(vf, "fileKeyRef");
                    }
                }
            }
        });
    }
    // ImageVolume: `image` volumes and every mount of them (`dropImageVolumes`).
    if off("ImageVolume") && !old.is_some_and(|o| o["volumes"].as_array().is_some_and(|vs| vs.iter().any(|v| is_set(&v["image"])))) {
        let mut names: Vec<String> = Vec::new();
        if let Some(vs) = spec.get_mut("volumes").and_then(Value::as_array_mut) {
            vs.retain(|v| {
                if is_set(&v["image"]) {
                    names.push(v["name"].as_str().unwrap_or_default().to_string());
                    false
                } else {
                    true
                }
            });
            if vs.is_empty() {
                remove(spec, "volumes");
            }
        }
        if !names.is_empty() {
            for_each_container(spec, |c| {
                if let Some(ms) = c.get_mut("volumeMounts").and_then(Value::as_array_mut) {
                    ms.retain(|m| !names.iter().any(|n| m["name"] == n.as_str()));
                    if ms.is_empty() {
                        remove(c, "volumeMounts");
                    }
                }
            });
        }
    }
    // GenericWorkload: the pod's `schedulingGroup` (`dropDisabledWorkloadRef`, the field's
    // 1.36 name).
    if off("GenericWorkload") && !old.is_some_and(|o| is_set(&o["schedulingGroup"])) {
        remove(spec, "schedulingGroup");
    }
    // ClusterTrustBundleProjection and PodCertificateRequest: those projected volume sources
    // (`dropDisabledClusterTrustBundleProjection`, `dropDisabledPodCertificateProjection`).
    for (gate, source) in [("ClusterTrustBundleProjection", "clusterTrustBundle"), ("PodCertificateRequest", "podCertificate")] {
        let in_use = |o: &Value| o["volumes"].as_array().is_some_and(|vs| vs.iter().any(|v| v["projected"]["sources"].as_array().is_some_and(|ss| ss.iter().any(|s| is_set(&s[source])))));
        if off(gate) && !old.is_some_and(in_use)
            && let Some(vs) = spec.get_mut("volumes").and_then(Value::as_array_mut)
        {
            for v in vs {
                if let Some(ss) = v.get_mut("projected").and_then(|p| p.get_mut("sources")).and_then(Value::as_array_mut) {
                    ss.iter_mut().for_each(|s| remove(s, source));
                }
            }
        }
    }
    // ContainerStopSignals: `lifecycle.stopSignal`, and a lifecycle left empty
    // (`dropContainerStopSignals`).
    if off("ContainerStopSignals") && !old.is_some_and(|o| all_containers(o).any(|c| is_set(&c["lifecycle"]["stopSignal"]))) {
        for_each_container(spec, |c| {
            if let Some(l) = c.get_mut("lifecycle")
                && is_set(&l["stopSignal"])
            {
                remove(l, "stopSignal");
                if l.as_object().is_some_and(|m| m.is_empty()) {
                    remove(c, "lifecycle");
                }
            }
        });
    }
}

/// `allContainersCouldRestart` (`pkg/api/v1/pod/util.go`): a container has a rule whose action
/// is RestartAllContainers — the kubelet then reports the AllContainersRestarting condition.
pub fn all_containers_could_restart(spec: &Value) -> bool {
    containers(spec, "initContainers").chain(containers(spec, "containers")).any(|c| c["restartPolicyRules"].as_array().is_some_and(|rs| rs.iter().any(|r| r["action"] == "RestartAllContainers")))
}

/// Fields the gates let through whose behaviour podlife does not model (the validation
/// reaction's `notModelled`), so that a learner is told rather than silently ignored.
pub fn unmodelled_fields(spec: &Value, base: &str) -> Vec<String> {
    let mut out = Vec::new();
    if is_set(&spec["schedulingGroup"]) {
        out.push(format!("{base}.schedulingGroup"));
    }
    for (i, v) in spec["volumes"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        for (j, s) in v["projected"]["sources"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
            for source in ["clusterTrustBundle", "podCertificate"] {
                if is_set(&s[source]) {
                    out.push(format!("{base}.volumes[{i}].projected.sources[{j}].{source}"));
                }
            }
        }
    }
    for list in ["initContainers", "containers"] {
        for (i, c) in containers(spec, list).enumerate() {
            for (j, e) in c["env"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
                if is_set(&e["valueFrom"]["fileKeyRef"]) {
                    out.push(format!("{base}.{list}[{i}].env[{j}].valueFrom.fileKeyRef"));
                }
            }
            if is_set(&c["lifecycle"]["stopSignal"]) {
                out.push(format!("{base}.{list}[{i}].lifecycle.stopSignal"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gates(set: &str) -> FeatureGates {
        let mut g = FeatureGates::default();
        if !set.is_empty() {
            g.set(set).unwrap();
        }
        g
    }

    #[test]
    fn drops_only_what_is_off_and_not_in_use() {
        let spec = || json!({
            "hostnameOverride": "h",
            "containers": [{"name": "a", "restartPolicy": "Never", "restartPolicyRules": [{"action": "Restart"}], "lifecycle": {"stopSignal": "SIGUSR1"},
                "env": [{"name": "X", "valueFrom": {"fileKeyRef": {"path": "p", "volumeName": "v", "key": "k"}}}], "volumeMounts": [{"name": "img", "mountPath": "/i"}, {"name": "v", "mountPath": "/v"}]}],
            "initContainers": [{"name": "s", "restartPolicy": "Always"}, {"name": "i", "restartPolicy": "OnFailure"}],
            "volumes": [{"name": "img", "image": {"reference": "busybox"}}, {"name": "v", "emptyDir": {}}],
        });
        // 1.36 defaults: only the stop signal (ContainerStopSignals is alpha) goes.
        let mut s = spec();
        drop_disabled_fields(&mut s, None, &gates(""));
        assert!(s["containers"][0]["lifecycle"].is_null());
        assert_eq!(s["containers"][0]["restartPolicy"], "Never");
        let mut s = spec();
        drop_disabled_fields(&mut s, None, &gates("ContainerRestartRules=false,HostnameOverride=false,EnvFiles=false,ImageVolume=false"));
        assert!(s["containers"][0]["restartPolicy"].is_null() && s["containers"][0]["restartPolicyRules"].is_null());
        assert_eq!(s["initContainers"], json!([{"name": "s", "restartPolicy": "Always"}, {"name": "i"}]));
        assert!(s["hostnameOverride"].is_null());
        assert_eq!(s["containers"][0]["env"][0]["valueFrom"], json!({}));
        assert_eq!(s["volumes"], json!([{"name": "v", "emptyDir": {}}]));
        assert_eq!(s["containers"][0]["volumeMounts"], json!([{"name": "v", "mountPath": "/v"}]));
        // In use in the old spec: kept.
        let mut s = spec();
        let old = spec();
        drop_disabled_fields(&mut s, Some(&old), &gates("ContainerRestartRules=false"));
        assert_eq!(s["containers"][0]["restartPolicy"], "Never");
    }
}
