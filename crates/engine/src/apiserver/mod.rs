//! kube-apiserver: every request passes authentication, authorization, decoding with
//! defaulting, mutating admission, validation, validating admission and the etcd write, each a
//! reaction in the trace. Upstream: `staging/src/k8s.io/apiserver/pkg/endpoints/handlers/`
//! (`create.go`, `get.go`, `delete.go`) and the generic registry.

pub mod admission;
pub mod autoscaling;
pub mod batch_validation;
pub mod client_watch;
pub mod authn;
pub mod config_validation;
pub mod deletion;
pub mod defaults;
pub mod event_ttl;
pub mod eviction;
pub mod request;
pub mod resize;
pub mod scale;
pub mod fields;
pub mod gated;
pub mod ipalloc;
mod nodeports;
pub mod networking_validation;
pub mod limitrange_validation;
pub mod limitranger;
pub mod resourcequota;
pub mod resourcequota_validation;
pub mod patch;
pub mod rbac;
pub mod status;
mod status_patch;
pub mod probe_validation;
pub mod validation;
pub mod warnings;
pub mod webhooks;

use std::collections::BTreeMap;

use serde_json::Value;

use podlife_model::ResourceType;
use podlife_model::decode::{DecodeError, decode_strict};

use crate::Engine;
use crate::store::ObjectKey;
use crate::trace::{Action, ComponentRef, ObjectRef, diff};
use authn::UserInfo;
use rbac::Attributes;
use status::{Reason, Status};
pub use request::{Impersonation, Preconditions, Request, Response, Verb};


const APISERVER: &str = "kube-apiserver";
const ETCD: &str = "etcd";
pub use request::USER_AGENT;

impl Engine {
    /// The field changes a reaction records; none while the trace is off (the cluster's boot).
    fn traced_diff(&self, object: Option<&ObjectRef>, before: &Value, after: &Value) -> Vec<crate::trace::FieldChange> {
        if self.traces(object) { diff(before, after) } else { Vec::new() }
    }

    fn apiserver_trace(&mut self, action: Action, object: Option<ObjectRef>, params: BTreeMap<String, Value>, changes: Vec<crate::trace::FieldChange>) {
        self.record(ComponentRef::control_plane(APISERVER), action, object, params, changes);
    }

    /// Serves one request from kubectl at the current virtual time, then lets the request's
    /// latency pass (processing whatever falls due meanwhile).
    pub fn request(&mut self, req: Request) -> Result<Response, Status> {
        if !matches!(req.verb, Verb::Get | Verb::List) {
            self.outside_change();
        }
        // Every request for a deprecated resource carries a `Warning: 299` header
        // (apiserver `endpoints/installer.go`, `deprecation.WarningMessage`; Endpoints is
        // deprecated since 1.33 in favour of EndpointSlice). Only a client prints it.
        // The client waits for the answer: webhook calls on the way let time pass.
        let waiting = std::mem::replace(&mut self.admission.client_waiting, true);
        let client = std::mem::replace(&mut self.client_depth, Some(self.handle_depth + 1));
        let deprecated = req.resource.group.is_empty() && req.resource.plural == "endpoints";
        let pod_warnings = (matches!(req.verb, Verb::Create) && req.resource.group.is_empty() && req.resource.plural == "pods" && req.subresource.is_none()).then(|| req.body.as_ref().map(warnings::pod).unwrap_or_default());
        let result = self.handle(req);
        if deprecated {
            self.warnings.push("v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice".to_string());
        }
        if result.is_ok() {
            self.warnings.extend(pod_warnings.unwrap_or_default());
        }
        self.client_depth = client;
        self.admission.client_waiting = waiting;
        self.advance_by(REQUEST_LATENCY_MS);
        result
    }

    /// Serves one request at the current virtual time without letting time pass: what it
    /// causes stays scheduled, to be stepped through (`step`, `run_until`). Components' own
    /// writes use this inside their scheduled tasks.
    pub fn handle(&mut self, req: Request) -> Result<Response, Status> {
        self.handle_depth += 1;
        let result = self.handle_at_depth(req);
        self.handle_depth -= 1;
        result
    }

    fn handle_at_depth(&mut self, req: Request) -> Result<Response, Status> {
        let object = self.object_ref_of(&req);
        let mut params = crate::sort::map_of([
            ("verb".to_string(), json!(req.verb.http_method())),
            ("path".to_string(), json!(req.path())),
            ("userAgent".to_string(), json!(req.user_agent)),
        ]);
        if req.dry_run {
            params.insert("dryRun".into(), json!("All"));
        }
        self.apiserver_trace(Action::Request, object.clone(), params, vec![]);
        let line = Some((req.verb.http_method().to_string(), req.path(), req.user_agent.clone()));
        let outer = std::mem::replace(&mut self.admission.request_line, line);
        let result = self.serve(&req, object.clone());
        self.admission.request_line = outer;
        let (code, reason) = match &result {
            Ok(_) => (if req.verb == Verb::Create { 201 } else { 200 }, None),
            Err(s) => (s.code(), Some(s.reason_text())),
        };
        let mut params = crate::sort::map_of([("code".to_string(), json!(code))]);
        if let Some(r) = reason {
            params.insert("reason".into(), json!(r));
        }
        self.apiserver_trace(Action::Response, object, params, vec![]);
        result
    }

    fn object_ref_of(&self, req: &Request) -> Option<ObjectRef> {
        let name = req.name.clone().or_else(|| req.body.as_ref().and_then(|b| b["metadata"]["name"].as_str().map(str::to_string)))?;
        Some(ObjectRef::new(req.resource.kind, if req.resource.namespaced { req.namespace.as_deref() } else { None }, &name))
    }

