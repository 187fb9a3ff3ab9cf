//! The objects `kubectl rollout history|undo|pause|resume|restart` work on, found as their
//! builder finds them (`pkg/cmd/rollout/rollout_*.go`: `ResourceTypeOrNameArgs(true, …)`,
//! `LabelSelectorParam`, `FilenameParam`, `ContinueOnError`, `Latest`): `TYPE NAME…`,
//! `TYPE/NAME…`, a `TYPE` alone (every object of it in the namespace, or those `-l` selects),
//! or the objects of `-f` files. A named object that does not exist is an error of the visit:
//! the command goes on without it and prints it with its own errors at the end (`CheckErr` of
//! the aggregate).

use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;
use serde_json::Value;

use super::file_targets::{self, VisitError};
use super::flags::{self, Kind, Spec};
use super::{Context, namespace_of, send, server_error};
use crate::Output;

/// One object a command visits, as the API has it now.
pub struct Target {
    pub rt: &'static ResourceType,
    pub name: String,
    pub namespace: String,
    pub object: Value,
}

/// The command's flags (`specs`) with the builder's `-f` and `-l`; None once the parse error
/// is printed.
pub fn parse(args: &[String], specs: &[Spec], command: &str, out: &mut Output) -> Option<flags::Parsed> {
    let mut specs = specs.to_vec();
    specs.push(Spec { long: "filename", short: Some('f'), kind: Kind::Multi });
    specs.push(Spec { long: "selector", short: Some('l'), kind: Kind::Value });
    match flags::parse(args, &specs, command) {
        Ok(p) => Some(p),
        Err(e) => {
            out.err(&format!("{e}\n"));
            None
        }
    }
}

/// The objects `p` names, in the builder's order; the visit's errors go to `errors`. None when
/// the command ends before visiting anything (its error is printed): no resource given
/// (`Validate`), an unknown type, names beside a selector, files that cannot be read.
pub fn find(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, errors: &mut Vec<VisitError>) -> Option<Vec<Target>> {
    if !p.all("filename").is_empty() {
        return from_files(ctx, p, out, errors);
    }
    let groups = match super::resource_args(&p.args) {
        Ok(g) if !g.is_empty() => g,
        Ok(_) => {
            out.err("error: required resource not specified\n");
            return None;
        }
        Err(e) => {
            out.err(&e);
            return None;
        }
    };
    let selector = p.get("selector");
    let by_name = groups.iter().any(|(_, names)| !names.is_empty());
    if by_name && selector.is_some() {
        out.err("error: name cannot be provided when a selector is specified\n");
        return None;
    }
    let namespace = namespace_of(p);
    let mut found = Vec::new();
    for (rt, names) in groups {
        if names.is_empty() {
            let mut list = Request::new(Verb::List, rt);
            list.namespace = Some(namespace.clone());
            list.label_selector = selector.map(str::to_string);
            match send(ctx, out, list) {
                Ok(Response::List(items)) => found.extend(items.into_iter().map(|object| Target { rt, name: object["metadata"]["name"].as_str().unwrap_or_default().to_string(), namespace: namespace.clone(), object })),
                Ok(_) => {}
                Err(s) => {
                    out.err(&server_error(&s, rt.kind, "", None));
                    return None;
                }
            }
            continue;
        }
        for name in names {
            // `Latest`: each named object is read; one that is missing is the visit's error.
            match send(ctx, out, super::get_request(rt, &namespace, &name, p)) {
                Ok(Response::Object(object)) => found.push(Target { rt, name, namespace: namespace.clone(), object }),
                Ok(_) => {}
                Err(s) => errors.push(VisitError::server(&s, rt.kind, &name)),
            }
        }
    }
    Some(found)
}

/// `-f`: the files' objects fetched as the API has them, filtered by `-l`, each in its own
/// namespace (`file_targets.rs`).
fn from_files(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output, errors: &mut Vec<VisitError>) -> Option<Vec<Target>> {
    if let Err(e) = file_targets::paths_with_args(&p.args) {
        out.err(&e);
        return None;
    }
    let selector = match file_targets::selector(p) {
        Ok(s) => s,
        Err(e) => {
            out.err(&e);
            return None;
        }
    };
    let targets = file_targets::read(ctx, p, out)?;
    let fetched = file_targets::fetch(ctx, out, p, &targets, selector.as_ref(), errors);
    Some(
        fetched
            .into_iter()
            .map(|(rt, object)| {
                let meta = &object["metadata"];
                let (name, namespace) = (meta["name"].as_str().unwrap_or_default().to_string(), meta["namespace"].as_str().unwrap_or_default().to_string());
                Target { rt, name, namespace, object }
            })
            .collect(),
    )
}
