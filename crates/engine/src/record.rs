//! The `core/v1` event recorder of the kubelet and kube-controller-manager's controllers:
//! client-go's `record` package
//! (`staging/src/k8s.io/client-go/tools/record/events_cache.go`): the spam filter (a token
//! bucket of 25 per source, object and type, refilled one every 5 minutes), then the logger
//! that turns a repeat of the same event into `count: N` on the first one (what `kubectl
//! describe` shows as `(x3 over 20s)`), after the aggregator that folds *similar* events — the
//! same source, object, type and reason with a tenth different message within ten minutes — into
//! one `(combined from similar events): …` event (`EventAggregatorByReasonFunc`, 10, 600 s).

use crate::Slot;
use crate::vecmap::{VecMap, VecSet};

use serde_json::Value;

use crate::clock::Time;

const SPAM_BURST: f64 = 25.0;
const SPAM_REFILL_MS: f64 = 300_000.0;
/// `defaultAggregateMaxEvents` and `defaultAggregateIntervalInSeconds`.
const AGGREGATE_MAX_EVENTS: usize = 10;
const AGGREGATE_INTERVAL_MS: u64 = 600_000;

/// `maxLruCacheEntries`: each of the correlator's three caches holds this many keys.
const LRU_ENTRIES: usize = 4096;

#[derive(Debug, Clone, Default)]
pub struct Recorder {
    /// Event key → (event name, count, first timestamp).
    seen: Lru<(String, u64, String)>,
    /// Spam key → (tokens, last refill).
    buckets: Lru<(f64, Time)>,
    /// Aggregate key → (the distinct messages seen, the last time one was).
    similar: Lru<(VecSet<String>, Time)>,
    /// The names of the events created at one instant (two in the same nanosecond get
    /// distinct names).
    named_at: (Time, VecSet<String>),
}

/// The LRU cache the correlator keeps each memory in (`k8s.io/utils/lru`, `LRU_ENTRIES`
/// keys): every look-up and every write makes a key the most recent, and a new key beyond
/// the size drops the least recent — a repeat of an event forgotten this way starts a new
/// event with a count of 1, as upstream's does.
#[derive(Debug, Clone)]
struct Lru<V> {
    entries: VecMap<String, (u64, V)>,
    by_use: VecMap<u64, String>,
    tick: u64,
}

impl<V> Default for Lru<V> {
    fn default() -> Self {
        Lru { entries: VecMap::new(), by_use: VecMap::new(), tick: 0 }
    }
}

impl<V> Lru<V> {
    /// The value under `key`, made the most recent (`Get`).
    fn get(&mut self, key: &str) -> Option<&mut V> {
        let slot = self.entries.get_mut(key)?;
        self.by_use.remove(&slot.0);
        self.tick += 1;
        slot.0 = self.tick;
        self.by_use.insert(self.tick, key.to_string());
        Some(&mut slot.1)
    }

    /// The value under `key`, made first by `make` if there is none (`Add`), and the most recent.
    fn get_or_insert_with(&mut self, key: &str, make: impl FnOnce() -> V) -> &mut V {
        if !self.entries.contains_key(key)
            && self.entries.len() >= LRU_ENTRIES
            && let Some((_, oldest)) = self.by_use.pop_first()
        {
            self.entries.remove(&oldest);
        }
        self.tick += 1;
        let slot = self.entries.entry(key.to_string()).or_insert_with(|| (0, make()));
        if slot.0 != 0 {
            self.by_use.remove(&slot.0);
        }
        slot.0 = self.tick;
        self.by_use.insert(self.tick, key.to_string());
        &mut slot.1
    }

    /// The value under `key`, without making it the most recent.
    fn peek(&self, key: &str) -> Option<&V> {
        self.entries.get(key).map(|(_, v)| v)
    }

    fn retain(&mut self, keep: impl Fn(&str) -> bool) {
        self.entries.retain(|k, _| keep(k));
        self.by_use.retain(|_, k| keep(k));
    }
}