    fn serve(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Response, Status> {
        let user = self.authenticate(req, object.clone())?;
        self.authorize(req, &user, object.clone())?;
        // Admission webhooks are told who asks.
        let asking = self.admission.user.replace(user);
        let result = self.serve_verb(req, object);
        self.admission.user = asking;
        result
    }

    fn serve_verb(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Response, Status> {
        if req.resource.kind == "HorizontalPodAutoscaler" && req.resource.version == "v1" && req.subresource.as_deref() != Some("scale") {
            return self.serve_hpa_v1(req, object);
        }
        if req.subresource.as_deref() == Some("scale") && matches!(req.verb, Verb::Get | Verb::Patch | Verb::Update) {
            if !scale::has_scale(req.resource) {
                return Err(Status::plain(Reason::NotFound, "the server could not find the requested resource".into()));
            }
            return self.scale_subresource(req, object).map(Response::Object);
        }
        match req.verb {
            Verb::Get => self.get(req).map(Response::Object),
            Verb::List => self.list(req).map(Response::List),
            Verb::Create if req.subresource.as_deref() == Some("binding") => self.bind(req, object).map(Response::Object),
            Verb::Create if req.subresource.as_deref() == Some("eviction") && req.resource.kind == "Pod" => self.evict(req, object).map(Response::Object),
            Verb::Create => self.create(req, object).map(Response::Object),
            Verb::Update => self.update(req, object).map(Response::Object),
            Verb::Patch => self.patch(req, object).map(Response::Object),
            Verb::Delete => self.delete(req, object).map(Response::Object),
        }
    }

    /// An autoscaling/v1 HorizontalPodAutoscaler request, served from the stored v2 object
    /// (`autoscaling.rs`): the body converted to v2 (a patch applied to the v1 form of the
    /// stored object), the answer converted back. A body v1's schema refuses is decoded as v1,
    /// for its error.
    fn serve_hpa_v1(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Response, Status> {
        let Some(v2) = ResourceType::by_api_version_kind("autoscaling/v2", "HorizontalPodAutoscaler") else { return Err(Status::bad_request("no autoscaling/v2".into())) };
        let mut r = req.clone();
        r.resource = v2;
        match req.verb {
            Verb::Create | Verb::Update if req.body.as_ref().is_some_and(|b| decode_strict(req.resource, b).is_err()) => {
                let mut v1 = req.clone();
                v1.verb = Verb::Create;
                return self.create(&v1, object).map(Response::Object);
            }
            Verb::Create | Verb::Update => r.body = req.body.as_ref().map(autoscaling::to_v2),
            Verb::Patch => {
                let key = ObjectKey::new(v2, req.namespace.as_deref(), req.name.as_deref().unwrap_or_default());
                let Some(current) = self.store.get(&key).map(crate::Slot::to_value) else { return Err(Status::not_found(v2, req.name.as_deref().unwrap_or_default())) };
                let mut merged = autoscaling::to_v1(&current);
                let before = merged.clone();
                patch::apply(req.patch_type, &mut merged, req.body.as_ref().unwrap_or(&Value::Null)).map_err(patch_status)?;
                if merged == before {
                    return Ok(Response::Object(before));
                }
                r.verb = Verb::Update;
                r.body = Some(autoscaling::to_v2(&merged));
            }
            _ => {}
        }
        match self.serve_verb(&r, object)? {
            Response::Object(o) if o["kind"] == "HorizontalPodAutoscaler" => Ok(Response::Object(autoscaling::to_v1(&o))),
            Response::List(items) => Ok(Response::List(items.iter().map(autoscaling::to_v1).collect())),
            other => Ok(other),
        }
    }

    /// Authentication, then the impersonation filter (which authorizes the real user to act
    /// as the requested one).
    fn authenticate(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<UserInfo, Status> {
        if let Some(user) = &req.credentials {
            self.apiserver_trace(Action::Authentication, object, user_params(user, None), vec![]);
            return Ok(user.clone());
        }
        let real = UserInfo::admin();
        let Some(as_user) = &req.impersonate.user else {
            self.apiserver_trace(Action::Authentication, object, user_params(&real, None), vec![]);
            return Ok(real);
        };
        let (resource, namespace, name) = match as_user.strip_prefix("system:serviceaccount:").and_then(|r| r.split_once(':')) {
            Some((ns, n)) => ("serviceaccounts", ns.to_string(), n.to_string()),
            None => ("users", String::new(), as_user.clone()),
        };
        let attrs = Attributes {
            verb: "impersonate".into(),
            api_group: String::new(),
            resource: resource.into(),
            subresource: String::new(),
            namespace,
            name: name.clone(),
        };
        if rbac::authorize(&self.store, &real, &attrs).is_none() && !real.groups.iter().any(|g| g == "system:masters") {
            let msg = rbac::forbidden_message(&real, &attrs);
            self.apiserver_trace(Action::Authentication, object, user_params(&real, Some(false)), vec![]);
            return Err(Status::forbidden(resource, Some(&name), &msg));
        }
        let user = UserInfo::impersonated(as_user, &req.impersonate.groups);
        let mut params = user_params(&user, None);
        params.insert("impersonatedBy".into(), json!(real.name));
        self.apiserver_trace(Action::Authentication, object, params, vec![]);
        Ok(user)
    }

    fn authorize(&mut self, req: &Request, user: &UserInfo, object: Option<ObjectRef>) -> Result<(), Status> {
        let rt = req.resource;
        let attrs = Attributes {
            verb: req.verb.as_str().into(),
            api_group: rt.group.into(),
            resource: rt.plural.into(),
            subresource: req.subresource.clone().unwrap_or_default(),
            namespace: if rt.namespaced { req.namespace.clone().unwrap_or_default() } else { String::new() },
            name: req.name.clone().unwrap_or_default(),
        };
        let masters = user.groups.iter().any(|g| g == "system:masters");
        let node_grant = node_authorizer(user, &attrs);
        let grant = if let Some(g) = node_grant {
            Some(g)
        } else if masters { Some(rbac::Grant { binding: "group system:masters".into(), role: "(privileged)".into() }) } else { rbac::authorize(&self.store, user, &attrs) };
        let mut params = crate::sort::map_of([
            ("user".to_string(), json!(user.name)),
            ("verb".to_string(), json!(attrs.verb)),
            ("resource".to_string(), json!(if attrs.subresource.is_empty() { attrs.resource.clone() } else { format!("{}/{}", attrs.resource, attrs.subresource) })),
            ("apiGroup".to_string(), json!(attrs.api_group)),
            ("namespace".to_string(), json!(attrs.namespace)),
            ("allowed".to_string(), json!(grant.is_some())),
        ]);
        if let Some(g) = &grant {
            params.insert("binding".into(), json!(g.binding));
            params.insert("role".into(), json!(g.role));
        }
        self.apiserver_trace(Action::Authorization, object, params, vec![]);
        match grant {
            Some(_) => Ok(()),
            None => Err(Status::forbidden(&rt.qualified_plural(), req.name.as_deref(), &rbac::forbidden_message(user, &attrs))),
        }
    }

    fn get(&mut self, req: &Request) -> Result<Value, Status> {
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(req.resource, req.namespace.as_deref(), &name);
        self.store.get(&key).map(crate::Slot::to_value).ok_or_else(|| Status::not_found(req.resource, &name))
    }

    /// `listOpts` (apiserver `pkg/endpoints/handlers/get.go`): the label selector, then the
    /// field selector parsed while decoding the parameters, then each field label converted for
    /// the kind; any failure a BadRequest with the parser's text.
    fn list(&mut self, req: &Request) -> Result<Vec<Value>, Status> {
        let rt = req.resource;
        let ns = if rt.namespaced { req.namespace.as_deref() } else { None };
        let selector = req.label_selector.as_deref().map(crate::labels::Selector::parse).transpose().map_err(Status::bad_request)?;
        let fields = match req.field_selector.as_deref() {
            Some(text) => {
                let terms = fields::parse(text).map_err(Status::bad_request)?;
                fields::convert_labels(rt, terms).map_err(Status::bad_request)?
            }
            None => Vec::new(),
        };
        Ok(self
            .store
            .list(rt.group, rt.plural, ns)
            .map(|(_, v)| v)
            .filter(|v| selector.as_ref().is_none_or(|s| s.matches(&v["metadata"]["labels"])))
            .map(crate::Slot::to_value)
            .filter(|v| fields::matches(&fields, v))
            .collect())
    }

    /// Decode (strict) with defaulting; BadRequest on a type or unknown-field error.
    fn decode(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let body = req.body.as_ref().unwrap_or(&Value::Null);
        let cannot = |e: String| Status::bad_request(format!("{} in version \"{}\" cannot be handled as a {}: {e}", rt.kind, rt.version, rt.kind));
        let mut decoded = match decode_strict(rt, body) {
            Ok(v) => v,
            Err(e) => return Err(self.decode_failed(rt, &e, object)),
        };
        if let Err((path, message)) = crate::quantities::check(rt.kind, &mut decoded) {
            let mut status = cannot(message);
            status.causes.push(status::Cause { reason: "FieldValueInvalid".into(), message: String::new(), field: path });
            self.apiserver_trace(Action::Decode, object, crate::sort::map_of([("error".to_string(), json!(status.message))]), vec![]);
            return Err(status);
        }
        if rt.kind == "Secret" {
            secret_string_data(&mut decoded);
        }
        let before = self.traces(object.as_ref()).then(|| decoded.clone());
        let mut defaulted = decoded;
        defaults::apply(rt.kind, &mut defaulted);
        crate::quantities::canonicalize(rt.kind, &mut defaulted);
        let changes = before.map(|b| diff(&b, &defaulted)).unwrap_or_default();
        self.apiserver_trace(Action::Decode, object, crate::sort::map_of([("fieldValidation".to_string(), json!("Strict"))]), changes);
        Ok(defaulted)
    }

    /// A strict decode's failure as the handler answers it (a BadRequest naming the fields),
    /// traced as the decode's reaction.
    fn decode_failed(&mut self, rt: &ResourceType, e: &DecodeError, object: Option<ObjectRef>) -> Status {
        let (message, paths) = match e {
            DecodeError::WrongType { message, .. } => (message.clone(), e.paths()),
            DecodeError::UnknownFields(paths) => (
                format!("strict decoding error: {}", paths.iter().map(|p| format!("unknown field \"{p}\"")).collect::<Vec<_>>().join(", ")),
                paths.clone(),
            ),
        };
        let mut status = Status::bad_request(format!("{} in version \"{}\" cannot be handled as a {}: {message}", rt.kind, rt.version, rt.kind));
        status.causes = paths
            .into_iter()
            .map(|p| status::Cause { reason: "FieldValueInvalid".into(), message: String::new(), field: p })
            .collect();
        self.apiserver_trace(Action::Decode, object, crate::sort::map_of([("error".to_string(), json!(status.message))]), vec![]);
        status
    }

    fn create(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let mut obj = self.decode(req, object.clone())?;
        let namespace = req.namespace.clone().unwrap_or_else(|| "default".into());
        // EnsureObjectNamespaceMatchesRequestNamespace
        if rt.namespaced {
            match obj["metadata"]["namespace"].as_str() {
                Some(ns) if !ns.is_empty() && ns != namespace => {
                    return Err(Status::bad_request("the namespace of the provided object does not match the namespace sent on the request".into()));
                }
                _ => obj["metadata"]["namespace"] = json!(namespace),
            }
        } else if let Some(m) = obj["metadata"].as_object_mut() {
            m.remove("namespace");
        }
        // WipeObjectMetaSystemFields: clients cannot set these.
        if let Some(m) = obj["metadata"].as_object_mut() {
            for f in ["uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "managedFields", "selfLink"] {
                m.remove(f);
            }
        }
        self.admit_create(rt, req, &mut obj, &namespace, object.clone())?;
        // `BeginCreate` allocates (the Service's ClusterIP); whatever fails after it gives the
        // address back (`txnAllocClusterIPs`' revert).
        let allocated = self.prepare_for_create(rt, &mut obj, req)?;
        let result = self.create_prepared(rt, req, obj, object);
        if result.is_err()
            && let Some(ip) = allocated
        {
            self.release_cluster_ip(&ip);
        }
        result
    }

    /// The object a create of `body` in `namespace` would store, for a write made inside a
    /// quiet stretch (`kubelet/restarts.rs`: a replayed kubelet event): decoded and defaulted
    /// as `create` does, its system fields set by `prepare_for_create`; nothing traced, no
    /// admission (nothing podlife plays admits or mutates Events). None if it does not decode.
    pub(crate) fn quiet_create_object(&mut self, req: &Request, namespace: &str) -> Option<Value> {
        let rt = req.resource;
        let mut obj = decode_strict(rt, req.body.as_ref()?).ok()?;
        defaults::apply(rt.kind, &mut obj);
        obj["metadata"]["namespace"] = json!(namespace);
        if let Some(m) = obj["metadata"].as_object_mut() {
            for f in ["uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "managedFields", "selfLink"] {
                m.remove(f);
            }
        }
        self.prepare_for_create(rt, &mut obj, req).ok()?;
        Some(obj)
    }

    /// The rest of a create, once the object is prepared: validation, then etcd.
    fn create_prepared(&mut self, rt: &'static ResourceType, req: &Request, obj: Value, object: Option<ObjectRef>) -> Result<Value, Status> {
        let namespace = req.namespace.clone().unwrap_or_else(|| "default".into());
        // A generated name is known from here on: later stages (etcd, watch) name the object.
        let object = object.or_else(|| crate::object_ref(&crate::Obj::untyped(&obj), rt.kind));
        let errors = match rt.kind {
            "Pod" => validation::pod_create(&obj, &gated::PodOptions::new(&self.features, None)),
            "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" | "CronJob" => validation::workload(rt.kind, &obj, &gated::PodOptions::new(&self.features, None)),
            "ReplicationController" => validation::replication_controller(&obj, &gated::PodOptions::new(&self.features, None)),
            "Service" => validation::service(&obj),
            "LimitRange" => limitrange_validation::limit_range(&obj),
            "ResourceQuota" => resourcequota_validation::resource_quota(&obj),
            "ConfigMap" | "Secret" => config_validation::on_create(rt.kind, &obj),
            "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => webhooks::validation::configuration(rt.kind, &obj),
            "NetworkPolicy" => networking_validation::network_policy(&obj, true),
            "Ingress" => networking_validation::ingress(&obj, true, self.features.enabled("RelaxedServiceNameValidation")),
            "IngressClass" => networking_validation::ingress_class(&obj, None),
            "HorizontalPodAutoscaler" => [validation::object_meta(rt.kind, &obj["metadata"]), autoscaling::validate(&obj)].concat(),
            "PriorityClass" => validation::priority_class(&obj, None),
            kind => validation::object_meta(kind, &obj["metadata"]),
        };
        let mut params = crate::sort::map_of([("errors".to_string(), json!(errors.iter().map(ToString::to_string).collect::<Vec<_>>()))]);
        if let Some((spec, base)) = pod_spec_of(rt.kind, &obj) {
            let unmodelled = gated::unmodelled_fields(spec, base);
            if !unmodelled.is_empty() && errors.is_empty() {
                params.insert("notModelled".to_string(), json!(unmodelled));
            }
        }
        self.apiserver_trace(Action::Validation, object.clone(), params, vec![]);
        if !errors.is_empty() {
            return Err(Status::invalid(rt, obj["metadata"]["name"].as_str().unwrap_or_default(), errors));
        }
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        if let Some(why) = not_played(rt, &obj) {
            return Err(Status::forbidden(&rt.qualified_plural(), Some(&name), why));
        }
        // LimitRanger's validation, the first of the validating plugins podlife plays.
        if matches!(rt.kind, "Pod" | "PersistentVolumeClaim") {
            let verdict = {
                let mut ranges = self.store.list("", "limitranges", Some(&namespace)).peekable();
                ranges.peek().is_some().then(|| ranges.try_for_each(|(_, r)| if rt.kind == "Pod" { limitranger::validate_pod(&(r).to_value(), &obj) } else { limitranger::validate_pvc(&(r).to_value(), &obj) }))
            };
            if let Some(verdict) = verdict {
                let mut params = plugin_params("LimitRanger", 0);
                if let Err(e) = &verdict {
                    params.insert("error".into(), json!(e));
                }
                self.apiserver_trace(Action::ValidatingAdmission, object.clone(), params, vec![]);
                if let Err(why) = verdict {
                    return Err(Status::forbidden(&rt.qualified_plural(), Some(&name), &why));
                }
            }
        }
        // Priority's validation of a PriorityClass, after LimitRanger's in upstream's order.
        self.one_default_priority_class(rt, &name, &obj, None, object.clone())?;
        // ValidatingAdmissionWebhook, after the registry's validation and before etcd.
        let attrs = webhooks::Attributes { rt, subresource: req.subresource.as_deref().unwrap_or_default(), namespace: if rt.namespaced { &namespace } else { "" }, name: &name, operation: webhooks::Operation::Create, old: None, dry_run: req.dry_run, object: object.clone() };
        self.validating_webhooks(&attrs, Some(&obj))?;
        // ResourceQuota, the last validating plugin: it charges the quotas before etcd.
        let admitted = resourcequota::Admitted { rt, namespace: &namespace, name: &name, object: &obj, old: None, dry_run: req.dry_run };
        self.admit_quota(&admitted, object.clone())?;
        // `WarningsOnCreate` (pkg/registry/core/pod/strategy.go): a dotted name ends up in
        // the hostname.
        if rt.kind == "Pod" && validation::dns1123_subdomain(&name).is_empty() && !validation::dns1123_label(&name).is_empty() {
            let why: Vec<String> = validation::dns1123_label(&name);
            self.warn(format!(
                "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [{}]",
                why.join(", ")
            ));
        }
        // The workloads' `WarningsOnCreate` (`pkg/registry/apps/*/strategy.go`,
        // `pkg/registry/batch/*/strategy.go`): their name goes into their pods' names and
        // hostnames.
        if matches!(rt.kind, "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" | "CronJob" | "ReplicationController") {
            let why = validation::dns1123_label(&name);
            if !why.is_empty() {
                self.warn(format!("metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [{}]", why.join(", ")));
            }
        }
        let key = ObjectKey::new(rt, Some(&namespace), &name);
        if self.store.get(&key).is_some() {
            self.record(ComponentRef::control_plane(ETCD), Action::Etcd, object, crate::sort::map_of([
                ("operation".to_string(), json!("create")),
                ("key".to_string(), json!(key.etcd_path())),
                ("result".to_string(), json!("exists")),
            ]), vec![]);
            return Err(Status::already_exists(rt, &name));
        }
        if req.dry_run {
            return Ok(obj);
        }
        // Counting nodes walks their range, so only a Node create pays for it.
        let node_cap_reached = rt.kind == "Node" && self.store.list("", "nodes", None).count() >= crate::MAX_NODES;
        if self.store.len() >= crate::MAX_OBJECTS || node_cap_reached {
            let (what, max) = if rt.kind == "Node" { ("nodes", crate::MAX_NODES) } else { ("objects", crate::MAX_OBJECTS) };
            return Err(Status::forbidden(&rt.qualified_plural(), Some(&name), &format!("podlife limit: this playground cluster holds at most {max} {what}")));
        }
        Ok(self.write(key, obj, object))
    }

    /// Writes to etcd and lets the watch cache broadcast the change; the stored object.
    pub(crate) fn write(&mut self, key: ObjectKey, mut obj: Value, object: Option<ObjectRef>) -> Value {
        // The JSON etcd decoded is the stored object exactly: it is the answer.
        self.store_write(key, &mut obj, object);
        obj
    }

    /// `write`, returning the stored version itself (no copy when the caller does not need one).
    pub(crate) fn write_shared(&mut self, key: ObjectKey, mut obj: Value, object: Option<ObjectRef>) -> std::sync::Arc<crate::Obj> {
        self.store_write(key, &mut obj, object)
    }

    /// etcd's write and the watch cache's broadcast; `obj` is left as stored (its
    /// `resourceVersion` set).
    fn store_write(&mut self, key: ObjectKey, obj: &mut Value, object: Option<ObjectRef>) -> std::sync::Arc<crate::Obj> {
        // Encoded as Go encodes the typed object: empty `omitempty` values are not stored, the
        // zero of a value without `omitempty` is.
        if let Some(rt) = ResourceType::by_plural(&key.group, &key.resource) {
            podlife_model::decode::omit_empty(rt, obj);
        }
        self.event_ttl_after_write(&key);
        let event = self.store.put_value(key, obj);
        self.committed(event, object)
    }

    /// `store_write` of an object already in its stored form: a writer that changed one
    /// field of the stored copy (`Obj::insert_at`) need not go through JSON.
    pub(crate) fn store_write_obj(&mut self, key: ObjectKey, obj: crate::Obj, object: Option<ObjectRef>) -> std::sync::Arc<crate::Obj> {
        self.event_ttl_after_write(&key);
        let event = self.store.put_obj(key, obj);
        self.committed(event, object)
    }

    /// etcd's reaction to a write and the watch cache's broadcast of it.
    fn committed(&mut self, event: crate::store::WatchEvent, object: Option<ObjectRef>) -> std::sync::Arc<crate::Obj> {
        let etcd_path = event.key.etcd_path();
        let rv = event.revision;
        let op = if event.event_type == crate::store::EventType::Added { "create" } else { "update" };
        self.record(ComponentRef::control_plane(ETCD), Action::Etcd, object.clone(), crate::sort::map_of([
            ("operation".to_string(), json!(op)),
            ("key".to_string(), json!(etcd_path)),
            ("revision".to_string(), json!(rv)),
        ]), vec![]);
        let stored = event.object.clone();
        let grew = event.event_type == crate::store::EventType::Added && event.key.group.is_empty() && matches!(event.key.resource, "pods" | "nodes");
        self.broadcast(event, object);
        if grew {
            self.resample_trace();
        }
        stored
    }

    /// Mutating admission on create: the in-tree plugins, then the MutatingAdmissionWebhook;
    /// when a webhook changed the object, everything runs once more (`reinvoker.Admit`: the
    /// in-tree plugins, and the webhooks whose `reinvocationPolicy` is IfNeeded).
    fn admit_create(&mut self, rt: &'static ResourceType, req: &Request, obj: &mut Value, namespace: &str, object: Option<ObjectRef>) -> Result<(), Status> {
        self.mutating_admission(rt, obj, namespace, object.clone(), 0)?;
        let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
        let attrs = webhooks::Attributes { rt, subresource: req.subresource.as_deref().unwrap_or_default(), namespace: if rt.namespaced { namespace } else { "" }, name: &name, operation: webhooks::Operation::Create, old: None, dry_run: req.dry_run, object };
        let mut reinvocation = webhooks::Reinvocation::default();
        self.mutating_webhooks(&attrs, obj, &mut reinvocation, 0)?;
        if reinvocation.should_reinvoke {
            self.mutating_admission(rt, obj, namespace, attrs.object.clone(), 1)?;
            self.mutating_webhooks(&attrs, obj, &mut reinvocation, 1)?;
        }
        Ok(())
    }

    fn mutating_admission(&mut self, rt: &ResourceType, obj: &mut Value, namespace: &str, object: Option<ObjectRef>, round: u32) -> Result<(), Status> {
        // NamespaceLifecycle is first in plugin order and admits in the mutating phase.
        if rt.namespaced {
            let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
            let verdict = admission::namespace_lifecycle(&self.store, rt, &name, namespace);
            let mut params = plugin_params("NamespaceLifecycle", round);
            if let Err(e) = &verdict {
                params.insert("error".into(), json!(e.message));
            }
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), params, vec![]);
            verdict?;
        }
        if rt.kind == "PersistentVolumeClaim" {
            let before = obj.clone();
            admission::default_storage_class(obj, &self.store);
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), plugin_params("DefaultStorageClass", round), changes);
        }
        if rt.kind == "Ingress" {
            let before = obj.clone();
            admission::default_ingress_class(obj, &self.store);
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), plugin_params("DefaultIngressClass", round), changes);
        }
        if matches!(rt.kind, "PersistentVolumeClaim" | "PersistentVolume") {
            let before = obj.clone();
            admission::storage_object_in_use_protection(rt.kind, obj);
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), plugin_params("StorageObjectInUseProtection", round), changes);
        }
        if rt.kind == "Node" {
            let before = obj.clone();
            admission::taint_nodes_by_condition(obj);
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), crate::sort::map_of([("plugin".to_string(), json!("TaintNodesByCondition"))]), changes);
        }
        if rt.kind != "Pod" {
            return Ok(());
        }
        // LimitRanger comes before ServiceAccount in upstream's plugin order.
        let before = {
            let mut ranges = self.store.list("", "limitranges", Some(namespace)).peekable();
            ranges.peek().is_some().then(|| {
                let before = obj.clone();
                for (_, range) in ranges {
                    limitranger::mutate_pod(&(range).to_value(), obj);
                }
                before
            })
        };
        if let Some(before) = before {
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), plugin_params("LimitRanger", round), changes);
        }
        for plugin in admission::MUTATING_POD_PLUGINS {
            let before = obj.clone();
            let result = admission::mutate_pod(plugin, obj, namespace, &self.store, &mut self.rng);
            let mut params = plugin_params(plugin, round);
            if let Err(e) = &result {
                params.insert("error".into(), json!(e.message));
            }
            let changes = self.traced_diff(object.as_ref(), &before, obj);
            self.apiserver_trace(Action::MutatingAdmission, object.clone(), params, changes);
            result?;
        }
        Ok(())
    }

    /// `BeforeCreate`: system fields, then the strategy's `PrepareForCreate`; for a Service,
    /// the REST layer's allocations (`BeginCreate`), returning the ClusterIP it took.
    fn prepare_for_create(&mut self, rt: &ResourceType, obj: &mut Value, req: &Request) -> Result<Option<String>, Status> {
        // `PrepareForCreate`'s `DropDisabledPodFields` / `DropDisabledTemplateFields`.
        if let Some(spec) = pod_spec_pointer(rt.kind).and_then(|p| obj.pointer_mut(p)) {
            gated::drop_disabled_fields(spec, None, &self.features);
        }
        let now = self.now.rfc3339();
        let uid = self.rng.uuid();
        let meta = &mut obj["metadata"];
        if meta["name"].as_str().is_none_or(str::is_empty)
            && let Some(prefix) = meta["generateName"].as_str().filter(|p| !p.is_empty()).map(str::to_string) {
                meta["name"] = json!(format!("{prefix}{}", self.rng.name_suffix(5)));
            }
        meta["uid"] = json!(uid);
        meta["creationTimestamp"] = json!(now);
        meta["managedFields"] = json!([{
            "apiVersion": rt.api_version(),
            "fieldsType": "FieldsV1",
            "manager": req.field_manager,
            "operation": "Update",
            "time": now,
        }]);
        match rt.kind {
            "Pod" => {
                meta["generation"] = json!(1);
                let qos = crate::qos::pod_qos_class(&crate::Obj::untyped(&obj["spec"]));
                obj["status"] = json!({"phase": "Pending", "qosClass": qos});
                // `applySchedulingGatedCondition` (pkg/registry/core/pod/strategy.go): a pod
                // created with gates says why the scheduler leaves it alone
                // (`podutil.UpdatePodCondition` stamps the transition time).
                if obj["spec"]["schedulingGates"].as_array().is_some_and(|g| !g.is_empty()) {
                    obj["status"]["conditions"] = json!([{
                        "type": "PodScheduled",
                        "status": "False",
                        "lastProbeTime": null,
                        "lastTransitionTime": now,
                        "reason": "SchedulingGated",
                        "message": "Scheduling is blocked due to non-empty scheduling gates",
                    }]);
                }
            }
            "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "CronJob" | "ReplicationController" => {
                meta["generation"] = json!(1);
                if rt.kind == "DaemonSet" && (meta["annotations"].is_null() || meta["annotations"].is_object()) {
                    // `daemonSetStrategy.PrepareForCreate`: templateGeneration at least 1, kept in
                    // v1 as the `deprecated.daemonset.template.generation` annotation.
                    let key = "deprecated.daemonset.template.generation";
                    let generation = meta["annotations"][key].as_str().and_then(|g| g.parse::<i64>().ok()).unwrap_or(0).max(1);
                    meta["annotations"][key] = json!(generation.to_string());
                }
                // Clients cannot set status on create: `PrepareForCreate` stores the zero struct,
                // encoded with its fields that have no `omitempty` (a ReplicaSet's `replicas: 0`,
                // a DaemonSet's four counters).
                obj["status"] = podlife_model::decode::zero_status(rt);
            }
            "Service" => return self.allocate_service_addresses(obj, req.dry_run),
            // `mutatingWebhookConfigurationStrategy.PrepareForCreate` (and the validating one's),
            // `endpointSliceStrategy.PrepareForCreate`.
            "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" | "EndpointSlice" => meta["generation"] = json!(1),
            // `networkPolicyStrategy.PrepareForCreate`, `ingressClassStrategy.PrepareForCreate`.
            "NetworkPolicy" | "IngressClass" => meta["generation"] = json!(1),
            // `ingressStrategy.PrepareForCreate`: status is the controller's (Go prints the
            // empty load balancer), generation 1.
            "Ingress" => {
                meta["generation"] = json!(1);
                obj["status"] = json!({"loadBalancer": {}});
            }
            "PodDisruptionBudget" => {
                // `podDisruptionBudgetStrategy.PrepareForCreate`: an empty status, generation 1.
                meta["generation"] = json!(1);
                obj["status"] = json!({"currentHealthy": 0, "desiredHealthy": 0, "disruptionsAllowed": 0, "expectedPods": 0});
            }
            "Job" => {
                // `pkg/registry/batch/job/strategy.go` `generateSelector`: the job's uid
                // selects its pods, and the template carries it.
                meta["generation"] = json!(1);
                let name = meta["name"].clone();
                if obj["spec"]["manualSelector"] != true {
                    let labels = [
                        ("batch.kubernetes.io/controller-uid", json!(uid)),
                        ("batch.kubernetes.io/job-name", name.clone()),
                        ("controller-uid", json!(uid)),
                        ("job-name", name),
                    ];
                    for (k, v) in labels {
                        obj["spec"]["template"]["metadata"]["labels"][k] = v;
                    }
                    obj["spec"]["selector"] = json!({"matchLabels": {"batch.kubernetes.io/controller-uid": uid}});
                }
                // `SetDefaults_Job` gives an unlabeled Job its template's labels. kube-apiserver
                // also defaults every object it reads back from etcd, after generateSelector
                // ran, so clients see the generated labels on the Job too.
                let template_labels = obj["spec"]["template"]["metadata"]["labels"].clone();
                if obj["metadata"]["labels"].as_object().is_none_or(|l| l.is_empty()) && template_labels.as_object().is_some_and(|l| !l.is_empty()) {
                    obj["metadata"]["labels"] = template_labels;
                }
                obj["status"] = json!({});
            }
            // `PrepareForCreate` of both registries: status is the server's (Pending by default).
            "PersistentVolumeClaim" => obj["status"] = json!({"phase": "Pending"}),
            // `resourcequotaStrategy.PrepareForCreate`: the status is the controller's.
            "ResourceQuota" => obj["status"] = json!({}),
            // `autoscalerStrategy.PrepareForCreate`: create cannot set status.
            "HorizontalPodAutoscaler" => obj["status"] = json!({"currentMetrics": null, "desiredReplicas": 0}),
            "PersistentVolume" => obj["status"] = json!({"phase": "Pending", "lastPhaseTransitionTime": now}),
            "Namespace" => {
                let name = obj["metadata"]["name"].clone();
                obj["metadata"]["labels"]["kubernetes.io/metadata.name"] = name;
                obj["spec"] = json!({"finalizers": ["kubernetes"]});
                obj["status"] = json!({"phase": "Active"});
            }
            _ => {}
        }
        Ok(None)
    }

    /// `pods/binding` (`pkg/registry/core/pod/storage` `BindingREST.Create` → `assignPod`): sets
    /// `spec.nodeName` and the PodScheduled=True condition in one write.
    fn bind(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(rt, req.namespace.as_deref(), &name);
        let Some(current) = self.store.get(&key) else {
            return Err(Status::not_found(rt, &name));
        };
        let body = req.body.as_ref().unwrap_or(&Value::Null);
        let node = body["target"]["name"].as_str().unwrap_or_default().to_string();
        if current["metadata"]["deletionTimestamp"].is_string() {
            return Err(Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on pods/binding \"{name}\": pod {name} is being deleted, cannot be assigned to a host")));
        }
        if let Some(existing) = current["spec"]["nodeName"].as_str().filter(|n| !n.is_empty()) {
            return Err(Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on pods/binding \"{name}\": pod {name} is already assigned to node \"{existing}\"")));
        }
        // "Reject binding to a scheduling un-ready Pod." (pkg/registry/core/pod/storage/
        // storage.go `setPodNodeAndMetadata`; `assignPod` wraps the error in a Conflict).
        if current["spec"]["schedulingGates"].as_array().is_some_and(|g| !g.is_empty()) {
            return Err(Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on pods/binding \"{name}\": pod {name} has non-empty .spec.schedulingGates")));
        }
        let mut pod = current.to_value();
        pod["spec"]["nodeName"] = json!(node);
        let mut conditions: Vec<Value> = pod["status"]["conditions"].as_array().cloned().unwrap_or_default();
        conditions.retain(|c| c["type"] != "PodScheduled");
        conditions.push(json!({"type": "PodScheduled", "status": "True", "lastProbeTime": null, "lastTransitionTime": self.now.rfc3339(), "observedGeneration": pod["metadata"]["generation"]}));
        pod["status"]["conditions"] = json!(conditions);
        // Only these two fields change: diffing them alone gives the whole diff, in key order.
        let was = |p: &str| current.pointer(p).map(crate::Slot::to_value);
        let mut changes = crate::trace::diff_at(was("/spec/nodeName").as_ref(), pod.pointer("/spec/nodeName"), "spec.nodeName");
        changes.extend(crate::trace::diff_at(was("/status/conditions").as_ref(), pod.pointer("/status/conditions"), "status.conditions"));
        self.apiserver_trace(Action::Validation, object.clone(), crate::sort::map_of([("subresource".to_string(), json!("binding"))]), changes);
        if req.dry_run {
            return Ok(pod);
        }
        self.write_shared(key, pod, object);
        Ok(json!({"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "code": 201}))
    }

    /// The Service REST layer's allocations (`pkg/registry/core/service/storage/alloc.go`
    /// `allocateCreate`): the single-stack IPv4 family fields (`initIPFamilyFields`), a
    /// ClusterIP backed by an IPAddress object (see `ipalloc`), node ports for
    /// NodePort/LoadBalancer, and an empty load-balancer status.
    fn allocate_service_addresses(&mut self, obj: &mut Value, dry_run: bool) -> Result<Option<String>, Status> {
        let kind = obj["spec"]["type"].as_str().unwrap_or("ClusterIP").to_string();
        if kind != "ExternalName" {
            let spec = &mut obj["spec"];
            if spec["clusterIP"] == "None" && spec["clusterIPs"].is_null() {
                spec["clusterIPs"] = json!(["None"]);
            }
            let errors = ipalloc::init_ip_family_fields(obj, None);
            if !errors.is_empty() {
                let name = obj["metadata"]["name"].as_str().unwrap_or_default().to_string();
                return Err(Status::invalid_kind("Service", &name, errors));
            }
        }
        let allocated = self.allocate_cluster_ip(obj, dry_run)?;
        if kind == "NodePort" || kind == "LoadBalancer" {
            self.allocate_node_ports(obj)?;
        }
        obj["status"] = json!({"loadBalancer": {}});
        Ok(allocated)
    }

    /// The Priority plugin's validation of a PriorityClass (`plugin/pkg/admission/priority`,
    /// `validatePriorityClass`): a class created, or one updated to become the default, may
    /// not be the default while another class is.
    fn one_default_priority_class(&mut self, rt: &ResourceType, name: &str, obj: &Value, old: Option<&Value>, object: Option<ObjectRef>) -> Result<(), Status> {
        if rt.kind != "PriorityClass" || obj["globalDefault"] != true || old.is_some_and(|o| o["globalDefault"] == true) {
            return Ok(());
        }
        let Some(default) = self.store.list("scheduling.k8s.io", "priorityclasses", None).find(|(key, pc)| pc["globalDefault"] == true && key.name != name).map(|(key, _)| key.name.clone()) else { return Ok(()) };
        let why = format!("PriorityClass {default} is marked as default. Only one default can exist");
        let mut params = plugin_params("Priority", 0);
        params.insert("error".into(), json!(why));
        self.apiserver_trace(Action::ValidatingAdmission, object, params, vec![]);
        Err(Status::forbidden(&rt.qualified_plural(), Some(name), &why))
    }

    fn update(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(rt, req.namespace.as_deref(), &name);
        let Some(current) = self.store.get(&key).map(crate::Slot::to_value) else {
            return Err(Status::not_found(rt, &name));
        };
        self.update_from(req, object, key, current)
    }

    /// An update of the stored object `current` (as JSON) at `key`.
    fn update_from(&mut self, req: &Request, object: Option<ObjectRef>, key: ObjectKey, current: Value) -> Result<Value, Status> {
        let rt = req.resource;
        let name = key.name.clone();
        // Optimistic concurrency: an update that names a resourceVersion must name the
        // current one (`storage.NewConflict` via `GuaranteedUpdate`).
        if let Some(rv) = req.body.as_ref().and_then(|b| b["metadata"]["resourceVersion"].as_str()).filter(|rv| !rv.is_empty())
            && current["metadata"]["resourceVersion"].as_str() != Some(rv) {
                return Err(Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on {} \"{name}\": the object has been modified; please apply your changes to the latest version and try again", rt.qualified_plural())));
            }
        let mut obj = self.decode(req, object.clone())?;
        if req.subresource.as_deref() == Some("resize") {
            return self.resize(req, key, &current, &obj, object);
        }
        if req.subresource.as_deref() == Some("ephemeralcontainers") {
            return self.ephemeral_containers(req, key, &current, &obj, object);
        }
        if req.subresource.as_deref() == Some("status") {
            // The status subresource changes status only (`podStatusStrategy.PrepareForUpdate`);
            // the workloads' status strategies also keep the request's annotations (only spec
            // and labels are reset), which is how the deployment controller writes its revision.
            let mut updated = current.clone();
            updated["status"] = obj["status"].clone();
            if matches!(rt.kind, "Deployment" | "ReplicaSet") {
                updated["metadata"]["annotations"] = obj["metadata"]["annotations"].clone();
            }
            // `persistentVolumeStatusStrategy.PrepareForUpdate`: a phase change is stamped.
            if rt.kind == "PersistentVolume" && updated["status"]["phase"] != current["status"]["phase"] {
                updated["status"]["lastPhaseTransitionTime"] = json!(self.now.rfc3339());
            }
            let changes = self.traced_diff(object.as_ref(), &current, &updated);
            self.apiserver_trace(Action::Validation, object.clone(), crate::sort::map_of([("subresource".to_string(), json!("status"))]), changes);
            if req.dry_run {
                return Ok(updated);
            }
            return Ok(self.write(key, updated, object));
        }
        // Server-owned fields carry over from the stored object.
        for f in ["uid", "creationTimestamp", "namespace", "generation", "managedFields", "deletionTimestamp", "deletionGracePeriodSeconds"] {
            if let Some(v) = current["metadata"].get(f) {
                obj["metadata"][f] = v.clone();
            }
        }
        if current.get("status").is_some() {
            obj["status"] = current["status"].clone();
        }
        if req.subresource.is_none() {
            // MutatingAdmissionWebhook on UPDATE (subresource writes are not sent to webhooks
            // in podlife).
            let namespace = req.namespace.clone().unwrap_or_default();
            let attrs = webhooks::Attributes { rt, subresource: "", namespace: if rt.namespaced { &namespace } else { "" }, name: &name, operation: webhooks::Operation::Update, old: Some(&current), dry_run: req.dry_run, object: object.clone() };
            self.mutating_webhooks(&attrs, &mut obj, &mut webhooks::Reinvocation::default(), 0)?;
        }
        // `PrepareForUpdate`: fields of disabled gates the old object did not use are dropped.
        if let Some(base) = pod_spec_pointer(rt.kind) {
            let old = current.pointer(base).cloned();
            if let Some(spec) = obj.pointer_mut(base) {
                gated::drop_disabled_fields(spec, old.as_ref(), &self.features);
            }
        }
        if rt.kind == "Service" && req.subresource.is_none() {
            // `beginUpdate`'s node ports, then `dropTypeDependentFields`', before validation.
            self.update_node_ports(&current, &mut obj)?;
        }
        if rt.kind == "Pod" {
            let errors = pod_update_errors(&current, &obj);
            if !errors.is_empty() {
                return Err(Status::invalid(rt, &name, errors));
            }
            // `updatePodGeneration` (pkg/registry/core/pod/strategy.go `PrepareForUpdate`): a
            // spec change (a removed scheduling gate, a new image) moves the generation on.
            if req.subresource.is_none()
                && obj["spec"] != current["spec"]
                && let Some(g) = current["metadata"]["generation"].as_i64()
            {
                obj["metadata"]["generation"] = json!(g + 1);
            }
        } else if req.subresource.is_none()
            && let errors = [validation::object_meta_update(&obj["metadata"]), match rt.kind {
                "ConfigMap" | "Secret" => config_validation::on_update(rt.kind, &current, &obj),
                // `ValidateDeploymentUpdate` and its siblings validate the new spec in full.
                "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" | "CronJob" => validation::workload(rt.kind, &obj, &gated::PodOptions::new(&self.features, Some(&current["spec"]["template"]["spec"]))),
                "ReplicationController" => validation::replication_controller(&obj, &gated::PodOptions::new(&self.features, Some(&current["spec"]["template"]["spec"]))),
                "LimitRange" => limitrange_validation::spec(&obj),
                "ResourceQuota" => resourcequota_validation::update(&current, &obj),
                "PersistentVolumeClaim" => validation::persistent_volume_claim_update(&current, &obj),
                "Node" => validation::node_update(&current, &obj),
                "Service" => validation::service(&obj),
                "PriorityClass" => validation::priority_class(&obj, Some(&current)),
                "NetworkPolicy" => networking_validation::network_policy(&obj, false),
                "Ingress" => networking_validation::ingress(&obj, false, self.features.enabled("RelaxedServiceNameValidation")),
                "IngressClass" => networking_validation::ingress_class(&obj, Some(&current)),
                "HorizontalPodAutoscaler" => autoscaling::validate(&obj),
                _ => Vec::new(),
            }]
            .concat()
            && !errors.is_empty()
        {
            return Err(Status::invalid(rt, &name, errors));
        } else if generation_changes(rt.kind, &current, &obj)
            && let Some(g) = current["metadata"]["generation"].as_i64() {
                obj["metadata"]["generation"] = json!(g + 1);
            }
        if rt.kind == "DaemonSet" && (obj["metadata"]["annotations"].is_null() || obj["metadata"]["annotations"].is_object()) {
            // `daemonSetStrategy.PrepareForUpdate`: the template generation is the server's, one
            // more when the template changed.
            let key = "deprecated.daemonset.template.generation";
            let mut generation = current["metadata"]["annotations"][key].as_str().and_then(|g| g.parse::<i64>().ok()).unwrap_or(1);
            if obj["spec"]["template"] != current["spec"]["template"] {
                generation += 1;
            }
            obj["metadata"]["annotations"][key] = json!(generation.to_string());
        }
        if req.subresource.as_deref() == Some("finalize") {
            // Only spec.finalizers may change through /finalize.
            let mut finalized = current.clone();
            finalized["spec"]["finalizers"] = obj["spec"]["finalizers"].clone();
            obj = finalized;
        }
        if rt.kind == "Service" && req.subresource.is_none() {
            // The Service REST update's allocations (`allocateUpdate`): the new address is
            // given back if the update fails, the old one released once it is stored.
            let (allocated, release) = self.update_cluster_ip(&current, &mut obj, req.dry_run)?;
            let result = self.update_prepared(rt, req, key, &current, obj, object);
            match (&result, allocated, release) {
                (Err(_), Some(ip), _) => self.release_cluster_ip(&ip),
                (Ok(_), _, Some(ip)) => self.release_cluster_ip(&ip),
                _ => {}
            }
            return result;
        }
        self.update_prepared(rt, req, key, &current, obj, object)
    }

    /// `pods/resize` (`ResizeREST`): only the containers' resources and resize policies are
    /// taken (`resize.rs`), validated as `ValidatePodResize` does, and a changed spec moves the
    /// generation on; no admission webhooks in podlife, as for every subresource.
    fn resize(&mut self, req: &Request, key: ObjectKey, current: &Value, obj: &Value, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        if rt.kind != "Pod" {
            return Err(Status::plain(Reason::NotFound, "the server could not find the requested resource".into()));
        }
        let pod = resize::drop_non_resize_updates(current, obj);
        let mut errors = validation::pod(&pod, &gated::PodOptions::new(&self.features, Some(&current["spec"])));
        if errors.is_empty() {
            errors = resize::validate(&pod, current);
        }
        if !errors.is_empty() {
            return Err(Status::invalid(rt, &key.name, errors));
        }
        self.write_pod_subresource(req, key, current, pod, object, "resize")
    }

    /// `pods/ephemeralcontainers` (`EphemeralContainersREST`, `podEphemeralContainersStrategy`):
    /// `dropNonEphemeralContainerUpdates` keeps the stored pod with the request's
    /// `spec.ephemeralContainers`, then `ValidatePodEphemeralContainersUpdate`
    /// (`pkg/apis/core/validation/validation.go`): the whole pod, no static pod, no existing
    /// ephemeral container removed or changed. The "may not be changed" error carries no
    /// `cmp.Diff` text here (go-cmp randomizes its spacing).
    fn ephemeral_containers(&mut self, req: &Request, key: ObjectKey, current: &Value, obj: &Value, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        if rt.kind != "Pod" {
            return Err(Status::plain(Reason::NotFound, "the server could not find the requested resource".into()));
        }
        let mut pod = current.clone();
        match obj["spec"].get("ephemeralContainers") {
            Some(v) if !v.is_null() => pod["spec"]["ephemeralContainers"] = v.clone(),
            _ => {
                if let Some(s) = pod["spec"].as_object_mut() {
                    s.remove("ephemeralContainers");
                }
            }
        }
        let mut errors = validation::pod(&pod, &gated::PodOptions::new(&self.features, Some(&current["spec"])));
        if current["metadata"]["annotations"]["kubernetes.io/config.mirror"].is_string() {
            errors = vec![status::FieldError::forbidden("", "static pods do not support ephemeral containers")];
        } else {
            let new_list = pod["spec"]["ephemeralContainers"].as_array().cloned().unwrap_or_default();
            for old in current["spec"]["ephemeralContainers"].as_array().map(Vec::as_slice).unwrap_or_default() {
                let name = old["name"].as_str().unwrap_or_default();
                match new_list.iter().find(|n| n["name"] == old["name"]) {
                    None => errors.push(status::FieldError::forbidden("spec.ephemeralContainers", format!("existing ephemeral containers {name:?} may not be removed\n"))),
                    Some(n) if !resize::same(n, old) => errors.push(status::FieldError::forbidden("spec.ephemeralContainers", format!("existing ephemeral containers {name:?} may not be changed\n"))),
                    _ => {}
                }
            }
        }
        if !errors.is_empty() {
            return Err(Status::invalid(rt, &key.name, errors));
        }
        self.write_pod_subresource(req, key, current, pod, object, "ephemeralcontainers")
    }

    /// The end of a pod subresource's update (`resize`, `ephemeralcontainers`): a changed spec
    /// moves the generation on, the validation is traced, then etcd unless nothing changed or
    /// the request is a dry run.
    fn write_pod_subresource(&mut self, req: &Request, key: ObjectKey, current: &Value, mut pod: Value, object: Option<ObjectRef>, subresource: &str) -> Result<Value, Status> {
        if pod["spec"] != current["spec"]
            && let Some(g) = current["metadata"]["generation"].as_i64()
        {
            pod["metadata"]["generation"] = json!(g + 1);
        }
        let changes = self.traced_diff(object.as_ref(), current, &pod);
        self.apiserver_trace(Action::Validation, object.clone(), crate::sort::map_of([("subresource".to_string(), json!(subresource))]), changes);
        if req.dry_run || pod == *current {
            return Ok(pod);
        }
        Ok(self.write(key, pod, object))
    }

    /// The rest of an update once the new object is complete: the trace, etcd, and the
    /// deletion a removed last finalizer finishes.
    fn update_prepared(&mut self, rt: &'static ResourceType, req: &Request, key: ObjectKey, current: &Value, obj: Value, object: Option<ObjectRef>) -> Result<Value, Status> {
        let changes = diff(current, &obj);
        self.apiserver_trace(Action::Validation, object.clone(), BTreeMap::new(), changes);
        if req.subresource.is_none() {
            let namespace = req.namespace.clone().unwrap_or_default();
            if rt.kind == "PersistentVolumeClaim" {
                admission::persistent_volume_claim_resize(current, &obj, &self.store)?;
            }
            self.one_default_priority_class(rt, &key.name, &obj, Some(current), object.clone())?;
            let attrs = webhooks::Attributes { rt, subresource: "", namespace: if rt.namespaced { &namespace } else { "" }, name: &key.name, operation: webhooks::Operation::Update, old: Some(current), dry_run: req.dry_run, object: object.clone() };
            self.validating_webhooks(&attrs, Some(&obj))?;
            let admitted = resourcequota::Admitted { rt, namespace: &namespace, name: &key.name, object: &obj, old: Some(current), dry_run: req.dry_run };
            self.admit_quota(&admitted, object.clone())?;
        }
        if req.dry_run {
            return Ok(obj);
        }
        // `shouldDeleteDuringUpdate` (generic registry): a deleting object whose last finalizer
        // is gone, with no grace period running, is deleted by this update.
        let deleting = obj["metadata"]["deletionTimestamp"].is_string();
        let no_finalizers = obj["metadata"]["finalizers"].as_array().is_none_or(Vec::is_empty);
        let no_grace = obj["metadata"]["deletionGracePeriodSeconds"].as_i64().unwrap_or(0) == 0;
        let finished = deleting
            && no_finalizers
            && no_grace
            && (rt.kind != "Namespace" || obj["spec"]["finalizers"].as_array().is_none_or(Vec::is_empty));
        if finished {
            // The last finalizer is gone: the namespace registry deletes the object.
            return Ok(self.remove(&key, object).unwrap_or(obj));
        }
        Ok(self.write(key, obj, object))
    }

    /// PATCH with a JSON merge patch (RFC 7386): merged into the stored object, then served
    /// as an update. A `metadata.uid` in the patch is a precondition, as the kubelet sends it.
    fn patch(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(rt, req.namespace.as_deref(), &name);
        if let Some(served) = self.patch_pod_status(req, &key, object.clone()) {
            return served;
        }
        let Some(current) = self.store.get(&key).map(crate::Slot::to_value) else {
            return Err(Status::not_found(rt, &name));
        };
        let patch = req.body.clone().unwrap_or(Value::Null);
        if let Some(uid) = patch["metadata"]["uid"].as_str()
            && current["metadata"]["uid"].as_str() != Some(uid) {
                return Err(Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on {} \"{name}\": the UID in the precondition ({uid}) does not match the UID in record ({}). The object might have been deleted and then recreated", rt.qualified_plural(), current["metadata"]["uid"].as_str().unwrap_or_default())));
            }
        // The handler's sanity check before the patch library sees the operations.
        if req.patch_type == patch::PatchType::Json
            && let Some(ops) = patch.as_array()
            && ops.len() > patch::MAX_JSON_PATCH_OPERATIONS
        {
            return Err(Status::plain(Reason::RequestEntityTooLarge, format!("Request entity too large: The allowed maximum operations in a JSON patch is {}, got {}", patch::MAX_JSON_PATCH_OPERATIONS, ops.len())));
        }
        let mut merged = current.clone();
        patch::apply(req.patch_type, &mut merged, &patch).map_err(patch_status)?;
        // An object the patch leaves as it was is not written again (etcd3's GuaranteedUpdate
        // returns the existing object when the new bytes are the same).
        if merged == current {
            return Ok(current);
        }
        let mut update = req.clone();
        update.body = Some(merged);
        self.update_from(&update, object, key, current)
    }

    /// The generic registry's `Delete` (`staging/src/k8s.io/apiserver/pkg/registry/generic/
    /// registry/store.go`): preconditions, then graceful deletion (`pkg/registry/core/pod/
    /// strategy.go` `CheckGracefulDelete`: a pod bound to a node gets `deletionTimestamp` and
    /// waits for its kubelet; an unbound pod or a zero grace period goes at once), and the
    /// garbage collector's finalizers (`deletionFinalizersForGarbageCollection`: `orphan` or
    /// `foregroundDeletion` by the propagation policy, else by the finalizers already there,
    /// else by the registry's default policy). An object with finalizers is only marked
    /// (`markAsDeleting`: deletionTimestamp now, grace 0, generation + 1).
    fn delete(&mut self, req: &Request, object: Option<ObjectRef>) -> Result<Value, Status> {
        let rt = req.resource;
        let name = req.name.clone().unwrap_or_default();
        let key = ObjectKey::new(rt, req.namespace.as_deref(), &name);
        let Some(current) = self.store.get(&key).map(crate::Slot::to_value) else {
            return Err(Status::not_found(rt, &name));
        };
        check_preconditions(rt, &name, &current, req.preconditions.as_ref())?;
        {
            // Admission on DELETE: mutating webhooks see no object, validating ones the old.
            let namespace = req.namespace.clone().unwrap_or_default();
            let attrs = webhooks::Attributes { rt, subresource: "", namespace: if rt.namespaced { &namespace } else { "" }, name: &name, operation: webhooks::Operation::Delete, old: Some(&current), dry_run: req.dry_run, object: object.clone() };
            self.mutating_webhooks(&attrs, &mut Value::Null, &mut webhooks::Reinvocation::default(), 0)?;
            self.validating_webhooks(&attrs, None)?;
        }
        if req.dry_run {
            return Ok(current);
        }
        if rt.kind == "Namespace" {
            return self.delete_namespace(key, current, object);
        }
        // Store.Delete (registry/generic/registry/store.go): BeforeDelete, then an update for a
        // graceful deletion or finalizers, then the removal unless something still holds it.
        let mut obj = current.clone();
        let decision = deletion::before_delete(rt.kind, &mut obj, req.grace_period_seconds, self.now);
        if decision == deletion::Decision::Pending {
            return Ok(current);
        }
        let (update_finalizers, finalizers) = gc_finalizers(rt, &current, req.propagation_policy.as_deref());
        let had_finalizers = current["metadata"]["finalizers"].as_array().is_some_and(|f| !f.is_empty());
        if let deletion::Decision::Graceful { .. } = decision
            && update_finalizers
        {
            set_finalizers(&mut obj, &finalizers);
        }
        match decision {
            deletion::Decision::Graceful { grace } => {
                let written = self.write(key.clone(), obj, object.clone());
                if !finalizers.is_empty() || grace > 0 {
                    return Ok(written);
                }
            }
            deletion::Decision::Immediate if had_finalizers || update_finalizers => {
                if update_finalizers {
                    set_finalizers(&mut obj, &finalizers);
                }
                if !finalizers.is_empty() {
                    deletion::mark_as_deleting(&mut obj, self.now);
                    // GuaranteedUpdate writes nothing when nothing changed.
                    return Ok(if obj == current { current } else { self.write(key, obj, object) });
                }
            }
            _ => {}
        }
        self.remove(&key, object).ok_or_else(|| Status::not_found(rt, &name))
    }

    /// Removes an object from etcd and broadcasts DELETED.
    fn remove(&mut self, key: &ObjectKey, object: Option<ObjectRef>) -> Option<Value> {
        let last = self.etcd_delete(key, object, false)?;
        if key.group.is_empty() && key.resource == "services" {
            // The Service REST `afterDelete`: its ClusterIP goes back to the allocator.
            self.release_service_addresses(&last);
        }
        Some(last)
    }

    /// etcd deletes a key (a request's, or an expired lease's) and the watch cache broadcasts
    /// DELETED; the last version.
    pub(crate) fn etcd_delete(&mut self, key: &ObjectKey, object: Option<ObjectRef>, lease_expired: bool) -> Option<Value> {
        let event = self.store.delete(key)?;
        let mut params = crate::sort::map_of([
            ("operation".to_string(), json!("delete")),
            ("key".to_string(), json!(key.etcd_path())),
            ("revision".to_string(), json!(event.revision)),
        ]);
        if lease_expired {
            params.insert("leaseExpired".to_string(), json!(true));
        }
        self.record(ComponentRef::control_plane(ETCD), Action::Etcd, object.clone(), params, vec![]);
        let last = event.object.to_value();
        self.broadcast(event, object);
        Some(last)
    }

    /// `pkg/registry/core/namespace/storage`: a namespace with the `kubernetes` finalizer is
    /// marked Terminating; the namespace controller empties it and finalizes it. The
    /// immortal namespaces are refused by NamespaceLifecycle.
    fn delete_namespace(&mut self, key: ObjectKey, current: Value, object: Option<ObjectRef>) -> Result<Value, Status> {
        let immortal = admission::IMMORTAL_NAMESPACES.contains(&key.name.as_str());
        let mut params = crate::sort::map_of([("plugin".to_string(), json!("NamespaceLifecycle"))]);
        if immortal {
            let status = Status::forbidden("namespaces", Some(&key.name), "this namespace may not be deleted");
            params.insert("error".into(), json!(status.message));
            self.apiserver_trace(Action::MutatingAdmission, object, params, vec![]);
            return Err(status);
        }
        self.apiserver_trace(Action::MutatingAdmission, object.clone(), params, vec![]);
        if current["metadata"]["deletionTimestamp"].is_string() {
            return Ok(current);
        }
        if current["spec"]["finalizers"].as_array().is_none_or(Vec::is_empty) {
            let name = key.name.clone();
            return self.remove(&key, object).ok_or_else(|| Status::plain(Reason::NotFound, format!("namespaces \"{name}\" not found")));
        }
        let mut obj = current;
        obj["metadata"]["deletionTimestamp"] = json!(self.now.rfc3339());
        obj["metadata"]["deletionGracePeriodSeconds"] = json!(0);
        obj["status"]["phase"] = json!("Terminating");
        Ok(self.write(key, obj, object))
    }
}

