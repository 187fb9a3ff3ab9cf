//! The horizontal pod autoscaler controller (upstream `pkg/controller/podautoscaler/
//! horizontal.go`, `replica_calculator.go`, `metrics/client.go`; kube-controller-manager's
//! defaults: `--horizontal-pod-autoscaler-sync-period` 15 s, tolerance 0.1, CPU
//! initialization period 5 min, initial readiness delay 30 s, downscale stabilization 5 min).
//!
//! Each HorizontalPodAutoscaler is a work-queue key added with the HPA rate limiter (a fixed
//! 15 s delay; a key already waiting is not added again), so a new HPA is first synced 15 s
//! after it appears and then every 15 s. A sync reads the target's `scale` subresource, asks
//! the metrics for a replica count per metric (the largest wins), stabilizes it (without
//! `behavior`: the highest recommendation of the last 5 minutes, scale-up at most
//! max(2 × current, 4); with `behavior`: both directions' windows and rate policies), clamps it
//! to min/max, writes the scale when it changes, and the status with the `AbleToScale`,
//! `ScalingActive` and `ScalingLimited` conditions.
//!
//! Resource metrics come from `metrics.k8s.io` as metrics-server serves it
//! (`metrics_server.rs`: absent without the add-on, 503 while its pod is not Ready); the
//! custom and external metrics APIs are never registered here, so Pods, Object and External
//! metrics fail as they do on a cluster without an adapter.
//!
//! A loop of kube-controller-manager (`manager.rs`): its queue, recommendations and recorder
//! are the process's memory, an HPA's sync its own timer; it reads the metrics API and the
//! process's feature gates through its context. A sync that repeats the one before is
//! replayed by quiet stretches instead of run (`repeat.rs`).

mod repeat;
pub(crate) use repeat::{Now as RepeatView, matched as matched_usage};

use serde_json::Value;

use super::controller_request;
use crate::apiserver::{Response, Verb};
use crate::clock::Time;
use crate::record::{Involved, Note, Source};
use crate::metrics_server::MetricsApi;
use crate::store::{EventType, ObjectKey, WatchEvent};
use crate::vecmap::{VecMap, VecSet};

pub const SA: &str = "horizontal-pod-autoscaler";
/// `--horizontal-pod-autoscaler-sync-period`.
pub const SYNC_PERIOD_MS: u64 = 15_000;
const TOLERANCE: f64 = 0.1;
const CPU_INITIALIZATION_MS: u64 = 5 * 60_000;
const INITIAL_READINESS_DELAY_MS: u64 = 30_000;
const DOWNSCALE_STABILIZATION_S: i64 = 300;

type Key = (String, String);

/// The controller's memory: the queue, recommendations and scale events per HPA (lost when
/// kube-controller-manager restarts, as upstream's maps are), and its event recorder.
#[derive(Debug, Clone, Default)]
pub struct HpaController {
    queued: VecSet<Key>,
    recommendations: VecMap<Key, Vec<(i64, Time)>>,
    /// Scale events (replica change, time), up and down, kept for the longest policy period.
    scale_events: VecMap<Key, [Vec<(i64, Time)>; 2]>,
    recorder: crate::record::Recorder,
    /// What the current sync did, and the HPAs whose next syncs repeat their last
    /// (`repeat.rs`).
    watch: Option<repeat::SyncWatch>,
    repeating: VecMap<Key, repeat::Repeat>,
}

/// The controller's one timer: an HPA's (namespace, name) sync is due.
#[derive(Debug, Clone)]
pub(crate) struct SyncHpa(pub(crate) Box<Key>);

type Cx<'a> = crate::component::Cx<'a, SyncHpa>;

impl HpaController {
    pub fn reset(&mut self) {
        self.queued.clear();
        self.recommendations.clear();
        self.scale_events.clear();
        self.watch = None;
        self.repeating.clear();
    }

    /// A delivery to kube-controller-manager: an HPA added or changed is synced a period later.
    pub(crate) fn observe(&mut self, cx: &mut Cx<'_>, event: &WatchEvent) {
        if let Some(key) = observe(self, event) {
            let at = cx.now().plus_millis(SYNC_PERIOD_MS);
            cx.after(at, SyncHpa(Box::new(key)));
        }
    }

    /// An HPA's turn (kube-controller-manager still running: else its memory went).
    #[inline(never)]
    pub(crate) fn on_timer(&mut self, cx: &mut Cx<'_>, SyncHpa(key): SyncHpa) {
        if cx.running() {
            sync(self, cx, *key);
        } else {
            self.reset();
        }
    }
}

/// An HPA added or changed: its key, when it is not waiting already (`AddRateLimited`).
fn observe(state: &mut HpaController, event: &WatchEvent) -> Option<Key> {
    if (event.key.group, event.key.resource) != ("autoscaling", "horizontalpodautoscalers") || event.event_type == EventType::Deleted {
        return None;
    }
    let key = (event.key.namespace.clone(), event.key.name.clone());
    state.queued.insert(key.clone()).then_some(key)
}

