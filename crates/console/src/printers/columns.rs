//! Table columns per resource, as kubectl's server-side printers compute them (upstream:
//! `pkg/printers/internalversion/printers.go`, `printPod`, `printNode`, …).

use serde_json::Value;

use super::duration::human_duration;
use podlife_engine::Time;

/// Headers for a resource (`wide` adds the extra columns).
pub fn headers(kind: &str, wide: bool) -> Vec<&'static str> {
    let (base, extra): (&[&str], &[&str]) = match kind {
        "Pod" => (&["NAME", "READY", "STATUS", "RESTARTS", "AGE"], &["IP", "NODE", "NOMINATED NODE", "READINESS GATES"]),
        "Node" => (&["NAME", "STATUS", "ROLES", "AGE", "VERSION"], &["INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"]),
        "Namespace" => (&["NAME", "STATUS", "AGE"], &[]),
        // The priority-1 columns sit between the others.
        "Event" if wide => (&["LAST SEEN", "TYPE", "REASON", "OBJECT", "SUBOBJECT", "SOURCE", "MESSAGE", "FIRST SEEN", "COUNT", "NAME"], &[]),
        "Event" => (&["LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"], &[]),
        "Service" => (&["NAME", "TYPE", "CLUSTER-IP", "EXTERNAL-IP", "PORT(S)", "AGE"], &["SELECTOR"]),
        "ServiceAccount" => (&["NAME", "SECRETS", "AGE"], &[]),
        "ConfigMap" => (&["NAME", "DATA", "AGE"], &[]),
        "Secret" => (&["NAME", "TYPE", "DATA", "AGE"], &[]),
        "PriorityClass" => (&["NAME", "VALUE", "GLOBAL-DEFAULT", "AGE", "PREEMPTIONPOLICY"], &[]),
        "ClusterRole" | "Role" | "LimitRange" => (&["NAME", "CREATED AT"], &[]),
        "ResourceQuota" => (&["NAME", "AGE", "REQUEST", "LIMIT"], &[]),
        "ClusterRoleBinding" | "RoleBinding" => (&["NAME", "ROLE", "AGE"], &["USERS", "GROUPS", "SERVICEACCOUNTS"]),
        "Deployment" => (&["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"], &["CONTAINERS", "IMAGES", "SELECTOR"]),
        "ReplicaSet" | "ReplicationController" => (&["NAME", "DESIRED", "CURRENT", "READY", "AGE"], &["CONTAINERS", "IMAGES", "SELECTOR"]),
        "StatefulSet" => (&["NAME", "READY", "AGE"], &["CONTAINERS", "IMAGES"]),
        "DaemonSet" => (&["NAME", "DESIRED", "CURRENT", "READY", "UP-TO-DATE", "AVAILABLE", "NODE SELECTOR", "AGE"], &["CONTAINERS", "IMAGES", "SELECTOR"]),
        "ControllerRevision" => (&["NAME", "CONTROLLER", "REVISION", "AGE"], &[]),
        "Job" => (&["NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"], &["CONTAINERS", "IMAGES", "SELECTOR"]),
        "CronJob" => (&["NAME", "SCHEDULE", "TIMEZONE", "SUSPEND", "ACTIVE", "LAST SCHEDULE", "AGE"], &["CONTAINERS", "IMAGES", "SELECTOR"]),
        "Lease" => (&["NAME", "HOLDER", "AGE"], &[]),
        "Endpoints" => (&["NAME", "ENDPOINTS", "AGE"], &[]),
        "EndpointSlice" => (&["NAME", "ADDRESSTYPE", "PORTS", "ENDPOINTS", "AGE"], &[]),
        // `printIPAddress` also computes an age cell, but the table has two columns and
        // kubectl drops the extra cell.
        "IPAddress" => (&["NAME", "PARENTREF"], &[]),
        "ServiceCIDR" => (&["NAME", "CIDRS", "AGE"], &[]),
        "NetworkPolicy" => (&["NAME", "POD-SELECTOR", "AGE"], &[]),
        "Ingress" => (&["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"], &[]),
        "IngressClass" => (&["NAME", "CONTROLLER", "PARAMETERS", "AGE"], &[]),
        "HorizontalPodAutoscaler" => (&["NAME", "REFERENCE", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE"], &[]),
        "PodDisruptionBudget" => (&["NAME", "MIN AVAILABLE", "MAX UNAVAILABLE", "ALLOWED DISRUPTIONS", "AGE"], &[]),
        "PersistentVolumeClaim" => (&["NAME", "STATUS", "VOLUME", "CAPACITY", "ACCESS MODES", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "AGE"], &["VOLUMEMODE"]),
        "PersistentVolume" => (&["NAME", "CAPACITY", "ACCESS MODES", "RECLAIM POLICY", "STATUS", "CLAIM", "STORAGECLASS", "VOLUMEATTRIBUTESCLASS", "REASON", "AGE"], &["VOLUMEMODE"]),
        "StorageClass" => (&["NAME", "PROVISIONER", "RECLAIMPOLICY", "VOLUMEBINDINGMODE", "ALLOWVOLUMEEXPANSION", "AGE"], &[]),
        "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => (&["NAME", "WEBHOOKS", "AGE"], &[]),
        _ => (&["NAME", "AGE"], &[]),
    };
    let mut h = base.to_vec();
    if wide {
        h.extend_from_slice(extra);
    }
    h
}

/// A quantity as `Quantity.String()` prints it.
pub fn quantity_text(v: &Value) -> String {
    match v.as_str() {
        Some(t) => podlife_model::quantity::Quantity::parse(t).map(|q| q.to_string()).unwrap_or_else(|_| t.to_string()),
        None => "0".to_string(),
    }
}

/// `formatHPAMetrics`: each metric's current and target, at most two, `<unknown>` for a
/// current value not reported yet.
pub fn hpa_targets(spec: &Value, status: &Value) -> String {
    let specs = spec["metrics"].as_array().map(Vec::as_slice).unwrap_or_default();
    if specs.is_empty() {
        return "<none>".into();
    }
    let q = quantity_text;
    let list: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let st = &status["currentMetrics"][i];
            let cur = |src: &str, field: &str| if st[src].is_object() { q(&st[src]["current"][field]) } else { "<unknown>".to_string() };
            match m["type"].as_str().unwrap_or_default() {
                kind @ ("External" | "Object") => {
                    let src = if kind == "External" { "external" } else { "object" };
                    let t = &m[src]["target"];
                    if t["averageValue"].is_string() {
                        let c = if st[src]["current"]["averageValue"].is_string() { q(&st[src]["current"]["averageValue"]) } else { "<unknown>".into() };
                        format!("{c}/{} (avg)", q(&t["averageValue"]))
                    } else {
                        format!("{}/{}", cur(src, "value"), q(&t["value"]))
                    }
                }
                "Pods" => format!("{}/{}", cur("pods", "averageValue"), q(&m["pods"]["target"]["averageValue"])),
                kind @ ("Resource" | "ContainerResource") => {
                    let src = if kind == "Resource" { "resource" } else { "containerResource" };
                    let (r, name) = (&m[src]["target"], s(&m[src]["name"]));
                    if r["averageValue"].is_string() {
                        format!("{name}: {}/{}", cur(src, "averageValue"), q(&r["averageValue"]))
                    } else {
                        let c = st[src]["current"]["averageUtilization"].as_i64().map_or("<unknown>".to_string(), |u| format!("{u}%"));
                        let t = r["averageUtilization"].as_i64().map_or("<auto>".to_string(), |u| format!("{u}%"));
                        format!("{name}: {c}/{t}")
                    }
                }
                _ => "<unknown type>".into(),
            }
        })
        .collect();
    match list.len() {
        n if n > 2 => format!("{} + {} more...", list[..2].join(", "), n - 2),
        _ => list.join(", "),
    }
}