/// What an event says: its type (`Normal`/`Warning`), reason and message.
#[derive(Debug, Clone, Copy)]
pub struct Note<'a> {
    pub kind: &'a str,
    pub reason: &'a str,
    pub message: &'a str,
}

/// Who writes an event: `source.component` / `reportingComponent`, and the host
/// (`source.host` / `reportingInstance`; a controller has none).
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub component: &'a str,
    pub host: Option<&'a str>,
}

/// The nanosecond clock reading client-go names an event after (`<object>.<hex nanos>`).
pub fn event_nanos(now: Time) -> u128 {
    (crate::clock::EPOCH_UNIX_SECONDS as i128 * 1_000_000_000 + now.millis() as i128 * 1_000_000) as u128
}

/// `getSpamKey`: source, object and type (not reason or message) share one bucket.
fn spam_key(involved: Involved<'_>, kind: &str, source: Source<'_>) -> String {
    let meta = &involved.object["metadata"];
    let s = |v: &Slot| v.as_str().unwrap_or_default().to_string();
    let (ns, name, uid) = (s(&meta["namespace"]), s(&meta["name"]), s(&meta["uid"]));
    format!("{}/{}/{}/{ns}/{name}/{uid}/{}/{kind}", source.component, source.host.unwrap_or(""), involved.kind, involved.api_version)
}

/// A `core/v1` Event's first occurrence, as client-go's recorder creates it.
pub fn core_event(name: &str, namespace: &str, involved: Value, note: Note<'_>, source: Source<'_>, now: Time) -> Value {
    let ts = now.rfc3339();
    let mut src = json!({"component": source.component});
    if let Some(h) = source.host {
        src["host"] = json!(h);
    }
    json!({
        "apiVersion": "v1", "kind": "Event",
        "metadata": {"name": name, "namespace": namespace},
        "involvedObject": involved,
        "reason": note.reason, "message": note.message, "type": note.kind,
        "source": src,
        "firstTimestamp": ts, "lastTimestamp": ts, "count": 1,
        "eventTime": null, "reportingComponent": source.component, "reportingInstance": source.host.unwrap_or(""),
    })
}

/// What to send for one recorded event.
pub enum Write {
    Create(Value),
    /// Update the existing event (new count and lastTimestamp; `first` is its firstTimestamp);
    /// `event` is the whole updated event.
    Update { name: String, count: u64, first: String, last: String, event: Value },
}

impl Write {
    /// What client-go's `recordToSink` sends first (`recordEvent`): a new event is POSTed; a
    /// repeat is a strategic-merge PATCH, by name, of the fields `eventObserve`'s two-way patch
    /// finds changed — `count`, `lastTimestamp`, `message` (`EventSinkImpl.Patch`).
    pub fn first_request(&self) -> (crate::apiserver::request::Verb, Option<&str>, Value) {
        match self {
            Write::Create(body) => (crate::apiserver::request::Verb::Create, None, body.clone()),
            Write::Update { name, count, last, event, .. } => {
                (crate::apiserver::request::Verb::Patch, Some(name.as_str()), json!({"count": count, "lastTimestamp": last, "message": event["message"]}))
            }
        }
    }

    /// The event's name.
    pub fn name(&self) -> &str {
        match self {
            Write::Create(event) => event["metadata"]["name"].as_str().unwrap_or_default(),
            Write::Update { name, .. } => name,
        }
    }

    /// A repeat whose event is gone (it expired, or was deleted) is created again, under its
    /// name and with its count: `recordEvent` follows a PATCH answered 404 with a Create.
    pub fn recreated(&self) -> Option<&Value> {
        match self {
            Write::Create(_) => None,
            Write::Update { event, .. } => Some(event),
        }
    }
}

/// What `eventObserve` found of an event: the first of its kind, or a repeat of the event
/// `name` (its new count, its first timestamp).
enum Observed {
    First { name: String },
    Repeat { name: String, count: u64, first: String },
}

