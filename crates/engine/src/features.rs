//! Feature gates as a cluster setting: every gate kube-apiserver, kube-controller-manager,
//! kube-scheduler and the kubelet register in 1.36, with its default, stage and lock, and the
//! value this cluster's components were started with (`podlife feature-gates`, kind's
//! `featureGates:`). One `FeatureGates` lives in the `Engine`; components ask it, never a global.
//!
//! The table is upstream's `pkg/features/kube_features.go` (`defaultVersionedKubernetesFeatureGates`,
//! each gate's last spec at or below 1.36, and `defaultKubernetesFeatureGateDependencies`), which
//! also holds the generic apiserver, apiextensions, controller-manager and zpages gates. That
//! copy was taken during 1.36's development: the scheduler's gates (DRA*, NodeDeclaredFeatures,
//! InPlacePodLevelResourcesVerticalScaling, TopologyAwareWorkloadScheduling) follow a later
//! upstream copy of their versioned specs, whose 1.36 entries differ. Parsing
//! and its errors follow component-base `featuregate/feature_gate.go` (`Set`, `unsafeSetFromMap`:
//! unknown names, locked gates, `AllAlpha`/`AllBeta`, dependencies). client-go's gates
//! (`WatchListClient`, …), which kube binaries also accept, are not in the table.

use crate::vecmap::VecMap;

/// A gate's maturity at 1.36 (`prerelease`; GA prints as an empty string upstream).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Alpha,
    Beta,
    Ga,
    Deprecated,
}

impl Stage {
    /// The stage as `kubernetes_feature_enabled`'s `stage` label and `--help` print it.
    pub fn label(self) -> &'static str {
        match self {
            Stage::Alpha => "ALPHA",
            Stage::Beta => "BETA",
            Stage::Ga => "",
            Stage::Deprecated => "DEPRECATED",
        }
    }
}

/// One gate: name, 1.36 default, stage, locked to its default.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    pub name: &'static str,
    pub default: bool,
    pub stage: Stage,
    pub locked: bool,
}

use Stage::{Alpha as A, Beta as B, Deprecated as D, Ga as G};

const fn s(name: &'static str, default: bool, stage: Stage, locked: bool) -> Spec {
    Spec { name, default, stage, locked }
}

