//! The kubectl emulator: the commands a learner types, their request sequences against the
//! engine's API server, and kubectl 1.36's output (upstream: `kubernetes/kubectl`
//! `pkg/cmd/*`, `cli-runtime/pkg/printers`).

mod autoscale;
mod cluster_info;
mod create_data;
mod create_rbac;
mod create_policy;
mod create_service;
mod create_sub;
mod describe;
mod debug;
mod label_annotate;
mod cp;
mod exec_wait;
mod expose;
mod file_targets;
pub mod flags;
mod logs;
mod manifest_input;
mod merge;
mod node_ops;
mod patch;
mod raw;
mod replace;
mod rollout;
mod rollout_targets;
mod set_image;
mod run_attach;
mod set_podspec;
mod top;
pub mod verbose;
mod watch;

use serde_json::Value;
use podlife_engine::json;

use crate::printers::{columns, custom_columns, json as json_printer, table, yaml};
use crate::{Diagnostic, Output};
use flags::{Kind, Spec};
use podlife_engine::apiserver::status::{Reason, Status};
use podlife_engine::{Engine, Impersonation, Request, Response, Verb};
use podlife_model::ResourceType;

pub const KUBECTL_VERSION: &str = "v1.36.0";
pub const KUSTOMIZE_VERSION: &str = "v5.8.1";

/// Where one kubectl invocation runs: the engine, and how to read `-f FILE`.
pub struct Context<'a> {
    pub engine: &'a mut Engine,
    pub stdin: Option<&'a str>,
    pub read_file: &'a dyn Fn(&str) -> Option<String>,
    /// Set by `kubectl get -w`: what to print as it changes (during the script's next `sleep`).
    pub watch: Option<WatchRequest>,
    /// `-v=N` request logging.
    pub log: verbose::Log,
    /// The learner's machine's files, for `kubectl cp` (None: kubectl writes no file).
    pub local: Option<Local<'a>>,
}

/// The files of the learner's machine: the console shell's own (in memory, over the script's
/// directory, which is read through `read_file`), and kubectl's working directory.
pub struct Local<'a> {
    pub files: &'a std::cell::RefCell<crate::shell::Scratch>,
    pub cwd: &'a str,
}

pub use watch::WatchRequest;

/// Sends a request and prints the response's warnings as kubectl's warning handler does.
fn send(ctx: &mut Context<'_>, out: &mut Output, req: Request) -> Result<Response, podlife_engine::Status> {
    let logged = (ctx.log.level >= 6).then(|| (verbose::method(req.verb), verbose::url(&ctx.log.server, &req), req.verb == Verb::Create));
    if logged.is_some() && !ctx.log.config_logged {
        ctx.log.config_logged = true;
        out.err(&verbose::config_loaded(ctx.engine.now(), ctx.log.pid));
    }
    let started = ctx.engine.now();
    let result = ctx.engine.request(req);
    if let Some((method, url, create)) = logged {
        let code = match &result {
            Ok(_) if create => 201,
            Ok(_) => 200,
            Err(s) => s.code(),
        };
        let now = ctx.engine.now();
        out.err(&verbose::response(now, ctx.log.pid, method, &url, code, now.millis() - started.millis()));
    }
    // client-go's warning writer, as kubectl sets it up, prints each distinct warning once.
    for w in ctx.engine.take_warnings() {
        let line = format!("Warning: {w}\n");
        if !out.text.contains(&line) {
            out.err(&line);
        }
    }
    result
}

/// Runs `kubectl ARGS…` and returns what it printed.
// The subcommands this calls are `#[inline(never)]`: as functions of their own, the ones a
// session rarely runs leave the worker's first download (the split worker, xtask/src/split.rs).
pub fn run(ctx: &mut Context<'_>, args: &[String]) -> Output {
    let mut out = Output::default();
    let args = match hoist_global_flags(args) {
        Ok(a) => a,
        Err(e) => {
            out.err(&format!("{e}\n"));
            return out;
        }
    };
    ctx.log.level = match verbose::level(&args) {
        Ok(level) => level,
        Err(e) => {
            out.err(&e);
            return out;
        }
    };
    if ctx.log.level > 6 {
        out.err(&verbose::above_six(ctx.log.level));
    }
    let Some(command) = args.first() else {
        out.err("kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/\n");
        return out;
    };
    let rest = &args[1..];
    match command.as_str() {
        "apply" => apply_or_create(ctx, rest, &mut out, true),
        "create" => {
            let handled = rest.first().is_some_and(|sub| !sub.starts_with('-')) && create_sub::run(ctx, &rest[0], &rest[1..], &mut out);
            if !handled {
                apply_or_create(ctx, rest, &mut out, false);
            }
        }
        "run" => run_pod(ctx, rest, &mut out),
        "get" => get(ctx, rest, &mut out),
        "delete" => delete(ctx, rest, &mut out),
        "version" => version(ctx, rest, &mut out),
        "api-resources" => api_resources(ctx, rest, &mut out),
        "auth" => auth(ctx, rest, &mut out),
        "events" => events(ctx, rest, &mut out),
        "describe" => describe_cmd(ctx, rest, &mut out),
        "logs" => logs::logs(ctx, rest, &mut out),
        "exec" => exec_wait::exec(ctx, rest, &mut out),
        "cp" => cp::cp(ctx, rest, &mut out),
        "top" => top::top(ctx, rest, &mut out),
        "wait" => exec_wait::wait(ctx, rest, &mut out),
        "rollout" => rollout::rollout(ctx, rest, &mut out),
        "scale" => rollout::scale(ctx, rest, &mut out),
        "set" => set_image::set(ctx, rest, &mut out),
        "cordon" => node_ops::cordon(ctx, rest, &mut out, true),
        "uncordon" => node_ops::cordon(ctx, rest, &mut out, false),
        "drain" => node_ops::drain(ctx, rest, &mut out),
        "taint" => node_ops::taint(ctx, rest, &mut out),
        "label" => label_annotate::label(ctx, rest, &mut out),
        "annotate" => label_annotate::annotate(ctx, rest, &mut out),
        "patch" => patch::patch(ctx, rest, &mut out),
        "expose" => expose::expose(ctx, rest, &mut out),
        "debug" => debug::debug(ctx, rest, &mut out),
        "autoscale" => autoscale::autoscale(ctx, rest, &mut out),
        // Out of scope: podlife has no network path from the learner's machine into a pod.
        "port-forward" => out.err(PORT_FORWARD),
        // Real kubectl commands podlife does not model: say so, with what to use instead.
        "edit" => out.err("error: podlife does not model kubectl edit: it opens an editor on your machine; change the object with kubectl apply (the editor's Apply), patch, set image, scale or label instead\n"),
        "replace" => replace::replace(ctx, rest, &mut out),
        "cluster-info" => cluster_info::cluster_info(ctx, rest, &mut out),
        "diff" | "attach" | "proxy" | "kustomize" | "plugin" | "certificate" | "completion" | "config" | "explain" | "api-versions" | "options" => {
            out.err(&format!("error: podlife does not model kubectl {command} yet\n"));
        }
        other => {
            let found = suggestions(other);
            let hint = if found.is_empty() {
                String::new()
            } else {
                format!("\n\nDid you mean this?\n{}", found.iter().map(|s| format!("\t{s}\n")).collect::<String>())
            };
            let text = format!("error: unknown command \"{other}\" for \"kubectl\"{hint}");
            out.err(&if text.ends_with('\n') { text } else { format!("{text}\n") });
        }
    }
    out
}

/// What `kubectl port-forward` prints here, in the form of a kubectl error.
const PORT_FORWARD: &str = "error: podlife does not model port-forward: there is no network between your machine and the simulated cluster to forward a local port over; use 'kubectl exec', or 'kubectl describe svc' and 'kubectl get endpointslices' to see where a Service sends its traffic\n";

/// Global flags may come before the command (`kubectl --as=jane create -f -`); move them
/// after it so each command's parser sees them.
fn hoist_global_flags(args: &[String]) -> Result<Vec<String>, String> {
    let mut leading = Vec::new();
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') && args[i] != "--" {
        let tok = &args[i];
        let name = tok.trim_start_matches('-').split('=').next().unwrap_or_default();
        let spec = flags::GLOBAL.iter().find(|s| s.long == name || (tok.len() == 2 && s.short.is_some_and(|c| tok.ends_with(c))));
        let Some(spec) = spec else {
            return Err(format!("error: unknown flag: {tok}\nSee 'kubectl --help' for usage."));
        };
        leading.push(tok.clone());
        let inline = tok.contains('=') || (!tok.starts_with("--") && tok.len() > 2);
        if spec.kind != Kind::Bool && !inline {
            i += 1;
            match args.get(i) {
                Some(v) => leading.push(v.clone()),
                // cobra's text for a value-taking flag at the very end (`kubectl -n`).
                None if tok.starts_with("--") => return Err(format!("error: flag needs an argument: {tok}\nSee 'kubectl --help' for usage.")),
                None => return Err(format!("error: flag needs an argument: '{}' in {tok}\nSee 'kubectl --help' for usage.", tok.trim_start_matches('-'))),
            }
        }
        i += 1;
    }
    let mut out: Vec<String> = args.get(i..).map(<[String]>::to_vec).unwrap_or_default();
    if out.is_empty() {
        return Ok(out);
    }
    // Before `--`, so that `kubectl --as=x run web --image=y -- cmd` keeps its command.
    let dash = out.iter().position(|a| a == "--").unwrap_or(out.len());
    out.splice(dash..dash, leading);
    Ok(out)
}