/// `metav1.FinalizerOrphanDependents` and `metav1.FinalizerDeleteDependents`.
pub const FINALIZER_ORPHAN: &str = "orphan";
pub const FINALIZER_FOREGROUND: &str = "foregroundDeletion";

/// The registry strategy's `DefaultGarbageCollectionPolicy`: batch/v1 Jobs orphan their pods
/// for backwards compatibility (`pkg/registry/batch/job/strategy.go`); every other served
/// type deletes dependents (in the background, unless the request says otherwise).
fn default_orphans(rt: &ResourceType) -> bool {
    rt.group == "batch" && rt.kind == "Job"
}

/// `deletionFinalizersForGarbageCollection` (with `shouldOrphanDependents` and
/// `shouldDeleteDependents`): whether the finalizers change, and the finalizers the object
/// ends up with.
pub fn gc_finalizers(rt: &ResourceType, obj: &Value, policy: Option<&str>) -> (bool, Vec<String>) {
    let existing: Vec<String> = obj["metadata"]["finalizers"].as_array().map(|fs| fs.iter().filter_map(|f| f.as_str().map(str::to_string)).collect()).unwrap_or_default();
    let from_finalizers = || existing.iter().find_map(|f| match f.as_str() {
        FINALIZER_ORPHAN => Some("Orphan"),
        FINALIZER_FOREGROUND => Some("Foreground"),
        _ => None,
    });
    let effective = match policy {
        Some(p @ ("Orphan" | "Background" | "Foreground")) => Some(p),
        _ => from_finalizers().or(if default_orphans(rt) { Some("Orphan") } else { None }),
    };
    let mut new: Vec<String> = existing.iter().filter(|f| *f != FINALIZER_ORPHAN && *f != FINALIZER_FOREGROUND).cloned().collect();
    match effective {
        Some("Orphan") => new.push(FINALIZER_ORPHAN.into()),
        Some("Foreground") => new.push(FINALIZER_FOREGROUND.into()),
        _ => {}
    }
    let same = crate::vecmap::VecSet::from_iter(existing.iter().map(String::as_str)) == crate::vecmap::VecSet::from_iter(new.iter().map(String::as_str));
    if same { (false, existing) } else { (true, new) }
}