/// Every gate, sorted by name (case-sensitive, as `KnownFeatures` sorts).
pub const GATES: &[Spec] = &[
    s("APIResponseCompression", true, B, false),
    s("APIServerIdentity", true, B, false),
    s("APIServerTracing", true, G, true),
    s("APIServingWithRoutine", false, A, false),
    s("AggregatedDiscoveryRemoveBetaType", true, D, true),
    s("AllAlpha", false, A, false),
    s("AllBeta", false, B, false),
    s("AllowDNSOnlyNodeCSR", false, D, false),
    s("AllowInsecureKubeletCertificateSigningRequests", false, D, false),
    s("AllowOverwriteTerminationGracePeriodSeconds", false, D, true),
    s("AllowParsingUserUIDFromCertAuth", true, B, false),
    s("AllowUnsafeMalformedObjectDeletion", false, A, false),
    s("AnonymousAuthConfigurableEndpoints", true, G, true),
    s("AnyVolumeDataSource", true, G, true),
    s("AuthorizeNodeWithSelectors", true, G, true),
    s("AuthorizePodWebsocketUpgradeCreatePermission", true, B, false),
    s("AuthorizeWithSelectors", true, G, true),
    s("BtreeWatchCache", true, G, true),
    s("CBORServingAndStorage", false, A, false),
    s("CPUManagerPolicyAlphaOptions", false, A, false),
    s("CPUManagerPolicyBetaOptions", true, B, false),
    s("CPUManagerPolicyOptions", true, G, true),
    s("CRDObservedGenerationTracking", false, B, false),
    s("CRDValidationRatcheting", true, G, true),
    s("CSIMigrationPortworx", true, G, true),
    s("CSIServiceAccountTokenSecrets", true, B, false),
    s("CSIVolumeHealth", false, A, false),
    s("ChangeContainerStatusOnKubeletRestart", false, D, false),
    s("ClearingNominatedNodeNameAfterBinding", true, B, false),
    s("CloudControllerManagerWatchBasedRoutesReconciliation", false, A, false),
    s("CloudControllerManagerWebhook", false, A, false),
    s("ClusterTrustBundle", false, B, false),
    s("ClusterTrustBundleProjection", false, B, false),
    s("ComponentFlagz", false, A, false),
    s("ComponentStatusz", false, A, false),
    s("ConcurrentWatchObjectDecode", false, B, false),
    s("ConsistentListFromCache", true, G, true),
    s("ConstrainedImpersonation", false, A, false),
    s("ContainerCheckpoint", true, B, false),
    s("ContainerRestartRules", true, B, false),
    s("ContainerStopSignals", false, A, false),
    s("CoordinatedLeaderElection", false, B, false),
    s("CrossNamespaceVolumeDataSource", false, A, false),
    s("CustomCPUCFSQuotaPeriod", false, A, false),
    s("CustomResourceFieldSelectors", true, G, true),
    s("DRAAdminAccess", true, G, true),
    s("DRAConsumableCapacity", true, B, false),
    s("DRADeviceBindingConditions", true, B, false),
    s("DRADeviceTaintRules", false, B, false),
    s("DRADeviceTaints", true, B, false),
    s("DRAExtendedResource", true, B, false),
    s("DRAListTypeAttributes", false, A, false),
    s("DRANodeAllocatableResources", false, A, false),
    s("DRAPartitionableDevices", true, B, false),
    s("DRAPrioritizedList", true, G, false),
    s("DRAResourceClaimDeviceStatus", true, B, false),
    s("DRASchedulerFilterTimeout", true, B, false),
    s("DRAWorkloadResourceClaims", false, A, false),
    s("DeclarativeValidation", true, B, false),
    s("DeclarativeValidationTakeover", false, B, false),
    s("DeploymentReplicaSetTerminatingReplicas", true, B, false),
    s("DetectCacheInconsistency", true, B, false),
    s("DisableAllocatorDualWrite", true, G, true),
    s("DisableCPUQuotaWithExclusiveCPUs", true, B, false),
    s("DisableNodeKubeProxyVersion", true, D, false),
    s("DynamicResourceAllocation", true, G, true),
    s("EnvFiles", true, B, false),
    s("EventedPLEG", false, A, false),
    s("ExecProbeTimeout", true, G, true),
    s("ExternalServiceAccountTokenSigner", true, B, false),
    s("GangScheduling", false, A, false),
    s("GenericWorkload", false, A, false),
    s("GitRepoVolumeDriver", false, D, false),
    s("GracefulNodeShutdown", true, B, false),
    s("GracefulNodeShutdownBasedOnPodPriority", true, B, false),
    s("HPAConfigurableTolerance", true, B, false),
    s("HPAScaleToZero", false, A, false),
    s("HonorPVReclaimPolicy", true, G, true),
    s("HostnameOverride", true, B, false),
    s("ImageMaximumGCAge", true, G, true),
    s("ImageVolume", true, B, false),
    s("ImageVolumeWithDigest", false, A, false),
    s("InPlacePodLevelResourcesVerticalScaling", true, B, false),
    s("InPlacePodVerticalScaling", true, G, true),
    s("InPlacePodVerticalScalingAllocatedStatus", false, D, false),
    s("InPlacePodVerticalScalingExclusiveCPUs", false, A, false),
    s("InPlacePodVerticalScalingExclusiveMemory", false, A, false),
    s("InTreePluginPortworxUnregister", false, A, false),
    s("JobBackoffLimitPerIndex", true, G, true),
    s("JobManagedBy", true, G, true),
    s("JobPodReplacementPolicy", true, G, true),
    s("JobSuccessPolicy", true, G, true),
    s("KMSv1", false, D, false),
    s("KubeletCgroupDriverFromCRI", true, G, true),
    s("KubeletCrashLoopBackOffMax", true, B, false),
    s("KubeletEnsureSecretPulledImages", true, B, false),
    s("KubeletFineGrainedAuthz", true, B, false),
    s("KubeletInUserNamespace", false, A, false),
    s("KubeletPSI", true, B, false),
    s("KubeletPodResourcesDynamicResources", true, B, false),
    s("KubeletPodResourcesGet", true, B, false),
    s("KubeletPodResourcesListUseActivePods", true, D, false),
    s("KubeletRegistrationGetOnExistsOnly", false, D, false),
    s("KubeletSeparateDiskGC", true, B, false),
    s("KubeletServiceAccountTokenForCredentialProviders", true, B, false),
    s("KubeletTracing", true, G, true),
    s("ListFromCacheSnapshot", true, B, false),
    s("LocalStorageCapacityIsolationFSQuotaMonitoring", false, B, false),
    s("LogarithmicScaleDown", true, G, true),
    s("MatchLabelKeysInPodAffinity", true, G, true),
    s("MatchLabelKeysInPodTopologySpread", true, B, false),
    s("MatchLabelKeysInPodTopologySpreadSelectorMerge", true, B, false),
    s("MaxUnavailableStatefulSet", true, B, false),
    s("MemoryManager", true, G, true),
    s("MemoryQoS", false, A, false),
    s("MultiCIDRServiceAllocator", true, G, true),
    s("MutableCSINodeAllocatableCount", true, B, false),
    s("MutablePVNodeAffinity", false, A, false),
    s("MutablePodResourcesForSuspendedJobs", false, A, false),
    s("MutableSchedulingDirectivesForSuspendedJobs", false, A, false),
    s("MutatingAdmissionPolicy", false, B, false),
    s("NFTablesProxyMode", true, G, true),
    s("NodeDeclaredFeatures", true, B, false),
    s("NodeInclusionPolicyInPodTopologySpread", true, G, true),
    s("NodeLogQuery", false, B, false),
    s("NodeSwap", true, G, true),
    s("NominatedNodeNameForExpectation", true, B, false),
    s("OpenAPIEnums", true, B, false),
    s("OpportunisticBatching", true, B, false),
    s("OrderedNamespaceDeletion", true, G, true),
    s("PodAndContainerStatsFromCRI", false, A, false),
    s("PodCertificateRequest", false, B, false),
    s("PodDeletionCost", true, B, false),
    s("PodLevelResources", true, B, false),
    s("PodLifecycleSleepAction", true, G, true),
    s("PodLifecycleSleepActionAllowZero", true, G, true),
    s("PodLogsQuerySplitStreams", false, A, false),
    s("PodObservedGenerationTracking", true, G, true),
    s("PodReadyToStartContainersCondition", true, B, false),
    s("PodSchedulingReadiness", true, G, true),
    s("PodTopologyLabelsAdmission", true, B, false),
    s("PortForwardWebsockets", true, B, false),
    s("PreferSameTrafficDistribution", true, G, true),
    s("PreventStaticPodAPIReferences", true, B, false),
    s("ProcMountType", true, B, false),
    s("QOSReserved", false, A, false),
    s("RecoverVolumeExpansionFailure", true, G, true),
    s("RecursiveReadOnlyMounts", true, G, true),
    s("ReduceDefaultCrashLoopBackOffDecay", false, A, false),
    s("RelaxedDNSSearchValidation", true, G, true),
    s("RelaxedEnvironmentVariableValidation", true, G, true),
    s("RelaxedServiceNameValidation", false, A, false),
    s("ReloadKubeletServerCertificateFile", true, B, false),
    s("RemoteRequestHeaderUID", true, B, false),
    s("ResilientWatchCacheInitialization", true, G, true),
    s("ResourceHealthStatus", false, A, false),
    s("RestartAllContainersOnContainerExits", false, A, false),
    s("RetryGenerateName", true, G, true),
    s("RotateKubeletServerCertificate", true, B, false),
    s("RuntimeClassInImageCriApi", false, A, false),
    s("SELinuxChangePolicy", true, B, false),
    s("SELinuxMount", false, B, false),
    s("SELinuxMountReadWriteOncePod", true, B, false),
    s("SchedulerAsyncAPICalls", false, B, false),
    s("SchedulerAsyncPreemption", true, B, false),
    s("SchedulerPopFromBackoffQ", true, B, false),
    s("SchedulerQueueingHints", true, G, true),
    s("SeparateCacheWatchRPC", false, D, false),
    s("SeparateTaintEvictionController", true, G, true),
    s("ServiceAccountNodeAudienceRestriction", true, B, false),
    s("ServiceAccountTokenJTI", true, G, true),
    s("ServiceAccountTokenNodeBinding", true, G, true),
    s("ServiceAccountTokenNodeBindingValidation", true, G, true),
    s("ServiceAccountTokenPodNodeInfo", true, G, true),
    s("ServiceTrafficDistribution", true, G, true),
    s("SidecarContainers", true, G, true),
    s("SizeBasedListCostEstimate", true, B, false),
    s("StatefulSetSemanticRevisionComparison", true, B, false),
    s("StorageCapacityScoring", false, A, false),
    s("StorageNamespaceIndex", true, D, false),
    s("StorageVersionAPI", false, A, false),
    s("StorageVersionHash", true, B, false),
    s("StorageVersionMigrator", false, B, false),
    s("StreamingCollectionEncodingToJSON", true, G, true),
    s("StreamingCollectionEncodingToProtobuf", true, G, true),
    s("StrictIPCIDRValidation", false, A, false),
    s("StructuredAuthenticationConfiguration", true, G, true),
    s("StructuredAuthenticationConfigurationEgressSelector", true, B, false),
    s("StructuredAuthenticationConfigurationJWKSMetrics", true, B, false),
    s("StructuredAuthorizationConfiguration", true, G, true),
    s("SupplementalGroupsPolicy", true, G, true),
    s("SystemdWatchdog", true, G, true),
    s("TaintTolerationComparisonOperators", false, A, false),
    s("TokenRequestServiceAccountUIDValidation", true, B, false),
    s("TopologyAwareHints", true, G, true),
    s("TopologyAwareWorkloadScheduling", false, A, false),
    s("TopologyManagerPolicyAlphaOptions", false, A, false),
    s("TopologyManagerPolicyBetaOptions", true, B, false),
    s("TopologyManagerPolicyOptions", true, G, false),
    s("TranslateStreamCloseWebsocketRequests", true, B, false),
    s("UnauthenticatedHTTP2DOSMitigation", true, B, false),
    s("UnknownVersionInteroperabilityProxy", false, A, false),
    s("UserNamespacesHostNetworkSupport", false, A, false),
    s("UserNamespacesSupport", true, B, false),
    s("VolumeAttributesClass", true, G, true),
    s("VolumeLimitScaling", false, A, false),
    s("WatchCacheInitializationPostStartHook", false, B, false),
    s("WatchFromStorageWithoutResourceVersion", false, D, true),
    s("WatchList", true, B, false),
    s("WinDSR", true, G, true),
    s("WinOverlay", true, G, true),
    s("WindowsCPUAndMemoryAffinity", false, A, false),
    s("WindowsGracefulNodeShutdown", true, B, false),
    s("WindowsHostNetwork", false, D, false),
];