/// Cobra's "Did you mean this?": every command within Levenshtein distance 2 (ignoring
/// case) or starting with what was typed, in command order.
fn suggestions(typed: &str) -> Vec<&'static str> {
    const COMMANDS: &[&str] = &[
        "annotate", "api-resources", "api-versions", "apply", "attach", "auth", "autoscale", "certificate", "cluster-info", "completion", "config",
        "cordon", "cp", "create", "debug", "delete", "describe", "diff", "drain", "edit", "events", "exec", "explain", "expose", "get", "kustomize",
        "label", "logs", "options", "patch", "plugin", "port-forward", "proxy", "replace", "rollout", "run", "scale", "set", "taint", "top",
        "uncordon", "version", "wait",
    ];
    let lower = typed.to_ascii_lowercase();
    COMMANDS.iter().copied().filter(|c| levenshtein(c, &lower) <= 2 || c.starts_with(&lower)).collect()
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push((prev[j] + usize::from(ca != *cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn impersonation(p: &flags::Parsed) -> Impersonation {
    Impersonation { user: p.get("as").map(str::to_string), groups: p.all("as-group") }
}

/// A GET of one named object as the builder sends it (`--as` impersonation included).
fn get_request(rt: &'static ResourceType, namespace: &str, name: &str, p: &flags::Parsed) -> Request {
    let mut req = Request::new(Verb::Get, rt);
    req.namespace = Some(namespace.to_string());
    req.name = Some(name.to_string());
    req.impersonate = impersonation(p);
    req
}

fn namespace_of(p: &flags::Parsed) -> String {
    p.get("namespace").unwrap_or("default").to_string()
}

/// `Error from server (Reason): <message>`, with `error when <verb> "<source>": ` inserted
/// when the object came from a file or stdin; Invalid errors are rebuilt from their causes.
fn server_error(status: &Status, kind: &str, name: &str, source: Option<(&str, &str)>) -> String {
    if status.reason == Reason::Invalid && !status.causes.is_empty() {
        let causes: Vec<String> = status.causes.iter().map(|c| format!("{}: {}", c.field, c.message)).collect();
        let prefix = format!("The {kind} \"{name}\" is invalid: ");
        return if causes.len() == 1 {
            format!("{prefix}{}\n", causes[0])
        } else {
            let mut s = format!("{prefix}\n");
            for c in causes {
                s.push_str(&format!("* {c}\n"));
            }
            s
        };
    }
    // `checkErr`: an Invalid status with no kind, name or causes (the 422 of a patch that
    // does not apply) prints the server's message after "The request is invalid".
    if status.reason == Reason::Invalid {
        return format!("The request is invalid: {}\n", status.message);
    }
    let message = match source {
        Some((verb, src)) => format!("error when {verb} \"{src}\": {}", status.message),
        None => status.message.clone(),
    };
    // `StandardErrorMessage`: the reason in parentheses when there is one.
    match status.reason_text() {
        "" => format!("Error from server: {message}\n"),
        reason => format!("Error from server ({reason}): {message}\n"),
    }
}

/// The builder's `LabelSelectorParam` / `FieldSelectorParam` (cli-runtime
/// `pkg/resource/builder.go`): the flag's value trimmed; an empty one sends no selector.
pub(crate) fn selector_param(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// `resource.EnhanceListError` (cli-runtime `pkg/resource/helper.go`): a list's BadRequest or
/// NotFound names the resource (`GroupVersionResource.String()`) and the selectors sent.
pub(crate) fn list_error(status: &Status, rt: &ResourceType, label_selector: Option<&str>, field_selector: Option<&str>) -> String {
    let mut status = status.clone();
    if matches!(status.reason, Reason::BadRequest | Reason::NotFound) {
        let subject = format!("{}/{}, Resource={}", rt.group, rt.version, rt.plural);
        let (label, field) = (label_selector.unwrap_or_default(), field_selector.unwrap_or_default());
        status.message = if label.is_empty() && field.is_empty() {
            format!("Unable to list {}: {}", go_quote(&subject), status.message)
        } else {
            format!("Unable to find {} that match label selector {}, field selector {}: {}", go_quote(&subject), go_quote(label), go_quote(field), status.message)
        };
    }
    server_error(&status, rt.kind, "", None)
}

fn go_quote(s: &str) -> String {
    podlife_model::json::quote(s)
}

const APPLY_FLAGS: &[Spec] = &[
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "validate", short: None, kind: Kind::OptionalValue("strict") },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "server-side", short: None, kind: Kind::Bool },
    Spec { long: "force", short: None, kind: Kind::Bool },
    Spec { long: "recursive", short: Some('R'), kind: Kind::Bool },
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DryRun {
    None,
    Client,
    Server,
}

/// A mutating command's flags and its `--dry-run` strategy, or the error already printed.
fn parse_mutating(args: &[String], specs: &[Spec], command: &str, out: &mut Output) -> Option<(flags::Parsed, DryRun)> {
    let parsed = flags::parse(args, specs, command).map_err(|e| format!("{e}\n")).and_then(|p| dry_run(&p, command).map(|d| (p, d)));
    parsed.map_err(|e| out.err(&e)).ok()
}

fn dry_run(p: &flags::Parsed, _command: &str) -> Result<DryRun, String> {
    match p.get("dry-run") {
        None | Some("none") => Ok(DryRun::None),
        Some("client") => Ok(DryRun::Client),
        Some("server") => Ok(DryRun::Server),
        Some("unchanged") => Ok(DryRun::Client),
        // GetDryRunStrategy's plain error (no usage line).
        Some(other) => Err(format!("error: Invalid dry-run value ({other}). Must be \"none\", \"server\", or \"client\".\n")),
    }
}

fn dry_suffix(d: DryRun) -> &'static str {
    match d {
        DryRun::None => "",
        DryRun::Client => " (dry run)",
        DryRun::Server => " (server dry run)",
    }
}

/// `kind/name` or `kind.group/name`, as the name printer writes it.
fn type_name(rt: &ResourceType, name: &str) -> String {
    if rt.group.is_empty() {
        format!("{}/{name}", rt.kind.to_ascii_lowercase())
    } else {
        format!("{}.{}/{name}", rt.kind.to_ascii_lowercase(), rt.group)
    }
}

#[inline(never)]
fn apply_or_create(ctx: &mut Context<'_>, args: &[String], out: &mut Output, apply: bool) {
    let command = if apply { "apply" } else { "create" };
    let Some((p, dry)) = parse_mutating(args, APPLY_FLAGS, command, out) else { return };
    let files = p.all("filename");
    if files.is_empty() {
        if !apply && !p.args.is_empty() {
            return out.err(&format!("error: Unexpected args: [{}]\nSee 'kubectl create -h' for help and examples\n", p.args.join(" ")));
        }
        return out.err("error: must specify one of -f and -k\n\n");
    }
    let validate = p.get("validate").unwrap_or("strict") != "false" && p.get("validate") != Some("ignore");
    let namespace = namespace_of(&p);
    let objects = match manifest_input::read(ctx, &files, validate, out) {
        Some(objs) => objs,
        None => return,
    };
    if objects.is_empty() {
        return out.err(&format!("error: no objects passed to {command}\n"));
    }
    let mut errors: Vec<(String, Vec<Diagnostic>)> = Vec::new();
    // An object a file places outside an explicit `-n` is refused (`RequireNamespace`) and
    // the others go on: apply names these first (they come from reading the objects), create
    // in file order (they come from its visit).
    let mut refused: Vec<(String, Vec<Diagnostic>)> = Vec::new();
    for obj in objects {
        let rt = obj.resource;
        let mut body = obj.value.clone();
        let ns = if rt.namespaced { body["metadata"]["namespace"].as_str().filter(|s| !s.is_empty()).unwrap_or(&namespace).to_string() } else { String::new() };
        let name = body["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let at = |paths: &[String], message: &str| obj.locate(paths, message);
        if let Err(e) = file_targets::require_namespace_of(rt, &ns, &p) {
            let msg = format!("error: {e}\n");
            let diag = vec![obj.locate_one("metadata.namespace", msg.trim_end())];
            if apply { refused.push((msg, diag)) } else { errors.push((msg, diag)) }
            continue;
        }
        if apply {
            if name.is_empty() {
                let info = info_string(rt, &name, &ns);
                let msg = format!("error: error when retrieving current configuration of:\n{info}\nfrom server for: \"{}\": resource name may not be empty\n", obj.source);
                errors.push((msg.clone(), at(&[], msg.trim_end())));
                continue;
            }
            let mut get = Request::new(Verb::Get, rt);
            get.namespace = Some(ns.clone()).filter(|n| !n.is_empty());
            get.name = Some(name.clone());
            get.impersonate = impersonation(&p);
            match send(ctx, out, get) {
                Ok(Response::Object(live)) => {
                    apply_existing(ctx, &p, out, &obj, live, &ns, dry, &mut errors);
                    continue;
                }
                Ok(Response::List(_)) => continue,
                Err(s) if s.reason == Reason::NotFound => {}
                Err(s) => {
                    let info = info_string(rt, &name, &ns);
                    let msg = server_error(&s, rt.kind, &name, Some((&format!("retrieving current configuration of:\n{info}\nfrom server for:"), &obj.source)));
                    let diags = at(&[], msg.trim_end());
                    errors.push((msg, diags));
                    continue;
                }
            }
            // CreateApplyAnnotation: the manifest as given, namespace filled in, with a newline.
            let mut original = body.clone();
            if rt.namespaced {
                original["metadata"]["namespace"] = json!(ns);
            }
            if original["metadata"]["annotations"].is_null() {
                original["metadata"]["annotations"] = json!({});
            }
            let annotation = format!("{}\n", json_printer::to_compact_json(&prune_nulls(&original)));
            body["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] = json!(annotation);
        } else if p.flag("save-config") {
            save_config(&mut body);
        }
        if dry == DryRun::Client {
            // create.go / apply.go print the object as it would be sent, through `-o`'s printer.
            print_result(out, p.get("output"), rt, &name, &prune_nulls(&body), "created", dry);
            continue;
        }
        let mut create = Request::new(Verb::Create, rt);
        create.namespace = Some(ns.clone()).filter(|n| !n.is_empty());
        create.body = Some(prune_nulls(&body));
        create.impersonate = impersonation(&p);
        create.dry_run = dry == DryRun::Server;
        create.field_manager = if apply { "kubectl-client-side-apply".into() } else { "kubectl-create".into() };
        match send(ctx, out, create) {
            Ok(Response::Object(created)) => {
                let n = created["metadata"]["name"].as_str().unwrap_or(&name).to_string();
                print_result(out, p.get("output"), rt, &n, &created, "created", dry);
            }
            Ok(Response::List(_)) => {}
            Err(s) => {
                let msg = server_error(&s, rt.kind, &name, Some(("creating", &obj.source)));
                let paths: Vec<String> = s.causes.iter().map(|c| c.field.clone()).collect();
                let diags = if s.causes.is_empty() {
                    at(&[], msg.trim_end())
                } else {
                    s.causes.iter().map(|c| obj.locate_one(&c.field, &format!("{}: {}", c.field, if c.message.is_empty() { &s.message } else { &c.message }))).collect()
                };
                let _ = paths;
                errors.push((msg, diags));
            }
        }
    }
    for (msg, diags) in refused.into_iter().chain(errors) {
        out.err(&msg);
        out.diagnostics.extend(diags);
    }
}

/// The printer `-o` chose for a create/apply result: the object, its name, or the operation.
/// kubectl's JSONPathPrinter: the template's text, or its error with the template and the
/// object it was given.
fn print_jsonpath(out: &mut Output, template: &str, value: &Value) {
    match crate::printers::jsonpath::render(template, value) {
        Ok(text) => out.out(&text),
        Err(e) if e == crate::printers::jsonpath::BUDGET_EXCEEDED => out.err(&format!("{e}\n")),
        Err(e) => out.err(&format!("error: error executing jsonpath \"{template}\": Error executing template: {e}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t{template}\n\tobject given to jsonpath engine was:\n\t\t{}\n\n\n", podlife_model::json::to_string_plain(value))),
    }
}

/// The template of `-o go-template=T`, `-o template=T`, `-o go-template --template T` (or
/// `--template` alone), `-o go-template-file=F` (`GoTemplatePrintFlags.ToPrinter`); None for
/// other formats.
fn go_template_of(ctx: &mut Context<'_>, output: &str, flag: Option<&str>) -> Result<Option<String>, String> {
    let (format, value) = output.split_once('=').map_or((output, None), |(f, v)| (f, Some(v)));
    let template = match (format, value) {
        ("go-template" | "template", Some(t)) => t.to_string(),
        ("go-template" | "template", None) => match flag {
            Some(t) => t.to_string(),
            None => return Err("error: template format specified but no template given\n".into()),
        },
        ("" , None) if flag.is_some() => flag.unwrap_or_default().to_string(),
        ("go-template-file" | "templatefile", file) => {
            let file = file.or(flag).unwrap_or_default();
            match (ctx.read_file)(file) {
                Some(text) => text,
                None => return Err(format!("error: error reading --template {file}, open {file}: no such file or directory\n")),
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(template.trim_matches('\'').to_string()))
}

fn print_go_template(out: &mut Output, template: &str, value: &Value) {
    match crate::printers::go_template::render(template, value) {
        Ok(text) => out.out(&text),
        Err(e) if e == crate::printers::go_template::BUDGET_EXCEEDED => out.err(&format!("{e}\n")),
        Err(e) => out.err(&format!("error: error executing template {template:?}: {e}\n")),
    }
}

fn print_result(out: &mut Output, output: Option<&str>, rt: &ResourceType, name: &str, obj: &Value, operation: &str, dry: DryRun) {
    print_result_as(out, output, &type_name(rt, name), obj, operation, dry);
}

/// [`print_result`] for an object shown as `shown` (`scale.autoscaling/web`).
fn print_result_as(out: &mut Output, output: Option<&str>, shown: &str, obj: &Value, operation: &str, dry: DryRun) {
    if let Some(template) = output.and_then(|o| o.strip_prefix("jsonpath=")) {
        return print_jsonpath(out, template, obj);
    }
    if let Some(template) = output.and_then(|o| o.strip_prefix("go-template=").or_else(|| o.strip_prefix("template="))) {
        return print_go_template(out, template.trim_matches('\''), obj);
    }
    match output {
        Some("yaml") => out.out(&yaml::to_yaml(&strip_managed(obj.clone()))),
        Some("json") => out.out(&json_printer::to_json(&strip_managed(obj.clone()))),
        Some("name") => out.out(&format!("{shown}\n")),
        _ => out.out(&format!("{shown} {operation}{}\n", dry_suffix(dry))),
    }
}

fn info_string(rt: &ResourceType, name: &str, ns: &str) -> String {
    format!(
        "Resource: \"{}/{}, Resource={}\", GroupVersionKind: \"{}/{}, Kind={}\"\nName: \"{name}\", Namespace: \"{ns}\"",
        rt.group, rt.version, rt.plural, rt.group, rt.version, rt.kind
    )
}

/// `--save-config` (`CreateOrUpdateAnnotation`): the object as sent becomes the last applied
/// configuration.
pub(super) fn save_config(obj: &mut Value) {
    let mut copy = obj.clone();
    if let Some(m) = copy["metadata"]["annotations"].as_object_mut() {
        m.remove("kubectl.kubernetes.io/last-applied-configuration");
    }
    let annotation = format!("{}\n", json_printer::to_compact_json(&prune_nulls(&copy)));
    obj["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] = json!(annotation);
}

/// kubectl's `pruneNullsFromMap` before it sends an object.
fn prune_nulls(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(podlife_engine::sort::collect_object(m.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), prune_nulls(v))))),
        Value::Array(a) => Value::Array(a.iter().map(prune_nulls).collect()),
        other => other.clone(),
    }
}

/// An object that exists: compare with the last applied configuration; nothing changed is
/// `unchanged` (no request), otherwise the new configuration is sent and `configured` printed.
#[allow(clippy::too_many_arguments)]
fn apply_existing(
    ctx: &mut Context<'_>,
    p: &flags::Parsed,
    out: &mut Output,
    obj: &manifest_input::Object,
    live: Value,
    ns: &str,
    dry: DryRun,
    errors: &mut Vec<(String, Vec<Diagnostic>)>,
) {
    let rt = obj.resource;
    let name = live["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let mut modified = obj.value.clone();
    if rt.namespaced {
        modified["metadata"]["namespace"] = json!(ns);
    }
    if modified["metadata"]["annotations"].is_null() {
        modified["metadata"]["annotations"] = json!({});
    }
    let annotation = format!("{}\n", json_printer::to_compact_json(&prune_nulls(&modified)));
    let key = "kubectl.kubernetes.io/last-applied-configuration";
    let previous = live["metadata"]["annotations"][key].as_str();
    if previous.is_none() {
        out.err(&format!(
            "Warning: resource {}/{name} is missing the {key} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n",
            rt.plural
        ));
    }
    if previous == Some(annotation.as_str()) {
        out.out(&format!("{} unchanged{}\n", type_name(rt, &name), dry_suffix(dry)));
        return;
    }
    // Three-way merge: start from the live object, drop what the last applied configuration
    // had and the new one does not, then lay the new configuration over it.
    let original: Value = previous.and_then(|s| serde_json::from_str(s).ok()).unwrap_or(json!({}));
    let mut merged = live.clone();
    merge::three_way(&mut merged, &original, &prune_nulls(&modified));
    merged["metadata"]["annotations"][key] = json!(annotation);
    if dry == DryRun::Client {
        out.out(&format!("{} configured{}\n", type_name(rt, &name), dry_suffix(dry)));
        return;
    }
    let mut update = Request::new(Verb::Update, rt);
    update.namespace = Some(ns.to_string()).filter(|n| !n.is_empty());
    update.name = Some(name.clone());
    update.body = Some(merged);
    update.impersonate = impersonation(p);
    update.dry_run = dry == DryRun::Server;
    update.field_manager = "kubectl-client-side-apply".into();
    match send(ctx, out, update) {
        Ok(Response::Object(v)) => print_result(out, p.get("output"), rt, &name, &v, "configured", dry),
        Ok(_) => {}
        Err(s) => {
            let msg = server_error(&s, rt.kind, &name, Some(("applying patch", &obj.source)));
            let diags = s.causes.iter().map(|c| obj.locate_one(&c.field, &format!("{}: {}", c.field, c.message))).collect();
            errors.push((msg, diags));
        }
    }
}

const RUN_FLAGS: &[Spec] = &[
    Spec { long: "image", short: None, kind: Kind::Value },
    Spec { long: "restart", short: None, kind: Kind::Value },
    Spec { long: "labels", short: Some('l'), kind: Kind::Value },
    Spec { long: "env", short: None, kind: Kind::Multi },
    Spec { long: "port", short: None, kind: Kind::Value },
    Spec { long: "command", short: None, kind: Kind::Bool },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "annotations", short: None, kind: Kind::Multi },
    Spec { long: "image-pull-policy", short: None, kind: Kind::Value },
    Spec { long: "serviceaccount", short: None, kind: Kind::Value },
    Spec { long: "stdin", short: Some('i'), kind: Kind::Bool },
    Spec { long: "tty", short: Some('t'), kind: Kind::Bool },
    Spec { long: "rm", short: None, kind: Kind::Bool },
    Spec { long: "attach", short: None, kind: Kind::Bool },
    Spec { long: "quiet", short: Some('q'), kind: Kind::Bool },
    Spec { long: "overrides", short: None, kind: Kind::Value },
];

/// `kubectl run`: the `BasicPod` generator, then a create (or a client dry run).
#[inline(never)]
fn run_pod(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, RUN_FLAGS, "run") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(name) = p.args.first().cloned() else {
        return out.err("error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n");
    };
    let Some(image) = p.get("image").filter(|i| !i.is_empty()).map(str::to_string) else {
        return out.err("error: --image is required\n");
    };
    let interactive = p.flag("stdin");
    if p.flag("tty") && !interactive {
        return out.err("error: -i/--stdin is required for containers with -t/--tty=true\nSee 'kubectl run -h' for help and examples\n");
    }
    // getRestartPolicy: OnFailure by default for an interactive pod.
    let restart = p.get("restart").unwrap_or(if interactive { "OnFailure" } else { "Always" }).to_string();
    if !["Always", "OnFailure", "Never"].contains(&restart.as_str()) {
        return out.err(&format!("error: invalid restart policy: {restart}\nSee 'kubectl run -h' for help and examples\n"));
    }
    // --attach defaults to true with -i.
    let attach = if p.has("attach") { p.flag("attach") } else { interactive };
    if p.flag("rm") && !attach {
        return out.err("error: --rm should only be used for attached containers\nSee 'kubectl run -h' for help and examples\n");
    }
    let dry = match dry_run(&p, "run") {
        Ok(d) => d,
        Err(e) => return out.err(&e),
    };
    if attach && dry != DryRun::None {
        return out.err("error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)\nSee 'kubectl run -h' for help and examples\n");
    }
    let mut labels = serde_json::Map::new();
    match p.get("labels") {
        Some(l) => {
            for pair in l.split(',').filter(|s| !s.is_empty()) {
                match pair.split_once('=') {
                    Some((k, v)) => {
                        labels.insert(k.to_string(), json!(v));
                    }
                    None => return out.err(&format!("error: invalid label spec: {pair}\n")),
                }
            }
        }
        None => {
            labels.insert("run".into(), json!(name));
        }
    }
    let mut container = json!({"name": name, "image": image, "resources": {}});
    let extra: Vec<String> = p.args[1..].iter().chain(p.after_dash.iter()).cloned().collect();
    if !extra.is_empty() {
        container[if p.flag("command") { "command" } else { "args" }] = json!(extra);
    }
    let env: Vec<Value> = p
        .all("env")
        .iter()
        .map(|e| match e.split_once('=') {
            Some((k, v)) => json!({"name": k, "value": v}),
            None => json!({"name": e}),
        })
        .collect();
    if !env.is_empty() {
        container["env"] = json!(env);
    }
    if let Some(port) = p.get("port") {
        match port.parse::<i64>() {
            Ok(n) => container["ports"] = json!([{"containerPort": n}]),
            Err(_) => return out.err(&format!("error: strconv.Atoi: parsing \"{port}\": invalid syntax\n")),
        }
    }
    if let Some(policy) = p.get("image-pull-policy") {
        container["imagePullPolicy"] = json!(policy);
    }
    if p.flag("stdin") {
        container["stdin"] = json!(true);
        container["stdinOnce"] = json!(true);
    }
    if p.flag("tty") {
        container["tty"] = json!(true);
    }
    let mut metadata = json!({"name": name, "labels": labels});
    let annotations: serde_json::Map<String, Value> =
        podlife_engine::sort::collect_object(p.all("annotations").iter().filter_map(|a| a.split_once('=')).map(|(k, v)| (k.to_string(), json!(v))));
    if !annotations.is_empty() {
        metadata["annotations"] = Value::Object(annotations);
    }
    if p.has("namespace") {
        metadata["namespace"] = json!(namespace_of(&p));
    }
    let mut spec = json!({"containers": [container], "dnsPolicy": "ClusterFirst", "restartPolicy": restart});
    if let Some(sa) = p.get("serviceaccount") {
        spec["serviceAccountName"] = json!(sa);
    }
    let mut pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec, "status": {}});
    // `--overrides`: a JSON merge patch over the generated pod (`cmdutil.Merge`: lists are
    // replaced whole).
    if let Some(o) = p.get("overrides").filter(|o| !o.is_empty()) {
        match serde_json::from_str::<Value>(o) {
            Ok(patch) => podlife_engine::apiserver::merge_patch(&mut pod, &patch),
            Err(_) => return out.err("error: Invalid JSON Patch\n"),
        }
    }
    let Some(rt) = ResourceType::resolve("pods") else { return };
    if dry == DryRun::Client {
        match p.get("output") {
            Some("yaml") => out.out(&yaml::to_yaml(&pod)),
            Some("json") => out.out(&json_printer::to_json(&pod)),
            Some("name") => out.out(&format!("pod/{name}\n")),
            _ => out.out(&format!("pod/{name} created (dry run)\n")),
        }
        return;
    }
    let mut create = Request::new(Verb::Create, rt);
    create.namespace = Some(namespace_of(&p));
    create.body = Some(pod);
    create.impersonate = impersonation(&p);
    create.dry_run = dry == DryRun::Server;
    create.field_manager = "kubectl-run".into();
    match send(ctx, out, create) {
        Ok(Response::Object(_)) if attach => {
            let ns = namespace_of(&p);
            let a = run_attach::Attach { namespace: &ns, name: &name, restart: &restart, tty: p.flag("tty"), quiet: p.flag("quiet"), remove: p.flag("rm") };
            run_attach::attach(ctx, &a, out);
        }
        Ok(Response::Object(created)) => match p.get("output") {
            Some("yaml") => out.out(&yaml::to_yaml(&strip_managed(created))),
            Some("json") => out.out(&json_printer::to_json(&strip_managed(created))),
            _ => out.out(&format!("pod/{name} created{}\n", dry_suffix(dry))),
        },
        Ok(_) => {}
        Err(s) => out.err(&server_error(&s, "Pod", &name, None)),
    }
}

