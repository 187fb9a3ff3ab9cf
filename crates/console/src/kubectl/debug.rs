//! `kubectl debug` (`kubectl/pkg/cmd/debug/debug.go`, `profiles.go`, release-1.36): an
//! ephemeral container added through `pods/ephemeralcontainers` (a strategic merge patch),
//! a copy of the pod (`--copy-to`), or a pod on a node (`node/NAME`); the profiles (`general`
//! by default), `--custom` merged over the profile's container as a strategic merge patch.
//! `--env` and `--set-image` are Go maps: podlife takes them in key order. With `-i` kubectl
//! waits for the container to run and attaches; a script has no terminal and its input ends
//! at once, so the session prints attach's lines and ends, the container left running.

use podlife_engine::apiserver::patch::PatchType;
use podlife_engine::store::ObjectKey;
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;
use serde_json::{Value, json};

use super::flags::{self, Kind, Spec};
use super::{Context, impersonation, namespace_of, send, server_error};
use crate::Output;

const FLAGS: &[Spec] = &[
    Spec { long: "arguments-only", short: None, kind: Kind::Bool },
    Spec { long: "attach", short: None, kind: Kind::Bool },
    Spec { long: "container", short: Some('c'), kind: Kind::Value },
    Spec { long: "copy-to", short: None, kind: Kind::Value },
    Spec { long: "replace", short: None, kind: Kind::Bool },
    Spec { long: "env", short: None, kind: Kind::Multi },
    Spec { long: "image", short: None, kind: Kind::Value },
    Spec { long: "keep-labels", short: None, kind: Kind::Bool },
    Spec { long: "keep-annotations", short: None, kind: Kind::Bool },
    Spec { long: "keep-liveness", short: None, kind: Kind::Bool },
    Spec { long: "keep-readiness", short: None, kind: Kind::Bool },
    Spec { long: "keep-startup", short: None, kind: Kind::Bool },
    Spec { long: "keep-init-containers", short: None, kind: Kind::Bool },
    Spec { long: "set-image", short: None, kind: Kind::Multi },
    Spec { long: "image-pull-policy", short: None, kind: Kind::Value },
    Spec { long: "stdin", short: Some('i'), kind: Kind::Bool },
    Spec { long: "quiet", short: Some('q'), kind: Kind::Bool },
    Spec { long: "same-node", short: None, kind: Kind::Bool },
    Spec { long: "share-processes", short: None, kind: Kind::Bool },
    Spec { long: "target", short: None, kind: Kind::Value },
    Spec { long: "tty", short: Some('t'), kind: Kind::Bool },
    Spec { long: "profile", short: None, kind: Kind::Value },
    Spec { long: "custom", short: None, kind: Kind::Value },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

#[derive(Clone, Copy, PartialEq)]
enum Style {
    Ephemeral,
    Copy,
    Node,
}

/// pflag's `StringToString`: `k=v` pairs, comma-separated, each flag adding to one map.
fn string_map(values: &[String], flag: &str) -> Result<Vec<(String, String)>, String> {
    let mut map: Vec<(String, String)> = Vec::new();
    for v in values {
        for pair in v.split(',').filter(|s| !s.is_empty()) {
            let Some((k, val)) = pair.split_once('=') else {
                return Err(format!("error: invalid argument \"{v}\" for \"--{flag}\" flag: {pair} must be formatted as key=value\nSee 'kubectl debug --help' for usage.\n"));
            };
            map.retain(|(x, _)| x != k);
            map.push((k.to_string(), val.to_string()));
        }
    }
    podlife_engine::sort::sort(&mut map);
    Ok(map)
}

/// distribution/reference's `ReferenceRegexp`, as far as podlife checks it: no spaces or
/// upper-case letters in the repository, a tag of word characters.
fn valid_image(image: &str) -> bool {
    let (name, tag) = match image.rsplit_once(':').filter(|(_, t)| !t.contains('/')) {
        Some((n, t)) => (n, Some(t)),
        None => (image, None),
    };
    let name = name.split('@').next().unwrap_or_default();
    !name.is_empty()
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-/:".contains(c))
        && tag.is_none_or(|t| !t.is_empty() && t.len() <= 128 && t.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)))
}

