//! The API resources podlife serves: names, short names, scope, and the schema (generated
//! from the k8s-openapi types, see `schema`) each one decodes into.
//!
//! Names and short names follow a 1.36 cluster's `kubectl api-resources`
//! (upstream: `pkg/registry/*/rest/storage_*.go` and each type's `ShortNames()`).

/// One REST resource, as discovery describes it.
#[derive(Debug)]
pub struct ResourceType {
    pub group: &'static str,
    pub version: &'static str,
    pub kind: &'static str,
    /// The lower-case plural used in URLs and RBAC rules (`pods`).
    pub plural: &'static str,
    /// The lower-case singular (`pod`).
    pub singular: &'static str,
    pub short_names: &'static [&'static str],
    pub namespaced: bool,
    pub verbs: &'static [&'static str],
    /// The kind's Go struct in the decoding schema (`schema_table::TYPES`), used for strict
    /// decoding (see `decode`).
    pub(crate) schema: u16,
}

impl PartialEq for ResourceType {
    fn eq(&self, other: &Self) -> bool {
        self.group == other.group && self.version == other.version && self.kind == other.kind
    }
}

impl Eq for ResourceType {}

impl ResourceType {
    /// `v1` for the core group, `group/version` otherwise.
    pub fn api_version(&self) -> String {
        if self.group.is_empty() {
            self.version.to_string()
        } else {
            format!("{}/{}", self.group, self.version)
        }
    }

    /// `pods` or `deployments.apps`: how kubectl names the resource in messages.
    pub fn qualified_plural(&self) -> String {
        if self.group.is_empty() {
            self.plural.to_string()
        } else {
            format!("{}.{}", self.plural, self.group)
        }
    }

    /// Looks up by `apiVersion` and `kind` (a manifest's type).
    pub fn by_api_version_kind(api_version: &str, kind: &str) -> Option<&'static ResourceType> {
        let (group, version) = split_api_version(api_version);
        RESOURCES
            .iter()
            .chain(SECONDARY)
            .find(|r| r.group == group && r.version == version && r.kind == kind)
    }

    /// Resolves what a user types after `kubectl get`: `po`, `pod`, `pods`, `Pod`,
    /// `deploy`, `deployments.apps`, `deployments.v1.apps`.
    pub fn resolve(name: &str) -> Option<&'static ResourceType> {
        // The engine names resources by their exact plural, many times a request: that is the
        // first match of the rule below too (`resolve_by_plural_agrees` checks every plural).
        if let Some(r) = RESOURCES.iter().chain(SECONDARY).find(|r| r.plural == name) {
            return Some(r);
        }
        let lower = name.to_ascii_lowercase();
        let (head, qualifier) = lower.split_once('.').map_or((lower.as_str(), None), |(h, q)| (h, Some(q)));
        RESOURCES.iter().chain(SECONDARY).find(|r| {
            let names = head == r.plural || head == r.singular || r.kind.eq_ignore_ascii_case(head) || r.short_names.contains(&head);
            let group_ok = match qualifier {
                None => true,
                Some(q) => q == r.group || q.strip_prefix(r.version).and_then(|rest| rest.strip_prefix('.')) == Some(r.group) || (r.group.is_empty() && q == r.version),
            };
            names && group_ok
        })
    }

    /// Looks up by URL plural and group (what RBAC and requests use).
    pub fn by_plural(group: &str, plural: &str) -> Option<&'static ResourceType> {
        RESOURCES.iter().find(|r| r.group == group && r.plural == plural)
    }
}

/// `apps/v1` → (`apps`, `v1`); `v1` → (``, `v1`).
pub fn split_api_version(api_version: &str) -> (&str, &str) {
    match api_version.split_once('/') {
        Some((g, v)) => (g, v),
        None => ("", api_version),
    }
}

const RW: &[&str] = &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];
const NO_DELETECOLLECTION: &[&str] = &["create", "delete", "get", "list", "patch", "update", "watch"];

macro_rules! resources {
    ($( $group:literal $version:literal $kind:literal $plural:literal $singular:literal [$($short:literal),*] $namespaced:literal $verbs:ident => $ty:ident ;)*) => {
        /// Every resource podlife serves, in `kubectl api-resources` order (core group first,
        /// then groups by name).
        pub static RESOURCES: &[ResourceType] = &[
            $(ResourceType {
                group: $group,
                version: $version,
                kind: $kind,
                plural: $plural,
                singular: $singular,
                short_names: &[$($short),*],
                namespaced: $namespaced,
                verbs: $verbs,
                schema: crate::schema_table::roots::$ty,
            },)*
        ];
    };
}