fn strip_managed(mut v: Value) -> Value {
    if let Some(m) = v["metadata"].as_object_mut() {
        m.remove("managedFields");
    }
    v
}

const GET_FLAGS: &[Spec] = &[
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "field-selector", short: None, kind: Kind::Value },
    Spec { long: "sort-by", short: None, kind: Kind::Value },
    Spec { long: "show-labels", short: None, kind: Kind::Bool },
    Spec { long: "label-columns", short: Some('L'), kind: Kind::Multi },
    Spec { long: "no-headers", short: None, kind: Kind::Bool },
    Spec { long: "watch", short: Some('w'), kind: Kind::Bool },
    Spec { long: "watch-only", short: None, kind: Kind::Bool },
    Spec { long: "output-watch-events", short: None, kind: Kind::Bool },
    Spec { long: "show-managed-fields", short: None, kind: Kind::Bool },
    Spec { long: "template", short: None, kind: Kind::Value },
    Spec { long: "raw", short: None, kind: Kind::Value },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    Spec { long: "ignore-not-found", short: None, kind: Kind::Bool },
];

/// Splits `pods,svc nginx` / `pod/nginx` arguments into (resource, names) groups.
/// `hasCombinedTypeArgs` (cli-runtime builder.go): `type/name` arguments beside plain ones.
const COMBINED_ARGS_ERROR: &str = "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'\n";

