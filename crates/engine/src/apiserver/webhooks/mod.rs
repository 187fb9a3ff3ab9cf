//! The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins: which registered
//! webhooks a request matches, the AdmissionReview POSTed to each over the cluster network,
//! and what their answers do to the request. Upstream:
//! `staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/` — `generic/webhook.go`
//! (`ShouldCallHook`: namespaceSelector, objectSelector, rules; configurations exempt from
//! webhooks), `namespace/matcher.go`, `object/matcher.go`, `predicates/rules/rules.go`,
//! `mutating/dispatcher.go` (in order, JSON patches applied and the object defaulted again,
//! reinvocation), `validating/dispatcher.go` (in parallel, the first error), `errors/statuserror.go`
//! (`ToStatusErr`), `util/webhook/error.go` (`ErrCallingWebhook`), `util/webhook/client.go`
//! (the service URL, port 443), and kube-apiserver's `ClusterIPServiceResolver` (the call dials
//! the Service's ClusterIP through the control-plane node's kube-proxy rules).
//!
//! Not played: `matchConditions` (CEL; configurations that use them are refused at create),
//! `matchPolicy: Equivalent`'s other versions (podlife serves one version per resource), CONNECT
//! operations, TLS verification beyond "a caBundle is present", audit annotations and warnings.

pub mod validation;

use serde_json::Value;

use super::authn::UserInfo;
use super::status::{Reason, Status};
use crate::Engine;
use crate::admission_review::{AdmissionRequest, AdmissionResponse, Answer, Delivery};
use crate::trace::{Action, ComponentRef, ObjectRef};
use podlife_model::ResourceType;

/// The admission operation of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    Create,
    Update,
    Delete,
}

impl Operation {
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "CREATE",
            Operation::Update => "UPDATE",
            Operation::Delete => "DELETE",
        }
    }
}

/// What the plugins know of a request (`admission.Attributes`).
pub struct Attributes<'a> {
    pub rt: &'static ResourceType,
    pub subresource: &'a str,
    /// The request's namespace ("" for cluster-scoped resources).
    pub namespace: &'a str,
    pub name: &'a str,
    pub operation: Operation,
    pub old: Option<&'a Value>,
    pub dry_run: bool,
    pub object: Option<ObjectRef>,
}

/// The webhook calls' state within one request: who asks, whether a waiting client lets
/// time pass, and the mutating plugin's reinvocation memory.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// The authenticated user of the request being served.
    pub user: Option<UserInfo>,
    /// True while kube-apiserver serves a client's request (kubectl): a webhook's answer
    /// takes virtual time, during which the rest of the cluster goes on. Requests that
    /// components send from inside a step get their answers at once (a simplification).
    pub client_waiting: bool,
    /// The request line being served (verb, path, user agent): a webhook call that lets time
    /// pass names it again when the answer comes, so the rest of the request reads on its own.
    pub request_line: Option<(String, String, String)>,
}

/// `webhookReinvokeContext`.
#[derive(Debug, Default)]
pub struct Reinvocation {
    /// The mutating plugins must run again (a webhook changed the object).
    pub should_reinvoke: bool,
    previously_invoked: Vec<String>,
    reinvoke: Vec<String>,
    last_output: Option<Value>,
}

/// One webhook of a configuration.
#[derive(Debug, Clone)]
struct Hook {
    configuration: String,
    spec: Value,
}

impl Hook {
    fn name(&self) -> &str {
        self.spec["name"].as_str().unwrap_or_default()
    }

    /// The configuration's name and the webhook's: a hook's identity across rounds.
    fn uid(&self) -> String {
        format!("{}/{}", self.configuration, self.name())
    }

    fn ignores_failures(&self) -> bool {
        self.spec["failurePolicy"] == "Ignore"
    }
}

/// The registered webhooks, configurations in name order, each one's webhooks in order.
fn hooks(store: &crate::store::Store, plural: &'static str) -> Vec<Hook> {
    store
        .list("admissionregistration.k8s.io", plural, None)
        .flat_map(|(k, c)| c["webhooks"].to_values().unwrap_or_default().into_iter().map(move |spec| Hook { configuration: k.name.clone(), spec }))
        .collect()
}

/// `IsExemptAdmissionConfigurationResource`: webhooks never see their own configurations
/// (nor the admission policies), so a broken webhook cannot lock them.
fn exempt(rt: &ResourceType) -> bool {
    rt.group == "admissionregistration.k8s.io"
}