/// The container `name` in any of the pod's lists.
fn container_mut<'a>(pod: &'a mut Value, name: &str) -> Option<&'a mut Value> {
    let list = ["initContainers", "containers", "ephemeralContainers"].into_iter().find(|l| pod["spec"][*l].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == name)))?;
    pod["spec"][list].as_array_mut()?.iter_mut().find(|c| c["name"] == name)
}

fn security_context(c: &mut Value) -> &mut Value {
    if !c["securityContext"].is_object() {
        c["securityContext"] = json!({});
    }
    &mut c["securityContext"]
}

fn add_capability(c: &mut Value, cap: &str) {
    let sc = security_context(c);
    if !sc["capabilities"].is_object() {
        sc["capabilities"] = json!({});
    }
    match sc["capabilities"]["add"].as_array_mut() {
        Some(a) => a.push(json!(cap)),
        None => sc["capabilities"]["add"] = json!([cap]),
    }
}

/// `KeepFlags`: what a pod copy keeps.
struct Keep {
    labels: bool,
    annotations: bool,
    liveness: bool,
    readiness: bool,
    startup: bool,
    init: bool,
}

/// `ProfileApplier.Apply` (`profiles.go`) on the debug container `name`.
fn apply_profile(profile: &str, pod: &mut Value, name: &str, style: Style, keep: &Keep) {
    let copy = style == Style::Copy;
    let mount_root = |pod: &mut Value| {
        match pod["spec"]["volumes"].as_array_mut() {
            Some(v) => v.push(json!({"name": "host-root", "hostPath": {"path": "/"}})),
            None => pod["spec"]["volumes"] = json!([{"name": "host-root", "hostPath": {"path": "/"}}]),
        }
        if let Some(c) = container_mut(pod, name) {
            match c["volumeMounts"].as_array_mut() {
                Some(m) => m.push(json!({"mountPath": "/host", "name": "host-root"})),
                None => c["volumeMounts"] = json!([{"mountPath": "/host", "name": "host-root"}]),
            }
        }
    };
    let host_namespaces = |pod: &mut Value| {
        for f in ["hostNetwork", "hostPID", "hostIPC"] {
            pod["spec"][f] = json!(true);
        }
    };
    let strip = |pod: &mut Value, labels: bool| {
        let keep_labels = keep.labels && labels;
        if let Some(m) = pod["metadata"].as_object_mut() {
            if !keep_labels {
                m.remove("labels");
            }
            if !keep.annotations && labels {
                m.remove("annotations");
            }
        }
        if !labels {
            return;
        }
        for c in pod["spec"]["containers"].as_array_mut().into_iter().flatten() {
            if let Some(c) = c.as_object_mut() {
                for (f, kept) in [("livenessProbe", keep.liveness), ("readinessProbe", keep.readiness), ("startupProbe", keep.startup)] {
                    if !kept {
                        c.remove(f);
                    }
                }
            }
        }
        if !keep.init
            && let Some(s) = pod["spec"].as_object_mut()
        {
            s.remove("initContainers");
        }
        // `shareProcessNamespace`: only when the copy does not say already.
        if pod["spec"]["shareProcessNamespace"].is_null() {
            pod["spec"]["shareProcessNamespace"] = json!(true);
        }
    };
    let clear = |pod: &mut Value| {
        if let Some(c) = container_mut(pod, name).and_then(Value::as_object_mut) {
            c.remove("securityContext");
        }
    };
    let with = |pod: &mut Value, f: &dyn Fn(&mut Value)| {
        if let Some(c) = container_mut(pod, name) {
            f(c);
        }
    };
    match profile {
        "legacy" => match style {
            Style::Node => {
                mount_root(pod);
                host_namespaces(pod);
            }
            // `p.Labels = false; p.RemoveLabels(pod)`: only the labels go.
            Style::Copy => {
                if let Some(m) = pod["metadata"].as_object_mut() {
                    m.remove("labels");
                }
            }
            Style::Ephemeral => {}
        },
        "general" => match style {
            Style::Node => {
                mount_root(pod);
                clear(pod);
                host_namespaces(pod);
            }
            _ => {
                if copy {
                    strip(pod, true);
                    // `allowProcessTracing` comes before `shareProcessNamespace` upstream;
                    // the two touch different fields.
                }
                with(pod, &|c| add_capability(c, "SYS_PTRACE"));
            }
        },
        "baseline" => {
            clear(pod);
            if copy {
                strip(pod, true);
            }
        }
        "restricted" => {
            clear(pod);
            with(pod, &|c| {
                let sc = security_context(c);
                sc["runAsNonRoot"] = json!(true);
                sc["capabilities"] = json!({"drop": ["ALL"]});
                sc["allowPrivilegeEscalation"] = json!(false);
                sc["seccompProfile"] = json!({"type": "RuntimeDefault"});
            });
            if copy {
                strip(pod, true);
            }
        }
        "netadmin" => {
            with(pod, &|c| {
                add_capability(c, "NET_ADMIN");
                add_capability(c, "NET_RAW");
            });
            match style {
                Style::Node => host_namespaces(pod),
                Style::Copy => strip(pod, true),
                Style::Ephemeral => {}
            }
        }
        // "sysadmin"
        _ => {
            with(pod, &|c| security_context(c)["privileged"] = json!(true));
            match style {
                Style::Node => {
                    host_namespaces(pod);
                    mount_root(pod);
                }
                Style::Copy => strip(pod, true),
                Style::Ephemeral => {}
            }
        }
    }
}