fn resource_args(args: &[String]) -> Result<Vec<(&'static ResourceType, Vec<String>)>, String> {
    let mut groups: Vec<(&'static ResourceType, Vec<String>)> = Vec::new();
    let resolve = |t: &str| ResourceType::resolve(t).ok_or_else(|| format!("error: the server doesn't have a resource type \"{t}\"\n"));
    if args.iter().any(|a| a.contains('/')) {
        for a in args {
            let Some((t, n)) = a.split_once('/') else {
                return Err(COMBINED_ARGS_ERROR.to_string());
            };
            let rt = resolve(t)?;
            match groups.iter_mut().find(|(r, _)| *r == rt) {
                Some((_, names)) => names.push(n.to_string()),
                None => groups.push((rt, vec![n.to_string()])),
            }
        }
        return Ok(groups);
    }
    let Some(first) = args.first() else { return Ok(groups) };
    for t in first.split(',').filter(|t| !t.is_empty()) {
        if t == "all" {
            // The `all` category, in discovery order (core, apps, autoscaling, batch).
            for r in ["pods", "replicationcontrollers", "services", "daemonsets.apps", "deployments.apps", "replicasets.apps", "statefulsets.apps", "horizontalpodautoscalers.autoscaling", "cronjobs.batch", "jobs.batch"] {
                groups.push((resolve(r)?, args[1..].to_vec()));
            }
            continue;
        }
        groups.push((resolve(t)?, args[1..].to_vec()));
    }
    Ok(groups)
}

#[inline(never)]
fn get(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, GET_FLAGS, "get") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    if let Some(path) = p.get("raw") {
        let path = path.to_string();
        return raw::raw(ctx, &path, &p.args, out);
    }
    let files = p.all("filename");
    if p.args.is_empty() && files.is_empty() {
        return out.err("You must specify the type of resource to get. Use \"kubectl api-resources\" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).\nSee 'kubectl get -h' for help and examples\n");
    }
    // `-f`: the objects the files name, fetched one by one (`Latest`) below; their groups come
    // from what was fetched.
    let mut file_objects: Option<Vec<file_targets::FileTarget>> = None;
    let mut file_selector = None;
    let mut groups = if files.is_empty() {
        match resource_args(&p.args) {
            Ok(g) => g,
            Err(e) => return out.err(&e),
        }
    } else {
        if let Err(e) = file_targets::paths_with_args(&p.args) {
            return out.err(&e);
        }
        file_selector = match file_targets::selector(&p) {
            Ok(s) => s,
            Err(e) => return out.err(&e),
        };
        let Some(targets) = file_targets::read(ctx, &p, out) else { return };
        file_objects = Some(targets);
        Vec::new()
    };
    let output = p.get("output").unwrap_or("").to_string();
    let jsonpath = output.strip_prefix("jsonpath=").map(|t| t.trim_matches('\'').to_string());
    let go_template = match go_template_of(ctx, &output, p.get("template")) {
        Ok(t) => t,
        Err(e) => return out.err(&e),
    };
    let output = if go_template.is_some() { "go-template".to_string() } else { output };
    // CustomColumnsPrintFlags.ToPrinter: the spec after `=`, or a file's two lines.
    let custom_columns = match output.split_once('=').map_or((output.as_str(), ""), |(f, v)| (f, v)) {
        ("custom-columns", spec) => Some(custom_columns::parse_spec(spec)),
        ("custom-columns-file", "") => Some(custom_columns::parse_spec("")),
        ("custom-columns-file", file) => Some(match (ctx.read_file)(file) {
            Some(text) => custom_columns::parse_template(&text),
            None => Err(format!("error reading template {file}, open {file}: no such file or directory\n")),
        }),
        _ => None,
    };
    let custom_columns = match custom_columns {
        Some(Ok(c)) => Some(c),
        Some(Err(e)) => return out.err(&format!("error: {}\n", e.trim_end())),
        None => None,
    };
    if jsonpath.is_none() && custom_columns.is_none() && go_template.is_none() && !["", "wide", "yaml", "json", "name"].contains(&output.as_str()) {
        return out.err(&format!(
            "error: unable to match a printer suitable for the output format \"{output}\", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n"
        ));
    }
    if p.flag("output-watch-events") && !(p.flag("watch") || p.flag("watch-only")) {
        return out.err("error: --output-watch-events option can only be used with --watch or --watch-only\n");
    }
    if p.flag("watch") || p.flag("watch-only") {
        let printer = match (&jsonpath, custom_columns, output.as_str()) {
            (Some(template), _, _) => watch::WatchPrinter::JsonPath(template.clone()),
            (_, Some(columns), _) => watch::WatchPrinter::CustomColumns { columns, no_headers: p.flag("no-headers") && !output.starts_with("custom-columns-file") },
            (_, _, "name") => watch::WatchPrinter::Name,
            (_, _, "yaml") => watch::WatchPrinter::Yaml { show_managed: p.flag("show-managed-fields") },
            (_, _, "json") => watch::WatchPrinter::Json { show_managed: p.flag("show-managed-fields") },
            (_, _, o) => watch::WatchPrinter::Table { wide: o == "wide", label_columns: label_columns(&p), show_labels: p.flag("show-labels"), no_headers: p.flag("no-headers"), with_namespace: p.flag("all-namespaces") },
        };
        let Some(targets) = &file_objects else {
            return watch::start(ctx, out, &p, &groups, printer);
        };
        // A watch's builder stops at its first error and watches one object of one kind: its
        // own namespace is the one watched.
        for t in targets {
            if let Err(s) = send(ctx, out, get_request(t.resource, &t.namespace, &t.name, &p)) {
                return out.err(&server_error(&s, t.resource.kind, &t.name, None));
            }
            if let Err(e) = file_targets::require_namespace(t, &p) {
                return out.err(&format!("error: {e}\n"));
            }
        }
        if targets.iter().any(|t| !std::ptr::eq(t.resource, targets[0].resource)) {
            return out.err("error: watch is only supported on individual resources and resource collections - more than 1 resource was found\n");
        }
        // (kubectl prints the objects before `Result.Watch` refuses a file of several.)
        if let [one] = targets.as_slice() {
            let mut own = p.clone();
            own.values.insert("namespace".to_string(), vec![one.namespace.clone()]);
            return watch::start(ctx, out, &own, &[(one.resource, vec![one.name.clone()])], printer);
        }
        return out.err(&format!("error: watch is only supported on individual resources and resource collections - {} resources were found\n", targets.len()));
    }
    let all_ns = p.flag("all-namespaces");
    let namespace = namespace_of(&p);
    let now = ctx.engine.now();
    let mut multiple_kinds = groups.len() > 1;
    let mut collected: Vec<Value> = Vec::new();
    let mut single_named = groups.len() == 1 && groups[0].1.len() == 1;
    let mut written_tables = 0;
    let mut all_namespaced = !all_ns;
    // Only the table printer prints what was found beside an error; the others (`printGeneric`)
    // print nothing but the error when a single object was asked for (`singleItemImplied`).
    let human = jsonpath.is_none() && custom_columns.is_none() && go_template.is_none() && matches!(output.as_str(), "" | "wide");
    // The objects files name, all fetched before anything prints (`Infos`, going on past
    // errors); a printer other than the table (`printGeneric`) prints one object as itself
    // only when a single file was read, not stdin (`singleItemImplied`), and then prints
    // nothing but the error when one happened.
    let mut visit_errors: Vec<file_targets::VisitError> = Vec::new();
    let mut file_fetched: Vec<Vec<Value>> = Vec::new();
    if let Some(targets) = &file_objects {
        // What was fetched, in runs of one kind: `get` starts a table where the kind changes
        // and names each row by kind when more than one kind is printed
        // (`multipleGVKsRequested`).
        let mut runs: Vec<(&'static ResourceType, Vec<Value>)> = Vec::new();
        for (rt, object) in file_targets::fetch(ctx, out, &p, targets, file_selector.as_ref(), &mut visit_errors) {
            match runs.last_mut() {
                Some((last, run)) if std::ptr::eq(*last, rt) => run.push(object),
                _ => runs.push((rt, vec![object])),
            }
        }
        multiple_kinds = runs.iter().any(|(rt, _)| rt.kind != runs[0].0.kind);
        groups = runs.iter().map(|(rt, items)| (*rt, items.iter().map(|v| v["metadata"]["name"].as_str().unwrap_or_default().to_string()).collect())).collect();
        file_fetched = runs.into_iter().map(|(_, items)| items).collect();
        let implied = files.len() == 1 && files[0] != "-";
        let fetched = file_fetched.iter().map(Vec::len).sum::<usize>();
        single_named = implied && fetched == 1;
        if !human && ((implied && !visit_errors.is_empty()) || (fetched == 0 && p.flag("ignore-not-found"))) {
            return file_targets::print_errors(&visit_errors, out);
        }
    }
    for (index, (rt, names)) in groups.iter().enumerate() {
        all_namespaced &= rt.namespaced;
        let mut items = Vec::new();
        if file_objects.is_some() {
            items = std::mem::take(&mut file_fetched[index]);
        } else if names.is_empty() {
            let mut list = Request::new(Verb::List, rt);
            list.namespace = if all_ns { None } else { Some(namespace.clone()) };
            list.label_selector = selector_param(p.get("selector"));
            list.field_selector = selector_param(p.get("field-selector"));
            list.impersonate = impersonation(&p);
            let (label, field) = (list.label_selector.clone(), list.field_selector.clone());
            match send(ctx, out, list) {
                Ok(Response::List(v)) => items = v,
                Ok(_) => {}
                Err(s) => {
                    visit_errors.push(file_targets::VisitError::Server(list_error(&s, rt, label.as_deref(), field.as_deref()).trim_end().to_string()));
                    continue;
                }
            }
        } else {
            for name in names {
                let req = get_request(rt, &namespace, name, &p);
                match send(ctx, out, req) {
                    Ok(Response::Object(v)) => items.push(v),
                    Ok(_) => {}
                    Err(s) if s.reason == Reason::NotFound && p.flag("ignore-not-found") => {}
                    Err(s) => visit_errors.push(file_targets::VisitError::server(&s, rt.kind, name)),
                }
            }
        }
        if let Some(sort) = p.get("sort-by") {
            sort_items(&mut items, sort);
        }
        if jsonpath.is_some() || custom_columns.is_some() || go_template.is_some() {
            collected.extend(items.into_iter().map(strip_managed));
            continue;
        }
        match output.as_str() {
            "yaml" | "json" => collected.extend(items.into_iter().map(|v| if p.flag("show-managed-fields") { v } else { strip_managed(v) })),
            "name" => {
                for v in &items {
                    out.out(&format!("{}\n", type_name(rt, v["metadata"]["name"].as_str().unwrap_or_default())));
                }
            }
            _ => {
                if items.is_empty() {
                    continue;
                }
                let wide = output == "wide";
                let mut rows = Vec::new();
                let mut header: Vec<String> = Vec::new();
                if all_ns && rt.namespaced {
                    header.push("NAMESPACE".into());
                }
                header.extend(columns::headers(rt.kind, wide).into_iter().map(str::to_string));
                let label_columns = label_columns(&p);
                header.extend(label_columns.iter().map(|l| label_header(l)));
                if p.flag("show-labels") {
                    header.push("LABELS".into());
                }
                if !p.flag("no-headers") {
                    rows.push(header);
                }
                for v in &items {
                    let mut row = Vec::new();
                    if all_ns && rt.namespaced {
                        row.push(v["metadata"]["namespace"].as_str().unwrap_or_default().to_string());
                    }
                    let mut cells = columns::row(rt.kind, v, now, wide);
                    if multiple_kinds
                        && let Some(first) = cells.first_mut() {
                            *first = type_name(rt, first);
                        }
                    row.extend(cells);
                    row.extend(label_columns.iter().map(|l| v["metadata"]["labels"][l.as_str()].as_str().unwrap_or_default().to_string()));
                    if p.flag("show-labels") {
                        row.push(format_labels(&v["metadata"]["labels"]));
                    }
                    rows.push(row);
                }
                if written_tables > 0 && !p.flag("no-headers") {
                    out.out("\n");
                }
                out.out(&table::render(&rows));
                written_tables += 1;
            }
        }
    }
    // The objects' errors follow what was printed (`CheckErr` after the printers).
    'print: {
        if !human && single_named && !visit_errors.is_empty() {
            break 'print;
        }
        if let Some(columns) = custom_columns {
            match custom_columns::render(&columns, &collected, p.flag("no-headers") && !output.starts_with("custom-columns-file")) {
                Ok(text) => out.out(&text),
                Err(e) => out.err(&format!("error: {e}\n")),
            }
            break 'print;
        }
        if jsonpath.is_some() || go_template.is_some() {
            // One named object as itself, anything else as a List.
            let value = if single_named && collected.len() == 1 {
                collected.remove(0)
            } else {
                json!({"apiVersion": "v1", "items": collected, "kind": "List", "metadata": {"resourceVersion": ""}})
            };
            match (jsonpath, go_template) {
                (Some(template), _) => print_jsonpath(out, &template, &value),
                (_, Some(template)) => print_go_template(out, &template, &value),
                _ => {}
            }
            break 'print;
        }
        match output.as_str() {
            "yaml" | "json" => {
                let value = if single_named && collected.len() == 1 {
                    collected.remove(0)
                } else if single_named && collected.is_empty() {
                    break 'print;
                } else {
                    json!({"apiVersion": "v1", "items": collected, "kind": "List", "metadata": {"resourceVersion": ""}})
                };
                out.out(&if output == "yaml" { yaml::to_yaml(&value) } else { json_printer::to_json(&value) });
            }
            _ => {
                // Named objects say nothing when none is found; nor do files, unless their
                // objects were all filtered out without an error.
                let any_named = match file_objects {
                    None => groups.iter().any(|(_, n)| !n.is_empty()),
                    Some(_) => p.flag("ignore-not-found"),
                };
                // Warnings (stderr) do not count as output: "No resources found" still follows.
                let printed_nothing = out.text.lines().all(|l| l.starts_with("Warning: ") || verbose::is_log_line(l));
                // Only the human-readable printers say so (get.go); `-o name` prints nothing.
                if written_tables == 0 && printed_nothing && visit_errors.is_empty() && !any_named && output != "name" {
                    if all_namespaced {
                        out.err(&format!("No resources found in {namespace} namespace.\n"));
                    } else {
                        out.err("No resources found\n");
                    }
                }
            }
        }
    }
    file_targets::print_errors(&visit_errors, out);
}