resources! {
    "" "v1" "ConfigMap" "configmaps" "configmap" ["cm"] true RW => ConfigMap;
    "" "v1" "Endpoints" "endpoints" "endpoints" ["ep"] true RW => Endpoints;
    "" "v1" "Event" "events" "event" ["ev"] true RW => Event;
    "" "v1" "LimitRange" "limitranges" "limitrange" ["limits"] true RW => LimitRange;
    "" "v1" "Namespace" "namespaces" "namespace" ["ns"] false NO_DELETECOLLECTION => Namespace;
    "" "v1" "Node" "nodes" "node" ["no"] false RW => Node;
    "" "v1" "PersistentVolumeClaim" "persistentvolumeclaims" "persistentvolumeclaim" ["pvc"] true RW => PersistentVolumeClaim;
    "" "v1" "PersistentVolume" "persistentvolumes" "persistentvolume" ["pv"] false RW => PersistentVolume;
    "" "v1" "Pod" "pods" "pod" ["po"] true RW => Pod;
    "" "v1" "ReplicationController" "replicationcontrollers" "replicationcontroller" ["rc"] true RW => ReplicationController;
    "" "v1" "ResourceQuota" "resourcequotas" "resourcequota" ["quota"] true RW => ResourceQuota;
    "" "v1" "Secret" "secrets" "secret" [] true RW => Secret;
    "" "v1" "ServiceAccount" "serviceaccounts" "serviceaccount" ["sa"] true RW => ServiceAccount;
    "" "v1" "Service" "services" "service" ["svc"] true RW => Service;
    "admissionregistration.k8s.io" "v1" "MutatingAdmissionPolicy" "mutatingadmissionpolicies" "mutatingadmissionpolicy" [] false RW => MutatingAdmissionPolicy;
    "admissionregistration.k8s.io" "v1" "MutatingAdmissionPolicyBinding" "mutatingadmissionpolicybindings" "mutatingadmissionpolicybinding" [] false RW => MutatingAdmissionPolicyBinding;
    "admissionregistration.k8s.io" "v1" "MutatingWebhookConfiguration" "mutatingwebhookconfigurations" "mutatingwebhookconfiguration" [] false RW => MutatingWebhookConfiguration;
    "admissionregistration.k8s.io" "v1" "ValidatingAdmissionPolicy" "validatingadmissionpolicies" "validatingadmissionpolicy" [] false RW => ValidatingAdmissionPolicy;
    "admissionregistration.k8s.io" "v1" "ValidatingAdmissionPolicyBinding" "validatingadmissionpolicybindings" "validatingadmissionpolicybinding" [] false RW => ValidatingAdmissionPolicyBinding;
    "admissionregistration.k8s.io" "v1" "ValidatingWebhookConfiguration" "validatingwebhookconfigurations" "validatingwebhookconfiguration" [] false RW => ValidatingWebhookConfiguration;
    "apps" "v1" "ControllerRevision" "controllerrevisions" "controllerrevision" [] true RW => ControllerRevision;
    "apps" "v1" "DaemonSet" "daemonsets" "daemonset" ["ds"] true RW => DaemonSet;
    "apps" "v1" "Deployment" "deployments" "deployment" ["deploy"] true RW => Deployment;
    "apps" "v1" "ReplicaSet" "replicasets" "replicaset" ["rs"] true RW => ReplicaSet;
    "apps" "v1" "StatefulSet" "statefulsets" "statefulset" ["sts"] true RW => StatefulSet;
    "autoscaling" "v2" "HorizontalPodAutoscaler" "horizontalpodautoscalers" "horizontalpodautoscaler" ["hpa"] true RW => HorizontalPodAutoscaler;
    "batch" "v1" "CronJob" "cronjobs" "cronjob" ["cj"] true RW => CronJob;
    "batch" "v1" "Job" "jobs" "job" [] true RW => Job;
    "coordination.k8s.io" "v1" "Lease" "leases" "lease" [] true RW => Lease;
    "discovery.k8s.io" "v1" "EndpointSlice" "endpointslices" "endpointslice" [] true RW => EndpointSlice;
    "networking.k8s.io" "v1" "IngressClass" "ingressclasses" "ingressclass" [] false RW => IngressClass;
    "networking.k8s.io" "v1" "Ingress" "ingresses" "ingress" ["ing"] true RW => Ingress;
    "networking.k8s.io" "v1" "IPAddress" "ipaddresses" "ipaddress" ["ip"] false RW => IPAddress;
    "networking.k8s.io" "v1" "NetworkPolicy" "networkpolicies" "networkpolicy" ["netpol"] true RW => NetworkPolicy;
    "networking.k8s.io" "v1" "ServiceCIDR" "servicecidrs" "servicecidr" [] false RW => ServiceCIDR;
    "policy" "v1" "PodDisruptionBudget" "poddisruptionbudgets" "poddisruptionbudget" ["pdb"] true RW => PodDisruptionBudget;
    "rbac.authorization.k8s.io" "v1" "ClusterRoleBinding" "clusterrolebindings" "clusterrolebinding" [] false RW => ClusterRoleBinding;
    "rbac.authorization.k8s.io" "v1" "ClusterRole" "clusterroles" "clusterrole" [] false RW => ClusterRole;
    "rbac.authorization.k8s.io" "v1" "RoleBinding" "rolebindings" "rolebinding" [] true RW => RoleBinding;
    "rbac.authorization.k8s.io" "v1" "Role" "roles" "role" [] true RW => Role;
    "scheduling.k8s.io" "v1" "PriorityClass" "priorityclasses" "priorityclass" ["pc"] false RW => PriorityClass;
    "storage.k8s.io" "v1" "StorageClass" "storageclasses" "storageclass" ["sc"] false RW => StorageClass;
}

