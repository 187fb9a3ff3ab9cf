//! `KubeSchedulerConfiguration` (`kubescheduler.config.k8s.io/v1`): decoding (strict, as the
//! scheduler's codecs are), defaulting, validation and the profile build, each failing with
//! kube-scheduler 1.36's own text. Upstream: `pkg/scheduler/apis/config/v1/defaults.go`,
//! `default_plugins.go` (`mergePlugins`), `validation/validation.go`,
//! `validation_pluginargs.go`, `framework/runtime/framework.go` (`updatePluginList`,
//! `expandMultiPointPlugins`, `getScoreWeights`), `profile/profile.go`.
//!
//! What a profile changes in podlife: which Filter, Score and PostFilter plugins run, score
//! weights, NodeResourcesFit's scoring strategy and resources, InterPodAffinity's
//! hardPodAffinityWeight, VolumeBinding's bindTimeoutSeconds, DefaultPreemption's candidate
//! counts, percentageOfNodesToScore and the queue's back-off. Plugin args that would change behaviour podlife does not model are
//! refused with a podlife message rather than silently ignored.

use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use super::plugins::node_resources_fit::ScoringStrategy;

/// The extension points a profile's `plugins` names, with the Go interface each maps to, in
/// the order the framework builds them (`getExtensionPoints`).
const POINTS: &[(&str, &str)] = &[
    ("preFilter", "PreFilterPlugin"),
    ("filter", "FilterPlugin"),
    ("postFilter", "PostFilterPlugin"),
    ("reserve", "ReservePlugin"),
    ("preScore", "PreScorePlugin"),
    ("score", "ScorePlugin"),
    ("preBind", "PreBindPlugin"),
    ("bind", "BindPlugin"),
    ("postBind", "PostBindPlugin"),
    ("permit", "PermitPlugin"),
    ("preEnqueue", "PreEnqueuePlugin"),
    ("queueSort", "QueueSortPlugin"),
];

/// The in-tree registry: each plugin and the extension points it implements.
const REGISTRY: &[(&str, &[&str])] = &[
    ("PrioritySort", &["queueSort"]),
    ("SchedulingGates", &["preEnqueue"]),
    ("NodeUnschedulable", &["filter"]),
    ("NodeName", &["filter"]),
    ("TaintToleration", &["filter", "preScore", "score"]),
    ("NodeAffinity", &["preFilter", "filter", "preScore", "score"]),
    ("NodePorts", &["preFilter", "filter"]),
    ("NodeResourcesFit", &["preFilter", "filter", "preScore", "score"]),
    ("VolumeRestrictions", &["preFilter", "filter"]),
    ("NodeVolumeLimits", &["preFilter", "filter"]),
    ("VolumeBinding", &["preFilter", "filter", "reserve", "preBind", "preScore", "score"]),
    ("VolumeZone", &["preFilter", "filter"]),
    ("PodTopologySpread", &["preFilter", "filter", "preScore", "score"]),
    ("InterPodAffinity", &["preFilter", "filter", "preScore", "score"]),
    ("DynamicResources", &["preEnqueue", "preFilter", "filter", "postFilter", "reserve", "preBind", "preScore", "score"]),
    ("DefaultPreemption", &["postFilter"]),
    ("NodeResourcesBalancedAllocation", &["preScore", "score"]),
    ("ImageLocality", &["score"]),
    ("DefaultBinder", &["bind"]),
    ("NodeDeclaredFeatures", &["preFilter", "filter"]),
];

/// The 1.36 default profile: every plugin in MultiPoint, with the score weights it sets.
const DEFAULT_MULTI_POINT: &[(&str, i64)] = &[
    ("SchedulingGates", 0),
    ("PrioritySort", 0),
    ("NodeUnschedulable", 0),
    ("NodeName", 0),
    ("TaintToleration", 3),
    ("NodeAffinity", 2),
    ("NodePorts", 0),
    ("NodeResourcesFit", 1),
    ("VolumeRestrictions", 0),
    ("NodeVolumeLimits", 0),
    ("VolumeBinding", 0),
    ("VolumeZone", 0),
    ("PodTopologySpread", 2),
    ("InterPodAffinity", 2),
    ("DynamicResources", 2),
    ("DefaultPreemption", 0),
    ("NodeResourcesBalancedAllocation", 1),
    ("ImageLocality", 1),
    ("DefaultBinder", 0),
    ("NodeDeclaredFeatures", 0),
];

fn implements(plugin: &str, point: &str) -> Option<bool> {
    REGISTRY.iter().find(|(n, _)| *n == plugin).map(|(_, points)| points.contains(&point))
}

