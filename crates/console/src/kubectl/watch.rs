//! `kubectl get -w` / `--watch-only` / `--output-watch-events` (kubectl `pkg/cmd/get/get.go`,
//! `GetOptions.watch`): list (or get) the objects, print them in one flush, then print each watch
//! event as it arrives, flushed on its own — so an event's row is aligned by itself, not with
//! the table above it. In a script the watch prints what happens during the next `sleep`.

use serde_json::{Value, json};

use podlife_engine::store::EventType;
use podlife_engine::{Request, Response, Time, Verb, WatchOptions};
use podlife_model::ResourceType;

use super::flags::Parsed;
use super::{Context, format_labels, impersonation, list_error, print_jsonpath, selector_param, send, server_error, sort_items, type_name};
use crate::Output;
use crate::printers::{columns, custom_columns, json as json_printer, table, yaml};

/// How each object (or event) is printed; the printers kubectl's `-o` chooses.
#[derive(Debug, Clone)]
pub enum WatchPrinter {
    /// The server-side table (default and `-o wide`).
    Table { wide: bool, label_columns: Vec<String>, show_labels: bool, no_headers: bool, with_namespace: bool },
    Name,
    /// `show_managed`: `--show-managed-fields` (the YAML and JSON printers omit them otherwise,
    /// though not from a WatchEvent, which has no object metadata of its own).
    Yaml { show_managed: bool },
    Json { show_managed: bool },
    JsonPath(String),
    CustomColumns { columns: Vec<custom_columns::Column>, no_headers: bool },
}

/// A `kubectl get -w` still watching.
#[derive(Debug, Clone)]
pub struct WatchRequest {
    pub id: u64,
    resource: &'static ResourceType,
    printer: WatchPrinter,
    /// `--output-watch-events`: each object wrapped in its event (`ADDED`, `MODIFIED`, …).
    events: bool,
    /// The table printer's `printedHeaders`, the YAML printer's count, custom-columns' last type:
    /// whether something has been printed, so the next print leaves out the header (or adds `---`).
    printed: bool,
}

/// One thing to print: an object as of a time, with its watch event type when events are shown.
struct Item<'a> {
    at: Time,
    object: &'a Value,
    event: Option<EventType>,
}

/// `kubectl get … -w` (or `--watch-only`): prints the current objects and opens the watch that
/// prints the changes.
pub(super) fn start(ctx: &mut Context<'_>, out: &mut Output, p: &Parsed, groups: &[(&'static ResourceType, Vec<String>)], printer: WatchPrinter) {
    // SingleResourceType (cli-runtime builder.go).
    let [(rt, names)] = groups else {
        return out.err("error: you may only specify a single resource type\n");
    };
    let watch_only = p.flag("watch-only");
    if p.get("sort-by").is_some() {
        out.err(if p.flag("watch") { "warning: --watch requested, --sort-by will be ignored for watch events received\n" } else { "warning: --watch-only requested, --sort-by will be ignored\n" });
    }
    let all_ns = p.flag("all-namespaces");
    let namespace = super::namespace_of(p);
    // The watch starts at the list's resourceVersion: opened just before the list is read (no
    // time passes in between), it sees every change after it. A selector the server rejects
    // fails the list itself with the same words.
    let options = WatchOptions {
        namespace: (!all_ns).then(|| namespace.clone()),
        label_selector: selector_param(p.get("selector")),
        // A named watch selects its object by name (ResourceTypeOrNameArgs → metadata.name).
        field_selector: match names.first() {
            Some(name) => Some(format!("metadata.name={name}")),
            None => selector_param(p.get("field-selector")),
        },
    };
    let id = ctx.engine.open_watch(rt, &options).ok();
    let mut objects = Vec::new();
    if names.is_empty() {
        let mut list = Request::new(Verb::List, rt);
        list.namespace = (!all_ns).then(|| namespace.clone());
        list.label_selector = selector_param(p.get("selector"));
        list.field_selector = selector_param(p.get("field-selector"));
        list.impersonate = impersonation(p);
        let (label, field) = (list.label_selector.clone(), list.field_selector.clone());
        match send(ctx, out, list) {
            Ok(Response::List(items)) => objects = items,
            Ok(_) => {}
            Err(s) => {
                if let Some(id) = id {
                    ctx.engine.close_watch(id);
                }
                return out.err(&list_error(&s, rt, label.as_deref(), field.as_deref()));
            }
        }
    } else {
        for name in names {
            let req = super::get_request(rt, &namespace, name, p);
            match send(ctx, out, req) {
                Ok(Response::Object(v)) => objects.push(v),
                Ok(_) => {}
                // r.Infos() fails as a whole: nothing is printed, no watch starts.
                Err(s) => {
                    if let Some(id) = id {
                    ctx.engine.close_watch(id);
                }
                    if !(s.reason == podlife_engine::apiserver::status::Reason::NotFound && p.flag("ignore-not-found")) {
                        out.err(&server_error(&s, rt.kind, name, None));
                    }
                    return;
                }
            }
        }
    }
    if let Some(sort) = p.get("sort-by") {
        sort_items(&mut objects, sort);
    }
    let mut watch = WatchRequest { id: 0, resource: rt, printer, events: p.flag("output-watch-events"), printed: false };
    if !watch_only {
        let now = ctx.engine.now();
        let items: Vec<Item<'_>> = objects.iter().map(|object| Item { at: now, object, event: Some(EventType::Added) }).collect();
        watch.print(&items, out);
    }
    // Result.Watch: one source only; several names are several sources.
    if names.len() > 1 {
        if let Some(id) = id {
            ctx.engine.close_watch(id);
        }
        return out.err("error: you may only watch a single resource or type of resource at a time\n");
    }
    if let Some(id) = id {
        watch.id = id;
        ctx.watch = Some(watch);
    }
}
impl WatchRequest {
    /// What the watch saw since it opened: one print (and flush) per event, as kubectl's watch
    /// loop prints them.
    pub fn render(&mut self, engine: &mut podlife_engine::Engine, out: &mut Output) {
        for (at, event) in engine.drain_watch(self.id) {
            let object = event.object.to_value();
            self.print(&[Item { at, object: &object, event: Some(event.event_type) }], out);
        }
    }

