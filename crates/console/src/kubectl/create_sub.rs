//! `kubectl create namespace|deployment|serviceaccount|job|cronjob|quota NAME …` (secrets and configmaps:
//! `create_data.rs`; roles and bindings: `create_rbac.rs`; services: `create_service.rs`): the generators of
//! `kubectl/pkg/cmd/create/create_*.go`, then a POST with `fieldManager=kubectl-create`.

use serde_json::Value;
use podlife_engine::json;

use super::flags::{self, Kind, Spec};
use super::{Context, DryRun, dry_run, dry_suffix, impersonation, namespace_of, server_error, type_name};
use crate::Output;
use crate::printers::{json as json_printer, yaml};
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

const COMMON: &[Spec] = &[
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "image", short: None, kind: Kind::Multi },
    Spec { long: "port", short: None, kind: Kind::Value },
    Spec { long: "replicas", short: Some('r'), kind: Kind::Value },
    Spec { long: "from", short: None, kind: Kind::Value },
    Spec { long: "schedule", short: None, kind: Kind::Value },
    Spec { long: "restart", short: None, kind: Kind::Value },
    Spec { long: "hard", short: None, kind: Kind::Value },
    Spec { long: "scopes", short: None, kind: Kind::Value },
];

/// Handles `create <subcommand>`; false when `sub` is not one it knows.
pub fn run(ctx: &mut Context<'_>, sub: &str, args: &[String], out: &mut Output) -> bool {
    match sub {
        "secret" => {
            super::create_data::secret(ctx, args, out);
            return true;
        }
        "configmap" | "cm" => {
            super::create_data::configmap(ctx, args, out);
            return true;
        }
        "role" | "clusterrole" | "rolebinding" | "clusterrolebinding" => return super::create_rbac::run(ctx, sub, args, out),
        "service" | "svc" => {
            super::create_service::run(ctx, args, out);
            return true;
        }
        "poddisruptionbudget" | "pdb" => {
            super::create_policy::pod_disruption_budget(ctx, args, out);
            return true;
        }
        "priorityclass" | "pc" => {
            super::create_policy::priority_class(ctx, args, out);
            return true;
        }
        // kubectl's other generators, which podlife does not play yet: said, not mistaken
        // for `create -f` (whose flags and arguments they do not take).
        "ingress" | "ing" => {
            out.err("error: podlife does not model kubectl create ingress yet; write the Ingress as YAML and use kubectl apply -f\n");
            return true;
        }
        "token" => {
            out.err("error: podlife does not model kubectl create token yet (a ServiceAccount's TokenRequest)\n");
            return true;
        }
        _ => {}
    }
    let (resource, command) = match sub {
        "namespace" | "ns" => ("namespaces", "create namespace"),
        "deployment" | "deploy" => ("deployments", "create deployment"),
        "serviceaccount" | "sa" => ("serviceaccounts", "create serviceaccount"),
        "job" => ("jobs", "create job"),
        "cronjob" | "cj" => ("cronjobs", "create cronjob"),
        "quota" | "resourcequota" => ("resourcequotas", "create quota"),
        _ => return false,
    };
    let p = match flags::parse(args, COMMON, command) {
        Ok(p) => p,
        Err(e) => {
            out.err(&format!("{e}\n"));
            return true;
        }
    };
    let Some(rt) = ResourceType::resolve(resource) else { return true };
    let Some(name) = p.args.first().cloned() else {
        out.err(&format!("error: exactly one NAME is required, got 0\nSee 'kubectl {command} -h' for help and examples\n"));
        return true;
    };
    let dry = match dry_run(&p, command) {
        Ok(d) => d,
        Err(e) => {
            out.err(&e);
            return true;
        }
    };
    let obj = match resource {
        "namespaces" => json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name}, "spec": {}, "status": {}}),
        "serviceaccounts" => json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": name}}),
        "resourcequotas" => match quota_object(&p, &name) {
            Ok(o) => o,
            Err(e) => {
                out.err(&format!("error: {e}\n"));
                return true;
            }
        },
        "jobs" | "cronjobs" => match batch_object(ctx, &p, resource, &name, out) {
            Some(o) => o,
            None => return true,
        },
        _ => {
            let images = p.all("image");
            if images.is_empty() {
                out.err("error: required flag(s) \"image\" not set\n");
                return true;
            }
            let command: Vec<String> = p.args[1..].iter().chain(p.after_dash.iter()).cloned().collect();
            if images.len() > 1 && !command.is_empty() {
                out.err("error: cannot specify multiple --image options and command\n");
                return true;
            }
            let containers: Vec<Value> = images
                .iter()
                .map(|image| {
                    let base = image.rsplit('/').next().unwrap_or(image);
                    let base = base.split(':').next().unwrap_or(base).split('@').next().unwrap_or(base);
                    let mut cname = base.to_string();
                    if cname.contains(['_', '.']) {
                        cname = format!("{}-{}", cname.replace(['_', '.'], "-"), ctx.engine.rng().name_suffix(5));
                    }
                    let mut c = json!({"name": cname, "image": image, "resources": {}});
                    if !command.is_empty() {
                        c["command"] = json!(command);
                    }
                    c
                })
                .collect();
            let replicas = match p.get("replicas").map(str::parse::<i64>) {
                Some(Ok(r)) => r,
                Some(Err(_)) => {
                    out.err(&format!("error: invalid argument \"{}\" for \"-r, --replicas\" flag: strconv.ParseInt: parsing \"{}\": invalid syntax\nSee 'kubectl create deployment --help' for usage.\n", p.get("replicas").unwrap_or_default(), p.get("replicas").unwrap_or_default()));
                    return true;
                }
                None => 1,
            };
            let mut d = json!({
                "apiVersion": "apps/v1", "kind": "Deployment",
                "metadata": {"name": name, "labels": {"app": name}},
                "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
                    "strategy": {},
                    "template": {"metadata": {"labels": {"app": name}}, "spec": {"containers": containers}}},
                "status": {}
            });
            if let Some(port) = p.get("port").and_then(|s| s.parse::<i64>().ok()).filter(|p| *p >= 0) {
                d["spec"]["template"]["spec"]["containers"][0]["ports"] = json!([{"containerPort": port}]);
            }
            d
        }
    };
    // These generators wrap the API error, so kubectl prints it as a plain error.
    let refusal = match resource {
        "resourcequotas" => Refusal::Wrapped("quota"),
        "deployments" | "jobs" | "cronjobs" => Refusal::Wrapped(rt.singular),
        _ => Refusal::AsServer,
    };
    send_generated(ctx, out, &p, rt, &name, obj, dry, refusal);
    true
}