/// `rules.Matcher.Matches`: operation, group, version, resource (with its subresource and
/// the `*`, `x/*` and `*/y` wildcards) and scope.
fn rule_matches(rule: &Value, a: &Attributes) -> bool {
    let has = |field: &str, want: &str| rule[field].as_array().is_some_and(|l| l.iter().any(|v| v == "*" || v == want));
    let resource_ok = rule["resources"].as_array().is_some_and(|l| {
        l.iter().filter_map(Value::as_str).any(|r| {
            let (res, sub) = r.split_once('/').unwrap_or((r, ""));
            (res == "*" || res == a.rt.plural) && (sub == "*" || sub == a.subresource)
        })
    });
    let namespaces = a.rt.plural == "namespaces" && a.rt.group.is_empty();
    let scope_ok = match rule["scope"].as_str().unwrap_or("*") {
        "Namespaced" => !namespaces && !a.namespace.is_empty(),
        "Cluster" => namespaces || a.namespace.is_empty(),
        _ => true,
    };
    has("operations", a.operation.as_str()) && has("apiGroups", a.rt.group) && has("apiVersions", a.rt.version) && resource_ok && scope_ok
}

/// `object.Matcher.MatchObjectSelector`: an empty selector matches; else the new or the old
/// object's labels.
fn object_matches(selector: &Value, obj: Option<&Value>, old: Option<&Value>) -> bool {
    if selector.as_object().is_none_or(|m| m.values().all(|v| v.as_object().is_some_and(|o| o.is_empty()) || v.as_array().is_some_and(|a| a.is_empty()))) {
        return true;
    }
    let selector = crate::Obj::untyped(selector);
    [obj, old].into_iter().flatten().any(|o| crate::labels::selector_matches(&selector, &crate::Obj::untyped(&o["metadata"]["labels"])))
}

/// The cluster network's side of a webhook call: kube-apiserver hands its POST to the network,
/// which delivers it to whatever listens at `ip:port` and brings back what happened
/// (`network.rs` implements it for the engine). The dispatcher defines the interface, so the
/// API server names no node, rule or program.
pub(crate) trait Egress {
    fn post_admission_review(&mut self, ip: &str, port: u16, path: &str, request: &AdmissionRequest) -> Delivery;
}

/// How a call went, as the dispatcher sees it.
enum Outcome {
    /// The webhook answered.
    Answered(AdmissionResponse),
    /// `ErrCallingWebhook`: the reason after `failed calling webhook "NAME": `.
    Failed(String),
}

struct Call {
    url: String,
    outcome: Outcome,
    /// How long the call took (the answer's time, or the timeout).
    ms: u64,
}

impl Engine {
    fn apiserver_record(&mut self, object: Option<ObjectRef>, params: std::collections::BTreeMap<String, Value>, diff: Vec<crate::trace::FieldChange>) {
        self.record(ComponentRef::control_plane("kube-apiserver"), Action::AdmissionWebhook, object, params, diff);
    }

    /// `MatchNamespaceSelector`: cluster-scoped objects other than namespaces are never
    /// exempt; a namespace is judged by its own labels; a namespace that does not exist is a
    /// 404, as upstream answers for backwards compatibility.
    fn namespace_matches(&self, selector: &Value, a: &Attributes, obj: Option<&Value>) -> Result<bool, Status> {
        let namespaces = a.rt.plural == "namespaces" && a.rt.group.is_empty();
        if a.namespace.is_empty() && !namespaces {
            return Ok(true);
        }
        if selector.as_object().is_none_or(|m| m.is_empty()) {
            return Ok(true);
        }
        let labels = if namespaces {
            obj.or(a.old).map(|o| o["metadata"]["labels"].clone()).unwrap_or(Value::Null)
        } else {
            let ns_rt = ResourceType::resolve("namespaces").ok_or_else(|| Status::plain(Reason::InternalError, "namespaces not served".into()))?;
            match self.store.get(&crate::store::ObjectKey::new(ns_rt, None, a.namespace)) {
                Some(ns) => ns["metadata"]["labels"].to_value(),
                None => return Err(Status::not_found(ns_rt, a.namespace)),
            }
        };
        Ok(crate::labels::selector_matches(&crate::Obj::untyped(selector), &crate::Obj::untyped(&labels)))
    }