fn set_finalizers(obj: &mut Value, finalizers: &[String]) {
    if finalizers.is_empty() {
        if let Some(m) = obj["metadata"].as_object_mut() {
            m.remove("finalizers");
        }
    } else {
        obj["metadata"]["finalizers"] = json!(finalizers);
    }
}

/// `storage.Preconditions.Check`: a Conflict naming the mismatch.
pub(crate) fn check_preconditions(rt: &ResourceType, name: &str, current: &Value, pre: Option<&Preconditions>) -> Result<(), Status> {
    let Some(pre) = pre else { return Ok(()) };
    let conflict = |what: &str, want: &str, have: &str| {
        Status::plain(Reason::Conflict, format!("Operation cannot be fulfilled on {} \"{name}\": Precondition failed: {what} in precondition: {want}, {what} in object meta: {have}", rt.qualified_plural()))
    };
    if let Some(uid) = &pre.uid {
        let have = current["metadata"]["uid"].as_str().unwrap_or_default();
        if have != uid {
            return Err(conflict("UID", uid, have));
        }
    }
    if let Some(rv) = &pre.resource_version {
        let have = current["metadata"]["resourceVersion"].as_str().unwrap_or_default();
        if have != rv {
            return Err(conflict("ResourceVersion", rv, have));
        }
    }
    Ok(())
}