/// AGE of a timestamp field (`translateTimestampSince`): `<unknown>` when absent.
pub fn age(now: Time, timestamp: &Value) -> String {
    match timestamp.as_str().and_then(Time::from_rfc3339) {
        Some(t) => human_duration(now.millis() as i64 - t.millis() as i64),
        None => "<unknown>".into(),
    }
}

fn s(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

fn or_none(v: String) -> String {
    if v.is_empty() { "<none>".into() } else { v }
}

/// The cells of one row.
/// `a,b,c + N more...`, or `<unset>` for none (the EndpointSlice printer's lists).
fn first_three(items: &[String]) -> String {
    match items.len() {
        0 => "<unset>".into(),
        n if n <= 3 => items.join(","),
        n => format!("{} + {} more...", items[..3].join(","), n - 3),
    }
}

pub fn row(kind: &str, obj: &Value, now: Time, wide: bool) -> Vec<String> {
    let meta = &obj["metadata"];
    let name = s(&meta["name"]).to_string();
    let created = age(now, &meta["creationTimestamp"]);
    let mut cells = match kind {
        "Pod" => return pod_row(obj, now, wide),
        "Node" => return node_row(obj, now, wide),
        "Namespace" => vec![name, s(&obj["status"]["phase"]).to_string(), created],
        "Event" => return event_row(obj, now, wide),
        "Service" => {
            let spec = &obj["spec"];
            let ports: Vec<String> = spec["ports"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .map(|p| {
                    let port = podlife_model::json::to_string(&p["port"]);
                    match p["nodePort"].as_i64() {
                        Some(np) => format!("{port}:{np}/{}", s(&p["protocol"])),
                        None => format!("{port}/{}", s(&p["protocol"])),
                    }
                })
                .collect();
            let mut c = vec![
                name,
                s(&spec["type"]).to_string(),
                or_none(s(&spec["clusterIP"]).to_string()),
                service_external_ip(obj, wide),
                or_none(ports.join(",")),
                created,
            ];
            if wide {
                c.push(selector_text(&spec["selector"]));
            }
            return c;
        }
        "ServiceAccount" => vec![name, obj["secrets"].as_array().map_or(0, Vec::len).to_string(), created],
        "ConfigMap" => {
            let n = obj["data"].as_object().map_or(0, |m| m.len()) + obj["binaryData"].as_object().map_or(0, |m| m.len());
            vec![name, n.to_string(), created]
        }
        "Secret" => vec![name, s(&obj["type"]).to_string(), obj["data"].as_object().map_or(0, |m| m.len()).to_string(), created],
        "PriorityClass" => vec![
            name,
            obj["value"].as_i64().unwrap_or(0).to_string(),
            obj["globalDefault"].as_bool().unwrap_or(false).to_string(),
            created,
            s(&obj["preemptionPolicy"]).to_string(),
        ],
        "ClusterRole" | "Role" | "LimitRange" => vec![name, s(&meta["creationTimestamp"]).to_string()],
        "ResourceQuota" => {
            // `printResourceQuota`: `limits.*` in LIMIT, the rest in REQUEST, `used/hard` by name.
            let (mut request, mut limit) = (Vec::new(), Vec::new());
            for (resource, hard) in obj["status"]["hard"].as_object().into_iter().flatten() {
                let used = obj["status"]["used"][resource.as_str()].as_str().unwrap_or("0");
                let cell = format!("{resource}: {used}/{}", hard.as_str().unwrap_or_default());
                if resource.split('.').next() == Some("limits") && resource.contains('.') { limit.push(cell) } else { request.push(cell) }
            }
            vec![name, created, request.join(", "), limit.join(", ")]
        }
        "ClusterRoleBinding" | "RoleBinding" => {
            let role = format!("{}/{}", s(&obj["roleRef"]["kind"]), s(&obj["roleRef"]["name"]));
            let mut c = vec![name, role, created];
            if wide {
                let subjects = obj["subjects"].as_array().map(Vec::as_slice).unwrap_or_default();
                let of = |k: &str| {
                    subjects
                        .iter()
                        .filter(|x| x["kind"] == k)
                        .map(|x| if k == "ServiceAccount" { format!("{}/{}", s(&x["namespace"]), s(&x["name"])) } else { s(&x["name"]).to_string() })
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                c.extend([of("User"), of("Group"), of("ServiceAccount")]);
            }
            c
        }
        "Deployment" => {
            let st = &obj["status"];
            let desired = obj["spec"]["replicas"].as_i64().unwrap_or(0);
            vec![
                name,
                format!("{}/{desired}", st["readyReplicas"].as_i64().unwrap_or(0)),
                st["updatedReplicas"].as_i64().unwrap_or(0).to_string(),
                st["availableReplicas"].as_i64().unwrap_or(0).to_string(),
                created,
            ]
        }
        "ReplicaSet" | "ReplicationController" => {
            let st = &obj["status"];
            vec![
                name,
                obj["spec"]["replicas"].as_i64().unwrap_or(0).to_string(),
                st["replicas"].as_i64().unwrap_or(0).to_string(),
                st["readyReplicas"].as_i64().unwrap_or(0).to_string(),
                created,
            ]
        }
        "StatefulSet" => vec![
            name,
            format!("{}/{}", obj["status"]["readyReplicas"].as_i64().unwrap_or(0), obj["spec"]["replicas"].as_i64().unwrap_or(0)),
            created,
        ],
        "DaemonSet" => {
            // `printDaemonSet`: the status counts, then the template's nodeSelector
            // (`labels.FormatLabels`: sorted `k=v`, `<none>` when empty).
            let st = &obj["status"];
            let n = |f: &str| st[f].as_i64().unwrap_or(0).to_string();
            let node_selector = selector_text(&obj["spec"]["template"]["spec"]["nodeSelector"]);
            vec![name, n("desiredNumberScheduled"), n("currentNumberScheduled"), n("numberReady"), n("updatedNumberScheduled"), n("numberAvailable"), node_selector, created]
        }
        "ControllerRevision" => {
            // `printControllerRevision`: the controller as `<kind>.<group>/<name>` lower-cased
            // kind and group, `<none>` without one.
            let controller = meta["ownerReferences"].as_array().and_then(|rs| rs.iter().find(|r| r["controller"] == true)).map(|r| {
                let group = s(&r["apiVersion"]).rsplit_once('/').map(|(g, _)| g).unwrap_or("");
                let kind = if group.is_empty() { s(&r["kind"]).to_string() } else { format!("{}.{group}", s(&r["kind"])) };
                format!("{}/{}", podlife_engine::gostrings::to_lower(&kind), s(&r["name"]))
            });
            vec![name, controller.unwrap_or_else(|| "<none>".into()), obj["revision"].as_i64().unwrap_or(0).to_string(), created]
        }
        "Lease" => vec![name, or_none(s(&obj["spec"]["holderIdentity"]).to_string()), created],
        "Endpoints" => {
            // `printEndpoints` (`formatEndpoints`): ip:port of every ready address × port,
            // three at most, then ` + N more...`; none → `<none>`.
            let mut list = Vec::new();
            for subset in obj["subsets"].as_array().into_iter().flatten() {
                let ports: Vec<i64> = subset["ports"].as_array().into_iter().flatten().filter_map(|p| p["port"].as_i64()).collect();
                for a in subset["addresses"].as_array().into_iter().flatten() {
                    let ip = s(&a["ip"]);
                    if ports.is_empty() {
                        list.push(ip.to_string());
                    }
                    for p in &ports {
                        list.push(format!("{ip}:{p}"));
                    }
                }
            }
            let cell = match list.len() {
                0 => "<none>".to_string(),
                n if n <= 3 => list.join(","),
                n => format!("{} + {} more...", list[..3].join(","), n - 3),
            };
            vec![name, cell, created]
        }
        "EndpointSlice" => {
            // `printEndpointSlice`: port numbers and each endpoint's first address, three at
            // most, then `+ N more...`; nothing → `<unset>`.
            let ports: Vec<String> = obj["ports"].as_array().into_iter().flatten().filter_map(|p| p["port"].as_i64().map(|n| n.to_string())).collect();
            let addresses: Vec<String> = obj["endpoints"].as_array().into_iter().flatten().filter_map(|e| e["addresses"][0].as_str().map(str::to_string)).collect();
            vec![name, s(&obj["addressType"]).to_string(), first_three(&ports), first_three(&addresses), created]
        }
        "IPAddress" => {
            // `printIPAddress`: `<group.resource>/<namespace>/<name>` lower-cased (the core
            // group leaves `services`), `<none>` without a parentRef.
            let r = &obj["spec"]["parentRef"];
            let parent = if r.is_object() {
                let group = s(&r["group"]);
                let mut p = podlife_engine::gostrings::to_lower(&if group.is_empty() { s(&r["resource"]).to_string() } else { format!("{}.{group}", s(&r["resource"])) });
                if !s(&r["namespace"]).is_empty() {
                    p = format!("{p}/{}", s(&r["namespace"]));
                }
                format!("{p}/{}", s(&r["name"]))
            } else {
                "<none>".to_string()
            };
            vec![name, parent]
        }
        "ServiceCIDR" => {
            // `printServiceCIDR`: the CIDRs joined with commas.
            let cidrs: Vec<&str> = obj["spec"]["cidrs"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            vec![name, cidrs.join(","), created]
        }
        // `printNetworkPolicy`: the pod selector as `metav1.FormatLabelSelector` prints it.
        "NetworkPolicy" => vec![name, super::batch::label_selector(&obj["spec"]["podSelector"]), created],
        // `printIngress`: `formatHosts` (the first three hosts, `*` for none), the load
        // balancer's addresses (`ingressLoadBalancerStatusStringer`), `formatPorts`.
        "Ingress" => {
            let spec = &obj["spec"];
            let rules = spec["rules"].as_array().map(Vec::as_slice).unwrap_or_default();
            let hosts: Vec<&str> = rules.iter().map(|r| s(&r["host"])).filter(|h| !h.is_empty()).take(3).collect();
            let hosts = match (hosts.is_empty(), rules.len() > 3 && hosts.len() == 3) {
                (true, _) => "*".to_string(),
                (false, true) => format!("{} + {} more...", hosts.join(","), rules.len() - 3),
                (false, false) => hosts.join(","),
            };
            let mut lb = podlife_engine::vecmap::VecSet::new();
            for i in obj["status"]["loadBalancer"]["ingress"].as_array().map(Vec::as_slice).unwrap_or_default() {
                let v = if !s(&i["ip"]).is_empty() { s(&i["ip"]) } else { s(&i["hostname"]) };
                if !v.is_empty() {
                    lb.insert(v.to_string());
                }
            }
            let mut address = lb.into_iter().collect::<Vec<_>>().join(",");
            if !wide && address.len() > 16 {
                address = format!("{}...", &address[..13]);
            }
            let class = spec["ingressClassName"].as_str().map_or("<none>".to_string(), str::to_string);
            let ports = if spec["tls"].as_array().is_some_and(|t| !t.is_empty()) { "80, 443" } else { "80" };
            vec![name, class, hosts, address, ports.to_string(), created]
        }
        // `printIngressClass`: parameters as `Kind.apiGroup/name`.
        "IngressClass" => {
            let p = &obj["spec"]["parameters"];
            let parameters = if p.is_object() {
                let mut t = s(&p["kind"]).to_string();
                if let Some(g) = p["apiGroup"].as_str() {
                    t = format!("{t}.{g}");
                }
                format!("{t}/{}", s(&p["name"]))
            } else {
                "<none>".to_string()
            };
            vec![name, s(&obj["spec"]["controller"]).to_string(), parameters, created]
        }
        "Job" => return super::batch::job_row(obj, now, wide),
        "CronJob" => return super::batch::cronjob_row(obj, now, wide),
        // `printHorizontalPodAutoscaler` (a v1 object as the server converts it).
        "HorizontalPodAutoscaler" => {
            let v2 = if obj["apiVersion"] == "autoscaling/v1" { podlife_engine::apiserver::autoscaling::to_v2(obj) } else { obj.clone() };
            let (spec, status) = (&v2["spec"], &v2["status"]);
            let reference = format!("{}/{}", s(&spec["scaleTargetRef"]["kind"]), s(&spec["scaleTargetRef"]["name"]));
            let min = spec["minReplicas"].as_i64().map_or("<unset>".to_string(), |m| m.to_string());
            let n = |v: &Value| v.as_i64().unwrap_or(0).to_string();
            vec![name, reference, hpa_targets(spec, status), min, n(&spec["maxReplicas"]), n(&status["currentReplicas"]), created]
        }
        "PodDisruptionBudget" => {
            // `printPodDisruptionBudget`: an IntOrString as `String()` prints it, else N/A.
            let int_or_string = |v: &Value| match v {
                Value::Number(n) => podlife_model::json::number(n),
                Value::String(t) => t.clone(),
                _ => "N/A".to_string(),
            };
            let allowed = obj["status"]["disruptionsAllowed"].as_i64().unwrap_or(0);
            vec![name, int_or_string(&obj["spec"]["minAvailable"]), int_or_string(&obj["spec"]["maxUnavailable"]), allowed.to_string(), created]
        }
        // `printMutatingWebhook` / `printValidatingWebhook`: how many webhooks it holds.
        "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => vec![name, obj["webhooks"].as_array().map_or(0, Vec::len).to_string(), created],
        "PersistentVolumeClaim" => return pvc_row(obj, created, wide),
        "PersistentVolume" => return pv_row(obj, created, wide),
        "StorageClass" => {
            // `printStorageClass`: the default class is marked after its name.
            let name = if podlife_engine::volume::is_default_class(&podlife_engine::Obj::untyped(obj)) { format!("{name} (default)") } else { name };
            let allow = obj["allowVolumeExpansion"].as_bool().unwrap_or(false);
            vec![name, s(&obj["provisioner"]).to_string(), s(&obj["reclaimPolicy"]).to_string(), s(&obj["volumeBindingMode"]).to_string(), allow.to_string(), created]
        }
        _ => vec![name, created],
    };
    if wide && matches!(kind, "Deployment" | "ReplicaSet" | "ReplicationController" | "StatefulSet" | "DaemonSet") {
        let containers = obj["spec"]["template"]["spec"]["containers"].as_array().map(Vec::as_slice).unwrap_or_default();
        cells.push(containers.iter().map(|c| s(&c["name"]).to_string()).collect::<Vec<_>>().join(","));
        cells.push(containers.iter().map(|c| s(&c["image"]).to_string()).collect::<Vec<_>>().join(","));
        match kind {
            "StatefulSet" => {}
            // `printReplicationController`: `labels.FormatLabels` of the selector map.
            "ReplicationController" => cells.push(selector_text(&obj["spec"]["selector"])),
            _ => cells.push(selector_text(&obj["spec"]["selector"]["matchLabels"])),
        }
    }
    cells
}

/// `GetAccessModesAsString`: each mode once, in this fixed order.
pub(crate) fn access_modes(modes: &Value) -> String {
    let list = modes.as_array().map(Vec::as_slice).unwrap_or_default();
    [("ReadWriteOnce", "RWO"), ("ReadOnlyMany", "ROX"), ("ReadWriteMany", "RWX"), ("ReadWriteOncePod", "RWOP")]
        .iter()
        .filter(|(mode, _)| list.iter().any(|m| m == mode))
        .map(|(_, short)| *short)
        .collect::<Vec<_>>()
        .join(",")
}

/// A `storage` quantity as `Quantity.String()` prints it.
pub(crate) fn storage_text(q: &Value) -> String {
    match q.as_str() {
        Some(text) => text.parse::<podlife_model::quantity::Quantity>().map(|q| q.to_string()).unwrap_or_else(|_| text.to_string()),
        None => "0".into(),
    }
}

fn unset_or(v: &Value) -> String {
    v.as_str().map_or_else(|| "<unset>".to_string(), str::to_string)
}

/// `printPersistentVolumeClaim`: capacity and access modes only once a volume is bound.
fn pvc_row(pvc: &Value, created: String, wide: bool) -> Vec<String> {
    let spec = &pvc["spec"];
    let phase = if pvc["metadata"]["deletionTimestamp"].is_string() { "Terminating".to_string() } else { s(&pvc["status"]["phase"]).to_string() };
    let volume = s(&spec["volumeName"]).to_string();
    let (capacity, modes) = if volume.is_empty() { (String::new(), String::new()) } else { (storage_text(&pvc["status"]["capacity"]["storage"]), access_modes(&pvc["status"]["accessModes"])) };
    let class = podlife_engine::volume::claim_class(&podlife_engine::Obj::untyped(pvc)).to_string();
    let mut cells = vec![s(&pvc["metadata"]["name"]).to_string(), phase, volume, capacity, modes, class.to_string(), unset_or(&spec["volumeAttributesClassName"]), created];
    if wide {
        cells.push(unset_or(&spec["volumeMode"]));
    }
    cells
}

/// `printPersistentVolume`.
fn pv_row(pv: &Value, created: String, wide: bool) -> Vec<String> {
    let spec = &pv["spec"];
    let claim = if spec["claimRef"].is_object() { format!("{}/{}", s(&spec["claimRef"]["namespace"]), s(&spec["claimRef"]["name"])) } else { String::new() };
    let phase = if pv["metadata"]["deletionTimestamp"].is_string() { "Terminating".to_string() } else { s(&pv["status"]["phase"]).to_string() };
    let class = podlife_engine::volume::volume_class(&podlife_engine::Obj::untyped(pv)).to_string();
    let mut cells = vec![
        s(&pv["metadata"]["name"]).to_string(),
        storage_text(&spec["capacity"]["storage"]),
        access_modes(&spec["accessModes"]),
        s(&spec["persistentVolumeReclaimPolicy"]).to_string(),
        phase,
        claim,
        class.to_string(),
        unset_or(&spec["volumeAttributesClassName"]),
        s(&pv["status"]["reason"]).to_string(),
        created,
    ];
    if wide {
        cells.push(unset_or(&spec["volumeMode"]));
    }
    cells
}

/// `getServiceExternalIP` (printers.go): the external IPs, after a LoadBalancer's ingress
/// addresses (`loadBalancerStatusStringer`: IPs, else hostnames, sorted and deduplicated, cut
/// to 16 bytes unless wide); `<pending>` for a LoadBalancer with neither — a cluster without a
/// cloud load balancer, such as kind —, an ExternalName's name.
fn service_external_ip(svc: &Value, wide: bool) -> String {
    let spec = &svc["spec"];
    let external: Vec<String> = spec["externalIPs"].as_array().map(|a| a.iter().map(|v| s(v).to_string()).collect()).unwrap_or_default();
    match s(&spec["type"]) {
        "ClusterIP" | "NodePort" => or_none(external.join(",")),
        "LoadBalancer" => {
            let mut lb = podlife_engine::vecmap::VecSet::new();
            for i in svc["status"]["loadBalancer"]["ingress"].as_array().map(Vec::as_slice).unwrap_or_default() {
                let v = if !s(&i["ip"]).is_empty() { s(&i["ip"]) } else { s(&i["hostname"]) };
                if !v.is_empty() {
                    lb.insert(v.to_string());
                }
            }
            let mut lbs = lb.into_iter().collect::<Vec<_>>().join(",");
            if !wide && lbs.len() > 16 {
                lbs = format!("{}...", &lbs[..13]);
            }
            match (lbs.is_empty(), external.is_empty()) {
                (true, true) => "<pending>".into(),
                (false, true) => lbs,
                (true, false) => external.join(","),
                (false, false) => format!("{lbs},{}", external.join(",")),
            }
        }
        "ExternalName" => s(&spec["externalName"]).to_string(),
        _ => "<unknown>".into(),
    }
}

/// `labels.FormatLabels` / selector text: `a=b,c=d`, `<none>` when empty.
pub fn selector_text(map: &Value) -> String {
    match map.as_object() {
        Some(m) if !m.is_empty() => m.iter().map(|(k, v)| format!("{k}={}", s(v))).collect::<Vec<_>>().join(","),
        _ => "<none>".into(),
    }
}

fn is_restartable_init(spec: &Value, name: &str) -> bool {
    spec["initContainers"]
        .as_array()
        .is_some_and(|cs| cs.iter().any(|c| c["name"] == name && c["restartPolicy"] == "Always"))
}

/// `printPod`: READY, the STATUS reason, RESTARTS with the last restart's age.
fn pod_row(pod: &Value, now: Time, wide: bool) -> Vec<String> {
    let spec = &pod["spec"];
    let status = &pod["status"];
    let mut total = spec["containers"].as_array().map_or(0, Vec::len);
    total += spec["initContainers"].as_array().map_or(0, |cs| cs.iter().filter(|c| c["restartPolicy"] == "Always").count());
    let mut ready = 0;
    let mut restarts = 0i64;
    let mut sidecar_restarts = 0i64;
    let mut last_restart: Option<Time> = None;
    let mut last_sidecar_restart: Option<Time> = None;
    let mut reason = s(&status["phase"]).to_string();
    if let Some(r) = status["reason"].as_str().filter(|r| !r.is_empty()) {
        reason = r.to_string();
    }
    if status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "PodScheduled" && c["reason"] == "SchedulingGated")) {
        reason = "SchedulingGated".into();
    }
    let finished = |c: &Value| c["lastState"]["terminated"]["finishedAt"].as_str().and_then(Time::from_rfc3339);
    let n_init = spec["initContainers"].as_array().map_or(0, Vec::len);
    let mut initializing = false;
    for (i, c) in status["initContainerStatuses"].as_array().map(Vec::as_slice).unwrap_or_default().iter().enumerate() {
        let rc = c["restartCount"].as_i64().unwrap_or(0);
        restarts += rc;
        if let Some(t) = finished(c) {
            last_restart = last_restart.max(Some(t));
        }
        let name = s(&c["name"]);
        let sidecar = is_restartable_init(spec, name);
        if sidecar {
            sidecar_restarts += rc;
            if let Some(t) = finished(c) {
                last_sidecar_restart = last_sidecar_restart.max(Some(t));
            }
        }
        let term = &c["state"]["terminated"];
        let waiting = &c["state"]["waiting"];
        if term.is_object() && term["exitCode"].as_i64() == Some(0) {
            continue;
        }
        if sidecar && c["started"].as_bool() == Some(true) {
            if c["ready"].as_bool() == Some(true) {
                ready += 1;
            }
            continue;
        }
        if term.is_object() {
            reason = match term["reason"].as_str().filter(|r| !r.is_empty()) {
                Some(r) => format!("Init:{r}"),
                None => match term["signal"].as_i64().filter(|s| *s != 0) {
                    Some(sig) => format!("Init:Signal:{sig}"),
                    None => format!("Init:ExitCode:{}", term["exitCode"].as_i64().unwrap_or(0)),
                },
            };
        } else if waiting["reason"].as_str().is_some_and(|r| !r.is_empty() && r != "PodInitializing") {
            reason = format!("Init:{}", s(&waiting["reason"]));
        } else {
            reason = format!("Init:{i}/{n_init}");
        }
        initializing = true;
        break;
    }
    let initialized = status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Initialized" && c["status"] == "True"));
    if !initializing || initialized {
        restarts = sidecar_restarts;
        last_restart = last_sidecar_restart;
        let mut has_running = false;
        for c in status["containerStatuses"].as_array().map(Vec::as_slice).unwrap_or_default().iter().rev() {
            restarts += c["restartCount"].as_i64().unwrap_or(0);
            if let Some(t) = finished(c) {
                last_restart = last_restart.max(Some(t));
            }
            let waiting = &c["state"]["waiting"];
            let term = &c["state"]["terminated"];
            if let Some(r) = waiting["reason"].as_str().filter(|r| !r.is_empty()) {
                reason = r.to_string();
            } else if let Some(r) = term["reason"].as_str().filter(|r| !r.is_empty()) {
                reason = r.to_string();
            } else if term.is_object() {
                reason = match term["signal"].as_i64().filter(|s| *s != 0) {
                    Some(sig) => format!("Signal:{sig}"),
                    None => format!("ExitCode:{}", term["exitCode"].as_i64().unwrap_or(0)),
                };
            } else if c["ready"].as_bool() == Some(true) && c["state"]["running"].is_object() {
                has_running = true;
                ready += 1;
            }
        }
        if reason == "Completed" && has_running {
            let pod_ready = status["conditions"].as_array().is_some_and(|cs| cs.iter().any(|c| c["type"] == "Ready" && c["status"] == "True"));
            reason = if pod_ready { "Running".into() } else { "NotReady".into() };
        }
    }
    let deleting = pod["metadata"]["deletionTimestamp"].as_str().is_some();
    let phase = s(&status["phase"]);
    if deleting && status["reason"] == "NodeLost" {
        reason = "Unknown".into();
    } else if deleting && phase != "Succeeded" && phase != "Failed" {
        reason = "Terminating".into();
    }
    let restarts_text = match last_restart {
        Some(t) if restarts != 0 => format!("{restarts} ({} ago)", human_duration(now.millis() as i64 - t.millis() as i64)),
        _ => restarts.to_string(),
    };
    let mut cells = vec![
        s(&pod["metadata"]["name"]).to_string(),
        format!("{ready}/{total}"),
        reason,
        restarts_text,
        age(now, &pod["metadata"]["creationTimestamp"]),
    ];
    if wide {
        let ip = status["podIPs"].as_array().and_then(|a| a.first()).map(|p| s(&p["ip"]).to_string()).unwrap_or_default();
        let gates = spec["readinessGates"].as_array().map(Vec::as_slice).unwrap_or_default();
        let gates_text = if gates.is_empty() {
            "<none>".to_string()
        } else {
            let conditions = status["conditions"].as_array().map(Vec::as_slice).unwrap_or_default();
            let true_count = gates
                .iter()
                .filter(|g| conditions.iter().any(|c| c["type"] == g["conditionType"] && c["status"] == "True"))
                .count();
            format!("{true_count}/{}", gates.len())
        };
        cells.extend([
            or_none(ip),
            or_none(s(&spec["nodeName"]).to_string()),
            or_none(s(&status["nominatedNodeName"]).to_string()),
            gates_text,
        ]);
    }
    cells
}

/// `printNode`: Ready condition, SchedulingDisabled, roles from `node-role.kubernetes.io/*`.
fn node_row(node: &Value, now: Time, wide: bool) -> Vec<String> {
    let conditions = node["status"]["conditions"].as_array().map(Vec::as_slice).unwrap_or_default();
    // `printNode`: a Ready condition that is not True (False or Unknown) is `NotReady`;
    // only a node without one is `Unknown`.
    let mut status = match conditions.iter().find(|c| c["type"] == "Ready") {
        Some(c) if c["status"] == "True" => "Ready".to_string(),
        Some(_) => "NotReady".to_string(),
        None => "Unknown".to_string(),
    };
    if node["spec"]["unschedulable"].as_bool() == Some(true) {
        status.push_str(",SchedulingDisabled");
    }
    let mut roles: Vec<String> = Vec::new();
    if let Some(labels) = node["metadata"]["labels"].as_object() {
        for (k, v) in labels {
            if let Some(role) = k.strip_prefix("node-role.kubernetes.io/") {
                if !role.is_empty() {
                    roles.push(role.to_string());
                }
            } else if k == "kubernetes.io/role" && !s(v).is_empty() {
                roles.push(s(v).to_string());
            }
        }
    }
    podlife_engine::sort::sort(&mut roles);
    roles.dedup();
    let info = &node["status"]["nodeInfo"];
    let mut cells = vec![
        s(&node["metadata"]["name"]).to_string(),
        status,
        if roles.is_empty() { "<none>".into() } else { roles.join(",") },
        age(now, &node["metadata"]["creationTimestamp"]),
        s(&info["kubeletVersion"]).to_string(),
    ];
    if wide {
        let addr = |t: &str| {
            node["status"]["addresses"]
                .as_array()
                .and_then(|a| a.iter().find(|x| x["type"] == t))
                .map(|x| s(&x["address"]).to_string())
                .unwrap_or_else(|| "<none>".into())
        };
        let or_unknown = |v: &str| if v.is_empty() { "<unknown>".to_string() } else { v.to_string() };
        cells.extend([
            addr("InternalIP"),
            addr("ExternalIP"),
            or_unknown(s(&info["osImage"])),
            or_unknown(s(&info["kernelVersion"])),
            or_unknown(s(&info["containerRuntimeVersion"])),
        ]);
    }
    cells
}

/// `printEvent`: LAST SEEN from lastTimestamp / eventTime, OBJECT as `kind/name`.
fn event_row(ev: &Value, now: Time, wide: bool) -> Vec<String> {
    // printEvent: first from firstTimestamp (or eventTime), last from lastTimestamp (or
    // first), and from the series when there is one.
    let first = if ev["firstTimestamp"].is_string() { age(now, &ev["firstTimestamp"]) } else { age(now, &ev["eventTime"]) };
    let last = if ev["series"]["lastObservedTime"].is_string() {
        age(now, &ev["series"]["lastObservedTime"])
    } else if ev["lastTimestamp"].is_string() {
        age(now, &ev["lastTimestamp"])
    } else {
        first.clone()
    };
    let involved = &ev["involvedObject"];
    let kind = s(&involved["kind"]).to_ascii_lowercase();
    let target = if s(&involved["name"]).is_empty() { kind } else { format!("{kind}/{}", s(&involved["name"])) };
    let (kind, reason, message) = (s(&ev["type"]).to_string(), s(&ev["reason"]).to_string(), s(&ev["message"]).trim().to_string());
    if !wide {
        return vec![last, kind, reason, target, message];
    }
    // Singleton events of the new API carry no count.
    let count = ev["series"]["count"].as_i64().or_else(|| ev["count"].as_i64().filter(|c| *c != 0)).unwrap_or(1);
    // `formatEventSource`: component (or reporting controller), then ", host".
    let first_non_empty = |a: &Value, b: &Value| if s(a).is_empty() { s(b).to_string() } else { s(a).to_string() };
    let component = first_non_empty(&ev["source"]["component"], &ev["reportingComponent"]);
    let instance = first_non_empty(&ev["source"]["host"], &ev["reportingInstance"]);
    let source = if instance.is_empty() { component } else { format!("{component}, {instance}") };
    vec![last, kind, reason, target, s(&involved["fieldPath"]).to_string(), source, message, first, count.to_string(), s(&ev["metadata"]["name"]).to_string()]
}
#[cfg(test)]
#[path = "pod_row_tests.rs"] mod pod_row_tests;