fn event(st: &mut HpaController, cx: &mut Cx<'_>, hpa: &Value, kind: &str, reason: &str, message: &str) {
    let now = cx.now();
    let ns = hpa["metadata"]["namespace"].as_str().unwrap_or_default().to_string();
    let view = crate::Obj::untyped(hpa);
    let involved = Involved { kind: "HorizontalPodAutoscaler", api_version: "autoscaling/v2", object: &view, field_path: None };
    let (note, source) = (Note { kind, reason, message }, Source { component: SA, host: None });
    let written = st.recorder.record_about(involved, note, source, now);
    st.watch_event(kind, reason, message, written.is_some());
    let Some(write) = written else { return };
    crate::record::sink(&write, &|verb, name, body| controller_request(SA, verb, "events", Some(&ns), name.unwrap_or_default(), body), &mut |r| cx.request(r));
}

/// `setConditionInList`: the transition time moves only with the status.
fn set_condition(hpa: &mut Value, kind: &str, status: bool, reason: &str, message: &str, now: Time) {
    let status = if status { "True" } else { "False" };
    if !hpa["status"]["conditions"].is_array() {
        hpa["status"]["conditions"] = json!([]);
    }
    let Some(list) = hpa["status"]["conditions"].as_array_mut() else { return };
    let i = match list.iter().position(|c| c["type"] == kind) {
        Some(i) => i,
        None => {
            list.push(json!({"type": kind}));
            list.len() - 1
        }
    };
    let c = &mut list[i];
    if c["status"] != status {
        c["lastTransitionTime"] = json!(now.rfc3339());
    }
    c["status"] = json!(status);
    c["reason"] = json!(reason);
    c["message"] = json!(message);
}

/// Which pods a metric counts (`groupPods`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Ready,
    Unready,
    Missing,
}

/// One pod in a replica calculation: its group, its metric (milli-units) when it has one,
/// and its request of the resource (milli-units).
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub group: Group,
    pub value: i64,
    pub request: i64,
}

/// `tolerances.isWithin`: (scale-down, scale-up) tolerance around a ratio of 1.
fn within(ratio: f64, tol: (f64, f64)) -> bool {
    1.0 - tol.0 <= ratio && ratio <= 1.0 + tol.1
}

/// `GetResourceUtilizationRatio` (`target` Some: utilization percent) or
/// `GetMetricUsageRatio` (None: `target_value` per pod): the ratio, the utilization and the
/// average raw value, over the pods in `samples` with a metric.
fn ratio(samples: &[Sample], target: Option<i64>, target_value: i64) -> Result<(f64, i64, i64), String> {
    let (total, requests, n) = samples.iter().fold((0i64, 0i64, 0i64), |(t, r, n), s| (t + s.value, r + s.request, n + 1));
    match target {
        Some(t) => {
            if requests == 0 {
                return Err("no metrics returned matched known pods".into());
            }
            let utilization = total * 100 / requests;
            Ok((utilization as f64 / t as f64, utilization, total / n.max(1)))
        }
        None => {
            let usage = total / n.max(1);
            Ok((usage as f64 / target_value as f64, 0, usage))
        }
    }
}

/// The replica count for one resource metric (`GetResourceReplicas` with `target` the
/// utilization, `calcPlainMetricReplicas` with `target_value`): returns (replicas,
/// utilization, raw average).
pub fn replicas_for(current: i64, samples: &[Sample], target: Option<i64>, target_value: i64, tol: (f64, f64)) -> Result<(i64, i64, i64), String> {
    let counted: Vec<Sample> = samples.iter().copied().filter(|s| s.group == Group::Ready).collect();
    if counted.is_empty() {
        return Err("did not receive metrics for targeted pods (pods might be unready)".into());
    }
    let (usage_ratio, utilization, raw) = ratio(&counted, target, target_value)?;
    let unready = samples.iter().filter(|s| s.group == Group::Unready).count();
    let missing: Vec<&Sample> = samples.iter().filter(|s| s.group == Group::Missing).collect();
    let up_with_unready = unready > 0 && usage_ratio > 1.0;
    if !up_with_unready && missing.is_empty() {
        if within(usage_ratio, tol) {
            return Ok((current, utilization, raw));
        }
        return Ok(((usage_ratio * counted.len() as f64).ceil() as i64, utilization, raw));
    }
    let mut all = counted.clone();
    for s in missing {
        // On a scale-down missing pods use exactly the target (utilization: at least 100 %),
        // on a scale-up nothing.
        let value = match (usage_ratio < 1.0, target) {
            (true, Some(t)) => s.request * t.max(100) / 100,
            (true, None) => target_value,
            (false, _) => 0,
        };
        all.push(Sample { group: Group::Ready, value, request: s.request });
    }
    if up_with_unready {
        all.extend(samples.iter().filter(|s| s.group == Group::Unready).map(|s| Sample { group: Group::Ready, value: 0, request: s.request }));
    }
    let (new_ratio, _, _) = ratio(&all, target, target_value)?;
    if within(new_ratio, tol) || (usage_ratio < 1.0 && new_ratio > 1.0) || (usage_ratio > 1.0 && new_ratio < 1.0) {
        return Ok((current, utilization, raw));
    }
    let replicas = (new_ratio * all.len() as f64).ceil() as i64;
    if (new_ratio < 1.0 && replicas > current) || (new_ratio > 1.0 && replicas < current) {
        return Ok((current, utilization, raw));
    }
    Ok((replicas, utilization, raw))
}

