//! `kubectl patch` (upstream `pkg/cmd/patch/patch.go`): the patch (JSON or YAML, from `-p` or
//! `--patch-file`) is sent as a strategic merge patch by default, or as a JSON merge patch or a
//! JSON patch with `--type`; each object is read first, and the printer says `patched` or
//! `patched (no change)` by comparing it with what the server returned.

use serde_json::Value;

use super::flags::{Kind, Spec};
use super::{Context, DryRun, parse_mutating, impersonation, namespace_of, print_result, print_result_as, resource_args, send, server_error};
use crate::Output;
use podlife_engine::apiserver::patch::{self as patching, PatchType};
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

const FLAGS: &[Spec] = &[
    Spec { long: "patch", short: Some('p'), kind: Kind::Value },
    Spec { long: "patch-file", short: None, kind: Kind::Value },
    Spec { long: "type", short: None, kind: Kind::Value },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "subresource", short: None, kind: Kind::Value },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

fn patch_type(name: &str) -> Option<PatchType> {
    match name.to_ascii_lowercase().as_str() {
        "json" => Some(PatchType::Json),
        "merge" => Some(PatchType::Merge),
        "strategic" => Some(PatchType::Strategic),
        _ => None,
    }
}

#[inline(never)]
pub fn patch(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some((p, dry)) = parse_mutating(args, FLAGS, "patch", out) else { return };
    // Validate, in patch.go's order.
    let (text, file) = (p.get("patch").unwrap_or_default(), p.get("patch-file").unwrap_or_default());
    if !text.is_empty() && !file.is_empty() {
        return out.err("error: cannot specify --patch and --patch-file together\n");
    }
    if text.is_empty() && file.is_empty() {
        return out.err("error: must specify --patch or --patch-file containing the contents of the patch\n");
    }
    let kind = match p.get("type").filter(|t| !t.is_empty()) {
        None => PatchType::Strategic,
        Some(t) => match patch_type(t) {
            Some(k) => k,
            None => return out.err(&format!("error: --type must be one of [json merge strategic], not {t:?}\n")),
        },
    };
    // `supportedSubresources` (patch.go, 1.36: `resize` since 1.32).
    const SUBRESOURCES: [&str; 3] = ["status", "scale", "resize"];
    if let Some(sub) = p.get("subresource").filter(|s| !s.is_empty() && !SUBRESOURCES.contains(s)) {
        return out.err(&format!("error: invalid subresource value: {sub:?}. Must be one of [{}]\n", SUBRESOURCES.join(" ")));
    }
    let source = if file.is_empty() {
        text.to_string()
    } else {
        match (ctx.read_file)(file) {
            Some(content) => content,
            None => return out.err(&format!("error: unable to read patch file: open {file}: no such file or directory\n")),
        }
    };
    // `yaml.ToJSON`: the patch as JSON, written as YAML or as JSON itself.
    let body = match podlife_manifest::first_document(&source) {
        Ok(v) => v.unwrap_or(Value::Null),
        Err(e) => return out.err(&format!("error: unable to parse {text:?}: {}\n", e.go_yaml_text())),
    };
    let namespace = namespace_of(&p);
    // (resource, namespace, name) of each object: named, or named by `-f` files, each in its
    // own namespace (`file_targets.rs`).
    let targets: Vec<super::file_targets::ObjectName> = if !p.all("filename").is_empty() {
        let Some((found, _)) = super::file_targets::named(ctx, &p, out) else { return };
        found
    } else {
        let groups = match resource_args(&p.args) {
            Ok(g) => g,
            Err(e) => return out.err(&e),
        };
        if groups.iter().all(|(_, names)| names.is_empty()) {
            return out.err("error: resource(s) were provided, but no name was specified\n");
        }
        groups.into_iter().flat_map(|(rt, names)| names.into_iter().map(move |n| (rt, n))).map(|(rt, n)| (rt, namespace.clone(), n)).collect()
    };
    let subresource = p.get("subresource").filter(|s| !s.is_empty()).map(str::to_string);
    // `--subresource=scale` works on the object's Scale (autoscaling/v1): kubectl gets it,
    // patches it and prints it.
    let kind_of = |rt: &ResourceType| if subresource.as_deref() == Some("scale") { "Scale" } else { rt.kind };
    for (rt, namespace, name) in &targets {
        let (rt, name): (&'static ResourceType, &String) = (rt, name);
        let mut get = Request::new(Verb::Get, rt);
        get.namespace = Some(namespace.clone());
        get.name = Some(name.clone());
        get.subresource = subresource.clone();
        get.impersonate = impersonation(&p);
        let before = match send(ctx, out, get) {
            Ok(Response::Object(o)) => o,
            Ok(_) => continue,
            Err(s) => return out.err(&server_error(&s, kind_of(rt), name, None)),
        };
        let after = if dry == DryRun::Client {
            // `--dry-run=client`: patched here (getPatchedJSON), nothing sent.
            let mut local = before.clone();
            if let Err(e) = patching::apply(kind, &mut local, &body) {
                let message = match e {
                    patching::PatchError::BadRequest(m) | patching::PatchError::DoesNotApply(m) | patching::PatchError::Other(m) => m,
                };
                return out.err(&format!("error: {message}\n"));
            }
            local
        } else {
            let mut req = Request::new(Verb::Patch, rt);
            req.namespace = Some(namespace.clone());
            req.name = Some(name.clone());
            req.subresource = subresource.clone();
            req.body = Some(body.clone());
            req.patch_type = kind;
            req.dry_run = dry == DryRun::Server;
            req.field_manager = "kubectl-patch".into();
            req.impersonate = impersonation(&p);
            match send(ctx, out, req) {
                Ok(Response::Object(o)) => o,
                Ok(_) => continue,
                Err(s) => return out.err(&server_error(&s, kind_of(rt), name, None)),
            }
        };
        let operation = if after == before { "patched (no change)" } else { "patched" };
        if after["kind"] == "Scale" {
            print_result_as(out, p.get("output"), &format!("scale.autoscaling/{name}"), &after, operation, dry);
        } else {
            print_result(out, p.get("output"), rt, name, &after, operation, dry);
        }
    }
}
