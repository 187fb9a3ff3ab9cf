//! `-f FILE` for the commands that act on objects already in the cluster (`get`, `describe`,
//! `wait`, `label`, `annotate`, `scale`, `patch`, `set image`, `rollout`, `replace`, `delete`;
//! `apply` and `create` share the namespace rule): the resource builder's rules for objects
//! named by files (cli-runtime `pkg/resource/builder.go` `visitByPaths`, `visitor.go`
//! `SetNamespace`/`RequireNamespace`).
//!
//! - Resource arguments beside a path are refused before anything is read, in
//!   `visitByPaths`' order: a type (`kubectl get pods -f x.yaml`, or a second file named
//!   without its own `-f`), then names, then `type/name` tuples.
//! - An object without a namespace takes the command's (`-n`, else `default`); a cluster-scoped
//!   one has none.
//! - With an explicit `-n` (not `-A`), an object the file places in another namespace is an
//!   error (`RequireNamespace`), met after the object was fetched, as the builder's helpers
//!   run after its own visitors.

use serde_json::Value;

use super::{Context, flags};
use crate::Output;
use podlife_engine::apiserver::status::Reason;
use podlife_engine::labels::Selector;
use podlife_engine::Response;
use podlife_model::ResourceType;

/// An object by `(resource, namespace, name)`.
pub type ObjectName = (&'static ResourceType, String, String);

/// One object a file names.
pub struct FileTarget {
    pub resource: &'static ResourceType,
    pub namespace: String,
    pub name: String,
    /// The object as the file has it (what is printed when it has no name to fetch).
    pub value: Value,
}

/// `visitByPaths`' refusal of resource arguments beside a path (after `ResourceTypeOrNameArgs`
/// sorted them: every argument a `type/name` tuple, or a type followed by names).
pub fn paths_with_args(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Ok(());
    }
    let tuples = args.iter().filter(|a| a.contains('/')).count();
    // `hasCombinedTypeArgs`: tuples and plain words do not mix. (No type is looked up.)
    if tuples > 0 && tuples < args.len() {
        return Err(super::COMBINED_ARGS_ERROR.into());
    }
    if tuples == args.len() {
        return Err("error: resource/name arguments cannot be provided when a path is specified\n".into());
    }
    Err("error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n".into())
}

/// The objects the `-f` arguments name, in file order, each with the namespace the builder
/// gives it; `None` when the files cannot be read (the error is printed).
pub fn read(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output) -> Option<Vec<FileTarget>> {
    let files = p.all("filename");
    let objects = super::manifest_input::read(ctx, &files, false, out)?;
    let namespace = super::namespace_of(p);
    Some(
        objects
            .into_iter()
            .map(|o| {
                let namespace = match o.resource.namespaced {
                    true => o.value["metadata"]["namespace"].as_str().filter(|n| !n.is_empty()).unwrap_or(&namespace).to_string(),
                    false => String::new(),
                };
                let name = o.value["metadata"]["name"].as_str().unwrap_or_default().to_string();
                FileTarget { resource: o.resource, namespace, name, value: o.value }
            })
            .collect(),
    )
}

/// `RequireNamespace`: with `-n` given (and not `-A`), an object of another namespace is refused.
pub fn require_namespace(target: &FileTarget, p: &flags::Parsed) -> Result<(), String> {
    require_namespace_of(target.resource, &target.namespace, p)
}

/// `RequireNamespace` for an object of `resource` in `namespace` (its own, or the command's).
pub fn require_namespace_of(resource: &ResourceType, theirs: &str, p: &flags::Parsed) -> Result<(), String> {
    let Some(explicit) = p.get("namespace").filter(|_| !p.flag("all-namespaces")) else { return Ok(()) };
    if !resource.namespaced || theirs == explicit {
        return Ok(());
    }
    Err(format!("the namespace from the provided object \"{theirs}\" does not match the namespace \"{explicit}\". You must pass '--namespace={theirs}' to perform this operation."))
}