/// `defaultKubernetesFeatureGateDependencies` (and the generic apiserver's): a gate that is on
/// needs every gate listed with it on too.
const DEPENDENCIES: &[(&str, &[&str])] = &[
    ("AuthorizeNodeWithSelectors", &["AuthorizeWithSelectors"]),
    ("ClusterTrustBundleProjection", &["ClusterTrustBundle"]),
    ("DRAAdminAccess", &["DynamicResourceAllocation"]),
    ("DRAConsumableCapacity", &["DynamicResourceAllocation"]),
    ("DRADeviceBindingConditions", &["DynamicResourceAllocation", "DRAResourceClaimDeviceStatus"]),
    ("DRADeviceTaintRules", &["DRADeviceTaints"]),
    ("DRADeviceTaints", &["DynamicResourceAllocation"]),
    ("DRAExtendedResource", &["DynamicResourceAllocation"]),
    ("DRAPartitionableDevices", &["DynamicResourceAllocation"]),
    ("DRAPrioritizedList", &["DynamicResourceAllocation"]),
    ("DRASchedulerFilterTimeout", &["DynamicResourceAllocation"]),
    ("DeclarativeValidationTakeover", &["DeclarativeValidation"]),
    ("DisableAllocatorDualWrite", &["MultiCIDRServiceAllocator"]),
    ("GangScheduling", &["GenericWorkload"]),
    ("GracefulNodeShutdownBasedOnPodPriority", &["GracefulNodeShutdown"]),
    ("ImageVolumeWithDigest", &["ImageVolume"]),
    ("InPlacePodLevelResourcesVerticalScaling", &["InPlacePodVerticalScaling", "PodLevelResources", "NodeDeclaredFeatures"]),
    ("InPlacePodVerticalScalingAllocatedStatus", &["InPlacePodVerticalScaling"]),
    ("InPlacePodVerticalScalingExclusiveCPUs", &["InPlacePodVerticalScaling"]),
    ("InPlacePodVerticalScalingExclusiveMemory", &["InPlacePodVerticalScaling", "MemoryManager"]),
    ("MatchLabelKeysInPodTopologySpreadSelectorMerge", &["MatchLabelKeysInPodTopologySpread"]),
    ("PodCertificateRequest", &["AuthorizeNodeWithSelectors"]),
    ("PodLifecycleSleepActionAllowZero", &["PodLifecycleSleepAction"]),
    ("ProcMountType", &["UserNamespacesSupport"]),
    ("ResourceHealthStatus", &["DynamicResourceAllocation"]),
    ("RestartAllContainersOnContainerExits", &["ContainerRestartRules", "NodeDeclaredFeatures"]),
    ("ServiceAccountTokenNodeBinding", &["ServiceAccountTokenNodeBindingValidation"]),
    ("StorageVersionAPI", &["APIServerIdentity"]),
    ("StructuredAuthenticationConfigurationEgressSelector", &["StructuredAuthenticationConfiguration"]),
    ("StructuredAuthenticationConfigurationJWKSMetrics", &["StructuredAuthenticationConfiguration"]),
    ("UnknownVersionInteroperabilityProxy", &["APIServerIdentity"]),
    ("UserNamespacesHostNetworkSupport", &["UserNamespacesSupport"]),
    ("WindowsCPUAndMemoryAffinity", &["MemoryManager"]),
    ("WindowsGracefulNodeShutdown", &["GracefulNodeShutdown"]),
];