    /// `ShouldCallHook`: the selectors, then the rules; a namespace lookup error counts only
    /// for a webhook whose rules match.
    fn should_call(&self, hook: &Hook, a: &Attributes, obj: Option<&Value>) -> Result<bool, Status> {
        let ns = self.namespace_matches(&hook.spec["namespaceSelector"], a, obj);
        if ns == Ok(false) || !object_matches(&hook.spec["objectSelector"], obj, a.old) {
            return Ok(false);
        }
        let ruled = hook.spec["rules"].as_array().is_some_and(|rules| rules.iter().any(|r| rule_matches(r, a)));
        if !ruled {
            return Ok(false);
        }
        ns.map(|_| true)
    }

    fn admission_request(&mut self, a: &Attributes, obj: Option<&Value>) -> AdmissionRequest {
        let user = self.admission.user.clone().unwrap_or_else(UserInfo::admin);
        AdmissionRequest {
            uid: self.rng.uuid(),
            kind: (a.rt.group.to_string(), a.rt.version.to_string(), a.rt.kind.to_string()),
            resource: (a.rt.group.to_string(), a.rt.version.to_string(), a.rt.plural.to_string()),
            sub_resource: a.subresource.to_string(),
            name: a.name.to_string(),
            namespace: a.namespace.to_string(),
            operation: a.operation.as_str(),
            username: user.name,
            groups: user.groups,
            object: obj.cloned().unwrap_or(Value::Null),
            old_object: a.old.cloned().unwrap_or(Value::Null),
            dry_run: a.dry_run,
        }
    }

    /// The MutatingAdmissionWebhook plugin: matching webhooks one after another, each one's
    /// JSON patch applied (and the object defaulted again) before the next is called.
    pub(crate) fn mutating_webhooks(&mut self, a: &Attributes, obj: &mut Value, ctx: &mut Reinvocation, round: u32) -> Result<(), Status> {
        if exempt(a.rt) {
            return Ok(());
        }
        let hooks = hooks(&self.store, "mutatingwebhookconfigurations");
        if hooks.is_empty() {
            return Ok(());
        }
        let has_object = a.operation != Operation::Delete;
        if round > 0 && ctx.last_output.as_ref() != Some(obj) {
            // In-tree plugins changed the object since the webhooks last saw it.
            ctx.reinvoke.append(&mut ctx.previously_invoked);
        }
        for hook in hooks {
            if !self.should_call(&hook, a, has_object.then_some(&*obj))? {
                continue;
            }
            if round > 0 && !ctx.reinvoke.contains(&hook.uid()) {
                continue;
            }
            let name = hook.name().to_string();
            let request = self.admission_request(a, has_object.then_some(&*obj));
            let call = self.call_webhook(&hook, &request);
            let waited = self.wait_for_webhook(&hook, "MutatingAdmissionWebhook", a, &call, call.ms);
            let mut params = self.webhook_params(&hook, "MutatingAdmissionWebhook", a, &call, round, waited);
            let result = match call.outcome {
                Outcome::Failed(reason) => {
                    let error = format!("failed calling webhook \"{name}\": {reason}");
                    params.insert("result".into(), json!("failed"));
                    params.insert("error".into(), json!(error));
                    params.insert("ignored".into(), json!(hook.ignores_failures()));
                    self.apiserver_record(a.object.clone(), params, vec![]);
                    if hook.ignores_failures() {
                        Ok(())
                    } else {
                        Err(Status::plain(Reason::InternalError, format!("Internal error occurred: {error}")))
                    }
                }
                Outcome::Answered(response) if !response.allowed => {
                    let status = denial(&name, &response);
                    params.insert("result".into(), json!("denied"));
                    params.insert("error".into(), json!(status.message));
                    self.apiserver_record(a.object.clone(), params, vec![]);
                    Err(status)
                }
                Outcome::Answered(response) => match response.patch.as_ref().filter(|p| p.as_array().is_some_and(|ops| !ops.is_empty())) {
                    None => {
                        params.insert("result".into(), json!("allowed"));
                        self.apiserver_record(a.object.clone(), params, vec![]);
                        Ok(())
                    }
                    Some(_) if !has_object => {
                        let error = format!("Internal error occurred: admission webhook \"{name}\" attempted to modify the object, which is not supported for this operation");
                        params.insert("result".into(), json!("failed"));
                        params.insert("error".into(), json!(error));
                        self.apiserver_record(a.object.clone(), params, vec![]);
                        Err(Status::plain(Reason::InternalError, error))
                    }
                    Some(patch) => {
                        let before = obj.clone();
                        let mut patched = obj.clone();
                        if let Err(e) = super::patch::apply(super::patch::PatchType::Json, &mut patched, patch) {
                            let msg = match e {
                                super::patch::PatchError::BadRequest(m) | super::patch::PatchError::DoesNotApply(m) | super::patch::PatchError::Other(m) => m,
                            };
                            params.insert("result".into(), json!("failed"));
                            params.insert("error".into(), json!(format!("Internal error occurred: {msg}")));
                            self.apiserver_record(a.object.clone(), params, vec![]);
                            return Err(Status::plain(Reason::InternalError, format!("Internal error occurred: {msg}")));
                        }
                        // The patched JSON is decoded into the type again (unknown fields
                        // dropped) and defaulted (`o.GetObjectDefaulter().Default`).
                        if let Ok(decoded) = podlife_model::decode::decode_strict(a.rt, &patched).or_else(|_| lenient_decode(a.rt, &patched)) {
                            patched = decoded;
                        }
                        super::defaults::apply(a.rt.kind, &mut patched);
                        crate::quantities::canonicalize(a.rt.kind, &mut patched);
                        for f in ["uid", "creationTimestamp", "resourceVersion", "generation", "managedFields"] {
                            if let Some(v) = before["metadata"].get(f) {
                                patched["metadata"][f] = v.clone();
                            }
                        }
                        let changed = patched != before;
                        let changes = crate::trace::diff(&before, &patched);
                        *obj = patched;
                        params.insert("result".into(), json!("patched"));
                        params.insert("patch".into(), patch.clone());
                        self.apiserver_record(a.object.clone(), params, changes);
                        if changed {
                            // Every webhook that asked to be reinvoked and ran before this one.
                            ctx.reinvoke.append(&mut ctx.previously_invoked);
                            ctx.should_reinvoke = true;
                        }
                        Ok(())
                    }
                },
            };
            if hook.spec["reinvocationPolicy"] == "IfNeeded" {
                ctx.previously_invoked.push(hook.uid());
            }
            result?;
        }
        ctx.last_output = Some(obj.clone());
        Ok(())
    }