/// How a generator reports the API server's refusal of its object.
pub(super) enum Refusal<'a> {
    /// `failed to create <what>: <message>`, a plain error.
    Wrapped(&'a str),
    /// The server's own words (`Error from server (…): …`).
    AsServer,
}

/// A generator's object sent (or, with `--dry-run=client`, only printed), as every `create`
/// generator does: the namespace of an explicit `-n`, `--save-config`, a POST with
/// `--field-manager` (`kubectl-create`), the name line or `-o`, the API's refusal as `refusal`.
#[allow(clippy::too_many_arguments)]
pub(super) fn send_generated(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, name: &str, mut obj: Value, dry: DryRun, refusal: Refusal<'_>) {
    if p.has("namespace") && rt.namespaced {
        obj["metadata"]["namespace"] = json!(namespace_of(p));
    }
    if p.flag("save-config") {
        super::save_config(&mut obj);
    }
    if dry == DryRun::Client {
        return print_created(out, p, rt, name, &obj, dry);
    }
    let mut create = Request::new(Verb::Create, rt);
    create.namespace = rt.namespaced.then(|| namespace_of(p));
    create.body = Some(obj);
    create.impersonate = impersonation(p);
    create.dry_run = dry == DryRun::Server;
    create.field_manager = p.get("field-manager").unwrap_or("kubectl-create").into();
    match (super::send(ctx, out, create), refusal) {
        (Ok(Response::Object(created)), _) => print_created(out, p, rt, name, &created, dry),
        (Ok(_), _) => {}
        (Err(s), Refusal::Wrapped(what)) => out.err(&format!("error: failed to create {what}: {}\n", s.message)),
        (Err(s), Refusal::AsServer) => out.err(&server_error(&s, rt.kind, name, None)),
    }
}