/// The gates whose effect podlife models (validation, dropped fields, component behaviour);
/// `podlife feature-gates` lists these and any gate set explicitly.
pub const MODELLED: &[&str] = &[
    "ClusterTrustBundleProjection",
    "ContainerRestartRules",
    "ContainerStopSignals",
    "EnvFiles",
    "GenericWorkload",
    "HostnameOverride",
    "ImageVolume",
    "InPlacePodVerticalScaling",
    "PodCertificateRequest",
    "PodLevelResources",
    "RestartAllContainersOnContainerExits",
    "TaintTolerationComparisonOperators",
    "UserNamespacesSupport",
];

/// The gates in name order (for the tests' and the listing's use).
pub fn spec(name: &str) -> Option<&'static Spec> {
    GATES.iter().find(|g| g.name == name)
}

/// The cluster's feature gates: the values given (`enabledRaw`, in the order given) over the
/// 1.36 defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeatureGates {
    raw: Vec<(String, bool)>,
    enabled: VecMap<&'static str, bool>,
}

/// What a successful `Set` logs (`klog.Warningf` in `unsafeSetFromMap`).
pub type Warnings = Vec<String>;

impl FeatureGates {
    /// Whether a gate is on (`featureEnabled`: the value set, else the default). An unknown
    /// name is off (upstream panics; podlife's components only ask about gates in the table).
    pub fn enabled(&self, name: &str) -> bool {
        if let Some(v) = self.enabled.get(name) {
            return *v;
        }
        spec(name).is_some_and(|g| g.default)
    }