/// Time one request takes end to end, in virtual milliseconds.
pub const REQUEST_LATENCY_MS: u64 = 3;

/// An admission plugin's trace parameters; `round` 1 marks a reinvocation.
fn plugin_params(plugin: &str, round: u32) -> BTreeMap<String, Value> {
    let mut p = crate::sort::map_of([("plugin".to_string(), json!(plugin))]);
    if round > 0 {
        p.insert("round".into(), json!(round));
    }
    p
}

/// Kinds podlife serves but does not play: their objects would do nothing here, so creating
/// one is refused with a podlife message rather than accepted and ignored.
/// Where a kind keeps a pod spec, as a JSON pointer (the pod's own, or its template's).
fn pod_spec_pointer(kind: &str) -> Option<&'static str> {
    match kind {
        "Pod" => Some("/spec"),
        "Deployment" | "ReplicaSet" | "StatefulSet" | "DaemonSet" | "Job" | "ReplicationController" | "PodTemplate" => Some(if kind == "PodTemplate" { "/template/spec" } else { "/spec/template/spec" }),
        "CronJob" => Some("/spec/jobTemplate/spec/template/spec"),
        _ => None,
    }
}

/// The pod spec of an object and its field path in errors (`spec`, `spec.template.spec`, …).
fn pod_spec_of<'a>(kind: &str, obj: &'a Value) -> Option<(&'a Value, &'static str)> {
    let pointer = pod_spec_pointer(kind)?;
    let base = match pointer {
        "/spec" => "spec",
        "/template/spec" => "template.spec",
        "/spec/template/spec" => "spec.template.spec",
        _ => "spec.jobTemplate.spec.template.spec",
    };
    obj.pointer(pointer).map(|s| (s, base))
}