/// The object an event is about (`involvedObject`).
#[derive(Debug, Clone, Copy)]
pub struct Involved<'a> {
    pub kind: &'a str,
    pub api_version: &'a str,
    pub object: &'a crate::Slot,
    pub field_path: Option<&'a str>,
}

impl Involved<'_> {
    /// The `involvedObject` reference.
    pub fn reference(&self) -> Value {
        let meta = &self.object["metadata"];
        let mut r = json!({"apiVersion": self.api_version, "kind": self.kind, "name": meta["name"], "namespace": meta["namespace"], "uid": meta["uid"]});
        if let Some(rv) = meta["resourceVersion"].as_str() {
            r["resourceVersion"] = json!(rv);
        }
        if let Some(fp) = self.field_path {
            r["fieldPath"] = json!(fp);
        }
        r
    }
}

impl Recorder {
    /// Records an event about `pod` (with `field_path` for a container); None when the spam
    /// filter drops it.
    pub fn record(&mut self, node: &str, pod: &Slot, field_path: Option<&str>, note: Note<'_>, now: Time) -> Option<Write> {
        let involved = Involved { kind: "Pod", api_version: "v1", object: pod, field_path };
        self.record_about(involved, note, Source { component: "kubelet", host: Some(node) }, now)
    }

    /// Records an event about any object, from any source (`EventCorrelator.EventCorrelate`:
    /// the aggregator, the logger counting repeats on the first event, then the spam filter).
    pub fn record_about(&mut self, involved: Involved<'_>, note: Note<'_>, source: Source<'_>, now: Time) -> Option<Write> {
        let Note { kind, reason, message } = note;
        let meta = &involved.object["metadata"];
        let s = |v: &Slot| v.as_str().unwrap_or_default().to_string();
        let (ns, name, uid) = (s(&meta["namespace"]), s(&meta["name"]), s(&meta["uid"]));
        let (component, host, object_kind, api_version) = (source.component, source.host.unwrap_or(""), involved.kind, involved.api_version);
        let field_path = involved.field_path;
        // EventAggregate: the tenth different message of one kind of event (and every one
        // after it) becomes the combined event, counted under the aggregate key.
        let aggregate_key = format!("{component}/{host}/{object_kind}/{ns}/{name}/{uid}/{api_version}/{kind}/{reason}");
        let record = self.similar.get_or_insert_with(&aggregate_key, || (VecSet::new(), now));
        if now.millis().saturating_sub(record.1.millis()) > AGGREGATE_INTERVAL_MS {
            record.0.clear();
        }
        record.0.insert(message.to_string());
        record.1 = now;
        let combined;
        let (key, note) = if record.0.len() < AGGREGATE_MAX_EVENTS {
            (format!("{component}/{host}/{object_kind}/{ns}/{name}/{}/{uid}/{api_version}/{kind}/{reason}/{message}", field_path.unwrap_or("")), note)
        } else {
            // `PopAny` keeps the set below the threshold (podlife pops the first, not a random one).
            if let Some(first) = record.0.iter().next().cloned() {
                record.0.remove(&first);
            }
            combined = format!("(combined from similar events): {message}");
            (aggregate_key, Note { message: &combined, ..note })
        };
        // eventObserve: a repeat updates the first event's count. (The event itself is built
        // only if the spam filter lets it through: most repeats are dropped.)
        let ts = now.rfc3339();
        let observed = if let Some((event_name, count, first)) = self.seen.get(&key) {
            *count += 1;
            Observed::Repeat { name: event_name.clone(), count: *count, first: first.clone() }
        } else {
            let unix_nanos = event_nanos(now);
            // Two events in the same nanosecond get distinct names, as real clocks would.
            let mut event_name = format!("{name}.{unix_nanos:x}");
            if self.named_at.0 != now {
                self.named_at = (now, VecSet::new());
            }
            let mut bump = 0u128;
            while self.named_at.1.contains(&event_name) {
                bump += 1;
                event_name = format!("{name}.{:x}", unix_nanos + bump);
            }
            self.named_at.1.insert(event_name.clone());
            *self.seen.get_or_insert_with(&key, || (String::new(), 0, String::new())) = (event_name.clone(), 1, ts.clone());
            Observed::First { name: event_name }
        };
        // The spam filter last, on what would be sent (its caches above are updated anyway).
        let spam_key = spam_key(involved, kind, source);
        let bucket = self.buckets.get_or_insert_with(&spam_key, || (SPAM_BURST, now));
        let refill = (now.millis().saturating_sub(bucket.1.millis())) as f64 / SPAM_REFILL_MS;
        bucket.0 = (bucket.0 + refill).min(SPAM_BURST);
        bucket.1 = now;
        if bucket.0 < 1.0 {
            return None;
        }
        bucket.0 -= 1.0;
        Some(match observed {
            Observed::Repeat { name, count, first } => {
                let mut event = core_event(&name, &ns, involved.reference(), note, source, now);
                event["count"] = json!(count);
                event["firstTimestamp"] = json!(first.clone());
                Write::Update { name, count, first, last: ts, event }
            }
            Observed::First { name } => Write::Create(core_event(&name, &ns, involved.reference(), note, source, now)),
        })
    }

