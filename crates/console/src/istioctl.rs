//! `istioctl` 1.30.4, the parts a sidecar-injection lesson uses: `istioctl install` (the
//! minimal profile: apply the base and pilot components, wait for istiod, then the default
//! revision tag's webhook) and `istioctl version`. Upstream: istio 1.30.3
//! `operator/cmd/mesh/install.go`, `operator/pkg/install/install.go` (`InstallManifests`,
//! `applyManifestSet`, `WaitForResources`), `operator/pkg/util/progress/progress.go` (the
//! progress lines), `operator/pkg/webhook/webhook.go` (`WebhooksToDeploy`).
//!
//! Objects are written with create-or-update requests under istioctl's field manager
//! (upstream: server-side apply, which podlife does not serve). istiod's namespace controller
//! publishes `istio-ca-root-cert` in every namespace once istiod runs; podlife writes them when
//! istioctl sees istiod ready, as istiod's service account.

use podlife_engine::Slot;
use podlife_engine::apiserver::authn::UserInfo;
use podlife_engine::istio::{TAG, install};
use podlife_engine::{Engine, Request, Response, Verb, json};
use podlife_model::ResourceType;
use serde_json::Value;

use crate::Output;

/// `--readinessTimeout`'s default.
const WAIT_TIMEOUT_MS: u64 = 300_000;
/// How often istioctl looks at the Deployment while it waits.
const POLL_MS: u64 = 1_000;
const USER_AGENT: &str = "istioctl/1.30.4 (linux/amd64) istio.io/istio";

#[inline(never)]
pub fn run(engine: &mut Engine, args: &[String], stdin: Option<&str>, out: &mut Output) {
    match args.first().map(String::as_str) {
        Some("install") => install_cmd(engine, &args[1..], stdin, out),
        Some("version") => version(engine, out),
        None => out.out("Istio configuration command line utility for service operators to\ndebug and diagnose their Istio mesh.\n"),
        Some(other) => out.err(&format!("Error: unknown command \"{other}\" for \"istioctl\"\nRun 'istioctl --help' for usage.\n")),
    }
}

/// `istioctl version`: the client, the control plane's istiod pods and the proxies.
fn version(engine: &Engine, out: &mut Output) {
    out.out(&format!("client version: {TAG}\n"));
    let pods: Vec<&Slot> = engine.store().list("", "pods", None).map(|(_, p)| p).collect();
    let istiod = pods.iter().filter(|p| p["metadata"]["namespace"] == install::NAMESPACE && p["metadata"]["labels"]["app"] == "istiod").count();
    if istiod == 0 {
        out.out("control plane version: no running Istio pods in \"istio-system\"\n");
        return;
    }
    out.out(&format!("control plane version: {TAG}\n"));
    let proxies = pods.iter().filter(|p| p["metadata"]["annotations"]["sidecar.istio.io/status"].is_string()).count();
    out.out(&format!("data plane version: {}\n", if proxies == 0 { "none".to_string() } else { format!("{TAG} ({proxies} proxies)") }));
}

fn install_cmd(engine: &mut Engine, args: &[String], stdin: Option<&str>, out: &mut Output) {
    let mut yes = false;
    let mut profile = "default".to_string();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let set = match a {
            "-y" | "--skip-confirmation" => {
                yes = true;
                None
            }
            "--set" | "-s" => {
                i += 1;
                args.get(i).cloned()
            }
            _ if a.starts_with("--set=") => Some(a["--set=".len()..].to_string()),
            _ => {
                return out.err(&format!("Error: unknown flag: {a}\n"));
            }
        };
        if let Some(kv) = set {
            match kv.split_once('=') {
                Some(("profile", p)) => profile = p.to_string(),
                Some(_) => {}
                None => return out.err(&format!("Error: generate config: --set {kv:?} must be of the form key=value\n")),
            }
        }
        i += 1;
    }
    if profile != "minimal" {
        return out.err(&format!("podlife: only the minimal profile is modelled (istioctl install --set profile=minimal -y); profile {profile:?} would also install gateways\n"));
    }
    out.out(install::ART);
    out.out("\n");
    if !yes {
        out.out(&format!("This will install the Istio {TAG} profile \"{profile}\" into the cluster. Proceed? (y/N) "));
        let answer = stdin.unwrap_or_default().trim().to_ascii_lowercase();
        if answer != "y" && answer != "yes" {
            out.out("Cancelled.\n");
            out.failed = true;
            return;
        }
    }
    // The system namespace, outside the manifests.
    if engine.store().get(&podlife_engine::store::ObjectKey::new(resource("namespaces"), None, install::NAMESPACE)).is_none() {
        let ns = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": install::NAMESPACE}});
        if let Err(e) = apply(engine, ns) {
            return out.err(&format!("Error: failed to install manifests: {e}\n"));
        }
    }
    for component in install::components() {
        for obj in component.objects {
            let what = format!("{}/{}/{}", obj["kind"].as_str().unwrap_or_default(), obj["metadata"]["namespace"].as_str().unwrap_or_default(), obj["metadata"]["name"].as_str().unwrap_or_default());
            if let Err(e) = apply(engine, obj) {
                let err = format!("failed to update resource with server-side apply for obj {what}: {e}");
                out.out(&format!("✘ {} encountered an error: {err}\n", component.name));
                return out.err(&format!("Error: failed to install manifests: {err}\n"));
            }
        }
        if component.name == "Istiod" {
            if let Err(e) = wait_for_istiod(engine) {
                out.out(&format!("✘ {} encountered an error: {e}\n", component.name));
                return out.err(&format!("Error: failed to install manifests: {e}\n"));
            }
            publish_root_cert(engine);
        }
        out.out(&format!("✔ {} installed {}\n", component.name, component.icon));
    }
    out.out("✔ Installation complete\n");
    // The default revision tag's webhook, deployed after the install.
    let mut tag = install_tag_webhook();
    tag["metadata"]["labels"]["install.operator.istio.io/owning-resource-not-pruned"] = json!("true");
    if let Err(e) = apply(engine, tag) {
        out.err(&format!("Error: failed to install manifests: failed deploying webhooks: {e}\n"));
    }
}