/// `applyCustomProfile` / `applyCustomProfileEphemeral`: the partial container, named as the
/// debug container, merged over it as a strategic merge patch.
fn apply_custom(pod: &mut Value, name: &str, custom: &Value) -> Result<(), String> {
    let Some(c) = container_mut(pod, name) else { return Err(format!("unable to find the {name} container in the pod {}", pod["metadata"]["name"].as_str().unwrap_or_default())) };
    let mut patch = custom.clone();
    patch["name"] = json!(name);
    podlife_engine::apiserver::patch::apply(PatchType::Strategic, c, &patch).map_err(|_| "error creating three way patch to add debug container".to_string())
}

/// `computeDebugContainerName`: `-c`, else `debugger-xxxxx` not yet taken in the pod.
fn container_name(ctx: &mut Context<'_>, pod: &Value, given: Option<&str>, quiet: bool, out: &mut Output) -> String {
    if let Some(n) = given {
        return n.to_string();
    }
    let taken = |n: &str| ["containers", "initContainers", "ephemeralContainers"].iter().any(|l| pod["spec"][*l].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == n)));
    let mut name = String::new();
    while name.is_empty() || taken(&name) {
        name = format!("debugger-{}", ctx.engine.rng().name_suffix(5));
    }
    if !quiet {
        out.out(&format!("Defaulting debug container name to {name}.\n"));
    }
    name
}