/// A generator's flags: its own and `GENERATED`; None once the parse error is printed.
pub(super) fn generator_flags(args: &[String], own: &[Spec], command: &str, out: &mut Output) -> Option<flags::Parsed> {
    let specs: Vec<Spec> = own.iter().chain(GENERATED).cloned().collect();
    match flags::parse(args, &specs, command) {
        Ok(p) => Some(p),
        Err(e) => {
            out.err(&format!("{e}\n"));
            None
        }
    }
}

/// `NameFromCommandArgs`: the one NAME; None once the usage error is printed.
pub(super) fn one_name(p: &flags::Parsed, command: &str, out: &mut Output) -> Option<String> {
    match p.args.as_slice() {
        [name] => Some(name.clone()),
        args => {
            out.err(&format!("error: exactly one NAME is required, got {}\nSee 'kubectl {command} -h' for help and examples\n", args.len()));
            None
        }
    }
}

/// The generator's `--dry-run`, then its object sent (`send_generated`), a refusal wrapped as
/// `failed to create <what>: …` — the tail of `create service`, `create pdb`, `create
/// priorityclass`.
pub(super) fn send_wrapped(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, rt: &'static ResourceType, name: &str, obj: Value, what: &str) {
    match dry_run(p, what) {
        Ok(dry) => send_generated(ctx, out, p, rt, name, obj, dry, Refusal::Wrapped(what)),
        Err(e) => out.err(&e),
    }
}

/// The flags every generator of this kind takes, besides its own.
pub(super) const GENERATED: &[Spec] = &[
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "validate", short: None, kind: Kind::OptionalValue("strict") },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
];

pub(super) fn print_created(out: &mut Output, p: &flags::Parsed, rt: &ResourceType, name: &str, obj: &Value, dry: DryRun) {
    match p.get("output") {
        Some("yaml") => out.out(&yaml::to_yaml(&super::strip_managed(obj.clone()))),
        Some("json") => out.out(&json_printer::to_json(&super::strip_managed(obj.clone()))),
        Some("name") => out.out(&format!("{}\n", type_name(rt, name))),
        _ => out.out(&format!("{} created{}\n", type_name(rt, name), dry_suffix(dry))),
    }
}

/// `create quota NAME [--hard=res=qty,…] [--scopes=Scope,…]` (`create_quota.go`): the hard
/// limits as a ResourceList (keys sorted, quantities in canonical form, a later duplicate
/// winning), the scopes unchecked — the API server validates them.
fn quota_object(p: &flags::Parsed, name: &str) -> Result<Value, String> {
    let mut spec = json!({});
    if let Some(hard) = p.get("hard").filter(|h| !h.is_empty()) {
        let mut list = std::collections::BTreeMap::new();
        for statement in hard.split(',') {
            let parts: Vec<&str> = statement.split('=').collect();
            let [resource, quantity] = parts[..] else {
                return Err(format!("Invalid argument syntax {statement}, expected <resource>=<value>"));
            };
            let q = podlife_model::quantity::Quantity::parse(quantity).map_err(|e| e.to_string())?;
            list.insert(resource.to_string(), json!(q.to_string()));
        }
        spec["hard"] = json!(list);
    }
    if let Some(scopes) = p.get("scopes").filter(|s| !s.is_empty()) {
        let scopes: Vec<&str> = scopes.split(',').collect();
        if scopes.contains(&"") {
            return Err("invalid resource quota scope \"\"".into());
        }
        spec["scopes"] = json!(scopes);
    }
    Ok(json!({"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": name}, "spec": spec, "status": {}}))
}