/// The `default` revision tag's MutatingWebhookConfiguration: the injector's four webhooks,
/// named and labelled for the tag (`revtag.Generate`).
fn install_tag_webhook() -> Value {
    let mut injector = install::components().into_iter().flat_map(|c| c.objects).find(|o| o["kind"] == "MutatingWebhookConfiguration").unwrap_or(Value::Null);
    injector["metadata"]["name"] = json!("istio-revision-tag-default");
    injector["metadata"]["labels"]["istio.io/tag"] = json!("default");
    injector
}

fn resource(plural: &str) -> &'static ResourceType {
    ResourceType::resolve(plural).unwrap_or(&podlife_model::RESOURCES[0])
}

/// Creates the object, or replaces it when it exists (istioctl's apply).
fn apply(engine: &mut Engine, obj: Value) -> Result<(), String> {
    let Some(rt) = ResourceType::by_api_version_kind(obj["apiVersion"].as_str().unwrap_or_default(), obj["kind"].as_str().unwrap_or_default()) else {
        return Err(format!("no matches for kind {:?}", obj["kind"]));
    };
    let namespace = obj["metadata"]["namespace"].as_str().map(str::to_string);
    let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let mut req = Request::new(Verb::Create, rt);
    req.namespace = namespace.clone();
    req.body = Some(obj.clone());
    req.field_manager = "istio-operator".into();
    req.user_agent = USER_AGENT.into();
    match engine.request(req) {
        Ok(_) => Ok(()),
        Err(s) if s.reason == podlife_engine::apiserver::status::Reason::AlreadyExists => {
            let mut get = Request::new(Verb::Get, rt);
            get.namespace = namespace.clone();
            get.name = Some(name.clone());
            get.user_agent = USER_AGENT.into();
            let Ok(Response::Object(current)) = engine.request(get) else { return Err(format!("{} {name:?} vanished", rt.plural)) };
            let mut body = obj;
            body["metadata"]["resourceVersion"] = current["metadata"]["resourceVersion"].clone();
            let mut put = Request::new(Verb::Update, rt);
            put.namespace = namespace;
            put.name = Some(name);
            put.body = Some(body);
            put.field_manager = "istio-operator".into();
            put.user_agent = USER_AGENT.into();
            engine.request(put).map(|_| ()).map_err(|s| s.message)
        }
        Err(s) => Err(s.message),
    }
}

/// `WaitForResources`: the istiod Deployment until its pods are ready.
fn wait_for_istiod(engine: &mut Engine) -> Result<(), String> {
    let deadline = engine.now().plus_millis(WAIT_TIMEOUT_MS);
    loop {
        if istiod_ready(engine) {
            return Ok(());
        }
        if engine.now() >= deadline {
            return Err("failed to wait for resource: resources not ready after 5m0s: context deadline exceeded\n  Deployment/istio-system/istiod (containers with unready status: [discovery])".into());
        }
        engine.advance_by(POLL_MS);
    }
}

fn istiod_ready(engine: &Engine) -> bool {
    let key = podlife_engine::store::ObjectKey::new(resource("deployments"), Some(install::NAMESPACE), "istiod");
    engine.store().get(&key).is_some_and(|d| {
        let want = d["spec"]["replicas"].as_i64().unwrap_or(1);
        d["status"]["readyReplicas"].as_i64().unwrap_or(0) >= want && d["status"]["updatedReplicas"].as_i64().unwrap_or(0) >= want
    })
}

/// istiod's namespace controller: `istio-ca-root-cert` in every namespace but the ignored
/// system ones (`inject.IgnoredNamespaces`).
fn publish_root_cert(engine: &mut Engine) {
    const IGNORED: &[&str] = &["kube-system", "kube-public", "kube-node-lease", "local-path-storage"];
    let namespaces: Vec<String> = engine.store().list("", "namespaces", None).map(|(k, _)| k.name.clone()).filter(|n| !IGNORED.contains(&n.as_str())).collect();
    let istiod = UserInfo::impersonated("system:serviceaccount:istio-system:istiod", &[]);
    for ns in namespaces {
        let mut req = Request::new(Verb::Create, resource("configmaps"));
        req.namespace = Some(ns.clone());
        req.body = Some(install::root_cert_configmap(&ns));
        req.credentials = Some(istiod.clone());
        req.field_manager = "pilot-discovery".into();
        req.user_agent = format!("pilot-discovery/{TAG}");
        let _ = engine.request(req);
    }
}