fn quantity_milli(text: Option<&str>) -> Option<i64> {
    text.and_then(|s| podlife_model::quantity::Quantity::parse(s).ok()).map(|q| q.milli_value())
}

fn milli_text(v: i64) -> String {
    podlife_model::quantity::Quantity::new_milli(v, podlife_model::quantity::Format::DecimalSI).to_string()
}

/// What the metrics API answers for `kind` (`pods.metrics.k8s.io`) when it does not serve.
fn api_error(api: MetricsApi) -> Option<&'static str> {
    match api {
        MetricsApi::Absent => Some("the server could not find the requested resource (get pods.metrics.k8s.io)"),
        MetricsApi::Unavailable => Some("the server is currently unable to handle the request (get pods.metrics.k8s.io)"),
        MetricsApi::Serving { .. } => None,
    }
}

/// A resource metric (`computeStatusForResourceMetricGeneric`): the proposal, its name and
/// the current value; errors as the replica calculator words them.
#[allow(clippy::too_many_arguments)]
/// `api` and `usage` are what the metrics API answered (the usage of the matched pods).
fn resource_metric(now: Time, api: MetricsApi, usage: &[crate::metrics_server::PodUsage], pods: &[std::sync::Arc<crate::Obj>], current: i64, resource: &str, container: Option<&str>, target: &Value, tol: (f64, f64)) -> Result<(i64, String, Value), String> {
    let utilization = target["averageUtilization"].as_i64();
    let value = quantity_milli(target["averageValue"].as_str());
    let what = if value.is_some() { "usage" } else { "utilization" };
    if value.is_none() && utilization.is_none() {
        return Err("invalid resource metric source: neither an average utilization target nor an average value (usage) target was set".into());
    }
    let fail = |m: String| format!("failed to get {resource} {what}: {m}");
    if let Some(err) = api_error(api) {
        return Err(fail(format!("unable to get metrics for resource {resource}: unable to fetch metrics from resource metrics API: {err}")));
    }
    let MetricsApi::Serving { last } = api else { return Err(String::new()) };
    // `resourceMetricsClient.GetResourceMetric`: the pods' metrics in milli-units (CPU
    // nanocores rounded up, memory bytes × 1000), by pod name.
    let mut metrics: VecMap<String, i64> = VecMap::new();
    for p in usage {
        let mut sum = 0i64;
        let mut found = container.is_none();
        for c in p.containers.iter().filter(|c| container.is_none_or(|n| n == c.name)) {
            found = true;
            sum += if resource == "cpu" { c.cpu_nanocores.div_ceil(1_000_000) as i64 } else { c.memory_bytes as i64 * 1000 };
        }
        if found {
            metrics.insert(p.name.clone(), sum);
        }
    }
    if metrics.is_empty() {
        return Err(fail(format!("unable to get metrics for resource {resource}: no metrics returned from resource metrics API")));
    }
    if pods.is_empty() {
        return Err(fail("no pods returned by selector while calculating replica count".into()));
    }
    let mut samples = Vec::new();
    for pod in pods {
        let name = pod["metadata"]["name"].as_str().unwrap_or_default();
        // `groupPods`: deleted and failed pods are ignored, pending ones unready.
        if !pod["metadata"]["deletionTimestamp"].is_null() || pod["status"]["phase"] == "Failed" {
            continue;
        }
        let mut request = 0i64;
        if value.is_none() {
            // `calculatePodRequests`: the containers and restartable init containers.
            let spec = &pod["spec"];
            let sidecars = spec["initContainers"].as_array().into_iter().flatten().filter(|c| c["restartPolicy"] == "Always");
            for c in spec["containers"].as_array().into_iter().flatten().chain(sidecars) {
                if container.is_none_or(|n| c["name"] == n) {
                    match quantity_milli(c["resources"]["requests"][resource].as_str()) {
                        Some(r) => request += r,
                        None => return Err(fail(format!("missing request for {resource} in container {} of Pod {name}", c["name"].as_str().unwrap_or_default()))),
                    }
                }
            }
        }
        let metric = metrics.get(name).copied();
        let group = if pod["status"]["phase"] == "Pending" {
            Group::Unready
        } else if metric.is_none() {
            Group::Missing
        } else if resource == "cpu" {
            let ready = pod["status"]["conditions"].as_array().and_then(|cs| cs.iter().find(|c| c["type"] == "Ready"));
            let start = pod["status"]["startTime"].as_str().and_then(Time::from_rfc3339);
            let unready = match (ready, start) {
                (Some(c), Some(start)) => {
                    let transition = c["lastTransitionTime"].as_str().and_then(Time::from_rfc3339).unwrap_or(start);
                    if start.plus_millis(CPU_INITIALIZATION_MS) > now {
                        // Within the initialization period: unready, or no full window since.
                        c["status"] == "False" || last < transition.plus_millis(crate::metrics_server::RESOLUTION_MS)
                    } else {
                        c["status"] == "False" && start.plus_millis(INITIAL_READINESS_DELAY_MS) > transition
                    }
                }
                _ => true,
            };
            if unready { Group::Unready } else { Group::Ready }
        } else {
            Group::Ready
        };
        samples.push(Sample { group, value: metric.unwrap_or(0), request });
    }
    let (replicas, util, raw) = replicas_for(current, &samples, utilization.filter(|_| value.is_none()), value.unwrap_or(1), tol).map_err(&fail)?;
    let kind = if container.is_some() { "container resource" } else { "resource" };
    Ok(match value {
        Some(_) => (replicas, format!("{resource} {kind}"), json!({"averageValue": milli_text(raw)})),
        None => (replicas, format!("{resource} {kind} utilization (percentage of request)"), json!({"averageValue": milli_text(raw), "averageUtilization": util})),
    })
}