fn not_played(rt: &ResourceType, obj: &Value) -> Option<&'static str> {
    match rt.kind {
        "ValidatingAdmissionPolicy" | "ValidatingAdmissionPolicyBinding" | "MutatingAdmissionPolicy" | "MutatingAdmissionPolicyBinding" => {
            Some("podlife limit: admission policies (CEL expressions) are not evaluated in this playground; use an admission webhook instead")
        }
        "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" if webhooks::validation::uses_match_conditions(obj) => {
            Some("podlife limit: webhook matchConditions (CEL expressions) are not evaluated in this playground; remove them to register the webhook")
        }
        _ => None,
    }
}

fn user_params(user: &UserInfo, allowed_impersonation: Option<bool>) -> BTreeMap<String, Value> {
    let mut p = crate::sort::map_of([
        ("user".to_string(), json!(user.name)),
        ("groups".to_string(), json!(user.groups)),
    ]);
    if let Some(a) = allowed_impersonation {
        p.insert("impersonationAllowed".into(), json!(a));
    }
    p
}

/// `ValidatePodUpdate`: only a few spec fields may change on a running pod.
fn pod_update_errors(old: &Value, new: &Value) -> Vec<status::FieldError> {
    let mut errs = validation::object_meta("Pod", &new["metadata"]);
    validation::scheduling_gates(&new["spec"]["schedulingGates"], "spec.schedulingGates", &mut errs);
    errs.extend(validation::only_deleted_scheduling_gates(&old["spec"]["schedulingGates"], &new["spec"]["schedulingGates"], "spec.schedulingGates"));
    let strip = |spec: &Value| {
        let mut s = spec.clone();
        for list in ["containers", "initContainers"] {
            if let Some(cs) = s.get_mut(list).and_then(Value::as_array_mut) {
                for c in cs {
                    c["image"] = Value::Null;
                }
            }
        }
        for f in ["activeDeadlineSeconds", "tolerations", "terminationGracePeriodSeconds", "schedulingGates"] {
            if let Some(m) = s.as_object_mut() {
                m.remove(f);
            }
        }
        s
    };
    if strip(&old["spec"]) != strip(&new["spec"]) {
        errs.push(status::FieldError::forbidden(
            "spec",
            "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
        ));
    }
    errs
}