    /// Whether a gate was given a value (`ExplicitlySet`), including through `AllAlpha`/`AllBeta`.
    pub fn explicitly_set(&self, name: &str) -> bool {
        self.raw.iter().any(|(k, _)| k == name)
    }

    /// `Set("A=true,B=false")`: the new values merged into those given before, then all of
    /// them checked again. On error nothing changes. The message is `utilerrors`'s aggregate.
    pub fn set(&mut self, value: &str) -> Result<Warnings, String> {
        let mut m: Vec<(String, bool)> = Vec::new();
        for part in value.split(',') {
            if part.is_empty() {
                continue;
            }
            let (k, v) = match part.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim()),
                None => return Err(format!("missing bool value for {}", part.trim())),
            };
            let b = parse_bool(v).ok_or_else(|| format!("invalid value of {k}={v}, err: strconv.ParseBool: parsing {}: invalid syntax", go_quote(v)))?;
            match m.iter_mut().find(|(name, _)| name == k) {
                Some(e) => e.1 = b,
                None => m.push((k.to_string(), b)),
            }
        }
        let mut raw = self.raw.clone();
        for (k, v) in m {
            match raw.iter_mut().find(|(name, _)| *name == k) {
                Some(e) => e.1 = v,
                None => raw.push((k, v)),
            }
        }
        let (enabled, warnings) = resolve(&raw).map_err(|errs| aggregate(&errs))?;
        self.raw = raw;
        self.enabled = enabled;
        Ok(warnings)
    }

    /// The values given, in the order first given.
    pub fn given(&self) -> &[(String, bool)] {
        &self.raw
    }
}