/// `computeReplicasForMetric`: Ok((replicas, metric name, status)) or Err((condition reason,
/// the condition's error, the wrapped error)).
fn metric_proposal(st: &mut HpaController, cx: &mut Cx<'_>, hpa: &Value, ns: &str, pods: &[std::sync::Arc<crate::Obj>], current: i64, spec: &Value) -> Result<(i64, String, Value), (String, String, String)> {
    let kind = spec["type"].as_str().unwrap_or_default();
    match kind {
        "Resource" | "ContainerResource" => {
            let src = if kind == "Resource" { &spec["resource"] } else { &spec["containerResource"] };
            let name = src["name"].as_str().unwrap_or_default();
            let container = src["container"].as_str().filter(|_| kind == "ContainerResource");
            // Each direction's tolerance: `behavior`'s (HPAConfigurableTolerance, beta and on
            // in 1.36) or the controller's 0.1.
            let gate = cx.feature_enabled("HPAConfigurableTolerance");
            let tol = |dir: &str| quantity_milli(hpa["spec"]["behavior"][dir]["tolerance"].as_str()).filter(|_| gate).map_or(TOLERANCE, |m| m as f64 / 1000.0);
            // `resourceMetricsClient.GetResourceMetric`: the matched pods' usage, by name.
            let api = cx.metrics_api();
            let usage = match api {
                MetricsApi::Serving { last } => repeat::matched(cx.pod_metrics(last, Some(ns)), pods),
                _ => Vec::new(),
            };
            st.watch_metrics(|| match api {
                MetricsApi::Serving { .. } => repeat::MetricsRead::Served(usage.clone()),
                api => repeat::MetricsRead::Failed(api),
            });
            match resource_metric(cx.now(), api, &usage, pods, current, name, container, &src["target"], (tol("scaleDown"), tol("scaleUp"))) {
                Ok((n, metric, value)) => {
                    let mut status = json!({"type": kind});
                    status[if kind == "Resource" { "resource" } else { "containerResource" }] = if let Some(c) = container { json!({"name": name, "container": c, "current": value}) } else { json!({"name": name, "current": value}) };
                    Ok((n, metric, status))
                }
                Err(err) => {
                    let reason = if kind == "Resource" { "FailedGetResourceMetric" } else { "FailedGetContainerResourceMetric" };
                    event(st, cx, hpa, "Warning", reason, &err);
                    let wrapped = match container {
                        Some(c) => format!("failed to get {c} container metric value: {err}"),
                        None => format!("failed to get {name} resource metric value: {err}"),
                    };
                    Err((reason.into(), err, wrapped))
                }
            }
        }
        // No custom or external metrics API is registered.
        "Pods" => {
            let err = format!("unable to get metric {}: unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered", spec["pods"]["metric"]["name"].as_str().unwrap_or_default());
            event(st, cx, hpa, "Warning", "FailedGetPodsMetric", &err);
            Err(("FailedGetPodsMetric".into(), err.clone(), format!("failed to get pods metric value: {err}")))
        }
        "Object" => {
            let o = &spec["object"];
            let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
            let err = format!(
                "unable to get metric {}: {} on {ns} {}/unable to fetch metrics from custom metrics API: no custom metrics API (custom.metrics.k8s.io) registered",
                s(&o["metric"]["name"]), s(&o["describedObject"]["kind"]), s(&o["describedObject"]["name"])
            );
            event(st, cx, hpa, "Warning", "FailedGetObjectMetric", &err);
            Err(("FailedGetObjectMetric".into(), err.clone(), format!("failed to get object metric value: {err}")))
        }
        "External" => {
            let name = spec["external"]["metric"]["name"].as_str().unwrap_or_default();
            let err = format!("unable to get external metric {ns}/{name}/nil: unable to fetch metrics from external metrics API: the server could not find the requested resource (get {name}.external.metrics.k8s.io)");
            event(st, cx, hpa, "Warning", "FailedGetExternalMetric", &err);
            Err(("FailedGetExternalMetric".into(), err.clone(), format!("failed to get external metric value: {err}")))
        }
        other => {
            let err = format!("unknown metric source type {other:?}");
            event(st, cx, hpa, "Warning", "InvalidMetricSourceType", &err);
            Err(("InvalidMetricSourceType".into(), err.clone(), err))
        }
    }
}

/// `getReplicasChangePerPeriod`.
fn change_in(events: &[(i64, Time)], period_s: i64, now: Time) -> i64 {
    events.iter().filter(|(_, t)| t.0 as i64 > now.0 as i64 - period_s * 1000).map(|(c, _)| c).sum()
}