/// One error of a visit that goes on past errors (`ContinueOnError`).
pub enum VisitError {
    /// An API answer, already in `StandardErrorMessage`'s words (`Error from server (…): …`).
    Server(String),
    /// Any other error.
    Plain(String),
}

impl VisitError {
    /// The API server's refusal of the object `kind` `name`, as `CheckErr` words it.
    pub fn server(status: &podlife_engine::Status, kind: &str, name: &str) -> VisitError {
        VisitError::Server(super::server_error(status, kind, name, None).trim_end().to_string())
    }
}

/// The errors of a visit as `CheckErr` prints their aggregate: one alone as itself (a plain
/// one with `error: ` unless it starts so already, ended by one newline), several one per line
/// in their own words (`MultipleErrors`: each followed by a newline, even one that ends in its
/// own).
pub fn print_errors(errors: &[VisitError], out: &mut Output) {
    let alone = errors.len() == 1;
    for e in errors {
        let text = match e {
            VisitError::Server(m) => m.clone(),
            VisitError::Plain(m) if alone && !m.starts_with("error: ") => format!("error: {m}"),
            VisitError::Plain(m) => m.clone(),
        };
        match alone && text.ends_with('\n') {
            true => out.err(&text),
            false => out.err(&format!("{text}\n")),
        }
    }
}

/// The label selector of `-l`, parsed before any file is read (`visitByPaths`).
pub fn selector(p: &flags::Parsed) -> Result<Option<Selector>, String> {
    let Some(text) = p.get("selector") else { return Ok(None) };
    Selector::parse(text).map(Some).map_err(|e| format!("error: the provided selector \"{text}\" is not valid: {e}\n"))
}

/// Objects, each fetched as the API has it now (`RetrieveLatest`; an object
/// without a name is taken as the file has it), kept when it matches the label selector
/// (`FilterByLabelSelector`, on the fetched labels) and its namespace is allowed
/// (`RequireNamespace`). Errors are collected, the visit goes on (`ContinueOnError`).
pub fn fetch(ctx: &mut Context<'_>, out: &mut Output, p: &flags::Parsed, targets: &[FileTarget], selector: Option<&Selector>, errors: &mut Vec<VisitError>) -> Vec<(&'static ResourceType, Value)> {
    let mut items = Vec::new();
    for t in targets {
        let object = if t.name.is_empty() {
            t.value.clone()
        } else {
            match super::send(ctx, out, super::get_request(t.resource, &t.namespace, &t.name, p)) {
                Ok(Response::Object(v)) => v,
                Ok(_) => continue,
                Err(s) if s.reason == Reason::NotFound && p.flag("ignore-not-found") => continue,
                Err(s) => {
                    errors.push(VisitError::server(&s, t.resource.kind, &t.name));
                    continue;
                }
            }
        };
        if selector.is_some_and(|s| !s.matches(&podlife_engine::Obj::untyped(&object["metadata"]["labels"]))) {
            continue;
        }
        if let Err(e) = require_namespace(t, p) {
            errors.push(VisitError::Plain(e));
            continue;
        }
        items.push((t.resource, object));
    }
    items
}

/// The `(resource, namespace, name)` of each object the files name, for a command that then
/// reads each itself: `None` when the arguments or the files cannot be used (the error is
/// printed); objects refused by `RequireNamespace` are said as met and counted.
pub fn named(ctx: &mut Context<'_>, p: &flags::Parsed, out: &mut Output) -> Option<(Vec<ObjectName>, usize)> {
    if let Err(e) = paths_with_args(&p.args) {
        out.err(&e);
        return None;
    }
    let mut refused = 0;
    let mut found = Vec::new();
    for t in read(ctx, p, out)? {
        match require_namespace(&t, p) {
            Ok(()) => found.push((t.resource, t.namespace, t.name)),
            Err(e) => {
                out.err(&format!("error: {e}\n"));
                refused += 1;
            }
        }
    }
    Some((found, refused))
}