#[inline(never)]
pub fn debug(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let p = match flags::parse(args, FLAGS, "debug") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let fail = |out: &mut Output, e: &str| out.err(&format!("error: {e}\n"));
    let pull = p.get("image-pull-policy").unwrap_or_default().to_string();
    let interactive = p.flag("stdin");
    let attach = if p.has("attach") { p.flag("attach") } else { interactive };
    let env = match string_map(&p.all("env"), "env") {
        Ok(e) => e,
        Err(e) => return out.err(&e),
    };
    let set_images = match string_map(&p.all("set-image"), "set-image") {
        Ok(e) => e,
        Err(e) => return out.err(&e),
    };
    let profile = p.get("profile").unwrap_or("general").to_string();
    if !["legacy", "general", "baseline", "restricted", "netadmin", "sysadmin"].contains(&profile.as_str()) {
        return fail(out, &format!("unknown profile: {profile}"));
    }
    // `Complete`: the custom profile, read as JSON, else as YAML.
    let custom = match p.get("custom").filter(|c| !c.is_empty()) {
        None => None,
        Some(file) => {
            let Some(text) = (ctx.read_file)(file) else {
                return fail(out, &format!("must pass a container spec json file for custom profile: open {file}: no such file or directory"));
            };
            match podlife_manifest::first_document(&text) {
                Ok(Some(v)) if v.is_object() => Some(v),
                Ok(None) => Some(json!({})),
                Ok(Some(_)) | Err(_) => return fail(out, &format!("{file} does not contain a valid container spec: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal into Go value of type v1.Container")),
            }
        }
    };
    let image = p.get("image").unwrap_or_default().to_string();
    let container = p.get("container").filter(|c| !c.is_empty()).map(str::to_string);
    let copy_to = p.get("copy-to").unwrap_or_default().to_string();
    let command: Vec<String> = p.after_dash.clone();
    // `Validate`, in its order.
    if attach && p.has("attach") && image.is_empty() && container.is_none() {
        return fail(out, "you must specify --container or create a new container using --image in order to attach.");
    }
    if !copy_to.is_empty() {
        if image.is_empty() && set_images.is_empty() && command.is_empty() {
            return fail(out, "you must specify --image, --set-image or command arguments.");
        }
        if !command.is_empty() && container.is_none() && image.is_empty() {
            return fail(out, "you must specify an existing container or a new image when specifying args.");
        }
    } else if p.flag("replace") {
        return fail(out, "--replace may only be used with --copy-to.");
    } else if p.flag("same-node") {
        return fail(out, "--same-node may only be used with --copy-to.");
    } else if !set_images.is_empty() {
        return fail(out, "--set-image may only be used with --copy-to.");
    } else if image.is_empty() {
        return fail(out, "you must specify --image when not using --copy-to.");
    }
    if !image.is_empty() && !valid_image(&image) {
        return fail(out, &format!("invalid image name {image:?}: invalid reference format"));
    }
    if p.args.is_empty() && p.all("filename").is_empty() {
        return fail(out, "NAME or filename is required for debug");
    }
    if !["Always", "IfNotPresent", "Never", ""].contains(&pull.as_str()) {
        return fail(out, &format!("invalid image pull policy: {pull}"));
    }
    for (name, img) in &set_images {
        if !valid_image(img) {
            return fail(out, &format!("invalid image name {img:?} for container {name:?}: invalid reference format"));
        }
    }
    let quiet = p.flag("quiet");
    let target = p.get("target").unwrap_or_default().to_string();
    if !target.is_empty() {
        if !copy_to.is_empty() {
            return fail(out, "--target is incompatible with --copy-to. Use --share-processes instead.");
        }
        if !quiet {
            out.out(&format!("Targeting container {target:?}. If you don't see processes from this container it may be because the container runtime doesn't support this feature.\n"));
        }
    }
    if p.flag("tty") && !interactive {
        return fail(out, "-i/--stdin is required for containers with -t/--tty=true");
    }
    if let Some(c) = &custom {
        let set = |f: &str| c.get(f).is_some_and(|v| !(v.is_null() || v == "" || v.as_array().is_some_and(Vec::is_empty)));
        if set("name") || set("command") || set("image") || set("lifecycle") || set("volumeDevices") {
            return fail(out, "name, command, image, lifecycle and volume devices are not modifiable via custom profile");
        }
    }
    if profile == "legacy" {
        out.err("--profile=legacy is deprecated and planned to be removed in v1.39. It is recommended to specify other profile, for example \"--profile=general\".\n");
    }
    let keep = Keep {
        labels: p.flag("keep-labels"),
        annotations: p.flag("keep-annotations"),
        liveness: p.flag("keep-liveness"),
        readiness: p.flag("keep-readiness"),
        startup: p.flag("keep-startup"),
        init: !p.has("keep-init-containers") || p.flag("keep-init-containers"),
    };
    let namespace = namespace_of(&p);
    let env: Vec<Value> = env.iter().map(|(k, v)| json!({"name": k, "value": v})).collect();
    let argv_field = if p.flag("arguments-only") { "args" } else { "command" };
    // The builder: `POD`, `pod/NAME`, `node/NAME`, or the object a `-f` file names.
    let mut targets = p.args.clone();
    for file in p.all("filename") {
        let text = if file == "-" { ctx.stdin.map(str::to_string) } else { (ctx.read_file)(&file) };
        let Some(text) = text else { return fail(out, &format!("the path \"{file}\" does not exist")) };
        match podlife_manifest::first_document(&text) {
            Ok(Some(v)) if v["kind"].is_string() => targets.push(format!("{}/{}", v["kind"].as_str().unwrap_or_default().to_ascii_lowercase(), v["metadata"]["name"].as_str().unwrap_or_default())),
            _ => return fail(out, &format!("error validating \"{file}\": kind not set")),
        }
    }
    for arg in targets {
        let (kind, name) = match arg.split_once('/') {
            Some((t, n)) => (t.to_string(), n.to_string()),
            None => ("pods".to_string(), arg.clone()),
        };
        let Some(rt) = ResourceType::resolve(&kind) else {
            return out.err(&format!("error: the server doesn't have a resource type \"{kind}\"\n"));
        };
        if rt.kind != "Pod" && rt.kind != "Node" {
            return fail(out, &format!("\"{}/{}, Kind={}\" not supported by debug", if rt.group.is_empty() { "" } else { rt.group }, rt.version, rt.kind));
        }
        let mut get = super::get_request(rt, &namespace, &name, &p);
        if !rt.namespaced {
            get.namespace = None;
        }
        let target_obj = match send(ctx, out, get) {
            Ok(Response::Object(o)) => o,
            Ok(_) => continue,
            Err(s) => return out.err(&server_error(&s, rt.kind, &name, None)),
        };
        let mut base = json!({"name": "", "image": image, "resources": {}, "terminationMessagePolicy": "File"});
        if !env.is_empty() {
            base["env"] = json!(env);
        }
        if !pull.is_empty() {
            base["imagePullPolicy"] = json!(pull);
        }
        if interactive {
            base["stdin"] = json!(true);
        }
        if p.flag("tty") {
            base["tty"] = json!(true);
        }
        if !command.is_empty() {
            base[argv_field] = json!(command);
        }
        let Some(pods) = ResourceType::resolve("pods") else { return };
        let (debug_pod, debug_container) = if rt.kind == "Node" {
            // `generateNodeDebugPod`.
            let cn = container.clone().unwrap_or_else(|| "debugger".into());
            let pn = format!("node-debugger-{name}-{}", ctx.engine.rng().name_suffix(5));
            if !quiet {
                out.out(&format!("Creating debugging pod {pn} with container {cn} on node {name}.\n"));
            }
            base["name"] = json!(cn);
            let mut pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": pn, "labels": {"app.kubernetes.io/managed-by": "kubectl-debug"}},
                "spec": {"containers": [base], "nodeName": name, "restartPolicy": "Never", "tolerations": [{"operator": "Exists"}]}});
            apply_profile(&profile, &mut pod, &cn, Style::Node, &keep);
            if let Some(c) = &custom
                && let Err(e) = apply_custom(&mut pod, &cn, c)
            {
                return fail(out, &e);
            }
            let mut req = Request::new(Verb::Create, pods);
            req.namespace = Some(namespace.clone());
            req.body = Some(pod);
            req.impersonate = impersonation(&p);
            match send(ctx, out, req) {
                Ok(Response::Object(o)) => (o, cn),
                Ok(_) => continue,
                Err(s) => return out.err(&server_error(&s, "Pod", &pn, None)),
            }
        } else if !copy_to.is_empty() {
            // `generatePodCopyWithDebugContainer`.
            let mut copied = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": copy_to, "namespace": target_obj["metadata"]["namespace"]}, "spec": target_obj["spec"].clone()});
            for f in ["annotations", "labels"] {
                if target_obj["metadata"][f].is_object() {
                    copied["metadata"][f] = target_obj["metadata"][f].clone();
                }
            }
            if let Some(s) = copied["spec"].as_object_mut() {
                s.remove("ephemeralContainers");
                if !p.flag("same-node") {
                    s.remove("nodeName");
                }
            }
            if p.has("share-processes") {
                copied["spec"]["shareProcessNamespace"] = json!(p.flag("share-processes"));
            }
            let star = set_images.iter().find(|(k, _)| k == "*").map(|(_, v)| v.clone());
            for c in copied["spec"]["containers"].as_array_mut().into_iter().flatten() {
                let own = set_images.iter().find(|(k, _)| c["name"] == k.as_str()).map(|(_, v)| v.clone());
                if let Some(img) = own.or(star.clone()).filter(|i| !i.is_empty()) {
                    c["image"] = json!(img);
                }
            }
            let existing = container.as_deref().filter(|n| copied["spec"]["containers"].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == *n)) || copied["spec"]["initContainers"].as_array().is_some_and(|a| a.iter().any(|c| c["name"] == *n))).map(str::to_string);
            let cname = match existing {
                Some(n) => n,
                None if image.is_empty() => {
                    // A `--set-image` only invocation: no debug container.
                    String::new()
                }
                None => {
                    let n = container_name(ctx, &copied, container.as_deref(), quiet, out);
                    let new = json!({"name": n, "terminationMessagePolicy": "File"});
                    match copied["spec"]["containers"].as_array_mut() {
                        Some(a) => a.push(new),
                        None => copied["spec"]["containers"] = json!([new]),
                    }
                    n
                }
            };
            if !cname.is_empty() {
                if let Some(c) = container_mut(&mut copied, &cname) {
                    if !command.is_empty() {
                        c[argv_field] = json!(command);
                        if argv_field == "command"
                            && let Some(m) = c.as_object_mut()
                        {
                            m.remove("args");
                        }
                    }
                    if !env.is_empty() {
                        c["env"] = json!(env);
                    }
                    if !image.is_empty() {
                        c["image"] = json!(image);
                    }
                    if !pull.is_empty() {
                        c["imagePullPolicy"] = json!(pull);
                    }
                    for (f, on) in [("stdin", interactive), ("tty", p.flag("tty"))] {
                        if on {
                            c[f] = json!(true);
                        } else if let Some(m) = c.as_object_mut() {
                            m.remove(f);
                        }
                    }
                }
                apply_profile(&profile, &mut copied, &cname, Style::Copy, &keep);
                if let Some(c) = &custom
                    && let Err(e) = apply_custom(&mut copied, &cname, c)
                {
                    return fail(out, &e);
                }
            }
            let mut req = Request::new(Verb::Create, pods);
            req.namespace = Some(namespace.clone());
            req.body = Some(copied);
            req.impersonate = impersonation(&p);
            let created = match send(ctx, out, req) {
                Ok(Response::Object(o)) => o,
                Ok(_) => continue,
                Err(s) => return out.err(&server_error(&s, "Pod", &copy_to, None)),
            };
            if p.flag("replace") {
                let mut del = Request::new(Verb::Delete, pods);
                del.namespace = Some(namespace.clone());
                del.name = Some(name.clone());
                del.body = Some(json!({"kind": "DeleteOptions", "apiVersion": "v1", "gracePeriodSeconds": 0}));
                del.impersonate = impersonation(&p);
                if let Err(s) = send(ctx, out, del) {
                    return out.err(&server_error(&s, "Pod", &name, None));
                }
            }
            (created, cname)
        } else {
            // `debugByEphemeralContainer`: the container, the profile, the custom profile, a
            // strategic merge patch to `pods/ephemeralcontainers`.
            let cn = container_name(ctx, &target_obj, container.as_deref(), quiet, out);
            base["name"] = json!(cn);
            if !target.is_empty() {
                base["targetContainerName"] = json!(target);
            }
            let mut copied = target_obj.clone();
            match copied["spec"]["ephemeralContainers"].as_array_mut() {
                Some(a) => a.push(base),
                None => copied["spec"]["ephemeralContainers"] = json!([base]),
            }
            apply_profile(&profile, &mut copied, &cn, Style::Ephemeral, &keep);
            if let Some(c) = &custom
                && let Err(e) = apply_custom(&mut copied, &cn, c)
            {
                return fail(out, &e);
            }
            display_warning(&copied, &cn, out);
            let list = copied["spec"]["ephemeralContainers"].clone();
            let order: Vec<Value> = list.as_array().into_iter().flatten().map(|c| json!({"name": c["name"]})).collect();
            let added: Vec<Value> = list.as_array().into_iter().flatten().filter(|c| c["name"] == cn.as_str()).cloned().collect();
            let mut req = Request::new(Verb::Patch, pods);
            req.namespace = Some(namespace.clone());
            req.name = Some(name.clone());
            req.subresource = Some("ephemeralcontainers".into());
            req.patch_type = PatchType::Strategic;
            req.body = Some(json!({"spec": {"$setElementOrder/ephemeralContainers": order, "ephemeralContainers": added}}));
            req.field_manager = "kubectl-debug".into();
            req.impersonate = impersonation(&p);
            match send(ctx, out, req) {
                Ok(Response::Object(o)) => (o, cn),
                Ok(_) => continue,
                Err(s) => return out.err(&server_error(&s, "Pod", &name, None)),
            }
        };
        if attach && !debug_container.is_empty() {
            attach_to(ctx, &debug_pod, &debug_container, p.flag("tty"), quiet, out);
        }
    }
}