/// `calculateScaleUpLimitWithScalingRules` (`up`) / `calculateScaleDownLimitWithBehaviors`.
fn rate_limit(up: bool, current: i64, events: &[Vec<(i64, Time)>; 2], rules: &Value, now: Time) -> i64 {
    let select = rules["selectPolicy"].as_str().unwrap_or("Max");
    if select == "Disabled" {
        return current;
    }
    // For scaling up the lowest change (`Min`) is the smallest limit, for scaling down the largest.
    let take_min = (select == "Min") == up;
    let mut result = if take_min { i64::MAX } else { i64::MIN };
    for p in rules["policies"].as_array().into_iter().flatten() {
        let period = p["periodSeconds"].as_i64().unwrap_or(0);
        let start = current - change_in(&events[0], period, now) + change_in(&events[1], period, now);
        let value = p["value"].as_i64().unwrap_or(0);
        let proposed = match (p["type"].as_str(), up) {
            (Some("Pods"), true) => start + value,
            (Some("Pods"), false) => start - value,
            (_, true) => (start as f64 * (1.0 + value as f64 / 100.0)).ceil() as i64,
            (_, false) => (start as f64 * (1.0 - value as f64 / 100.0)) as i64,
        };
        result = if take_min { result.min(proposed) } else { result.max(proposed) };
    }
    result
}

/// The stabilization windows (s), scale-up's and scale-down's: without `behavior` the
/// controller's 5 minutes for both; a scale-down window left unset is the controller's
/// (`maybeInitScaleDownStabilizationWindow`).
fn windows(behavior: &Value) -> (i64, i64) {
    if !behavior.is_object() {
        return (DOWNSCALE_STABILIZATION_S, DOWNSCALE_STABILIZATION_S);
    }
    (behavior["scaleUp"]["stabilizationWindowSeconds"].as_i64().unwrap_or(0), behavior["scaleDown"]["stabilizationWindowSeconds"].as_i64().unwrap_or(DOWNSCALE_STABILIZATION_S))
}

/// Remembers a recommendation in the place of the last one older than both windows, else
/// at the end (the two `stabilizeRecommendation…` functions' bookkeeping).
fn remember(recs: &mut Vec<(i64, Time)>, desired: i64, now: Time, behavior: &Value) {
    let (up, down) = windows(behavior);
    let before = |t: &Time, s: i64| (t.0 as i64) < now.0 as i64 - s * 1000;
    match recs.iter().rposition(|(_, t)| before(t, up) && before(t, down)) {
        Some(i) => recs[i] = (desired, now),
        None => recs.push((desired, now)),
    }
}

/// `normalizeDesiredReplicas` (no behavior) or `normalizeDesiredReplicasWithBehaviors`.
fn normalize(st: &mut HpaController, hpa: &mut Value, key: &Key, current: i64, desired: i64, min: i64, now: Time) -> i64 {
    let max = hpa["spec"]["maxReplicas"].as_i64().unwrap_or(1);
    let behavior = hpa["spec"]["behavior"].clone();
    let recs = st.recommendations.entry(key.clone()).or_default();
    let before = |t: &Time, s: i64| (t.0 as i64) < now.0 as i64 - s * 1000;
    if !behavior.is_object() {
        // `stabilizeRecommendation`: the highest recommendation of the window.
        let mut stabilized = desired;
        for (r, t) in recs.iter() {
            if !before(t, DOWNSCALE_STABILIZATION_S) && *r > stabilized {
                stabilized = *r;
            }
        }
        remember(recs, desired, now, &behavior);
        if stabilized != desired {
            set_condition(hpa, "AbleToScale", true, "ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation", now);
        } else {
            set_condition(hpa, "AbleToScale", true, "ReadyForNewScale", "recommended size matches current size", now);
        }
        // `convertDesiredReplicasWithRules`.
        let up_limit = (2 * current).max(4);
        let (allowed, mut reason, mut message) = if max > up_limit {
            (up_limit, "ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate")
        } else {
            (max, "TooManyReplicas", "the desired replica count is more than the maximum replica count")
        };
        let result = if stabilized < min {
            (reason, message) = ("TooFewReplicas", "the desired replica count is less than the minimum replica count");
            min
        } else if stabilized > allowed {
            allowed
        } else {
            (reason, message) = ("DesiredWithinRange", "the desired count is within the acceptable range");
            stabilized
        };
        set_condition(hpa, "ScalingLimited", result != stabilized, reason, message, now);
        return result;
    }
    // `stabilizeRecommendationWithBehaviors`; a scale-down window left unset is the
    // controller's (`maybeInitScaleDownStabilizationWindow`).
    let (up_window, down_window) = windows(&behavior);
    let after = |t: &Time, s: i64| (t.0 as i64) > now.0 as i64 - s * 1000;
    let (mut up_rec, mut down_rec) = (desired, desired);
    for (r, t) in recs.iter() {
        if after(t, up_window) {
            up_rec = up_rec.min(*r);
        }
        if after(t, down_window) {
            down_rec = down_rec.max(*r);
        }
    }
    let stabilized = current.max(up_rec).min(down_rec);
    remember(recs, desired, now, &behavior);
    if stabilized != desired {
        let (reason, message) = if desired >= current {
            ("ScaleUpStabilized", "recent recommendations were lower than current one, applying the lowest recent recommendation")
        } else {
            ("ScaleDownStabilized", "recent recommendations were higher than current one, applying the highest recent recommendation")
        };
        set_condition(hpa, "AbleToScale", true, reason, message, now);
    } else {
        set_condition(hpa, "AbleToScale", true, "ReadyForNewScale", "recommended size matches current size", now);
    }
    // `convertDesiredReplicasWithBehaviorRate`.
    let events = st.scale_events.get(key).cloned().unwrap_or_default();
    let (mut result, mut reason, mut message) = (stabilized, "DesiredWithinRange", "the desired count is within the acceptable range");
    if stabilized > current {
        let limit = rate_limit(true, current, &events, &behavior["scaleUp"], now).max(current);
        let allowed = if max > limit {
            (reason, message) = ("ScaleUpLimit", "the desired replica count is increasing faster than the maximum scale rate");
            limit
        } else {
            (reason, message) = ("TooManyReplicas", "the desired replica count is more than the maximum replica count");
            max
        };
        if stabilized > allowed {
            result = allowed;
        }
    } else if stabilized < current {
        let limit = rate_limit(false, current, &events, &behavior["scaleDown"], now).min(current);
        let allowed = if min < limit {
            (reason, message) = ("ScaleDownLimit", "the desired replica count is decreasing faster than the maximum scale rate");
            limit
        } else {
            (reason, message) = ("TooFewReplicas", "the desired replica count is less than the minimum replica count");
            min
        };
        if stabilized < allowed {
            result = allowed;
        }
    }
    if result == stabilized {
        (reason, message) = ("DesiredWithinRange", "the desired count is within the acceptable range");
    }
    set_condition(hpa, "ScalingLimited", result != stabilized, reason, message, now);
    result
}

