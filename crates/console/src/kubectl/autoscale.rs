//! `kubectl autoscale (-f FILENAME | TYPE NAME | TYPE/NAME) [--min=MINPODS] --max=MAXPODS
//! [--cpu=CPU] [--memory=MEMORY]` (upstream `pkg/cmd/autoscale/autoscale.go`, kubectl 1.36):
//! an autoscaling/v2 HorizontalPodAutoscaler named after the target (or `--name`), POSTed
//! with `fieldManager=kubectl-autoscale`. `--cpu-percent` still works, deprecated in favour
//! of `--cpu`. A failed v2 create falls back to v1 as upstream decides it (`canCreateHPAV1`).

use serde_json::Value;
use podlife_engine::json;

use super::flags::{Kind, Spec};
use super::{Context, DryRun, dry_suffix, impersonation, namespace_of, parse_mutating, server_error, type_name};
use crate::Output;
use crate::printers::{json as json_printer, yaml};
use podlife_engine::{Request, Response, Verb};
use podlife_model::ResourceType;

const FLAGS: &[Spec] = &[
    Spec { long: "min", short: None, kind: Kind::Value },
    Spec { long: "max", short: None, kind: Kind::Value },
    Spec { long: "cpu-percent", short: None, kind: Kind::Value },
    Spec { long: "cpu", short: None, kind: Kind::Value },
    Spec { long: "memory", short: None, kind: Kind::Value },
    Spec { long: "name", short: None, kind: Kind::Value },
    Spec { long: "dry-run", short: None, kind: Kind::OptionalValue("unchanged") },
    Spec { long: "output", short: Some('o'), kind: Kind::Value },
    Spec { long: "field-manager", short: None, kind: Kind::Value },
    Spec { long: "save-config", short: None, kind: Kind::Bool },
    Spec { long: "record", short: None, kind: Kind::Bool },
    Spec { long: "filename", short: Some('f'), kind: Kind::Multi },
];

/// `parseResourceInput`: a percentage is a utilization target, a bare number a quantity in
/// millicores (cpu) or mebibytes (memory), anything else a quantity.
fn resource_target(input: &str, resource: &str) -> Result<Value, String> {
    let input = input.trim();
    if input.is_empty() {
        return Err("empty input".into());
    }
    if let Some(p) = input.strip_suffix('%') {
        return match p.parse::<i32>() {
            Ok(v) if v >= 0 => Ok(json!({"type": "Utilization", "averageUtilization": v})),
            _ => Err(format!("invalid percentage value: {p}")),
        };
    }
    let text = match podlife_engine::parse_f64(input) {
        // `fmt.Sprintf("%g%s", value, unit)`.
        Some(v) if v.is_finite() => format!("{}{}", podlife_ftl::num::Num(v), if resource == "cpu" { "m" } else { "Mi" }),
        _ => input.to_string(),
    };
    match podlife_model::quantity::Quantity::parse(&text) {
        Ok(q) => Ok(json!({"type": "AverageValue", "averageValue": q.to_string()})),
        Err(_) => Err(format!("invalid resource {resource} value: {input}")),
    }
}

fn int32_flag(p: &super::flags::Parsed, name: &str, out: &mut Output) -> Option<i64> {
    match p.get(name) {
        None => Some(-1),
        Some(v) => match v.parse::<i32>() {
            Ok(n) => Some(n as i64),
            Err(_) => {
                out.err(&format!("error: invalid argument \"{v}\" for \"--{name}\" flag: strconv.ParseInt: parsing \"{v}\": invalid syntax\nSee 'kubectl autoscale --help' for usage.\n"));
                None
            }
        },
    }
}