/// RFC 7386 JSON merge patch.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let Some(p) = patch.as_object() else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(serde_json::Map::new());
    }
    let Some(t) = target.as_object_mut() else { return };
    for (k, v) in p {
        if v.is_null() {
            t.remove(k);
        } else {
            merge_patch(t.entry(k.clone()).or_insert(Value::Null), v);
        }
    }
}

/// The Node authorizer (`plugin/pkg/auth/authorizer/node`) for `system:node:<name>` in group
/// `system:nodes`: the rules of `bootstrappolicy.NodeRules()` that a kubelet uses (its pods
/// and their status, events, its Node and Lease, the objects its pods reference).
fn node_authorizer(user: &UserInfo, attrs: &Attributes) -> Option<rbac::Grant> {
    if !user.groups.iter().any(|g| g == "system:nodes") || !user.name.starts_with("system:node:") {
        return None;
    }
    let v = attrs.verb.as_str();
    let allowed = match (attrs.api_group.as_str(), attrs.resource.as_str(), attrs.subresource.as_str()) {
        ("", "pods", "") => matches!(v, "get" | "list" | "watch" | "create" | "delete"),
        ("", "pods", "status") => matches!(v, "update" | "patch"),
        ("", "events", "") | ("events.k8s.io", "events", "") => matches!(v, "create" | "update" | "patch"),
        ("", "nodes", "") | ("", "nodes", "status") => matches!(v, "get" | "list" | "watch" | "create" | "update" | "patch"),
        ("coordination.k8s.io", "leases", "") => matches!(v, "get" | "create" | "update" | "patch" | "delete"),
        ("", "configmaps" | "secrets" | "persistentvolumeclaims" | "services" | "endpoints", "") => matches!(v, "get" | "list" | "watch"),
        ("", "persistentvolumes", "") => v == "get",
        _ => false,
    };
    allowed.then(|| rbac::Grant { binding: "Node authorizer".into(), role: "system:node".into() })
}