    /// The first moment an event of `kind` about `involved` from `source` would pass the
    /// spam filter: its bucket refills one token every 5 minutes. A moment a millisecond
    /// early at most, so that every recording before it is surely dropped.
    pub fn next_write_at(&self, involved: Involved<'_>, kind: &str, source: Source<'_>) -> Time {
        match self.buckets.peek(&spam_key(involved, kind, source)) {
            Some(&(tokens, last)) if tokens < 1.0 => last.plus_millis(((1.0 - tokens) * SPAM_REFILL_MS).floor() as u64),
            Some(&(_, last)) => last,
            None => Time::ZERO,
        }
    }

    /// Forgets a pod's events (it was deleted; its events age out on their own).
    pub fn forget(&mut self, uid: &str) {
        self.seen.retain(|k| !k.contains(uid));
        self.buckets.retain(|k| !k.contains(uid));
        self.similar.retain(|k| !k.contains(uid));
    }
}

/// A client that sends a request to kube-apiserver (the recorder's sink).
pub(crate) type Send<'a> = dyn FnMut(crate::apiserver::request::Request) -> Result<crate::apiserver::request::Response, crate::apiserver::status::Status> + 'a;

/// A client's request builder for the events it records (its credentials).
pub(crate) type EventClient<'a> = dyn Fn(crate::apiserver::request::Verb, &str, Option<&str>, &str, Value) -> Option<crate::apiserver::request::Request> + 'a;

/// Sends an event write as client-go's event sink does, through any client (`send`): a
/// repeat's PATCH answered 404 is followed by a Create of the whole event.
/// (Both closures are trait objects: one copy of this code serves every recorder.)
pub(crate) fn sink(write: &Write, build: &dyn Fn(crate::apiserver::request::Verb, Option<&str>, Value) -> Option<crate::apiserver::request::Request>, send: &mut Send<'_>) {
    use crate::apiserver::request::Verb;
    let (verb, name, body) = write.first_request();
    let Some(mut req) = build(verb, name, body) else { return };
    if verb == Verb::Patch {
        req.patch_type = crate::apiserver::patch::PatchType::Strategic;
    }
    let sent = send(req);
    if let (Err(status), Some(event)) = (&sent, write.recreated())
        && status.reason == crate::apiserver::status::Reason::NotFound
    {
        let mut body = event.clone();
        if let Some(meta) = body["metadata"].as_object_mut() {
            meta.remove("resourceVersion");
        }
        if let Some(req) = build(Verb::Create, None, body) {
            let _ = send(req);
        }
    }
}