/// Versions served beside the preferred one, found only by `apiVersion` or a versioned name
/// (`hpa.v1.autoscaling`): requests are converted to and from the preferred version, which is
/// the one stored (`pkg/apis/autoscaling/v1/conversion.go`; the engine's
/// `apiserver/autoscaling.rs`).
pub static SECONDARY: &[ResourceType] = &[ResourceType {
    group: "autoscaling",
    version: "v1",
    kind: "HorizontalPodAutoscaler",
    plural: "horizontalpodautoscalers",
    singular: "horizontalpodautoscaler",
    short_names: &["hpa"],
    namespaced: true,
    verbs: RW,
    schema: crate::schema_table::roots::HorizontalPodAutoscalerV1,
}];

/// Looks up a kind in any served version (used to tell "no such kind" from "wrong version").
pub fn kinds_named(kind: &str) -> impl Iterator<Item = &'static ResourceType> + '_ {
    RESOURCES.iter().chain(SECONDARY).filter(move |r| r.kind == kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `resolve`'s fast path (an exact plural) gives what the full rule gives.
    #[test]
    fn resolve_by_plural_agrees() {
        for r in RESOURCES.iter().chain(SECONDARY) {
            let full = RESOURCES.iter().chain(SECONDARY).find(|x| x.plural == r.plural || x.singular == r.plural || x.kind.eq_ignore_ascii_case(r.plural) || x.short_names.contains(&r.plural));
            assert!(full.is_some_and(|x| std::ptr::eq(x, ResourceType::resolve(r.plural).unwrap())), "{}", r.plural);
        }
    }

    #[test]
    fn resolves_short_names_and_groups() {
        assert_eq!(ResourceType::resolve("po").map(|r| r.kind), Some("Pod"));
        assert_eq!(ResourceType::resolve("Pods").map(|r| r.kind), Some("Pod"));
        assert_eq!(ResourceType::resolve("deploy").map(|r| r.kind), Some("Deployment"));
        assert_eq!(ResourceType::resolve("deployments.apps").map(|r| r.kind), Some("Deployment"));
        assert_eq!(ResourceType::resolve("deployments.v1.apps").map(|r| r.kind), Some("Deployment"));
        assert_eq!(ResourceType::resolve("pods.v1").map(|r| r.kind), Some("Pod"));
        assert_eq!(ResourceType::resolve("deployments.batch"), None);
        assert_eq!(ResourceType::resolve("pdo"), None);
    }

    #[test]
    fn api_versions() {
        let d = ResourceType::by_api_version_kind("apps/v1", "Deployment").map(|r| r.api_version());
        assert_eq!(d.as_deref(), Some("apps/v1"));
        assert!(ResourceType::by_api_version_kind("v1", "Deployment").is_none());
    }
}