/// --sort-by: a JSONPath; numbers compare as numbers, everything else as text.
fn sort_items(items: &mut [Value], sort: &str) {
    let template = if sort.starts_with('{') { sort.to_string() } else { format!("{{{sort}}}") };
    let key = |v: &Value| crate::printers::jsonpath::render(&template, v).unwrap_or_default();
    podlife_engine::sort::sort_by(items, |a, b| {
        let (ka, kb) = (key(a), key(b));
        match (podlife_engine::parse_f64(&ka), podlife_engine::parse_f64(&kb)) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
            _ => ka.cmp(&kb),
        }
    });
}

/// `labels.FormatLabels`: `k=v` strings sorted, comma-joined; `<none>` when empty.
/// `-L` / `--label-columns` (a string slice: repeatable, each value comma-separated; an empty
/// value adds nothing, as pflag's `readAsCSV` reads it).
fn label_columns(p: &flags::Parsed) -> Vec<String> {
    p.all("label-columns").iter().filter(|v| !v.is_empty()).flat_map(|v| v.split(',')).map(str::to_string).collect()
}

/// A label column's header: the key's last `/` segment, upper-cased as Go's `strings.ToUpper`
/// does (cli-runtime's `formatLabelHeaders`: `topology.kubernetes.io/zone` → `ZONE`).
fn label_header(key: &str) -> String {
    podlife_engine::gostrings::to_upper(key.rsplit('/').next().unwrap_or(key))
}

fn format_labels(labels: &Value) -> String {
    let mut pairs: Vec<String> = labels.as_object().map(|m| m.iter().map(|(k, v)| format!("{k}={}", v.as_str().unwrap_or_default())).collect()).unwrap_or_default();
    podlife_engine::sort::sort(&mut pairs);
    if pairs.is_empty() { "<none>".into() } else { pairs.join(",") }
}