/// `storeScaleEvent`: kept for the direction's longest policy period.
fn store_scale_event(st: &mut HpaController, hpa: &Value, key: &Key, prev: i64, new: i64, now: Time) {
    let behavior = &hpa["spec"]["behavior"];
    if !behavior.is_object() {
        return;
    }
    let (dir, i) = if new > prev { ("scaleUp", 0) } else { ("scaleDown", 1) };
    let longest = behavior[dir]["policies"].as_array().into_iter().flatten().filter_map(|p| p["periodSeconds"].as_i64()).max().unwrap_or(0);
    let events = &mut st.scale_events.entry(key.clone()).or_default()[i];
    events.retain(|(_, t)| t.0 as i64 >= now.0 as i64 - longest * 1000);
    events.push(((new - prev).abs(), now));
}

fn requeue(st: &mut HpaController, cx: &mut Cx<'_>, key: Key) {
    if st.queued.insert(key.clone()) {
        let at = cx.now().plus_millis(SYNC_PERIOD_MS);
        cx.after(at, SyncHpa(Box::new(key)));
    }
}

/// One sync (`reconcileKey` → `reconcileAutoscaler`), then the key back in the queue.
fn sync(st: &mut HpaController, cx: &mut Cx<'_>, key: Key) {
    st.queued.remove(&key);
    let okey = ObjectKey { group: "autoscaling".into(), resource: "horizontalpodautoscalers".into(), namespace: key.0.clone(), name: key.1.clone() };
    let Some(shared) = cx.cache().get(&okey).cloned() else {
        st.recommendations.remove(&key);
        st.scale_events.remove(&key);
        st.repeating.remove(&key);
        return;
    };
    let (now, revision, seq) = (cx.now(), cx.node().revision(), cx.node().next_seq());
    st.watch_start(now, revision, seq, cx.rng().clone());
    let mut hpa = shared.to_value();
    let selector = reconcile(st, cx, &mut hpa, &key);
    if hpa["status"] != shared["status"] {
        // `updateStatusIfNeeded`.
        st.watch_spoil();
        if let Some(mut r) = controller_request(SA, Verb::Update, "horizontalpodautoscalers.autoscaling", Some(&key.0), &key.1, hpa) {
            r.subresource = Some("status".into());
            let _ = cx.request(r);
        }
    }
    requeue(st, cx, key.clone());
    let (revision, seq) = (cx.node().revision(), cx.node().next_seq());
    let rng = cx.rng().clone();
    st.watch_end(&key, shared, selector, cx.now(), revision, seq, &rng);
}