/// One profile as the scheduler runs it.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub scheduler_name: String,
    pub percentage_of_nodes_to_score: Option<i64>,
    /// Plugins enabled at Filter (their PreFilter runs with them), in order.
    pub filters: Vec<String>,
    /// Score plugins and their weights, in order.
    pub scores: Vec<(String, i64)>,
    pub post_filters: Vec<String>,
    pub fit_strategy: ScoringStrategy,
    /// NodeResourcesFit's scored resources and weights.
    pub fit_resources: Vec<(String, i64)>,
    pub hard_pod_affinity_weight: i64,
    pub bind_timeout_ms: u64,
    /// DefaultPreemption's `minCandidateNodesPercentage` / `minCandidateNodesAbsolute`.
    pub min_candidate_nodes_percentage: usize,
    pub min_candidate_nodes_absolute: usize,
}

impl Profile {
    pub fn filter_enabled(&self, plugin: &str) -> bool {
        self.filters.iter().any(|p| p == plugin)
    }

    pub fn post_filter_enabled(&self, plugin: &str) -> bool {
        self.post_filters.iter().any(|p| p == plugin)
    }
}

/// The whole configuration: the profiles by name (in file order) and the queue's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct SchedulerConfig {
    pub profiles: Vec<Profile>,
    pub percentage_of_nodes_to_score: i64,
    pub pod_initial_backoff_ms: u64,
    pub pod_max_backoff_ms: u64,
}

impl Default for SchedulerConfig {
    fn default() -> SchedulerConfig {
        let doc = serde_json::json!({"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration"});
        // The built-in default always loads; fall back to an empty profile list only to avoid
        // a panic path.
        load(&doc).unwrap_or(SchedulerConfig { profiles: vec![], percentage_of_nodes_to_score: 0, pod_initial_backoff_ms: 1000, pod_max_backoff_ms: 10_000 })
    }
}

impl SchedulerConfig {
    pub fn profile(&self, scheduler_name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.scheduler_name == scheduler_name)
    }
}

// ---------------------------------------------------------------------------------------
// Strict decoding: the fields each object may have (sigs.k8s.io/json's unknown-field path).

fn check_fields(v: &Value, path: &str, allowed: &[&str], errs: &mut Vec<String>) {
    if let Some(m) = v.as_object() {
        for k in m.keys() {
            if !allowed.contains(&k.as_str()) {
                let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
                errs.push(format!("unknown field \"{p}\""));
            }
        }
    }
}

const TOP_FIELDS: &[&str] = &[
    "apiVersion", "kind", "parallelism", "leaderElection", "clientConnection", "healthzBindAddress", "metricsBindAddress",
    "enableProfiling", "enableContentionProfiling", "percentageOfNodesToScore", "podInitialBackoffSeconds",
    "podMaxBackoffSeconds", "profiles", "extenders", "delayCacheUntilActive",
];
const PROFILE_FIELDS: &[&str] = &["schedulerName", "percentageOfNodesToScore", "plugins", "pluginConfig"];
const PLUGINS_FIELDS: &[&str] = &["preEnqueue", "queueSort", "preFilter", "filter", "postFilter", "preScore", "score", "reserve", "permit", "preBind", "bind", "postBind", "multiPoint"];

fn strict(doc: &Value) -> Vec<String> {
    let mut errs = Vec::new();
    check_fields(doc, "", TOP_FIELDS, &mut errs);
    for (i, p) in doc["profiles"].as_array().into_iter().flatten().enumerate() {
        let base = format!("profiles[{i}]");
        check_fields(p, &base, PROFILE_FIELDS, &mut errs);
        check_fields(&p["plugins"], &format!("{base}.plugins"), PLUGINS_FIELDS, &mut errs);
        for point in PLUGINS_FIELDS {
            let set = &p["plugins"][*point];
            check_fields(set, &format!("{base}.plugins.{point}"), &["enabled", "disabled"], &mut errs);
            for list in ["enabled", "disabled"] {
                for (j, e) in set[list].as_array().into_iter().flatten().enumerate() {
                    check_fields(e, &format!("{base}.plugins.{point}.{list}[{j}]"), &["name", "weight"], &mut errs);
                }
            }
        }
        for (j, c) in p["pluginConfig"].as_array().into_iter().flatten().enumerate() {
            check_fields(c, &format!("{base}.pluginConfig[{j}]"), &["name", "args"], &mut errs);
        }
    }
    errs
}