/// How long `kubectl delete` waits (virtual time) before podlife stops waiting for it.
const DELETE_WAIT_LIMIT_MS: u64 = 10 * 60 * 1000;

const DELETE_FLAGS: &[Spec] = &[
    Spec { long: "grace-period", short: None, kind: Kind::Value },
    Spec { long: "force", short: None, kind: Kind::Bool },
    Spec { long: "now", short: None, kind: Kind::Bool },
    Spec { long: "wait", short: None, kind: Kind::Bool },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    Spec { long: "selector", short: Some('l'), kind: Kind::Value },
    Spec { long: "all", short: None, kind: Kind::Bool },
    Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "ignore-not-found", short: None, kind: Kind::Bool },
    Spec { long: "cascade", short: None, kind: Kind::OptionalValue("background") },
];

/// `GetCascadingStrategy` (kubectl `pkg/cmd/delete/delete.go`): the propagation policy, with
/// the deprecation warning for a boolean value.
/// The delete printer's line: `pod "web" deleted from default namespace` (`deployment.apps
/// "web" force deleted from …`; a cluster-scoped object without the namespace).
fn deleted_line(rt: &ResourceType, ns: &str, name: &str, operation: &str, dry: DryRun) -> String {
    let kind = if rt.group.is_empty() { rt.kind.to_ascii_lowercase() } else { format!("{}.{}", rt.kind.to_ascii_lowercase(), rt.group) };
    let from = if rt.namespaced { format!(" from {ns} namespace") } else { String::new() };
    format!("{kind} \"{name}\" {operation}{from}{}\n", dry_suffix(dry))
}

fn cascading_strategy(p: &flags::Parsed, out: &mut Output) -> Result<&'static str, String> {
    let value = p.get("cascade").unwrap_or("background");
    let parsed = match value {
        "1" | "t" | "T" | "TRUE" | "true" | "True" => Some(true),
        "0" | "f" | "F" | "FALSE" | "false" | "False" => Some(false),
        _ => None,
    };
    match parsed {
        None => match value {
            "orphan" => Ok("Orphan"),
            "foreground" => Ok("Foreground"),
            "background" => Ok("Background"),
            other => Err(format!("error: invalid cascade value ({other}). Must be \"background\", \"foreground\", or \"orphan\"\n")),
        },
        Some(b) => {
            let (policy, instead) = if b { ("Background", "background") } else { ("Orphan", "orphan") };
            out.err(&format!("warning: --cascade={value} is deprecated (boolean value) and can be replaced with --cascade={instead}.\n"));
            Ok(policy)
        }
    }
}

#[inline(never)]
fn delete(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some((p, dry)) = parse_mutating(args, DELETE_FLAGS, "delete", out) else { return };
    let policy = match cascading_strategy(&p, out) {
        Ok(policy) => policy,
        Err(e) => return out.err(&e),
    };
    // Complete(): --now is 1 s; --grace-period=0 without --force becomes 1; --force alone is 0.
    let mut grace: i64 = match p.get("grace-period").map(str::parse::<i64>) {
        Some(Ok(g)) => g,
        Some(Err(_)) => return out.err(&format!("error: invalid argument \"{}\" for \"--grace-period\" flag: strconv.ParseInt: parsing \"{}\": invalid syntax\nSee 'kubectl delete --help' for usage.\n", p.get("grace-period").unwrap_or_default(), p.get("grace-period").unwrap_or_default())),
        None => -1,
    };
    let force = p.flag("force");
    if p.flag("now") {
        if grace != -1 {
            return out.err("error: --now and --grace-period cannot be specified together\n");
        }
        grace = 1;
    }
    if grace == 0 && !force {
        grace = 1;
    }
    if force && grace == -1 {
        grace = 0;
    }
    if force && grace > 0 {
        return out.err("error: --force and --grace-period greater than 0 cannot be specified together\n");
    }
    if grace == 0 && force {
        out.err("Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n");
    }
    let namespace = namespace_of(&p);
    // (resource, namespace, name, source) for every object to delete.
    let mut targets: Vec<(&'static ResourceType, String, String, Option<String>)> = Vec::new();
    let files = p.all("filename");
    // Objects a file places outside an explicit `-n` (`RequireNamespace`), by their index.
    let mut refused: Vec<(usize, String)> = Vec::new();
    if !files.is_empty() {
        if let Err(e) = file_targets::paths_with_args(&p.args) {
            return out.err(&e);
        }
        let Some(objects) = manifest_input::read(ctx, &files, true, out) else { return };
        for obj in objects {
            let ns = obj.value["metadata"]["namespace"].as_str().filter(|n| !n.is_empty()).unwrap_or(&namespace).to_string();
            let name = obj.value["metadata"]["name"].as_str().unwrap_or_default().to_string();
            if let Err(e) = file_targets::require_namespace_of(obj.resource, &ns, &p) {
                refused.push((targets.len(), e));
            }
            targets.push((obj.resource, ns, name, Some(obj.source.clone())));
        }
    } else {
        let groups = match resource_args(&p.args) {
            Ok(g) => g,
            Err(e) => return out.err(&e),
        };
        if groups.is_empty() {
            return out.err("error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n");
        }
        for (rt, names) in groups {
            let mut found = names.clone();
            if found.is_empty() {
                if !p.flag("all") && p.get("selector").is_none() {
                    return out.err("error: resource(s) were provided, but no name was specified\n");
                }
                let mut list = Request::new(Verb::List, rt);
                list.namespace = Some(namespace.clone());
                list.label_selector = selector_param(p.get("selector"));
                list.impersonate = impersonation(&p);
                let label = list.label_selector.clone();
                match send(ctx, out, list) {
                    Ok(Response::List(items)) => found = items.iter().filter_map(|v| v["metadata"]["name"].as_str().map(str::to_string)).collect(),
                    Ok(_) => {}
                    Err(s) => return out.err(&list_error(&s, rt, label.as_deref(), None)),
                }
            }
            targets.extend(found.into_iter().map(|n| (rt, namespace.clone(), n, None)));
        }
    }
    let mut deleted = Vec::new();
    for (index, (rt, ns, name, source)) in targets.into_iter().enumerate() {
        if let Some((_, e)) = refused.iter().find(|(i, _)| *i == index) {
            out.err(&format!("error: {e}\n"));
            continue;
        }
        let mut req = Request::new(Verb::Delete, rt);
        req.namespace = Some(ns.clone());
        req.name = Some(name.clone());
        req.impersonate = impersonation(&p);
        req.dry_run = dry != DryRun::None;
        req.propagation_policy = Some(policy.to_string());
        if grace >= 0 {
            req.grace_period_seconds = Some(grace);
        }
        match send(ctx, out, req) {
            Ok(response) => {
                let kind = if rt.group.is_empty() { rt.kind.to_ascii_lowercase() } else { format!("{}.{}", rt.kind.to_ascii_lowercase(), rt.group) };
                // kubectl waits for that object (its uid) to go: one written again under the
                // same name (a static pod's mirror pod) does not hold it (`waitForDeletion`'s
                // UID map).
                let uid = match &response {
                    Response::Object(o) => o["metadata"]["uid"].as_str().map(str::to_string),
                    _ => None,
                };
                deleted.push((podlife_engine::store::ObjectKey::new(rt, Some(&ns), &name), uid));
                if p.get("output") == Some("name") {
                    out.out(&format!("{kind}/{name}\n"));
                    continue;
                }
                out.out(&deleted_line(rt, &ns, &name, if grace == 0 { "force deleted" } else { "deleted" }, dry));
            }
            Err(s) if s.reason == Reason::NotFound && p.flag("ignore-not-found") => {}
            Err(s) => out.err(&server_error(&s, rt.kind, &name, source.as_deref().map(|src| ("deleting", src)))),
        }
    }
    // --wait (default true): after all deletions, kubectl watches until every object is gone.
    if dry == DryRun::None && p.get("wait") != Some("false") && !deleted.is_empty() {
        let remains = |e: &podlife_engine::Engine, (k, uid): &(podlife_engine::store::ObjectKey, Option<String>)| e.store().get(k).is_some_and(|o| uid.as_deref().is_none_or(|u| o["metadata"]["uid"] == u));
        let gone = ctx.engine.wait_while(|e| deleted.iter().any(|d| remains(e, d)), DELETE_WAIT_LIMIT_MS);
        if !gone && ctx.engine.stopped().is_none() {
            let left: Vec<String> = deleted.iter().filter(|d| remains(ctx.engine, d)).map(|(k, _)| format!("{}/{}", k.resource, k.name)).collect();
            out.err(&format!(
                "podlife: kubectl would still be waiting: {} still exist(s) after {} of cluster time (is a component stopped?)\n",
                left.join(", "),
                crate::printers::duration::human_duration(DELETE_WAIT_LIMIT_MS as i64)
            ));
        }
    }
    if deleted.is_empty() && out.text.is_empty() {
        out.out("No resources found\n");
    }
}

#[inline(never)]
fn version(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [Spec { long: "client", short: None, kind: Kind::Bool }, Spec { long: "output", short: Some('o'), kind: Kind::Value }];
    let p = match flags::parse(args, &specs, "version") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let _ = &ctx.engine;
    out.out(&format!("Client Version: {KUBECTL_VERSION}\nKustomize Version: {KUSTOMIZE_VERSION}\n"));
    if !p.flag("client") {
        out.out(&format!("Server Version: {KUBECTL_VERSION}\n"));
    }
}

#[inline(never)]
fn api_resources(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "namespaced", short: None, kind: Kind::Value },
        Spec { long: "api-group", short: None, kind: Kind::Value },
        Spec { long: "output", short: Some('o'), kind: Kind::Value },
        Spec { long: "no-headers", short: None, kind: Kind::Bool },
    ];
    let p = match flags::parse(args, &specs, "api-resources") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let _ = &ctx.engine;
    let mut resources: Vec<&ResourceType> = podlife_model::RESOURCES.iter().collect();
    // Sorted by group, then name, the core group first (`sortableResource`).
    podlife_engine::sort::sort_by(&mut resources, |a, b| (a.group, a.plural).cmp(&(b.group, b.plural)));
    let mut rows: Vec<Vec<String>> = Vec::new();
    if !p.flag("no-headers") && p.get("output") != Some("name") {
        rows.push(["NAME", "SHORTNAMES", "APIVERSION", "NAMESPACED", "KIND"].iter().map(|s| s.to_string()).collect());
    }
    for r in resources {
        if let Some(ns) = p.get("namespaced")
            && (ns == "true") != r.namespaced {
                continue;
            }
        if let Some(g) = p.get("api-group")
            && g != r.group {
                continue;
            }
        if p.get("output") == Some("name") {
            out.out(&format!("{}\n", r.qualified_plural()));
            continue;
        }
        rows.push(vec![r.plural.into(), r.short_names.join(","), r.api_version(), r.namespaced.to_string(), r.kind.into()]);
    }
    out.out(&table::render(&rows));
}