/// The field whose change bumps `metadata.generation` on update (each strategy's
/// `PrepareForUpdate`): `spec`, or the webhook configurations' `webhooks`.
fn generation_field(kind: &str) -> &'static str {
    match kind {
        "MutatingWebhookConfiguration" | "ValidatingWebhookConfiguration" => "webhooks",
        _ => "spec",
    }
}

/// Whether an update moves the object's generation on: its spec (or webhooks) changed; for an
/// EndpointSlice, anything outside its metadata or its labels
/// (`pkg/registry/discovery/endpointslice/strategy.go` `PrepareForUpdate`).
fn generation_changes(kind: &str, current: &Value, obj: &Value) -> bool {
    if kind == "EndpointSlice" {
        let beyond_meta = |o: &Value| o.as_object().map(|m| crate::sort::collect_map(m.iter().filter(|(k, _)| !matches!(k.as_str(), "metadata" | "apiVersion" | "kind")).map(|(k, v)| (k.clone(), v.clone()))));
        return beyond_meta(current) != beyond_meta(obj) || current["metadata"]["labels"] != obj["metadata"]["labels"];
    }
    obj.get(generation_field(kind)) != current.get(generation_field(kind))
}

/// `Convert_v1_Secret_To_core_Secret` (`pkg/apis/core/v1/conversion.go`): `stringData`
/// overwrites `data` key by key (as bytes, stored base64) and the internal type has no
/// `stringData`, so it is never stored or returned.
fn secret_string_data(secret: &mut Value) {
    let Some(Value::Object(strings)) = secret.as_object_mut().and_then(|o| o.remove("stringData")) else { return };
    if strings.is_empty() {
        return;
    }
    if !secret["data"].is_object() {
        secret["data"] = json!({});
    }
    for (k, v) in strings {
        secret["data"][k.as_str()] = json!(crate::base64::base64_encode(v.as_str().unwrap_or_default().as_bytes()));
    }
}

/// What the PATCH handler answers when the patch does not apply.
pub(crate) fn patch_status(e: patch::PatchError) -> Status {
    match e {
        patch::PatchError::BadRequest(m) => Status::plain(Reason::BadRequest, m),
        // `NewGenericServerResponse(422, …)`: the reason why stays in the server's log.
        patch::PatchError::DoesNotApply(_) => Status::plain(Reason::Invalid, "the server rejected our request due to an error in our request".into()),
        patch::PatchError::Other(m) => Status::plain(Reason::Unknown, m),
    }
}