    /// The ValidatingAdmissionWebhook plugin: matching webhooks called in parallel; the
    /// request waits for the slowest, and the first error to arrive is the answer.
    pub(crate) fn validating_webhooks(&mut self, a: &Attributes, obj: Option<&Value>) -> Result<(), Status> {
        if exempt(a.rt) {
            return Ok(());
        }
        let hooks = hooks(&self.store, "validatingwebhookconfigurations");
        if hooks.is_empty() {
            return Ok(());
        }
        let mut calls = Vec::new();
        for hook in hooks {
            if self.should_call(&hook, a, obj)? {
                let request = self.admission_request(a, obj);
                let call = self.call_webhook(&hook, &request);
                calls.push((hook, call));
            }
        }
        // Answers arrive in order of their time (ties: in configuration order).
        crate::sort::sort_by_key(&mut calls, |(_, c)| c.ms);
        // Every call leaves at once; the request waits for the answers as they come.
        let mut resumed = Vec::new();
        for (hook, call) in &calls {
            resumed.push(self.announce_call(hook, "ValidatingAdmissionWebhook", a, call));
        }
        let mut elapsed = 0;
        let mut first_error: Option<Status> = None;
        for ((hook, call), announced) in calls.into_iter().zip(resumed) {
            self.let_time_pass(call.ms - elapsed);
            elapsed = call.ms;
            let name = hook.name().to_string();
            let mut params = self.webhook_params(&hook, "ValidatingAdmissionWebhook", a, &call, 0, announced);
            let error = match call.outcome {
                Outcome::Failed(reason) => {
                    let error = format!("failed calling webhook \"{name}\": {reason}");
                    params.insert("result".into(), json!("failed"));
                    params.insert("error".into(), json!(error));
                    params.insert("ignored".into(), json!(hook.ignores_failures()));
                    (!hook.ignores_failures()).then(|| Status::plain(Reason::InternalError, format!("Internal error occurred: {error}")))
                }
                Outcome::Answered(response) if !response.allowed => {
                    let status = denial(&name, &response);
                    params.insert("result".into(), json!("denied"));
                    params.insert("error".into(), json!(status.message));
                    Some(status)
                }
                Outcome::Answered(_) => {
                    params.insert("result".into(), json!("allowed"));
                    None
                }
            };
            self.apiserver_record(a.object.clone(), params, vec![]);
            if first_error.is_none() {
                first_error = error;
            }
        }
        first_error.map_or(Ok(()), Err)
    }

