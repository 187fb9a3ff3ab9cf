//! The pod strategy's `WarningsOnCreate` that podlife models (`pkg/api/pod/warnings.go`
//! `warningsForPodSpecAndMeta`): the seccomp annotations that stopped working in 1.27, when
//! the pod has no `seccompProfile` field beside them. kubectl prints each as `Warning: …`.

use serde_json::Value;

const POD_KEY: &str = "seccomp.security.alpha.kubernetes.io/pod";
const CONTAINER_PREFIX: &str = "container.seccomp.security.alpha.kubernetes.io/";

pub fn pod(pod: &Value) -> Vec<String> {
    let annotations = &pod["metadata"]["annotations"];
    let spec = &pod["spec"];
    let text = |key: &str| format!("metadata.annotations[{key}]: non-functional in v1.27+; use the \"seccompProfile\" field instead");
    let mut out = Vec::new();
    if !spec["securityContext"]["seccompProfile"].is_object() && annotations.get(POD_KEY).is_some() {
        out.push(text(POD_KEY));
    }
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        for c in spec[list].as_array().map(Vec::as_slice).unwrap_or_default() {
            let key = format!("{CONTAINER_PREFIX}{}", c["name"].as_str().unwrap_or_default());
            if !c["securityContext"]["seccompProfile"].is_object() && annotations.get(&key).is_some() {
                out.push(text(&key));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn seccomp_annotations_without_fields() {
        let p = json!({"metadata": {"annotations": {"seccomp.security.alpha.kubernetes.io/pod": "runtime/default"}}, "spec": {"containers": [{"name": "c"}]}});
        assert_eq!(super::pod(&p), vec![r#"metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead"#.to_string()]);
        let with_field = json!({"metadata": {"annotations": {"seccomp.security.alpha.kubernetes.io/pod": "runtime/default"}}, "spec": {"securityContext": {"seccompProfile": {"type": "RuntimeDefault"}}}});
        assert!(super::pod(&with_field).is_empty());
    }
}