/// The args kinds podlife decodes, with their fields (nested args errors carry their own
/// prefix, `decoding args for plugin X`).
fn args_fields(plugin: &str) -> Option<&'static [&'static str]> {
    Some(match plugin {
        "NodeResourcesFit" => &["apiVersion", "kind", "scoringStrategy", "ignoredResources", "ignoredResourceGroups"],
        "NodeResourcesBalancedAllocation" => &["apiVersion", "kind", "resources"],
        "InterPodAffinity" => &["apiVersion", "kind", "hardPodAffinityWeight", "ignorePreferredTermsOfExistingPods"],
        "PodTopologySpread" => &["apiVersion", "kind", "defaultConstraints", "defaultingType"],
        "DefaultPreemption" => &["apiVersion", "kind", "minCandidateNodesPercentage", "minCandidateNodesAbsolute"],
        "VolumeBinding" => &["apiVersion", "kind", "bindTimeoutSeconds", "shape"],
        "NodeAffinity" => &["apiVersion", "kind", "addedAffinity"],
        "DynamicResources" => &["apiVersion", "kind", "filterTimeout", "bindingTimeout"],
        _ => return None,
    })
}

fn strict_args(doc: &Value) -> Option<String> {
    for (i, p) in doc["profiles"].as_array().into_iter().flatten().enumerate() {
        for (j, c) in p["pluginConfig"].as_array().into_iter().flatten().enumerate() {
            let name = c["name"].as_str().unwrap_or_default();
            let Some(fields) = args_fields(name) else { continue };
            let mut errs = Vec::new();
            check_fields(&c["args"], "", fields, &mut errs);
            if name == "NodeResourcesFit" {
                check_fields(&c["args"]["scoringStrategy"], "scoringStrategy", &["type", "resources", "requestedToCapacityRatio"], &mut errs);
            }
            if !errs.is_empty() {
                return Some(format!(
                    "strict decoding error: decoding .profiles[{i}].pluginConfig[{j}]: strict decoding error: decoding args for plugin {name}: strict decoding error: {}",
                    errs.join(", ")
                ));
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Defaulting, merge and validation.

#[derive(Debug, Clone)]
struct PluginRef {
    name: String,
    weight: i64,
}

#[derive(Debug, Clone, Default)]
struct PluginSet {
    enabled: Vec<PluginRef>,
    disabled: VecSet<String>,
}

fn plugin_set(v: &Value) -> PluginSet {
    PluginSet {
        enabled: v["enabled"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| PluginRef { name: e["name"].as_str().unwrap_or_default().to_string(), weight: e["weight"].as_i64().unwrap_or(0) })
            .collect(),
        disabled: VecSet::from_iter(v["disabled"].as_array().into_iter().flatten().filter_map(|e| e["name"].as_str().map(str::to_string))),
    }
}

/// `mergePluginSet`: defaults minus the disabled ones, a re-configured default replaced in
/// place (with the user's weight), then the user's other plugins.
fn merge(defaults: &[PluginRef], custom: &PluginSet) -> PluginSet {
    let mut enabled = Vec::new();
    let mut replaced = VecSet::new();
    if !custom.disabled.contains("*") {
        for d in defaults {
            if custom.disabled.contains(&d.name) {
                continue;
            }
            match custom.enabled.iter().position(|c| c.name == d.name) {
                Some(i) => {
                    replaced.insert(i);
                    enabled.push(custom.enabled[i].clone());
                }
                None => enabled.push(d.clone()),
            }
        }
    }
    for (i, c) in custom.enabled.iter().enumerate() {
        if !replaced.contains(&i) {
            enabled.push(c.clone());
        }
    }
    PluginSet { enabled, disabled: custom.disabled.clone() }
}

/// `expandMultiPointPlugins` for one point: overrides (the point's enabled plugins also in
/// MultiPoint) first, then MultiPoint's plugins implementing the point, then the point's own.
fn expand(point: &str, own: &PluginSet, multi: &PluginSet) -> Vec<PluginRef> {
    let own_names: VecSet<&str> = VecSet::from_iter(own.enabled.iter().map(|p| p.name.as_str()));
    let multi_names: VecSet<&str> = VecSet::from_iter(multi.enabled.iter().map(|p| p.name.as_str()));
    let mut out: Vec<PluginRef> = own.enabled.iter().filter(|p| multi_names.contains(p.name.as_str())).cloned().collect();
    if !own.disabled.contains("*") {
        for p in &multi.enabled {
            if implements(&p.name, point) == Some(true) && !own.disabled.contains(&p.name) && !own_names.contains(p.name.as_str()) {
                out.push(p.clone());
            }
        }
    }
    out.extend(own.enabled.iter().filter(|p| !multi_names.contains(p.name.as_str())).cloned());
    out
}

fn range_error(path: &str, v: i64, range: &str) -> String {
    format!("{path}: Invalid value: {v}: not in valid range {range}")
}

/// Go's `%v` of an error aggregate: one message alone, several as `[a, b]`.
fn aggregate(errs: Vec<String>) -> Option<String> {
    let mut seen = VecSet::new();
    let errs: Vec<String> = errs.into_iter().filter(|e| seen.insert(e.clone())).collect();
    match errs.len() {
        0 => None,
        1 => errs.into_iter().next(),
        _ => Some(format!("[{}]", errs.join(", "))),
    }
}

/// `SetDefaults_NodeResourcesFitArgs`, then `ValidateNodeResourcesFitArgs` (run when the
/// plugin is built, with a nil path: `noderesources/fit.go` `NewFit`).
fn fit_args(args: &Value) -> Result<(ScoringStrategy, Vec<(String, i64)>), String> {
    let st = &args["scoringStrategy"];
    // A missing strategy is LeastAllocated; a strategy without a type is the empty type.
    let kind = if st.is_null() { "LeastAllocated" } else { st["type"].as_str().unwrap_or_default() };
    let mut errs = Vec::new();
    for (i, g) in args["ignoredResourceGroups"].as_array().into_iter().flatten().enumerate() {
        if let Some(g) = g.as_str().filter(|g| g.contains('/')) {
            errs.push(format!("ignoredResourceGroups[{i}]: Invalid value: \"{g}\": resource group name can't contain '/'"));
        }
    }
    let mut resources: Vec<(String, i64)> = st["resources"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| (r["name"].as_str().unwrap_or_default().to_string(), r["weight"].as_i64().filter(|w| *w != 0).unwrap_or(1)))
        .collect();
    if resources.is_empty() {
        resources = vec![("cpu".into(), 1), ("memory".into(), 1)];
    }
    if !matches!(kind, "LeastAllocated" | "MostAllocated" | "RequestedToCapacityRatio") {
        errs.push(format!("scoringStrategy.type: Unsupported value: \"{kind}\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\""));
    }
    for (i, (name, w)) in resources.iter().enumerate() {
        if *w <= 0 || *w > 100 {
            errs.push(format!("scoringStrategy.resources[{i}].weight: Invalid value: {w}: resource weight of {name} not in valid range (0, 100]"));
        }
    }
    // `validateFunctionShape`: the first unsorted point, then each point's ranges.
    let rtcr = &st["requestedToCapacityRatio"];
    let shape: Vec<(i64, i64)> = rtcr["shape"].as_array().into_iter().flatten().map(|p| (p["utilization"].as_i64().unwrap_or(0), p["score"].as_i64().unwrap_or(0))).collect();
    if !rtcr.is_null() {
        if shape.is_empty() {
            errs.push("scoringStrategy.shape: Required value: at least one point must be specified".into());
        }
        if let Some(i) = (1..shape.len()).find(|&i| shape[i - 1].0 >= shape[i].0) {
            errs.push(format!("scoringStrategy.shape[{i}].utilization: Invalid value: {}: values must be sorted in increasing order", shape[i].0));
        }
        for (i, (u, s)) in shape.iter().enumerate() {
            if !(0..=100).contains(u) {
                errs.push(range_error(&format!("scoringStrategy.shape[{i}].utilization"), *u, "[0, 100]"));
            }
            if !(0..=10).contains(s) {
                errs.push(range_error(&format!("scoringStrategy.shape[{i}].score"), *s, "[0, 10]"));
            }
        }
    }
    if let Some(e) = aggregate(errs) {
        return Err(e);
    }
    let strategy = match kind {
        "MostAllocated" => ScoringStrategy::MostAllocated,
        // Upstream dereferences the missing parameter; podlife says so instead.
        "RequestedToCapacityRatio" if rtcr.is_null() => return Err(podlife_only("type RequestedToCapacityRatio without requestedToCapacityRatio (kube-scheduler itself fails on it)")),
        "RequestedToCapacityRatio" => ScoringStrategy::RequestedToCapacityRatio(shape),
        _ => ScoringStrategy::LeastAllocated,
    };
    Ok((strategy, resources))
}

/// Loads a configuration document (already parsed from YAML). `Err` is the text kube-scheduler
/// logs before it exits (`"command failed" err="…"`).
pub fn load(doc: &Value) -> Result<SchedulerConfig, String> {
    if doc["apiVersion"] != "kubescheduler.config.k8s.io/v1" || doc["kind"] != "KubeSchedulerConfiguration" {
        let version = doc["apiVersion"].as_str().unwrap_or_default();
        let kind = doc["kind"].as_str().unwrap_or_default();
        return Err(format!("no kind \"{kind}\" is registered for version \"{version}\" in scheme \"pkg/scheduler/apis/config/scheme/scheme.go:30\""));
    }
    let unknown = strict(doc);
    if !unknown.is_empty() {
        return Err(format!("strict decoding error: {}", unknown.join(", ")));
    }
    if let Some(e) = strict_args(doc) {
        return Err(e);
    }
    // Defaulting: nil fields only (an explicit 0 is kept and validated).
    let percentage = doc["percentageOfNodesToScore"].as_i64().unwrap_or(0);
    let initial = doc["podInitialBackoffSeconds"].as_i64().unwrap_or(1);
    let max = doc["podMaxBackoffSeconds"].as_i64().unwrap_or(10);
    let mut profiles_doc: Vec<Value> = doc["profiles"].as_array().cloned().unwrap_or_default();
    if profiles_doc.is_empty() {
        profiles_doc.push(serde_json::json!({}));
    }
    if profiles_doc.len() == 1 && profiles_doc[0]["schedulerName"].is_null() {
        profiles_doc[0]["schedulerName"] = Value::from(super::SCHEDULER_NAME);
    }
    // ValidateKubeSchedulerConfiguration, in its order.
    let mut errs = Vec::new();
    if let Some(p) = doc["parallelism"].as_i64().filter(|p| *p <= 0) {
        errs.push(format!("parallelism: Invalid value: {p}: should be an integer value greater than zero"));
    }
    let mut names = VecSet::new();
    for (i, p) in profiles_doc.iter().enumerate() {
        let name = p["schedulerName"].as_str().unwrap_or_default();
        if name.is_empty() {
            errs.push(format!("profiles[{i}].schedulerName: Required value"));
        }
        if let Some(pct) = p["percentageOfNodesToScore"].as_i64().filter(|v| !(0..=100).contains(v)) {
            errs.push(range_error(&format!("profiles[{i}].percentageOfNodesToScore"), pct, "[0-100]"));
        }
        let mut configured = VecSet::new();
        for (j, c) in p["pluginConfig"].as_array().into_iter().flatten().enumerate() {
            let plugin = c["name"].as_str().unwrap_or_default();
            if !configured.insert(plugin.to_string()) {
                errs.push(format!("profiles[{i}].pluginConfig[{j}]: Duplicate value: \"{plugin}\""));
            }
            let path = format!("profiles[{i}].pluginConfig[{j}].args");
            let args = &c["args"];
            match plugin {
                "InterPodAffinity" => {
                    if let Some(w) = args["hardPodAffinityWeight"].as_i64().filter(|w| !(0..=100).contains(w)) {
                        errs.push(range_error(&format!("{path}.hardPodAffinityWeight"), w, "[0, 100]"));
                    }
                }
                "NodeResourcesBalancedAllocation" => {
                    let mut seen = VecSet::new();
                    for (k, r) in args["resources"].as_array().into_iter().flatten().enumerate() {
                        let w = r["weight"].as_i64().unwrap_or(1);
                        if w != 1 && w != 0 {
                            errs.push(format!("{path}.resources[{k}].weight: Invalid value: {w}: must be 1"));
                        }
                        let n = r["name"].as_str().unwrap_or_default();
                        if !seen.insert(n.to_string()) {
                            errs.push(format!("{path}.resources[{k}].name: Duplicate value: \"{n}\""));
                        }
                    }
                }
                "PodTopologySpread" => {
                    if let Some(t) = args["defaultingType"].as_str().filter(|t| !matches!(*t, "System" | "List")) {
                        errs.push(format!("{path}.defaultingType: Unsupported value: \"{t}\": supported values: \"System\", \"List\""));
                    }
                }
                "VolumeBinding" => {
                    if let Some(t) = args["bindTimeoutSeconds"].as_i64().filter(|t| *t < 0) {
                        errs.push(format!("{path}.bindTimeoutSeconds: Invalid value: {t}: invalid BindTimeoutSeconds, should not be a negative value"));
                    }
                }
                "DefaultPreemption" => {
                    let pct = args["minCandidateNodesPercentage"].as_i64().unwrap_or(10);
                    let abs = args["minCandidateNodesAbsolute"].as_i64().unwrap_or(100);
                    if !(0..=100).contains(&pct) {
                        errs.push(range_error(&format!("{path}.minCandidateNodesPercentage"), pct, "[0, 100]"));
                    }
                    if abs < 0 {
                        errs.push(range_error(&format!("{path}.minCandidateNodesAbsolute"), abs, "[0, inf)"));
                    }
                    if pct == 0 && abs == 0 {
                        errs.push(format!("{path}.minCandidateNodesPercentage: Invalid value: 0: cannot be zero at the same time as minCandidateNodesAbsolute"));
                        errs.push(format!("{path}.minCandidateNodesAbsolute: Invalid value: 0: cannot be zero at the same time as minCandidateNodesPercentage"));
                    }
                }
                _ => {}
            }
        }
        if !name.is_empty() && !names.insert(name.to_string()) {
            errs.push(format!("profiles[{i}].schedulerName: Duplicate value: {{}}"));
        }
    }
    if !(0..=100).contains(&percentage) {
        errs.push(range_error("percentageOfNodesToScore", percentage, "[0-100]"));
    }
    if initial <= 0 {
        errs.push(format!("podInitialBackoffSeconds: Invalid value: {initial}: must be greater than 0"));
    }
    if max < initial {
        errs.push(format!("podMaxBackoffSeconds: Invalid value: {max}: must be greater than or equal to PodInitialBackoffSeconds"));
    }
    if let Some(e) = aggregate(errs) {
        return Err(e);
    }
    let mut profiles = Vec::new();
    for p in &profiles_doc {
        let name = p["schedulerName"].as_str().unwrap_or_default().to_string();
        profiles.push(build_profile(p).map_err(|e| format!("initializing profiles: creating profile for scheduler name {name}: {e}"))?);
    }
    // One queue: every profile must sort the same way (PrioritySort is the only QueueSort).
    Ok(SchedulerConfig {
        profiles,
        percentage_of_nodes_to_score: percentage,
        pod_initial_backoff_ms: initial.unsigned_abs().saturating_mul(1000),
        pod_max_backoff_ms: max.unsigned_abs().saturating_mul(1000),
    })
}

/// `NewFramework` for one profile: plugin lists per point, score weights, plugin args.
fn build_profile(p: &Value) -> Result<Profile, String> {
    let defaults: Vec<PluginRef> = DEFAULT_MULTI_POINT.iter().map(|(n, w)| PluginRef { name: n.to_string(), weight: *w }).collect();
    let plugins = &p["plugins"];
    let multi = merge(&defaults, &plugin_set(&plugins["multiPoint"]));
    let mut per_point: VecMap<&str, Vec<PluginRef>> = VecMap::new();
    // Per-point sets are checked first, in the framework's order.
    for (point, iface) in POINTS {
        let own = plugin_set(&plugins[*point]);
        for e in &own.enabled {
            match implements(&e.name, point) {
                None => return Err(format!("{iface} \"{}\" does not exist", e.name)),
                Some(false) => return Err(format!("plugin \"{}\" does not extend {iface} plugin", e.name)),
                Some(true) => {}
            }
        }
        per_point.insert(point, expand(point, &own, &multi));
    }
    if let Some(unknown) = multi.enabled.iter().find(|e| implements(&e.name, "filter").is_none()) {
        return Err(format!("PreFilterPlugin \"{}\" does not exist", unknown.name));
    }
    let mut seen = VecSet::new();
    if let Some(dup) = multi.enabled.iter().find(|e| !seen.insert(e.name.clone())) {
        return Err(format!("plugin \"{}\" already registered as \"PreFilterPlugin\"", dup.name));
    }
    let name = p["schedulerName"].as_str().unwrap_or_default();
    let queue_sort = per_point.get("queueSort").map_or(0, Vec::len);
    if queue_sort != 1 {
        return Err(format!("only one queue sort plugin required for profile with scheduler name \"{name}\", but got {queue_sort}"));
    }
    if per_point.get("bind").is_none_or(Vec::is_empty) {
        return Err(format!("at least one bind plugin is needed for profile with scheduler name \"{name}\""));
    }
    // `getScoreWeights`: the score point's weight wins over MultiPoint's; 0 or unset is 1.
    let own_score = plugin_set(&plugins["score"]);
    let mut weights: VecMap<String, i64> = VecMap::new();
    for e in own_score.enabled.iter().chain(multi.enabled.iter()) {
        weights.entry(e.name.clone()).or_insert(if e.weight == 0 { 1 } else { e.weight });
    }
    let names = |point: &str| -> Vec<String> { per_point.get(point).map(|v| v.iter().map(|p| p.name.clone()).collect()).unwrap_or_default() };
    let scores = names("score").into_iter().map(|n| {
        let w = weights.get(&n).copied().unwrap_or(1);
        (n, w)
    });
    let args = |plugin: &str| p["pluginConfig"].as_array().into_iter().flatten().find(|c| c["name"] == plugin).map(|c| c["args"].clone()).unwrap_or(Value::Null);
    let (fit_strategy, fit_resources) = fit_args(&args("NodeResourcesFit")).map_err(|e| format!("initializing plugin \"NodeResourcesFit\": {e}"))?;
    not_modelled(&args("PodTopologySpread"), "PodTopologySpread", &[("defaultingType", Value::from("System"))])?;
    not_modelled(&args("NodeAffinity"), "NodeAffinity", &[])?;
    let balanced = args("NodeResourcesBalancedAllocation");
    if let Some(rs) = balanced["resources"].as_array() {
        let names: Vec<&str> = rs.iter().filter_map(|r| r["name"].as_str()).collect();
        if names != ["cpu", "memory"] {
            return Err(podlife_only("NodeResourcesBalancedAllocation resources other than cpu and memory"));
        }
    }
    if args("InterPodAffinity")["ignorePreferredTermsOfExistingPods"] == true {
        return Err(podlife_only("InterPodAffinity ignorePreferredTermsOfExistingPods"));
    }
    Ok(Profile {
        scheduler_name: name.to_string(),
        percentage_of_nodes_to_score: p["percentageOfNodesToScore"].as_i64(),
        filters: names("filter"),
        scores: scores.filter(|(n, _)| !matches!(n.as_str(), "VolumeBinding" | "DynamicResources")).collect(),
        post_filters: names("postFilter"),
        fit_strategy,
        fit_resources,
        hard_pod_affinity_weight: args("InterPodAffinity")["hardPodAffinityWeight"].as_i64().unwrap_or(1),
        bind_timeout_ms: args("VolumeBinding")["bindTimeoutSeconds"].as_u64().unwrap_or(600).saturating_mul(1000),
        min_candidate_nodes_percentage: args("DefaultPreemption")["minCandidateNodesPercentage"].as_u64().unwrap_or(10) as usize,
        min_candidate_nodes_absolute: args("DefaultPreemption")["minCandidateNodesAbsolute"].as_u64().unwrap_or(100) as usize,
    })
}

/// A podlife refusal (not a kube-scheduler text): the setting is valid but would change
/// behaviour podlife does not model.
fn podlife_only(what: &str) -> String {
    format!("podlife does not model {what} yet")
}

fn not_modelled(args: &Value, plugin: &str, defaults: &[(&str, Value)]) -> Result<(), String> {
    let Some(m) = args.as_object() else { return Ok(()) };
    for (k, v) in m {
        if matches!(k.as_str(), "apiVersion" | "kind") || defaults.iter().any(|(d, dv)| d == k && dv == v) {
            continue;
        }
        return Err(podlife_only(&format!("{plugin} args field {k}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(extra: Value) -> Value {
        let mut d = json!({"apiVersion": "kubescheduler.config.k8s.io/v1", "kind": "KubeSchedulerConfiguration"});
        if let (Some(m), Some(e)) = (d.as_object_mut(), extra.as_object()) {
            m.extend(e.clone());
        }
        d
    }

    #[test]
    fn the_default_profile_matches_1_36() {
        let c = SchedulerConfig::default();
        let p = c.profile("default-scheduler").expect("default profile");
        assert_eq!(p.filters, ["NodeUnschedulable", "NodeName", "TaintToleration", "NodeAffinity", "NodePorts", "NodeResourcesFit", "VolumeRestrictions", "NodeVolumeLimits", "VolumeBinding", "VolumeZone", "PodTopologySpread", "InterPodAffinity", "DynamicResources", "NodeDeclaredFeatures"]);
        let scores: Vec<(&str, i64)> = p.scores.iter().map(|(n, w)| (n.as_str(), *w)).collect();
        assert_eq!(scores, [("TaintToleration", 3), ("NodeAffinity", 2), ("NodeResourcesFit", 1), ("PodTopologySpread", 2), ("InterPodAffinity", 2), ("NodeResourcesBalancedAllocation", 1), ("ImageLocality", 1)]);
        assert_eq!(p.post_filters, ["DynamicResources", "DefaultPreemption"]);
        assert_eq!((c.pod_initial_backoff_ms, c.pod_max_backoff_ms, c.percentage_of_nodes_to_score), (1000, 10_000, 0));
    }

    #[test]
    fn weights_follow_get_score_weights() {
        // Re-configuring a default in multiPoint without a weight drops it to 1.
        let c = load(&doc(json!({"profiles": [{"schedulerName": "a", "plugins": {"multiPoint": {"enabled": [{"name": "TaintToleration"}]}, "score": {"enabled": [{"name": "ImageLocality", "weight": 5}], "disabled": [{"name": "NodeResourcesBalancedAllocation"}]}}}]}))).unwrap();
        let p = &c.profiles[0];
        let w = |n: &str| p.scores.iter().find(|(s, _)| s == n).map(|(_, w)| *w);
        assert_eq!(w("TaintToleration"), Some(1));
        assert_eq!(w("ImageLocality"), Some(5));
        assert_eq!(w("NodeResourcesBalancedAllocation"), None);
        // The override runs first at Score.
        assert_eq!(p.scores[0].0, "ImageLocality");
    }

    #[test]
    fn errors_read_as_kube_scheduler_prints_them() {
        let e = |extra: Value| load(&doc(extra)).unwrap_err();
        assert_eq!(e(json!({"percentageOfNodeToScore": 50})), "strict decoding error: unknown field \"percentageOfNodeToScore\"");
        assert_eq!(e(json!({"percentageOfNodesToScore": 101})), "percentageOfNodesToScore: Invalid value: 101: not in valid range [0-100]");
        assert_eq!(e(json!({"podInitialBackoffSeconds": 0, "podMaxBackoffSeconds": 0})), "podInitialBackoffSeconds: Invalid value: 0: must be greater than 0");
        assert_eq!(e(json!({"podInitialBackoffSeconds": 5, "podMaxBackoffSeconds": 2})), "podMaxBackoffSeconds: Invalid value: 2: must be greater than or equal to PodInitialBackoffSeconds");
        assert_eq!(e(json!({"profiles": [{"schedulerName": "a"}, {}]})), "profiles[1].schedulerName: Required value");
        assert_eq!(e(json!({"profiles": [{"schedulerName": "a"}, {"schedulerName": "a"}]})), "profiles[1].schedulerName: Duplicate value: {}");
        assert_eq!(
            e(json!({"profiles": [{"schedulerName": "x", "plugins": {"multiPoint": {"enabled": [{"name": "NodeNumber"}]}}}]})),
            "initializing profiles: creating profile for scheduler name x: PreFilterPlugin \"NodeNumber\" does not exist"
        );
        assert_eq!(
            e(json!({"profiles": [{"schedulerName": "x", "plugins": {"filter": {"enabled": [{"name": "ImageLocality"}]}}}]})),
            "initializing profiles: creating profile for scheduler name x: plugin \"ImageLocality\" does not extend FilterPlugin plugin"
        );
        assert_eq!(
            e(json!({"profiles": [{"schedulerName": "bin-packing", "plugins": {"multiPoint": {"disabled": [{"name": "*"}]}}}]})),
            "initializing profiles: creating profile for scheduler name bin-packing: only one queue sort plugin required for profile with scheduler name \"bin-packing\", but got 0"
        );
        assert_eq!(
            e(json!({"profiles": [{"schedulerName": "x", "pluginConfig": [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {"type": "Foo"}}}]}]})),
            "initializing profiles: creating profile for scheduler name x: initializing plugin \"NodeResourcesFit\": scoringStrategy.type: Unsupported value: \"Foo\": supported values: \"LeastAllocated\", \"MostAllocated\", \"RequestedToCapacityRatio\""
        );
        assert_eq!(
            e(json!({"profiles": [{"schedulerName": "x", "pluginConfig": [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {"type": "RequestedToCapacityRatio", "requestedToCapacityRatio": {"shape": [{"utilization": 0, "score": 0}, {"utilization": 0, "score": 11}]}}}}]}]})),
            "initializing profiles: creating profile for scheduler name x: initializing plugin \"NodeResourcesFit\": [scoringStrategy.shape[1].utilization: Invalid value: 0: values must be sorted in increasing order, scoringStrategy.shape[1].score: Invalid value: 11: not in valid range [0, 10]]"
        );
    }

    #[test]
    fn most_allocated_is_selectable() {
        let c = load(&doc(json!({"profiles": [{"schedulerName": "default-scheduler", "pluginConfig": [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {"type": "MostAllocated", "resources": [{"name": "cpu", "weight": 2}, {"name": "memory"}]}}}]}]}))).unwrap();
        assert_eq!(c.profiles[0].fit_strategy, ScoringStrategy::MostAllocated);
        assert_eq!(c.profiles[0].fit_resources, [("cpu".to_string(), 2), ("memory".to_string(), 1)]);
    }

    #[test]
    fn odd_shapes_are_errors_or_defaults_never_panics() {
        let odd = [
            json!({"profiles": "x"}),
            json!({"profiles": [1, null, "a"]}),
            json!({"profiles": [{"schedulerName": 5, "plugins": 3}]}),
            json!({"profiles": [{"schedulerName": "a", "plugins": {"score": {"enabled": "x", "disabled": [1]}}}]}),
            json!({"profiles": [{"schedulerName": "a", "pluginConfig": [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {"type": "RequestedToCapacityRatio", "requestedToCapacityRatio": {"shape": "x"}}}}]}]}),
            json!({"profiles": [{"schedulerName": "a", "pluginConfig": [{"name": "NodeResourcesFit", "args": {"scoringStrategy": {"resources": [{"name": "cpu", "weight": -9223372036854775807_i64}]}}}]}]}),
            json!({"podInitialBackoffSeconds": 9223372036854775807_i64, "podMaxBackoffSeconds": 9223372036854775807_i64}),
            json!({"percentageOfNodesToScore": "50"}),
        ];
        for extra in odd {
            let _ = load(&doc(extra));
        }
        assert!(load(&json!("text")).is_err());
        assert!(load(&json!({"apiVersion": "kubescheduler.config.k8s.io/v1beta3", "kind": "KubeSchedulerConfiguration"})).is_err());
    }
}