/// `Engine::event_through` for a component that sends through its own context: `note` is
/// (type, reason, message), `send` its API client.
pub(crate) fn event_via(
    recorder: &mut Recorder,
    client: &EventClient<'_>,
    source: &str,
    reference: Value,
    note: (&str, &str, &str),
    now: crate::clock::Time,
    send: &mut Send<'_>,
) {
    let (kind, reason, message) = note;
    let object = json!({"metadata": {"name": reference["name"], "namespace": reference["namespace"], "uid": reference["uid"]}});
    let (ref_kind, api_version) = (reference["kind"].as_str().unwrap_or_default().to_string(), reference["apiVersion"].as_str().unwrap_or_default().to_string());
    let involved = Involved { kind: &ref_kind, api_version: &api_version, object: &crate::Obj::untyped(&object), field_path: None };
    let note = Note { kind, reason, message };
    let src = Source { component: source, host: None };
    let ns = reference["namespace"].as_str().filter(|n| !n.is_empty()).unwrap_or("default").to_string();
    let Some(write) = recorder.record_about(involved, note, src, now) else { return };
    let build = |verb: crate::apiserver::request::Verb, name: Option<&str>, mut body: Value| {
        // A created event (new, or made again after a 404) names the whole reference.
        if verb == crate::apiserver::request::Verb::Create {
            body["metadata"]["namespace"] = json!(ns);
            body["involvedObject"] = reference.clone();
        }
        client(verb, "events", Some(&ns), name.unwrap_or_default(), body).map(|mut r| {
            if verb == crate::apiserver::request::Verb::Create {
                r.name = None;
            }
            r
        })
    };
    sink(&write, &build, send);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `events_cache_test.go` TestEventAggregatorByReasonFunc's threshold: nine different
    /// messages stay apart, the tenth and later ones fold into one combined event.
    #[test]
    fn the_tenth_similar_event_is_combined() {
        let mut r = Recorder::default();
        let rs = json!({"metadata": {"name": "web-1", "namespace": "default", "uid": "u"}});
        let src = Source { component: "replicaset-controller", host: None };
        let inv = Involved { kind: "ReplicaSet", api_version: "apps/v1", object: &crate::Obj::untyped(&rs), field_path: None };
        let messages: Vec<String> = (0..12).map(|i| format!("Created pod: web-1-{i}")).collect();
        let writes: Vec<Write> = messages.iter().map(|m| r.record_about(inv, Note { kind: "Normal", reason: "SuccessfulCreate", message: m }, src, Time(0)).unwrap()).collect();
        for w in &writes[..9] {
            assert!(matches!(w, Write::Create(e) if !e["message"].as_str().unwrap().starts_with("(combined")));
        }
        match &writes[9] {
            Write::Create(e) => assert_eq!(e["message"], "(combined from similar events): Created pod: web-1-9"),
            _ => panic!("the tenth creates the combined event"),
        }
        match &writes[11] {
            Write::Update { count, event, .. } => {
                assert_eq!(*count, 3);
                assert_eq!(event["message"], "(combined from similar events): Created pod: web-1-11");
            }
            _ => panic!("later ones count on it"),
        }
        // Ten minutes later the record starts afresh.
        let late = r.record_about(inv, Note { kind: "Normal", reason: "SuccessfulCreate", message: "Created pod: web-1-x" }, src, Time(600_001)).unwrap();
        assert!(matches!(late, Write::Create(e) if e["message"] == "Created pod: web-1-x"));
    }

    /// The correlator's caches hold 4096 keys (`maxLruCacheEntries`): an event repeated after
    /// 4096 others were recorded since is a new event, not a higher count on the old one.
    #[test]
    fn a_repeat_forgotten_by_the_lru_starts_a_new_event() {
        let mut r = Recorder::default();
        let pod = |i: usize| json!({"metadata": {"name": format!("p{i}"), "namespace": "default", "uid": format!("u{i}")}});
        let pulled = Note { kind: "Normal", reason: "Pulled", message: "x" };
        assert!(matches!(r.record("n", &crate::Obj::untyped(&pod(0)), None, pulled, Time(0)), Some(Write::Create(_))));
        assert!(matches!(r.record("n", &crate::Obj::untyped(&pod(0)), None, pulled, Time(1)), Some(Write::Update { count: 2, .. })));
        for i in 1..LRU_ENTRIES {
            r.record("n", &crate::Obj::untyped(&pod(i)), None, pulled, Time(2));
        }
        // 4095 others: p0's memory is the oldest but still there.
        assert!(matches!(r.record("n", &crate::Obj::untyped(&pod(0)), None, pulled, Time(3)), Some(Write::Update { count: 3, .. })));
        for i in LRU_ENTRIES..2 * LRU_ENTRIES {
            r.record("n", &crate::Obj::untyped(&pod(i)), None, pulled, Time(4));
        }
        assert!(matches!(r.record("n", &crate::Obj::untyped(&pod(0)), None, pulled, Time(5)), Some(Write::Create(_))));
    }

    #[test]
    fn repeats_count_and_the_spam_filter_caps_a_burst() {
        let mut r = Recorder::default();
        let pod = json!({"metadata": {"name": "p", "namespace": "default", "uid": "u1"}});
        assert!(matches!(r.record("n", &crate::Obj::untyped(&pod), Some("spec.containers{a}"), Note { kind: "Normal", reason: "Pulled", message: "x" }, Time(0)), Some(Write::Create(_))));
        match r.record("n", &crate::Obj::untyped(&pod), Some("spec.containers{a}"), Note { kind: "Normal", reason: "Pulled", message: "x" }, Time(10)) {
            Some(Write::Update { count, .. }) => assert_eq!(count, 2),
            _ => panic!("expected an update"),
        }
        for i in 0..23 {
            assert!(r.record("n", &crate::Obj::untyped(&pod), None, Note { kind: "Normal", reason: "R", message: &i.to_string() }, Time(20)).is_some());
        }
        // 25 tokens used: the 26th Normal event is dropped, a Warning is not.
        assert!(r.record("n", &crate::Obj::untyped(&pod), None, Note { kind: "Normal", reason: "R", message: "late" }, Time(30)).is_none());
        assert!(r.record("n", &crate::Obj::untyped(&pod), None, Note { kind: "Warning", reason: "R", message: "w" }, Time(30)).is_some());
        // One token back after five minutes.
        assert!(r.record("n", &crate::Obj::untyped(&pod), None, Note { kind: "Normal", reason: "R", message: "later" }, Time(300_030)).is_some());
    }

    /// `next_write_at` names the first moment the spam filter lets an event through: every
    /// recording before it is dropped (their counts still grow), the one at it is written.
    #[test]
    fn the_next_write_is_when_the_bucket_refills() {
        let mut r = Recorder::default();
        let pod = json!({"metadata": {"name": "p", "namespace": "default", "uid": "u1"}});
        let involved = Involved { kind: "Pod", api_version: "v1", object: &crate::Obj::untyped(&pod), field_path: None };
        let source = Source { component: "kubelet", host: Some("n") };
        assert_eq!(r.next_write_at(involved, "Normal", source), Time::ZERO, "a fresh bucket is full");
        let note = Note { kind: "Normal", reason: "BackOff", message: "Back-off pulling image" };
        for _ in 0..25 {
            assert!(r.record("n", &crate::Obj::untyped(&pod), None, note, Time(1_000)).is_some());
        }
        let at = r.next_write_at(involved, "Normal", source);
        assert_eq!(at, Time(301_000));
        // Recordings every 12 s until then are dropped, and each moves the bucket's clock.
        let mut t = Time(13_000);
        while t < at {
            assert!(r.record("n", &crate::Obj::untyped(&pod), None, note, t).is_none(), "dropped at {t:?}");
            let next = r.next_write_at(involved, "Normal", source);
            assert!(next <= at && next.millis() + 1 >= at.millis(), "{next:?}: the refill stays put, rounded down");
            t = t.plus_millis(12_000);
        }
        match r.record("n", &crate::Obj::untyped(&pod), None, note, at.plus_millis(1)) {
            Some(Write::Update { count, .. }) => assert_eq!(count, 25 + 25),
            _ => panic!("the refilled token writes the repeat"),
        }
        assert_eq!(r.next_write_at(involved, "Warning", source), Time::ZERO, "Warning has its own bucket");
    }
}