/// `reconcileAutoscaler`; the target's selector when the sync counted its pods.
fn reconcile(st: &mut HpaController, cx: &mut Cx<'_>, hpa: &mut Value, key: &Key) -> Option<crate::labels::Selector> {
    let now = cx.now();
    let ns = key.0.as_str();
    let target = hpa["spec"]["scaleTargetRef"].clone();
    let s = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let (kind, name) = (s(&target["kind"]), s(&target["name"]));
    let group = s(&target["apiVersion"]).rsplit_once('/').map(|(g, _)| g.to_string()).unwrap_or_default();
    // `RESTMappings` of the group and kind, then `scaleForResourceMappings`.
    let scale = match podlife_model::RESOURCES.iter().find(|r| r.group == group && r.kind == kind) {
        None => Err(format!("no matches for kind {kind:?} in group {group:?}")),
        Some(rt) => {
            let answer = controller_request(SA, Verb::Get, &rt.qualified_plural(), Some(ns), &name, Value::Null).map(|mut r| {
                r.subresource = Some("scale".into());
                cx.request(r)
            });
            let target = ObjectKey::new(rt, Some(ns), &name);
            match answer {
                Some(Ok(Response::Object(scale))) => {
                    st.watch_target(target, Ok(scale["metadata"]["resourceVersion"].as_str().map(str::to_string)));
                    Ok((rt, scale))
                }
                Some(Err(status)) => {
                    st.watch_target(target, if status.reason == crate::apiserver::status::Reason::NotFound { Ok(None) } else { Err(()) });
                    Err(status.message.clone())
                }
                _ => {
                    st.watch_spoil();
                    Err("the server could not find the requested resource".into())
                }
            }
        }
    };
    let (rt, mut scale) = match scale {
        Ok(s) => s,
        Err(err) => {
            event(st, cx, hpa, "Warning", "FailedGetScale", &err);
            set_condition(hpa, "AbleToScale", false, "FailedGetScale", &format!("the HPA controller was unable to get the target's current scale: {err}"), now);
            return None;
        }
    };
    set_condition(hpa, "AbleToScale", true, "SucceededGetScale", "the HPA controller was able to get the target's current scale", now);
    let current = scale["spec"]["replicas"].as_i64().unwrap_or(0);
    st.recommendations.entry(key.clone()).or_insert_with(|| vec![(current, now)]);
    let min = hpa["spec"]["minReplicas"].as_i64().unwrap_or(1);
    let max = hpa["spec"]["maxReplicas"].as_i64().unwrap_or(1);
    let mut metric_statuses = hpa["status"]["currentMetrics"].clone();
    let (desired, reason, rescale, selector) = if current == 0 && min != 0 {
        set_condition(hpa, "ScalingActive", false, "ScalingDisabled", "scaling is disabled since the replica count of the target is zero", now);
        (0, String::new(), false, None)
    } else if current > max {
        (max, "Current number of replicas above Spec.MaxReplicas".to_string(), true, None)
    } else if current < min {
        (min, "Current number of replicas below Spec.MinReplicas".to_string(), true, None)
    } else {
        // `computeReplicasForMetrics`.
        let selector_text = s(&scale["status"]["selector"]);
        let selector = if selector_text.is_empty() { Err(None) } else { crate::labels::Selector::parse(&selector_text).map_err(Some) };
        let selector = match selector {
            Ok(sel) => sel,
            Err(why) => {
                let (reason, message) = match why {
                    None => ("SelectorRequired", "selector is required".to_string()),
                    Some(err) => ("InvalidSelector", format!("couldn't convert selector into a corresponding internal selector object: {err}")),
                };
                event(st, cx, hpa, "Warning", reason, &message);
                let condition = if reason == "SelectorRequired" { "the HPA target's scale is missing a selector".to_string() } else { message.clone() };
                set_condition(hpa, "ScalingActive", false, "InvalidSelector", &condition, now);
                set_status(hpa, current, None, None);
                event(st, cx, hpa, "Warning", "FailedComputeMetricsReplicas", &message);
                return None;
            }
        };
        let pods: Vec<std::sync::Arc<crate::Obj>> = crate::components::cached_in(cx.cache(), "", "pods", ns).map(|(_, p)| p.clone()).filter(|p| selector.matches(&p["metadata"]["labels"])).collect();
        // `groupPods` reads the clock for a pod in its CPU initialization period.
        let regroups_at = pods.iter().filter_map(|p| p["status"]["startTime"].as_str().and_then(Time::from_rfc3339)).map(|start| start.plus_millis(CPU_INITIALIZATION_MS)).filter(|t| *t > now).min();
        st.watch_pods(&pods, regroups_at);
        let specs = hpa["spec"]["metrics"].as_array().cloned().unwrap_or_default();
        let mut statuses = vec![json!({"type": ""}); specs.len()];
        let (mut replicas, mut metric, mut invalid, mut first) = (0i64, String::new(), 0usize, None);
        for (i, spec) in specs.iter().enumerate() {
            match metric_proposal(st, cx, hpa, ns, &pods, current, spec) {
                Ok((n, name, status)) => {
                    statuses[i] = status;
                    if replicas == 0 || n > replicas {
                        (replicas, metric) = (n, name);
                    }
                }
                Err(err) => {
                    invalid += 1;
                    first.get_or_insert(err);
                }
            }
        }
        metric_statuses = json!(statuses);
        if invalid >= specs.len() || (invalid > 0 && replicas < current) {
            let (reason, condition, wrapped) = first.unwrap_or_default();
            set_condition(hpa, "ScalingActive", false, &reason, &format!("the HPA was unable to compute the replica count: {condition}"), now);
            set_status(hpa, current, Some(metric_statuses), None);
            let message = format!("invalid metrics ({invalid} invalid out of {}), first error is: {wrapped}", specs.len());
            event(st, cx, hpa, "Warning", "FailedComputeMetricsReplicas", &message);
            return Some(selector);
        }
        set_condition(hpa, "ScalingActive", true, "ValidMetricFound", &format!("the HPA was able to successfully calculate a replica count from {metric}"), now);
        let reason = if replicas > current {
            format!("{metric} above target")
        } else if replicas < current {
            "All metrics below target".to_string()
        } else {
            String::new()
        };
        let desired = normalize(st, hpa, key, current, replicas, min, now);
        st.watch_recommended(replicas);
        if replicas != current && hpa["spec"]["behavior"].is_object() {
            // The rate policies read the scale events of their periods: the clock matters.
            st.watch_spoil();
        }
        (desired, reason, desired != current, Some(selector))
    };
    if rescale {
        st.watch_spoil();
        scale["spec"]["replicas"] = json!(desired);
        let answer = controller_request(SA, Verb::Update, &rt.qualified_plural(), Some(ns), &name, scale).map(|mut r| {
            r.subresource = Some("scale".into());
            cx.request(r)
        });
        if let Some(Err(status)) = answer {
            let err = status.message.clone();
            event(st, cx, hpa, "Warning", "FailedRescale", &format!("New size: {desired}; reason: {reason}; error: {err}"));
            set_condition(hpa, "AbleToScale", false, "FailedUpdateScale", &format!("the HPA controller was unable to update the target scale: {err}"), now);
            set_status(hpa, current, Some(metric_statuses), None);
            return selector;
        }
        set_condition(hpa, "AbleToScale", true, "SucceededRescale", &format!("the HPA controller was able to update the target scale to {desired}"), now);
        event(st, cx, hpa, "Normal", "SuccessfulRescale", &format!("New size: {desired}; reason: {reason}"));
        store_scale_event(st, hpa, key, current, desired, now);
        set_status(hpa, current, Some(metric_statuses), Some((desired, now)));
    } else {
        set_status(hpa, current, Some(metric_statuses), Some((current, Time(0))));
    }
    selector
}