/// `create job NAME --image=… [-- cmd]`, `create job NAME --from=cronjob/X`, `create cronjob
/// NAME --image=… --schedule=… [--restart=OnFailure|Never] [-- cmd]`
/// (`kubectl/pkg/cmd/create/create_job.go`, `create_cronjob.go`).
fn batch_object(ctx: &mut Context<'_>, p: &flags::Parsed, resource: &str, name: &str, out: &mut Output) -> Option<Value> {
    let image = p.all("image").first().cloned();
    let command: Vec<String> = p.args[1..].iter().chain(p.after_dash.iter()).cloned().collect();
    let container = |image: &str| {
        let mut c = json!({"name": name, "image": image, "resources": {}});
        if !command.is_empty() {
            c["command"] = json!(command);
        }
        c
    };
    if resource == "cronjobs" {
        let (Some(image), Some(schedule)) = (image.as_deref(), p.get("schedule")) else {
            let missing: Vec<&str> = [("image", image.is_none()), ("schedule", p.get("schedule").is_none())].iter().filter(|(_, m)| *m).map(|(f, _)| *f).collect();
            out.err(&format!("error: required flag(s) \"{}\" not set\n", missing.join("\", \"")));
            return None;
        };
        let restart = p.get("restart").filter(|r| !r.is_empty()).unwrap_or("OnFailure");
        return Some(json!({
            "apiVersion": "batch/v1", "kind": "CronJob", "metadata": {"name": name},
            "spec": {"schedule": schedule, "jobTemplate": {"metadata": {"name": name}, "spec": {"template": {"metadata": {}, "spec": {"containers": [container(image)], "restartPolicy": restart}}}}},
            "status": {}
        }));
    }
    let from = p.get("from");
    if image.is_some() == from.is_some() {
        out.err("error: either --image or --from must be specified\n");
        return None;
    }
    if from.is_some() && !command.is_empty() {
        out.err("error: cannot specify --from and command\n");
        return None;
    }
    let Some(from) = from else {
        return Some(json!({
            "apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": name},
            "spec": {"template": {"metadata": {}, "spec": {"containers": [container(image.as_deref().unwrap_or_default())], "restartPolicy": "Never"}}},
            "status": {}
        }));
    };
    // createJobFromCronJob: the CronJob's job template, marked as a manual run, owned (not
    // blocking deletion) by the CronJob.
    let (kind, cj_name) = from.split_once('/').unwrap_or(("", from));
    if !matches!(kind, "cronjob" | "cronjobs" | "cj" | "cronjob.batch" | "cronjobs.batch") {
        out.err("error: from must be an existing cronjob\n");
        return None;
    }
    let rt = ResourceType::resolve("cronjobs")?;
    let ns = namespace_of(p);
    let Some(cj) = ctx.engine.store().get(&podlife_engine::store::ObjectKey::new(rt, Some(&ns), cj_name)).map(podlife_engine::Slot::to_value) else {
        out.err(&format!("Error from server (NotFound): cronjobs.batch \"{cj_name}\" not found\n"));
        return None;
    };
    let template = &cj["spec"]["jobTemplate"];
    let mut annotations = json!({"cronjob.kubernetes.io/instantiate": "manual"});
    if let Some(a) = template["metadata"]["annotations"].as_object() {
        for (k, v) in a {
            annotations[k] = v.clone();
        }
    }
    let mut meta = json!({"name": name, "annotations": annotations,
        "ownerReferences": [{"apiVersion": "batch/v1", "kind": "CronJob", "name": cj_name, "uid": cj["metadata"]["uid"], "controller": true}]});
    if let Some(l) = template["metadata"]["labels"].as_object().filter(|l| !l.is_empty()) {
        meta["labels"] = Value::Object(l.clone());
    }
    Some(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": meta, "spec": template["spec"], "status": {}}))
}