#[inline(never)]
fn auth(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    match args.first().map(String::as_str) {
        Some("can-i") => {}
        Some(other) if !other.starts_with('-') => {
            return out.err(&format!("error: unknown command \"{other}\"\nSee 'kubectl auth -h' for help and examples\n"));
        }
        _ => return out.err("Inspect authorization.\n\nAvailable Commands:\n  can-i         Check whether an action is allowed\n  reconcile     Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects\n  whoami        Experimental: Check self subject attributes\n\nUsage:\n  kubectl auth [flags] [options]\n\nUse \"kubectl <command> --help\" for more information about a given command.\nUse \"kubectl options\" for a list of global command-line options (applies to all commands).\n"),
    }
    let specs = [Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool }, Spec { long: "quiet", short: Some('q'), kind: Kind::Bool }, Spec { long: "subresource", short: None, kind: Kind::Value }];
    let p = match flags::parse(&args[1..], &specs, "auth can-i") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    if p.args.len() < 2 {
        return out.err("error: you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples\n");
    }
    let verb = p.args[0].clone();
    let (resource_text, name) = match p.args[1].split_once('/') {
        Some((r, n)) => (r.to_string(), Some(n.to_string())),
        None => (p.args[1].clone(), p.args.get(2).cloned()),
    };
    let Some(rt) = ResourceType::resolve(&resource_text) else {
        out.err(&format!("Warning: the server doesn't have a resource type '{resource_text}'\n\n"));
        out.out("no\n");
        return;
    };
    let user = match p.get("as") {
        Some(u) => podlife_engine::apiserver::authn::UserInfo::impersonated(u, &p.all("as-group")),
        None => podlife_engine::apiserver::authn::UserInfo::admin(),
    };
    let attrs = podlife_engine::apiserver::rbac::Attributes {
        verb,
        api_group: rt.group.into(),
        resource: rt.plural.into(),
        subresource: p.get("subresource").unwrap_or_default().to_string(),
        namespace: if rt.namespaced && !p.flag("all-namespaces") { namespace_of(&p) } else { String::new() },
        name: name.unwrap_or_default(),
    };
    let allowed = user.groups.iter().any(|g| g == "system:masters") || podlife_engine::apiserver::rbac::authorize(ctx.engine.store(), &user, &attrs).is_some();
    if !p.flag("quiet") {
        out.out(if allowed { "yes\n" } else { "no\n" });
    }
}

const EVENTS_FLAGS: &[Spec] = &[
    Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
    Spec { long: "for", short: None, kind: Kind::Value },
    Spec { long: "types", short: None, kind: Kind::Multi },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "watch", short: Some('w'), kind: Kind::Bool },
];

/// `kubectl events`: LAST SEEN, TYPE, REASON, OBJECT (kind as written), MESSAGE, sorted by time.
#[inline(never)]
fn events(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, EVENTS_FLAGS, "events") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let Some(rt) = ResourceType::resolve("events") else { return };
    let all_ns = p.flag("all-namespaces");
    let namespace = namespace_of(&p);
    let mut list = Request::new(Verb::List, rt);
    list.namespace = if all_ns { None } else { Some(namespace.clone()) };
    list.impersonate = impersonation(&p);
    let mut items = match send(ctx, out, list) {
        Ok(Response::List(v)) => v,
        Ok(_) => vec![],
        Err(s) => return out.err(&server_error(&s, "Event", "", None)),
    };
    // --for TYPE/NAME: only events about that object.
    if let Some(target) = p.get("for") {
        let (kind, name) = target.split_once('/').unwrap_or(("pod", target));
        let kind = ResourceType::resolve(kind).map(|r| r.kind).unwrap_or(kind);
        items.retain(|e| e["involvedObject"]["kind"] == kind && e["involvedObject"]["name"] == name);
    }
    if items.is_empty() {
        return out.err(&if all_ns { "No events found.\n".to_string() } else { format!("No events found in {namespace} namespace.\n") });
    }
    let stamp = |e: &Value| e["lastTimestamp"].as_str().or(e["eventTime"].as_str()).and_then(podlife_engine::Time::from_rfc3339).unwrap_or_default();
    podlife_engine::sort::sort_by_key(&mut items, stamp);
    let now = ctx.engine.now();
    let mut rows = vec![];
    let mut header = vec![];
    if all_ns {
        header.push("NAMESPACE".to_string());
    }
    header.extend(["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"].map(String::from));
    rows.push(header);
    for e in &items {
        let mut row = vec![];
        if all_ns {
            row.push(e["metadata"]["namespace"].as_str().unwrap_or_default().to_string());
        }
        let inv = &e["involvedObject"];
        row.push(crate::printers::duration::human_duration(now.millis() as i64 - stamp(e).millis() as i64));
        row.push(e["type"].as_str().unwrap_or_default().to_string());
        row.push(e["reason"].as_str().unwrap_or_default().to_string());
        row.push(format!("{}/{}", inv["kind"].as_str().unwrap_or_default(), inv["name"].as_str().unwrap_or_default()));
        row.push(e["message"].as_str().unwrap_or_default().trim().to_string());
        rows.push(row);
    }
    out.out(&table::render(&rows));
}

/// A list request for `describe`'s related objects (events, pods); nothing on failure.
fn list_objects(ctx: &mut Context<'_>, out: &mut Output, plural: &str, namespace: Option<&str>) -> Vec<Value> {
    let Some(r) = ResourceType::resolve(plural) else { return vec![] };
    let mut req = Request::new(Verb::List, r);
    req.namespace = namespace.map(str::to_string);
    match send(ctx, out, req) {
        Ok(Response::List(items)) => items,
        _ => vec![],
    }
}

/// The kinds `kubectl describe` knows here.
const DESCRIBABLE: &[&str] = &[
    "Pod", "Node", "PersistentVolumeClaim", "PersistentVolume", "Service", "EndpointSlice", "Endpoints", "Deployment", "ReplicaSet", "ReplicationController", "StatefulSet", "DaemonSet", "Job", "CronJob",
    "PodDisruptionBudget", "HorizontalPodAutoscaler", "ControllerRevision", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration", "Secret", "ConfigMap", "LimitRange", "ResourceQuota", "Namespace",
    "NetworkPolicy", "Ingress", "IngressClass",
];