    fn webhook_params(&self, hook: &Hook, plugin: &str, a: &Attributes, call: &Call, round: u32, resumed: bool) -> std::collections::BTreeMap<String, Value> {
        let mut p = crate::sort::map_of([
            ("plugin".to_string(), json!(plugin)),
            ("webhook".to_string(), json!(hook.name())),
            ("configuration".to_string(), json!(hook.configuration)),
            ("url".to_string(), json!(call.url)),
            ("operation".to_string(), json!(a.operation.as_str())),
            ("failurePolicy".to_string(), json!(hook.spec["failurePolicy"].as_str().unwrap_or("Fail"))),
            ("durationMs".to_string(), json!(call.ms)),
        ]);
        if round > 0 {
            p.insert("round".into(), json!(round));
        }
        if resumed && let Some((verb, path, agent)) = self.admission.request_line.clone() {
            // The request goes on after a wait: its line again, for a reader of the trace.
            p.insert("verb".into(), json!(verb));
            p.insert("path".into(), json!(path));
            p.insert("userAgent".into(), json!(agent));
        }
        p
    }

    /// A client's request waits for the webhook's answer while the cluster goes on: the call
    /// is traced as it leaves (`phase: call`), then time passes. False when nothing waits.
    fn announce_call(&mut self, hook: &Hook, plugin: &str, a: &Attributes, call: &Call) -> bool {
        if call.ms == 0 || !self.admission.client_waiting {
            return false;
        }
        let mut p = crate::sort::map_of([
            ("plugin".to_string(), json!(plugin)),
            ("webhook".to_string(), json!(hook.name())),
            ("configuration".to_string(), json!(hook.configuration)),
            ("url".to_string(), json!(call.url)),
            ("operation".to_string(), json!(a.operation.as_str())),
            ("phase".to_string(), json!("call")),
            ("timeoutSeconds".to_string(), json!(hook.spec["timeoutSeconds"].as_u64().unwrap_or(10))),
        ]);
        if let Some((verb, path, _)) = &self.admission.request_line {
            p.insert("verb".into(), json!(verb));
            p.insert("path".into(), json!(path));
        }
        self.apiserver_record(a.object.clone(), p, vec![]);
        true
    }

    fn let_time_pass(&mut self, ms: u64) {
        if ms == 0 || !self.admission.client_waiting {
            return;
        }
        self.admission.client_waiting = false;
        self.advance_by(ms);
        self.admission.client_waiting = true;
    }

    /// One call's wait (the mutating plugin calls one webhook at a time).
    fn wait_for_webhook(&mut self, hook: &Hook, plugin: &str, a: &Attributes, call: &Call, ms: u64) -> bool {
        let announced = self.announce_call(hook, plugin, a, call);
        self.let_time_pass(ms);
        announced
    }