/// `unsafeSetFromMap` over every value given so far.
fn resolve(raw: &[(String, bool)]) -> Result<(VecMap<&'static str, bool>, Warnings), Vec<String>> {
    let mut errs = Vec::new();
    let mut warnings = Vec::new();
    let mut enabled: VecMap<&'static str, bool> = VecMap::new();
    for (k, v) in raw {
        let Some(g) = spec(k) else {
            // "early return if encounters an unknown feature"
            errs.push(format!("unrecognized feature gate: {k}"));
            return Err(errs);
        };
        if g.locked && g.default != *v {
            errs.push(format!("cannot set feature gate {k} to {v}, feature is locked to {}", g.default));
            continue;
        }
        if matches!(g.name, "AllAlpha" | "AllBeta") {
            let stage = if g.name == "AllAlpha" { Stage::Alpha } else { Stage::Beta };
            for other in GATES.iter().filter(|o| o.stage == stage && !matches!(o.name, "AllAlpha" | "AllBeta")) {
                enabled.entry(other.name).or_insert(*v);
            }
            enabled.insert(g.name, *v);
            continue;
        }
        enabled.insert(g.name, *v);
        match g.stage {
            Stage::Deprecated => warnings.push(format!("Setting deprecated feature gate {k}={v}. It will be removed in a future release.")),
            Stage::Ga => warnings.push(format!("Setting GA feature gate {k}={v}. It will be removed in a future release.")),
            _ => {}
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    // An explicit value wins over AllAlpha/AllBeta whatever the order given.
    for (k, v) in raw {
        if let Some(g) = spec(k) {
            enabled.insert(g.name, *v);
        }
    }
    let on = |name: &str| enabled.get(name).copied().unwrap_or_else(|| spec(name).is_some_and(|g| g.default));
    for (feature, deps) in DEPENDENCIES {
        if !on(feature) {
            continue;
        }
        let disabled: Vec<&str> = deps.iter().copied().filter(|d| !on(d)).collect();
        if !disabled.is_empty() {
            errs.push(format!("{feature} is enabled, but depends on features that are disabled: [{}]", disabled.join(" ")));
        }
    }
    if errs.is_empty() { Ok((enabled, warnings)) } else { Err(errs) }
}

/// `strconv.ParseBool`.
fn parse_bool(v: &str) -> Option<bool> {
    match v {
        "1" | "t" | "T" | "true" | "TRUE" | "True" => Some(true),
        "0" | "f" | "F" | "false" | "FALSE" | "False" => Some(false),
        _ => None,
    }
}

/// Go's `strconv.Quote` for the ASCII a flag holds.
fn go_quote(v: &str) -> String {
    let mut out = String::from("\"");
    for c in v.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `utilerrors.NewAggregate(errs).Error()`: one message alone, several in brackets (repeats
/// dropped).
fn aggregate(errs: &[String]) -> String {
    let mut seen: Vec<&String> = Vec::new();
    for e in errs {
        if !seen.contains(&e) {
            seen.push(e);
        }
    }
    if seen.len() == 1 {
        return seen[0].clone();
    }
    format!("[{}]", seen.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        for w in GATES.windows(2) {
            assert!(w[0].name < w[1].name, "{} before {}", w[0].name, w[1].name);
        }
        for (f, deps) in DEPENDENCIES {
            assert!(spec(f).is_some(), "{f}");
            for d in *deps {
                assert!(spec(d).is_some(), "{d}");
            }
        }
        for m in MODELLED {
            assert!(spec(m).is_some(), "{m}");
        }
    }

    #[test]
    fn defaults_of_1_36() {
        let g = FeatureGates::default();
        assert!(g.enabled("ContainerRestartRules"));
        assert!(!g.enabled("RestartAllContainersOnContainerExits"));
        assert!(!g.enabled("TaintTolerationComparisonOperators"));
        assert!(g.enabled("InPlacePodVerticalScaling"));
        assert!(g.enabled("PodLevelResources"));
        assert!(!g.enabled("ContainerStopSignals"));
    }

    // Error texts of component-base `feature_gate_test.go` (`TestFeatureGateFlag`,
    // `TestFeatureGateSetFromMap`, `TestFeatureGateOverrideDefault`), on 1.36's gates.
    #[test]
    fn set_errors() {
        let mut g = FeatureGates::default();
        assert_eq!(g.set("fooBarBaz=true"), Err("unrecognized feature gate: fooBarBaz".into()));
        assert_eq!(g.set("ContainerRestartRules"), Err("missing bool value for ContainerRestartRules".into()));
        assert_eq!(g.set("ContainerRestartRules=yes"), Err("invalid value of ContainerRestartRules=yes, err: strconv.ParseBool: parsing \"yes\": invalid syntax".into()));
        assert_eq!(g.set("InPlacePodVerticalScaling=false"), Err("cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true".into()));
        assert_eq!(
            g.set("InPlacePodVerticalScaling=false,SidecarContainers=false"),
            Err("[cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true, cannot set feature gate SidecarContainers to false, feature is locked to true]".into())
        );
        assert_eq!(g.set("NodeDeclaredFeatures=false,RestartAllContainersOnContainerExits=true"), Err("[InPlacePodLevelResourcesVerticalScaling is enabled, but depends on features that are disabled: [NodeDeclaredFeatures], RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: [NodeDeclaredFeatures]]".into()));
        // Nothing was kept from the failed calls.
        assert_eq!(g, FeatureGates::default());
        assert_eq!(g.set("RestartAllContainersOnContainerExits=true"), Ok(vec![]));
        assert!(g.enabled("RestartAllContainersOnContainerExits"));
        // A later call is checked with the earlier values.
        assert_eq!(g.set("ContainerRestartRules=false"), Err("RestartAllContainersOnContainerExits is enabled, but depends on features that are disabled: [ContainerRestartRules]".into()));
        assert_eq!(g.set("InPlacePodVerticalScaling=true"), Ok(vec!["Setting GA feature gate InPlacePodVerticalScaling=true. It will be removed in a future release.".to_string()]));
        assert_eq!(g.set("True=1"), Err("unrecognized feature gate: True".into()));
    }

    #[test]
    fn all_alpha() {
        let mut g = FeatureGates::default();
        g.set("AllAlpha=true,TaintTolerationComparisonOperators=false").unwrap();
        assert!(g.enabled("RestartAllContainersOnContainerExits") && g.enabled("ContainerStopSignals"));
        assert!(!g.enabled("TaintTolerationComparisonOperators"));
        assert!(!g.enabled("SELinuxMount"), "a beta gate");
    }
}