/// `kubectl describe TYPE [NAME…]` (upstream `pkg/cmd/describe/describe.go` `Run`): the
/// objects named, or all of the namespace; events only for a single object unless
/// `--show-events` is given; the texts separated by `"\n\n"`.
#[inline(never)]
fn describe_cmd(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "show-events", short: None, kind: Kind::Bool },
        Spec { long: "all-namespaces", short: Some('A'), kind: Kind::Bool },
        Spec { long: "selector", short: Some('l'), kind: Kind::Value },
        Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
    ];
    let p = match flags::parse(args, &specs, "describe") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    if !p.all("filename").is_empty() {
        return describe_files(ctx, &p, out);
    }
    let groups = match resource_args(&p.args) {
        Ok(g) => g,
        Err(e) => return out.err(&e),
    };
    let Some((rt, names)) = groups.into_iter().next() else {
        return out.err("error: You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n");
    };
    if !DESCRIBABLE.contains(&rt.kind) {
        return out.err(&format!("error: podlife cannot describe {} yet\n", rt.plural));
    }
    let namespace = namespace_of(&p);
    let all_ns = p.flag("all-namespaces");
    let selector = p.get("selector").filter(|s| !s.is_empty()).map(str::to_string);
    if selector.is_some() && !names.is_empty() {
        return out.err("error: name cannot be provided when a selector is specified\n");
    }
    let targets: Vec<Value> = if names.is_empty() {
        let mut list = Request::new(Verb::List, rt);
        list.namespace = if all_ns { None } else { Some(namespace.clone()) };
        list.label_selector = selector_param(selector.as_deref());
        list.impersonate = impersonation(&p);
        let label = list.label_selector.clone();
        match send(ctx, out, list) {
            Ok(Response::List(items)) => items,
            Ok(_) => vec![],
            Err(s) => return out.err(&list_error(&s, rt, label.as_deref(), None)),
        }
    } else {
        let mut found = Vec::new();
        let mut errors = Vec::new();
        for name in &names {
            let req = get_request(rt, &namespace, name, &p);
            match send(ctx, out, req) {
                Ok(Response::Object(v)) => found.push(v),
                Ok(_) => {}
                // `kubectl describe TYPE NAME` of a name that does not exist describes every
                // object whose name starts with it (`DescribeMatchingResources`).
                Err(s) if s.reason == Reason::NotFound && p.args.len() == 2 && names.len() == 1 => {
                    let error = server_error(&s, rt.kind, name, None);
                    return describe_matching(ctx, &p, out, rt, &namespace, name, &error);
                }
                Err(s) => errors.push(server_error(&s, rt.kind, name, None)),
            }
        }
        // The descriptions, then the errors (`Run` returns them after printing).
        let targets: Vec<(&'static ResourceType, Value)> = found.into_iter().map(|t| (rt, t)).collect();
        let texts = describe_objects(ctx, &p, out, &targets);
        if !texts.is_empty() {
            out.out(&texts.join("\n\n"));
        }
        return errors.iter().for_each(|e| out.err(e));
    };
    if targets.is_empty() && names.is_empty() {
        return out.err(&if all_ns { "No resources found\n".to_string() } else { format!("No resources found in {namespace} namespace.\n") });
    }
    let targets: Vec<(&'static ResourceType, Value)> = targets.into_iter().map(|t| (rt, t)).collect();
    let texts = describe_objects(ctx, &p, out, &targets);
    out.out(&texts.join("\n\n"));
}

/// `DescribeMatchingResources` (describe.go): the namespace's objects of the type whose names
/// start with `prefix`, each described and followed by a newline; none, and the NotFound stands.
fn describe_matching(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, rt: &'static ResourceType, namespace: &str, prefix: &str, not_found: &str) {
    let mut list = Request::new(Verb::List, rt);
    list.namespace = Some(namespace.to_string()).filter(|_| rt.namespaced);
    list.impersonate = impersonation(p);
    let items = match send(ctx, out, list) {
        Ok(Response::List(items)) => items,
        Ok(_) => Vec::new(),
        Err(s) => return out.err(&list_error(&s, rt, None, None)),
    };
    let matching: Vec<(&'static ResourceType, Value)> = items.into_iter().filter(|o| o["metadata"]["name"].as_str().is_some_and(|n| n.starts_with(prefix))).map(|o| (rt, o)).collect();
    if matching.is_empty() {
        return out.err(not_found);
    }
    for text in describe_objects(ctx, p, out, &matching) {
        out.out(&format!("{text}\n"));
    }
}

/// `kubectl describe -f FILE`: each object the files name, described as the API has it now
/// (`DescribeOptions.Run`: the describer fetches by name; its errors, each once, follow the
/// descriptions).
fn describe_files(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output) {
    if let Err(e) = file_targets::paths_with_args(&p.args) {
        return out.err(&e);
    }
    let selector = match file_targets::selector(p) {
        Ok(s) => s,
        Err(e) => return out.err(&e),
    };
    let Some(files) = file_targets::read(ctx, p, out) else { return };
    let mut errors: Vec<file_targets::VisitError> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut error_once = |e: file_targets::VisitError, errors: &mut Vec<file_targets::VisitError>| {
        let text = match &e {
            file_targets::VisitError::Server(m) | file_targets::VisitError::Plain(m) => m.clone(),
        };
        if !seen.contains(&text) {
            seen.push(text);
            errors.push(e);
        }
    };
    let mut targets = Vec::new();
    for t in &files {
        // The builder's label filter reads the objects as the files have them (no `Latest`).
        if selector.as_ref().is_some_and(|s| !s.matches(&podlife_engine::Obj::untyped(&t.value["metadata"]["labels"]))) {
            continue;
        }
        if let Err(e) = file_targets::require_namespace(t, p) {
            error_once(file_targets::VisitError::Plain(e), &mut errors);
            continue;
        }
        if !DESCRIBABLE.contains(&t.resource.kind) {
            error_once(file_targets::VisitError::Plain(format!("podlife cannot describe {} yet", t.resource.plural)), &mut errors);
            continue;
        }
        match send(ctx, out, get_request(t.resource, &t.namespace, &t.name, p)) {
            Ok(Response::Object(v)) => targets.push((t.resource, v)),
            Ok(_) => {}
            Err(s) => error_once(file_targets::VisitError::server(&s, t.resource.kind, &t.name), &mut errors),
        }
    }
    if files.is_empty() && errors.is_empty() {
        return out.err(&format!("No resources found in {} namespace.\n", namespace_of(p)));
    }
    let texts = describe_objects(ctx, p, out, &targets);
    if !texts.is_empty() {
        out.out(&texts.join("\n\n"));
    }
    file_targets::print_errors(&errors, out);
}

/// The describers' texts for each object, in order.
fn describe_objects(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, targets: &[(&'static ResourceType, Value)]) -> Vec<String> {
    // `ShowEvents` is switched off when there is more than one object, unless set explicitly.
    let show_events = if p.has("show-events") { p.flag("show-events") } else { targets.len() <= 1 };
    let now = ctx.engine.now();
    let mut texts = Vec::new();
    for (rt, obj) in targets {
        let rt: &'static ResourceType = rt;
        let ns = obj["metadata"]["namespace"].as_str();
        // `searchEvents`: the events about this object (by uid), when they are shown. Every
        // describer asks for them after its other requests (the claim's pods excepted here).
        let object_events = |ctx: &mut Context<'_>, out: &mut Output| -> Option<Vec<Value>> {
            show_events.then(|| {
                let (uid, name) = (&obj["metadata"]["uid"], obj["metadata"]["name"].as_str().unwrap_or_default());
                match rt.kind {
                    // Node events are recorded in `default`, some with the node's name as uid.
                    "Node" => list_objects(ctx, out, "events", None).into_iter().filter(|e| e["involvedObject"]["uid"] == *uid || e["involvedObject"]["uid"] == name).collect(),
                    _ => list_objects(ctx, out, "events", ns.or(Some("default"))).into_iter().filter(|e| e["involvedObject"]["uid"] == *uid).collect(),
                }
            })
        };
        let text = match rt.kind {
            "Node" => {
                let node_name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
                let pods: Vec<Value> = list_objects(ctx, out, "pods", None)
                    .into_iter()
                    .filter(|p| p["spec"]["nodeName"] == node_name.as_str() && !matches!(p["status"]["phase"].as_str(), Some("Succeeded" | "Failed")))
                    .collect();
                let lease = list_objects(ctx, out, "leases", Some("kube-node-lease")).into_iter().find(|l| l["metadata"]["name"] == node_name.as_str());
                let evs = object_events(ctx, out);
                describe::node(obj, lease.as_ref(), &pods, evs.as_deref(), now)
            }
            "PersistentVolume" => describe::persistent_volume(obj, object_events(ctx, out).as_deref(), now),
            "PersistentVolumeClaim" => {
                let evs = object_events(ctx, out);
                // `getPodsForPVC`: the namespace's pods whose volumes name the claim.
                let users: Vec<Value> = list_objects(ctx, out, "pods", ns)
                    .into_iter()
                    .filter(|p| podlife_engine::volume::claim_names(&podlife_engine::Obj::untyped(&p["spec"])).any(|c| obj["metadata"]["name"] == c))
                    .collect();
                describe::persistent_volume_claim(obj, &users, evs.as_deref(), now)
            }
            "Service" => {
                // ServiceDescriber: the Service's EndpointSlices, by their service-name label.
                let slices = match ResourceType::resolve("endpointslices.discovery.k8s.io") {
                    Some(srt) => {
                        let mut list = Request::new(Verb::List, srt);
                        list.namespace = ns.map(str::to_string);
                        list.label_selector = Some(format!("kubernetes.io/service-name={}", obj["metadata"]["name"].as_str().unwrap_or_default()));
                        list.impersonate = impersonation(&p);
                        match send(ctx, out, list) {
                            Ok(Response::List(items)) => items,
                            _ => vec![],
                        }
                    }
                    None => vec![],
                };
                describe::service(obj, &slices, object_events(ctx, out).as_deref(), now)
            }
            "Deployment" => {
                // `deploymentutil.GetAllReplicaSets`: the ReplicaSets it controls; the new one has
                // its template, the old ones still holding replicas are listed.
                let uid = &obj["metadata"]["uid"];
                let owned: Vec<Value> = list_objects(ctx, out, "replicasets", ns)
                    .into_iter()
                    .filter(|rs| rs["metadata"]["ownerReferences"].as_array().is_some_and(|r| r.iter().any(|r| r["controller"] == true && r["uid"] == *uid)))
                    .collect();
                let is_new = |rs: &Value| podlife_engine::controllers::deployment::template_without_hash(rs) == obj["spec"]["template"];
                let new = owned.iter().find(|rs| is_new(rs)).cloned();
                let old: Vec<Value> = owned.into_iter().filter(|rs| !is_new(rs) && rs["spec"]["replicas"].as_i64().unwrap_or(0) != 0).collect();
                describe::deployment(obj, &old, new.as_ref(), object_events(ctx, out).as_deref(), now)
            }
            "ReplicaSet" | "ReplicationController" | "StatefulSet" | "DaemonSet" => {
                // `getPodStatusForController`: the pods its selector matches that it controls
                // (an RC's selector is a map: `labels.SelectorFromSet`).
                let uid = &obj["metadata"]["uid"];
                let selector = if rt.kind == "ReplicationController" { json!({"matchLabels": obj["spec"]["selector"]}) } else { obj["spec"]["selector"].clone() };
                let pods: Vec<Value> = list_objects(ctx, out, "pods", ns)
                    .into_iter()
                    .filter(|p| podlife_engine::labels::selector_matches(&podlife_engine::Obj::untyped(&selector), &podlife_engine::Obj::untyped(&p["metadata"]["labels"])))
                    .filter(|p| p["metadata"]["ownerReferences"].as_array().is_some_and(|r| r.iter().any(|r| r["controller"] == true && r["uid"] == *uid)))
                    .collect();
                let describer = match rt.kind {
                    "StatefulSet" => describe::stateful_set,
                    "DaemonSet" => describe::daemon_set,
                    "ReplicationController" => describe::replication_controller,
                    _ => describe::replica_set,
                };
                describer(obj, &pods, object_events(ctx, out).as_deref(), now)
            }
            "NetworkPolicy" => describe::network_policy(obj),
            "IngressClass" => describe::ingress_class(obj, object_events(ctx, out).as_deref(), now),
            "Ingress" => {
                // `describeBackendV1`: each Service backend's EndpointSlices and Service.
                let services = list_objects(ctx, out, "services", ns);
                let slices = list_objects(ctx, out, "endpointslices", ns);
                describe::ingress(obj, &services, &slices, object_events(ctx, out).as_deref(), now)
            }
            "Job" => describe::job(obj, object_events(ctx, out).as_deref(), now),
            "CronJob" => describe::cron_job(obj, object_events(ctx, out).as_deref(), now),
            "PodDisruptionBudget" => describe::pod_disruption_budget(obj, object_events(ctx, out).as_deref(), now),
            "HorizontalPodAutoscaler" => describe::horizontal_pod_autoscaler(obj, object_events(ctx, out).as_deref(), now),
            // No describer of their own upstream: `GenericDescriberFor`.
            "ControllerRevision" | "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => describe::generic(obj, object_events(ctx, out).as_deref(), now),
            "Secret" => describe::secret(obj),
            "ConfigMap" => describe::config_map(obj, object_events(ctx, out).as_deref(), now),
            "EndpointSlice" => describe::endpoint_slice(obj, object_events(ctx, out).as_deref(), now),
            "Endpoints" => describe::endpoints(obj, object_events(ctx, out).as_deref(), now),
            "LimitRange" => describe::limit_range(obj),
            "ResourceQuota" => describe::resource_quota(obj),
            // NamespaceDescriber: its ResourceQuotas and LimitRanges.
            "Namespace" => {
                let quotas = list_objects(ctx, out, "resourcequotas", obj["metadata"]["name"].as_str());
                let ranges = list_objects(ctx, out, "limitranges", obj["metadata"]["name"].as_str());
                describe::namespace(obj, &quotas, &ranges)
            }
            _ => describe::pod(obj, object_events(ctx, out).as_deref(), now),
        };
        texts.push(text);
    }
    texts
}
