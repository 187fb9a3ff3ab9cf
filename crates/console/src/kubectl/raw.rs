//! `kubectl get --raw PATH` (`pkg/cmd/get/get.go` `raw`): a GET of an API path, the server's
//! body printed as it comes — an object or list as JSON (its keys sorted here, where the API
//! server writes a typed object's fields in struct order), a pod's log as text, the health
//! endpoints' `ok`.

use serde_json::Value;

use super::{Context, send};
use crate::Output;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

pub(super) fn raw(ctx: &mut Context<'_>, path: &str, args: &[String], out: &mut Output) {
    if !args.is_empty() {
        return out.err("error: arguments may not be passed when --raw is specified\n");
    }
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let param = |name: &str| query.split('&').find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')));
    let not_found = "Error from server (NotFound): the server could not find the requested resource\n";
    if matches!(path, "/healthz" | "/livez" | "/readyz") {
        return out.out("ok");
    }
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    // /api/v1/… or /apis/GROUP/VERSION/…
    let (group, rest) = match parts.as_slice() {
        ["api", "v1", rest @ ..] => ("", rest),
        ["apis", group, _version, rest @ ..] => (*group, rest),
        _ => return out.err(not_found),
    };
    let (namespace, rest) = match rest {
        ["namespaces", ns, rest @ ..] if !rest.is_empty() => (Some(ns.to_string()), rest),
        _ => (None, rest),
    };
    let (plural, name, sub) = match rest {
        [plural] => (*plural, None, None),
        [plural, name] => (*plural, Some(name.to_string()), None),
        [plural, name, sub] => (*plural, Some(name.to_string()), Some(*sub)),
        _ => return out.err(not_found),
    };
    let Some(rt) = ResourceType::resolve(plural).filter(|rt| rt.plural == plural && rt.group == group) else { return out.err(not_found) };
    if sub == Some("log") && rt.kind == "Pod" {
        return pod_log(ctx, out, namespace.as_deref().unwrap_or("default"), name.as_deref().unwrap_or_default(), param("container"), param("previous") == Some("true"));
    }
    let mut req = Request::new(if name.is_some() { Verb::Get } else { Verb::List }, rt);
    req.namespace = namespace;
    req.name = name.clone();
    req.subresource = sub.map(str::to_string);
    req.label_selector = param("labelSelector").map(str::to_string);
    match send(ctx, out, req) {
        Ok(Response::Object(v)) => out.out(&podlife_model::json::to_string_plain(&v)),
        Ok(Response::List(items)) => {
            let rv = ctx.engine.store().revision().to_string();
            let list = serde_json::json!({"kind": format!("{}List", rt.kind), "apiVersion": if group.is_empty() { "v1".to_string() } else { format!("{group}/{}", rt.version) }, "metadata": {"resourceVersion": rv}, "items": items});
            out.out(&podlife_model::json::to_string_plain(&list));
        }
        Err(s) => out.err(&format!("Error from server ({}): {}\n", s.reason_text(), s.message)),
    }
}

/// `GET …/pods/NAME/log`: the container named, or the pod's only one (`LogREST` asks for a
/// name when there are several).
fn pod_log(ctx: &mut Context<'_>, out: &mut Output, namespace: &str, name: &str, container: Option<&str>, previous: bool) {
    let pod: Option<Value> = ctx.engine.store().get(&podlife_engine::store::ObjectKey::new(ResourceType::resolve("pods").expect("pods"), Some(namespace), name)).map(podlife_engine::Slot::to_value);
    let Some(pod) = pod else {
        return out.err(&format!("Error from server (NotFound): pods \"{name}\" not found\n"));
    };
    let names: Vec<String> = pod["spec"]["containers"].as_array().into_iter().flatten().filter_map(|c| c["name"].as_str().map(str::to_string)).collect();
    let container = match (container, names.as_slice()) {
        (Some(c), _) => c.to_string(),
        (None, [only]) => only.clone(),
        (None, all) => return out.err(&format!("Error from server (BadRequest): a container name must be specified for pod {name}, choose one of: [{}]\n", all.join(" "))),
    };
    super::logs::write_log(ctx, out, namespace, name, &container, podlife_engine::kubelet::server::LogOptions { previous, ..Default::default() }, None);
}