    /// POSTs the AdmissionReview to the webhook (`callHook` / `callAttrMutatingHook` and the
    /// REST client's dial through the service resolver).
    fn call_webhook(&mut self, hook: &Hook, request: &AdmissionRequest) -> Call {
        let cc = &hook.spec["clientConfig"];
        let timeout_ms = hook.spec["timeoutSeconds"].as_u64().unwrap_or(10).clamp(1, 30) * 1000;
        let query = format!("?timeout={}s", timeout_ms / 1000);
        let (url, path, target) = match cc["service"].as_object() {
            Some(svc) => {
                let (name, ns) = (svc.get("name").and_then(Value::as_str).unwrap_or_default(), svc.get("namespace").and_then(Value::as_str).unwrap_or_default());
                let port = svc.get("port").and_then(Value::as_u64).and_then(|p| u16::try_from(p).ok()).unwrap_or(443);
                let path = svc.get("path").and_then(Value::as_str).filter(|p| !p.is_empty()).unwrap_or("/").to_string();
                (format!("https://{name}.{ns}.svc:{port}{path}{query}"), path, self.resolve_cluster_ip(ns, name, port))
            }
            None => {
                let raw = cc["url"].as_str().unwrap_or_default();
                let rest = raw.strip_prefix("https://").unwrap_or(raw);
                let (hostport, path) = rest.find('/').map_or((rest, "/"), |i| (&rest[..i], &rest[i..]));
                let (host, port) = hostport.rsplit_once(':').and_then(|(h, p)| Some((h, p.parse::<u16>().ok()?))).unwrap_or((hostport, 443));
                let target = if host.parse::<std::net::Ipv4Addr>().is_ok() { Ok((host.to_string(), port)) } else { Err(format!("dial tcp: lookup {host}: no such host")) };
                (format!("{raw}{query}"), path.to_string(), target)
            }
        };
        let post = |reason: &str| format!("failed to call webhook: Post \"{url}\": {reason}");
        let rtt = self.rng.between(1, 3);
        let timeout = |url: &str| Call { url: url.to_string(), outcome: Outcome::Failed(format!("failed to call webhook: Post \"{url}\": context deadline exceeded")), ms: timeout_ms };
        let (ip, port) = match target {
            Ok(t) => t,
            Err(reason) => return Call { outcome: Outcome::Failed(post(&reason)), url, ms: rtt },
        };
        let refused = || post(&format!("dial tcp {ip}:{port}: connect: connection refused"));
        let answer = match self.post_admission_review(&ip, port, &path, request) {
            Delivery::Refused => return Call { outcome: Outcome::Failed(refused()), url, ms: rtt },
            Delivery::Timeout => return timeout(&url),
            Delivery::PlainHttp => return Call { outcome: Outcome::Failed(post("http: server gave HTTP response to HTTPS client")), url, ms: rtt },
            Delivery::Answered(answer) => answer,
        };
        // Without a caBundle the server's certificate is checked against the system roots,
        // which never sign a webhook's own CA.
        if cc["caBundle"].as_str().is_none_or(str::is_empty) {
            return Call { outcome: Outcome::Failed(post("tls: failed to verify certificate: x509: certificate signed by unknown authority")), url, ms: rtt };
        }
        match answer {
            Answer::NotFound => Call { outcome: Outcome::Failed("failed to call webhook: the server could not find the requested resource".into()), url, ms: rtt },
            Answer::Never => timeout(&url),
            Answer::Review { delay_ms, .. } if rtt + delay_ms > timeout_ms => timeout(&url),
            Answer::Review { response, delay_ms } => Call { outcome: Outcome::Answered(response), url, ms: rtt + delay_ms },
        }
    }

    /// `ClusterIPServiceResolver.ResolveEndpoint` (`proxy.ResolveCluster`): the Service's
    /// ClusterIP and port; Err is the resolver's error text.
    fn resolve_cluster_ip(&self, namespace: &str, name: &str, port: u16) -> Result<(String, u16), String> {
        let rt = ResourceType::resolve("services").ok_or_else(|| "services not served".to_string())?;
        let Some(svc) = self.store.get(&crate::store::ObjectKey::new(rt, Some(namespace), name)) else {
            return Err(format!("service \"{name}\" not found"));
        };
        let spec = &svc["spec"];
        match spec["type"].as_str().unwrap_or("ClusterIP") {
            "ClusterIP" if spec["clusterIP"] == "None" => Err("cannot route to service with ClusterIP \"None\"".into()),
            "ClusterIP" | "NodePort" | "LoadBalancer" => {
                if !spec["ports"].as_array().is_some_and(|ps| ps.iter().any(|p| p["port"].as_u64() == Some(u64::from(port)))) {
                    return Err(format!("no service port {port} found for service \"{name}\""));
                }
                Ok((spec["clusterIP"].as_str().unwrap_or_default().to_string(), port))
            }
            "ExternalName" => Err(format!("dial tcp: lookup {}: no such host", spec["externalName"].as_str().unwrap_or_default())),
            other => Err(format!("unsupported service type \"{other}\"")),
        }
    }
}

/// `webhookerrors.ToStatusErr`: the webhook's status with the message prefixed by
/// `admission webhook "NAME" denied the request`.
fn denial(name: &str, response: &AdmissionResponse) -> Status {
    let denied = format!("admission webhook \"{name}\" denied the request");
    let result = response.result.clone().unwrap_or_default();
    let message = if !result.message.is_empty() {
        format!("{denied}: {}", result.message)
    } else if !result.reason.is_empty() {
        format!("{denied}: {}", result.reason)
    } else {
        format!("{denied} without explanation")
    };
    Status::custom(result.code, &result.reason, message)
}