    /// Prints items in one flush of kubectl's tab writer.
    fn print(&mut self, items: &[Item<'_>], out: &mut Output) {
        if items.is_empty() {
            return;
        }
        let event_name = |item: &Item<'_>| match item.event {
            Some(EventType::Added) => "ADDED",
            Some(EventType::Modified) => "MODIFIED",
            Some(EventType::Deleted) => "DELETED",
            None => "",
        };
        // The object each non-table printer is given: a metav1.WatchEvent when events are shown.
        let wrapped = |item: &Item<'_>| if self.events { json!({"type": event_name(item), "object": item.object}) } else { item.object.clone() };
        // OmitManagedFieldsPrinter (cli-runtime printers/managedfields.go).
        let shown = |item: &Item<'_>, show_managed: bool| {
            let mut v = wrapped(item);
            if !show_managed && !self.events
                && let Some(m) = v["metadata"].as_object_mut() {
                    m.remove("managedFields");
                }
            v
        };
        let rt = self.resource;
        match &self.printer {
            WatchPrinter::Table { wide, label_columns, show_labels, no_headers, with_namespace } => {
                let mut rows = Vec::new();
                if !self.printed && !no_headers {
                    let mut header = Vec::new();
                    if self.events {
                        header.push("EVENT".to_string());
                    }
                    if *with_namespace {
                        header.push("NAMESPACE".to_string());
                    }
                    header.extend(columns::headers(rt.kind, *wide).into_iter().map(str::to_string));
                    header.extend(label_columns.iter().map(|l| super::label_header(l)));
                    if *show_labels {
                        header.push("LABELS".into());
                    }
                    rows.push(header);
                }
                for item in items {
                    let mut row = Vec::new();
                    if self.events {
                        // tableprinter.go formattedEventType: padded to the width of MODIFIED.
                        row.push(format!("{:<8}", event_name(item)));
                    }
                    if *with_namespace {
                        row.push(item.object["metadata"]["namespace"].as_str().unwrap_or_default().to_string());
                    }
                    row.extend(columns::row(rt.kind, item.object, item.at, *wide));
                    row.extend(label_columns.iter().map(|l| item.object["metadata"]["labels"][l.as_str()].as_str().unwrap_or_default().to_string()));
                    if *show_labels {
                        row.push(format_labels(&item.object["metadata"]["labels"]));
                    }
                    rows.push(row);
                }
                out.out(&table::render(&rows));
            }
            WatchPrinter::Name => {
                for item in items {
                    out.out(&format!("{}\n", type_name(rt, item.object["metadata"]["name"].as_str().unwrap_or_default())));
                }
            }
            WatchPrinter::Yaml { show_managed } => {
                for item in items {
                    if self.printed {
                        out.out("---\n");
                    }
                    out.out(&yaml::to_yaml(&shown(item, *show_managed)));
                    self.printed = true;
                }
            }
            WatchPrinter::Json { show_managed } => {
                for item in items {
                    // A WatchEvent is marshalled compactly, in its struct's field order (type,
                    // object); an object indented (printers/json.go).
                    if self.events {
                        out.out(&format!("{{\"type\":\"{}\",\"object\":{}}}\n", event_name(item), json_printer::to_compact_json(item.object)));
                    } else {
                        out.out(&json_printer::to_json(&shown(item, *show_managed)));
                    }
                }
            }
            WatchPrinter::JsonPath(template) => {
                for item in items {
                    print_jsonpath(out, template, &wrapped(item));
                }
            }
            WatchPrinter::CustomColumns { columns, no_headers } => {
                let objects: Vec<Value> = items.iter().map(wrapped).collect();
                match custom_columns::render(columns, &objects, *no_headers || self.printed) {
                    Ok(text) => out.out(&text),
                    Err(e) => out.err(&format!("error: {e}\n")),
                }
            }
        }
        self.printed = true;
    }
}