#[inline(never)]
pub fn autoscale(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let Some((p, dry)) = parse_mutating(args, FLAGS, "autoscale", out) else { return };
    // pflag's notice for a deprecated flag, as it is parsed.
    if p.has("cpu-percent") {
        out.err("Flag --cpu-percent has been deprecated, Use --cpu with percentage or resource quantity format (e.g., '70%' for utilization or '500m' for milliCPU).\n");
    }
    if !p.has("max") {
        return out.err("error: required flag(s) \"max\" not set\n");
    }
    let (Some(min), Some(max), Some(cpu_percent)) = (int32_flag(&p, "min", out), int32_flag(&p, "max", out), int32_flag(&p, "cpu-percent", out)) else { return };
    let (cpu, memory) = (p.get("cpu").unwrap_or_default().to_string(), p.get("memory").unwrap_or_default().to_string());
    // `Validate`.
    let invalid = if max < 1 {
        Some(format!("--max=MAXPODS is required and must be at least 1, max: {max}"))
    } else if max < min {
        Some(format!("--max=MAXPODS must be larger or equal to --min=MINPODS, max: {max}, min: {min}"))
    } else if cpu_percent > 0 && !cpu.is_empty() {
        Some("--cpu-percent and --cpu are mutually exclusive".into())
    } else {
        [(&cpu, "cpu"), (&memory, "memory")].iter().filter(|(v, _)| !v.is_empty()).find_map(|(v, r)| resource_target(v, r).err())
    };
    if let Some(e) = invalid {
        return out.err(&format!("error: {e}\n"));
    }
    let output = p.get("output").unwrap_or_default().to_string();
    let namespace = namespace_of(&p);
    let files = p.all("filename");
    let mut targets: Vec<(&'static ResourceType, String)> = Vec::new();
    if !files.is_empty() {
        let Some(objects) = super::manifest_input::read(ctx, &files, true, out) else { return };
        targets.extend(objects.into_iter().map(|o| (o.resource, o.value["metadata"]["name"].as_str().unwrap_or_default().to_string())));
    } else {
        let groups = match super::resource_args(&p.args) {
            Ok(g) => g,
            Err(e) => return out.err(&e),
        };
        for (rt, names) in groups {
            for name in names {
                // The builder's visit: the object is fetched.
                let mut get = Request::new(Verb::Get, rt);
                get.namespace = rt.namespaced.then(|| namespace.clone());
                get.name = Some(name.clone());
                get.impersonate = impersonation(&p);
                match super::send(ctx, out, get) {
                    Ok(_) => targets.push((rt, name)),
                    Err(s) => return out.err(&server_error(&s, rt.kind, &name, None)),
                }
            }
        }
    }
    if targets.is_empty() {
        return out.err("error: no objects passed to autoscale\n");
    }
    let Some(hpa_rt) = ResourceType::by_api_version_kind("autoscaling/v2", "HorizontalPodAutoscaler") else { return };
    for (rt, ref_name) in targets {
        if !matches!(rt.kind, "Deployment" | "ReplicaSet" | "StatefulSet" | "ReplicationController") {
            let group = if rt.group.is_empty() { String::new() } else { rt.group.to_string() };
            return out.err(&format!("error: cannot autoscale a {}: could not find scale subresource for {group}/{}, Resource={} in discovery information\n", rt.kind, rt.version, rt.plural));
        }
        let name = p.get("name").filter(|n| !n.is_empty()).unwrap_or(&ref_name).to_string();
        let mut hpa = json!({"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": name, "creationTimestamp": null},
            "spec": {"scaleTargetRef": {"apiVersion": rt.api_version(), "kind": rt.kind, "name": ref_name}, "maxReplicas": max},
            "status": {"currentMetrics": null, "desiredReplicas": 0}});
        if min > 0 {
            hpa["spec"]["minReplicas"] = json!(min);
        }
        if p.has("namespace") {
            hpa["metadata"]["namespace"] = json!(namespace);
        }
        let mut metrics = Vec::new();
        if cpu_percent > 0 {
            metrics.push(json!({"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": cpu_percent}}}));
        }
        for (input, resource) in [(&cpu, "cpu"), (&memory, "memory")] {
            if let Some(Ok(target)) = (!input.is_empty()).then(|| resource_target(input, resource)) {
                metrics.push(json!({"type": "Resource", "resource": {"name": resource, "target": target}}));
            }
        }
        if !metrics.is_empty() {
            hpa["spec"]["metrics"] = json!(metrics);
        }
        let printed = if dry == DryRun::Client {
            hpa
        } else {
            if p.flag("save-config") {
                super::save_config(&mut hpa);
            }
            let mut req = Request::new(Verb::Create, hpa_rt);
            req.namespace = Some(namespace.clone());
            req.body = Some(hpa);
            req.impersonate = impersonation(&p);
            req.dry_run = dry == DryRun::Server;
            req.field_manager = p.get("field-manager").unwrap_or("kubectl-autoscale").to_string();
            match super::send(ctx, out, req) {
                Ok(Response::Object(created)) => super::strip_managed(created),
                Ok(_) => continue,
                // The v2 create failed: kubectl falls back to autoscaling/v1 only when
                // `canCreateHPAV1` (a `--cpu` utilization and no `--memory`; `--cpu` empty is
                // `parseResourceInput`'s "empty input"), whose create fails the same way here.
                Err(s) => {
                    let v1 = match resource_target(&cpu, "cpu") {
                        Err(e) => Err(e),
                        Ok(t) => Ok(memory.is_empty() && t["type"] == "Utilization"),
                    };
                    return out.err(&match v1 {
                        Ok(true) => server_error(&s, hpa_rt.kind, &name, None),
                        Ok(false) => "error: failed to create autoscaling/v2 HPA and the configuration is incompatible with autoscaling/v1: %!w(<nil>)\n".to_string(),
                        Err(e) => format!("error: failed to create autoscaling/v2 HPA and the configuration is incompatible with autoscaling/v1: {e}\n"),
                    });
                }
            }
        };
        match output.as_str() {
            "yaml" => out.out(&yaml::to_yaml(&printed)),
            "json" => out.out(&json_printer::to_json(&printed)),
            "name" => out.out(&format!("{}\n", type_name(hpa_rt, &name))),
            // The client-side dry run prints with the operation `created`.
            _ if dry == DryRun::Client => out.out(&format!("{} created{}\n", type_name(hpa_rt, &name), dry_suffix(dry))),
            _ => out.out(&format!("{} autoscaled{}\n", type_name(hpa_rt, &name), dry_suffix(dry))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_inputs() {
        assert_eq!(resource_target("70%", "cpu"), Ok(json!({"type": "Utilization", "averageUtilization": 70})));
        assert_eq!(resource_target("500", "cpu"), Ok(json!({"type": "AverageValue", "averageValue": "500m"})));
        assert_eq!(resource_target("200", "memory"), Ok(json!({"type": "AverageValue", "averageValue": "200Mi"})));
        assert_eq!(resource_target("x%", "cpu"), Err("invalid percentage value: x".to_string()));
        assert_eq!(resource_target("abc", "memory"), Err("invalid resource memory value: abc".to_string()));
    }
}