/// `displayWarning`: a non-root pod whose debug container is given capabilities.
fn display_warning(pod: &Value, name: &str, out: &mut Output) {
    let Some(c) = ["containers", "ephemeralContainers"].iter().find_map(|l| pod["spec"][*l].as_array()?.iter().find(|c| c["name"] == name)) else { return };
    let sc = &c["securityContext"];
    let pod_user = pod["spec"]["securityContext"]["runAsUser"].as_i64().unwrap_or(0);
    if pod_user == 0 || !sc.is_object() || sc["runAsUser"].as_i64() == Some(0) {
        return;
    }
    if sc["privileged"] != true && sc["capabilities"]["add"].as_array().is_none_or(Vec::is_empty) {
        return;
    }
    out.err("Warning: Non-root user is configured for the entire target Pod, and some capabilities granted by debug profile may not work. Please consider using \"--custom\" with a custom profile that specifies \"securityContext.runAsUser: 0\".\n");
}

/// `handleAttachPod`: wait for the container to run or end (`waitForContainer`), then its
/// logs if it ended, else attach — which, in a script, ends with the script's input.
fn attach_to(ctx: &mut Context<'_>, pod: &Value, container: &str, tty: bool, quiet: bool, out: &mut Output) {
    let Some(rt) = ResourceType::resolve("pods") else { return };
    let namespace = pod["metadata"]["namespace"].as_str().unwrap_or("default").to_string();
    let name = pod["metadata"]["name"].as_str().unwrap_or_default().to_string();
    let key = ObjectKey::new(rt, Some(&namespace), &name);
    let state = |pod: &Value| -> Value {
        ["initContainerStatuses", "containerStatuses", "ephemeralContainerStatuses"]
            .iter()
            .find_map(|l| pod["status"][*l].as_array()?.iter().find(|s| s["name"] == container).cloned())
            .map(|s| s["state"].clone())
            .unwrap_or(Value::Null)
    };
    ctx.engine.wait_while(|e| e.store().get(&key).is_some_and(|p| {
        let s = state(&(p).to_value());
        !(s["running"].is_object() || s["terminated"].is_object())
    }), 3_600_000);
    let Some(now) = ctx.engine.store().get(&key).cloned() else {
        return out.err("Error from server (NotFound): pods \"\" not found\n");
    };
    if state(&(&now).to_value())["terminated"].is_object() {
        let args = vec![name, "-n".to_string(), namespace, "-c".to_string(), container.to_string()];
        return super::logs::logs(ctx, &args, out);
    }
    if tty {
        out.err("Unable to use a TTY - input is not a terminal or the right kind of file\n");
    }
    if !quiet {
        out.err("All commands and output from this session will be recorded in container logs, including credentials and sensitive information passed through the command prompt.\n");
        out.err("If you don't see a command prompt, try pressing enter.\n");
    }
}