/// The typed decode kube-apiserver does on a patched object is not strict: unknown fields
/// are dropped rather than refused.
fn lenient_decode(rt: &ResourceType, value: &Value) -> Result<Value, ()> {
    match podlife_model::decode::decode_strict(rt, value) {
        Ok(v) => Ok(v),
        Err(podlife_model::decode::DecodeError::UnknownFields(paths)) => {
            let mut v = value.clone();
            for p in paths {
                remove_path(&mut v, &p);
            }
            podlife_model::decode::decode_strict(rt, &v).map_err(|_| ())
        }
        Err(_) => Err(()),
    }
}

/// Removes a field named by a decode path (`spec.containers[1].foo`).
fn remove_path(v: &mut Value, path: &str) {
    let mut cur = v;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        let (key, index) = match part.split_once('[') {
            Some((k, rest)) => (k, rest.trim_end_matches(']').parse::<usize>().ok()),
            None => (*part, None),
        };
        if i == parts.len() - 1 && index.is_none() {
            if let Some(m) = cur.as_object_mut() {
                m.remove(key);
            }
            return;
        }
        let next = &mut cur[key];
        cur = match index {
            Some(n) => match next.get_mut(n) {
                Some(x) => x,
                None => return,
            },
            None => next,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(plural: &str, sub: &'static str, ns: &'static str) -> Attributes<'static> {
        let rt = ResourceType::resolve(plural).unwrap();
        Attributes { rt, subresource: sub, namespace: ns, name: "x", operation: Operation::Create, old: None, dry_run: false, object: None }
    }

    /// `predicates/rules/rules.go`'s matching, on cases like its tests'.
    #[test]
    fn rules_match_like_upstream() {
        let rule = |r: Value| r;
        let pods = attrs("pods", "", "default");
        assert!(rule_matches(&rule(json!({"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]})), &pods));
        assert!(rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]}), &pods));
        assert!(!rule_matches(&json!({"operations": ["UPDATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]}), &pods));
        assert!(!rule_matches(&json!({"operations": ["CREATE"], "apiGroups": ["apps"], "apiVersions": ["v1"], "resources": ["pods"]}), &pods));
        // `*` does not match subresources; `pods/*` and `*/*` do.
        let status = attrs("pods", "status", "default");
        assert!(!rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"]}), &status));
        assert!(rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["pods/*"]}), &status));
        assert!(rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*/status"]}), &status));
        // `x/*` matches x itself too (its subresource "" is matched by `*`).
        assert!(rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["pods/*"]}), &pods));
        assert!(!rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*/status"]}), &pods));
        // Scope: namespaces are cluster-scoped.
        let ns = attrs("namespaces", "", "x");
        assert!(rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Cluster"}), &ns));
        assert!(!rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Namespaced"}), &ns));
        assert!(!rule_matches(&json!({"operations": ["*"], "apiGroups": ["*"], "apiVersions": ["*"], "resources": ["*"], "scope": "Cluster"}), &pods));
    }

    #[test]
    fn object_selectors_see_new_and_old_labels() {
        let sel = json!({"matchLabels": {"a": "b"}});
        let with = json!({"metadata": {"labels": {"a": "b"}}});
        let without = json!({"metadata": {}});
        assert!(object_matches(&json!({}), Some(&without), None));
        assert!(object_matches(&sel, Some(&with), None));
        assert!(object_matches(&sel, Some(&without), Some(&with)));
        assert!(!object_matches(&sel, Some(&without), None));
    }

    #[test]
    fn denials_read_like_to_status_err() {
        let d = denial("deny.example.com", &AdmissionResponse::deny("no"));
        assert_eq!((d.code(), d.reason_text(), d.message.as_str()), (500, "", "admission webhook \"deny.example.com\" denied the request: no"));
        let r = AdmissionResponse { allowed: false, result: Some(crate::admission_review::StatusResult { code: 403, reason: "Forbidden".into(), message: String::new() }), ..Default::default() };
        let d = denial("w.x.y", &r);
        assert_eq!((d.code(), d.reason_text(), d.message.as_str()), (403, "Forbidden", "admission webhook \"w.x.y\" denied the request: Forbidden"));
        let d = denial("w.x.y", &AdmissionResponse { allowed: false, ..Default::default() });
        assert_eq!(d.message, "admission webhook \"w.x.y\" denied the request without explanation");
    }
}