/// `setStatus`: current replicas, desired (kept when `None`), the metrics, the last scale
/// time when a rescale happened (`Time(0)`: none).
fn set_status(hpa: &mut Value, current: i64, metrics: Option<Value>, desired: Option<(i64, Time)>) {
    let st = &mut hpa["status"];
    if current != 0 {
        st["currentReplicas"] = json!(current);
    } else if let Some(m) = st.as_object_mut() {
        m.remove("currentReplicas");
    }
    if let Some(m) = metrics {
        st["currentMetrics"] = m;
    }
    if let Some((d, at)) = desired {
        st["desiredReplicas"] = json!(d);
        if at.0 != 0 {
            st["lastScaleTime"] = json!(at.rfc3339());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `replica_calculator_test.go`: two containers per pod, requests of 1.0 each, the
    /// metric levels per container.
    fn pods(levels: &[i64], groups: &[Group]) -> Vec<Sample> {
        levels.iter().zip(groups).map(|(l, g)| Sample { group: *g, value: 2 * l, request: 2000 }).collect()
    }

    #[test]
    fn upstream_vectors() {
        use Group::*;
        let tol = (TOLERANCE, TOLERANCE);
        // TestReplicaCalcScaleUp: 3 → 5 at 50 % against 30 %.
        assert_eq!(replicas_for(3, &pods(&[300, 500, 700], &[Ready; 3]), Some(30), 1, tol), Ok((5, 50, 1000)));
        // TestReplicaCalcScaleUpUnreadyLessScale: the unready pod counts as 0 % → 4.
        assert_eq!(replicas_for(3, &pods(&[300, 500, 700], &[Unready, Ready, Ready]), Some(30), 1, tol).map(|r| (r.0, r.1)), Ok((4, 60)));
        // TestReplicaCalcScaleDown: 5 → 3 at 28 % against 50 %.
        assert_eq!(replicas_for(5, &pods(&[100, 300, 500, 250, 250], &[Ready; 5]), Some(50), 1, tol).map(|r| (r.0, r.1)), Ok((3, 28)));
        // TestReplicaCalcTolerance: 1.02 ratio within 0.1 → no change.
        let near = [Sample { group: Ready, value: 1010, request: 900 }, Sample { group: Ready, value: 1030, request: 1000 }, Sample { group: Ready, value: 1020, request: 1100 }];
        assert_eq!(replicas_for(3, &near, Some(100), 1, tol).map(|r| r.0), Ok(3));
        // TestReplicaCalcScaleUpCMUnreadyHotCpuNoLessScale-like: every pod unready.
        assert!(replicas_for(3, &pods(&[100, 100], &[Unready, Unready]), Some(50), 1, tol).is_err());
    }

    #[test]
    fn behavior_rate_limits() {
        let rules = crate::apiserver::autoscaling::default_rules(true);
        let none: [Vec<(i64, Time)>; 2] = Default::default();
        // max(current + 4, 2 × current).
        assert_eq!(rate_limit(true, 1, &none, &rules, Time(100_000)), 5);
        assert_eq!(rate_limit(true, 10, &none, &rules, Time(100_000)), 20);
        let down = crate::apiserver::autoscaling::default_rules(false);
        assert_eq!(rate_limit(false, 10, &none, &down, Time(100_000)), 0);
    }
}
