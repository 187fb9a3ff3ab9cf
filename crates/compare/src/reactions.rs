//! The reactions one run has and the other does not, aligned on simulated time.
//!
//! **What counts as a reaction.** Not every trace event: an API request's authentication,
//! authorization, admission, etcd write, watch broadcast and informer deliveries follow from
//! the request, and kube-proxy's syncs, CRI calls, runc and CNI from what the kubelet does;
//! matching them too would list every consequence of one difference many times. A reaction
//! here is one of these events (routine ones — Lease renewals, answered traffic requests, the
//! system pods' passing probes and periodic syncs, `golden::routine` — are left out):
//!
//! | action | its key's detail |
//! |---|---|
//! | `request`: an API call that writes, other than a status update (reads and `…/status` writes are what every controller does all the time; the objects they show are in the outcome table) | the caller (user agent's program; a kubelet with its node), verb, path, response code; for an Event written, its reason |
//! | `scheduler.bind`, `scheduler.postfilter` | the node bound to |
//! | `kubelet.sync` other than a plain `SyncPod` | its type (`SyncTerminatingPod`, `SyncTerminatedPod`) |
//! | `kubelet.kill`, `kubelet.evict`, `kubelet.hook`, `kubelet.exec`, `kubelet.logs` | container, grace period, hook, handler |
//! | `kubelet.probe` that did not succeed | container, probe, result |
//! | `shim` (a container's process started or exited) | container, op, exit code, reason |
//! | `signal` | container, signal, disposition |
//! | `image.pull` once it ended | image, result |
//! | `traffic.request` that failed, `traffic.done` | result |
//! | `node.*`, `component.*`, `netpol.drop`, `dns.forward`, `internet.*` | — |
//!
//! **The key** of a reaction is (component, its node, action, object kind, namespace, name
//! with generated parts normalised, detail). Generated parts of names come from the RNG or
//! the clock and differ between two runs that otherwise did the same thing, so they become
//! `*` ([`normalise_name`]): upstream's 5-character suffixes (`web-7d9f8b6c4-x2x9z`), a
//! pod-template or controller-revision hash (6–10 characters of the same alphabet, after the
//! first segment), a UID's five hex groups, and an Event's hexadecimal tail (`web-2.18a…`).
//!
//! **Matching.** Two reactions match when their keys are equal and they happened at most
//! [`WINDOW_MS`] apart. Per key, each run's reactions are in time order; first every pair at
//! the very same millisecond is matched in order (two runs on one seed are identical until
//! their first difference, so everything before it matches exactly), then the rest greedily:
//! the earliest unmatched of each side are matched if within the window, otherwise the
//! earlier one is left unmatched. On a line, with a window the same for every pair, that
//! greedy pass matches as many pairs as any matching can (an exchange argument: the earliest
//! unmatched pair that fits can replace whatever an optimum pairs them with). What is left
//! unmatched is what one run did and the other did not, or did more than a second away: a
//! SIGKILL, a failed request, an extra restart, a stop signal five seconds later.

use std::collections::BTreeMap;

use podlife_engine::store::WatchEvent;
use podlife_engine::{Action, TraceEvent};
use serde_json::Value;

/// How far apart two reactions with the same key may be and still be the same reaction.
pub const WINDOW_MS: u64 = 1_000;

/// Which run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    A,
    B,
}

/// What identifies a reaction across two runs.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// The component that acted (for an API call, the client that sent it).
    pub component: String,
    pub node: Option<String>,
    pub action: Action,
    /// The object's kind, namespace and normalised name (empty when it has none).
    pub kind: String,
    pub namespace: Option<String>,
    pub name: String,
    /// The parameters that tell one such reaction from another (see the table above), as
    /// `(name, value)` in name order.
    pub detail: Vec<(String, String)>,
}

/// One reaction of a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reaction {
    /// Its event's index in the run's trace (for an API call, the `request` event).
    pub event: usize,
    /// When, in ms since the script's start.
    pub time_ms: u64,
    pub key: Key,
}

/// A reaction only one run has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlyIn {
    pub side: Side,
    pub reaction: Reaction,
}

/// The generated parts of a name as `*` (see the module's documentation).
pub fn normalise_name(name: &str) -> String {
    // An Event: `<involved object>.<hex nanoseconds>`.
    if let Some((head, tail)) = name.rsplit_once('.')
        && tail.len() >= 12
        && tail.bytes().all(|c| c.is_ascii_hexdigit())
    {
        return format!("{}.*", normalise_name(head));
    }
    let parts: Vec<&str> = name.split('-').collect();
    let mut out: Vec<&str> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        if is_uuid(&parts[i..]) {
            out.push("*");
            i += 5;
            continue;
        }
        let p = parts[i];
        let generated = i > 0 && (5..=10).contains(&p.len()) && p.bytes().all(|c| SAFE_ALPHABET.contains(&c));
        out.push(if generated { "*" } else { p });
        i += 1;
    }
    out.join("-")
}

/// `rand.String`'s and `rand.SafeEncodeString`'s alphabet (no vowels, no 0, 1 or 3).
const SAFE_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

/// Five segments in a UID's 8-4-4-4-12 hex shape.
fn is_uuid(parts: &[&str]) -> bool {
    const LENGTHS: [usize; 5] = [8, 4, 4, 4, 12];
    parts.len() >= 5 && parts.iter().zip(LENGTHS).all(|(p, n)| p.len() == n && p.bytes().all(|c| c.is_ascii_digit() || (b'a'..=b'f').contains(&c)))
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn param(e: &TraceEvent, key: &str) -> Option<String> {
    let v = e.params.get(key)?;
    (!v.is_null()).then(|| text(&v))
}

/// The parameters of `keys` that the event has, for a key's detail.
fn detail(e: &TraceEvent, keys: &[&str]) -> Vec<(String, String)> {
    keys.iter().filter_map(|k| param(e, k).map(|v| (k.to_string(), v))).collect()
}

/// A path with each segment's generated parts normalised.
fn normalise_path(path: &str) -> String {
    path.split('/').map(normalise_name).collect::<Vec<_>>().join("/")
}

/// A run's reactions, in trace order. `writes` (the run's etcd writes) gives an Event's
/// reason to the API call that wrote it; without them Events differ only by object.
pub fn reactions(trace: &[TraceEvent], writes: &[WatchEvent]) -> Vec<Reaction> {
    let by_revision: BTreeMap<u64, &WatchEvent> = writes.iter().map(|w| (w.revision, w)).collect();
    let mut out = Vec::new();
    for (i, e) in trace.iter().enumerate() {
        if podlife_console::golden::routine(e) {
            continue;
        }
        let mut component = e.component.name.to_string();
        let mut node = e.component.node.as_ref().map(|n| n.to_string());
        let detail = match e.action {
            Action::Request => {
                let verb = param(e, "verb").unwrap_or_default();
                let path = param(e, "path").unwrap_or_default();
                if matches!(verb.as_str(), "GET" | "LIST" | "WATCH") || path.split('?').next().unwrap_or_default().ends_with("/status") {
                    continue;
                }
                // The call's own events run to its `response` (a webhook's wait aside).
                let call = trace[i + 1..].iter().take(256).take_while(|x| x.action != Action::Request);
                let mut code = None;
                let mut revision = None;
                let mut user = None;
                for x in call {
                    match x.action {
                        Action::Authentication if user.is_none() => user = param(x, "user"),
                        Action::Etcd => revision = x.params.get("revision").and_then(|r| r.as_u64()).or(revision),
                        Action::Response => {
                            code = param(x, "code");
                            break;
                        }
                        _ => {}
                    }
                }
                let agent = param(e, "userAgent").unwrap_or_default();
                component = agent.split('/').next().unwrap_or_default().to_string();
                node = user.as_deref().and_then(|u| u.strip_prefix("system:node:")).filter(|_| component == "kubelet").map(str::to_string);
                let mut d = vec![("verb".to_string(), verb), ("path".to_string(), normalise_path(&path))];
                if let Some(c) = code {
                    d.push(("code".to_string(), c));
                }
                let written = revision.and_then(|r| by_revision.get(&r));
                if let Some(w) = written.filter(|w| w.key.resource == "events")
                    && let Some(reason) = w.object["reason"].as_str()
                {
                    d.push(("reason".to_string(), reason.to_string()));
                }
                d
            }
            Action::SchedulerBind | Action::SchedulerPostFilter => detail(e, &["node"]),
            Action::KubeletSync => match param(e, "type") {
                Some(t) if t != "SyncPod" => vec![("type".to_string(), t)],
                _ => continue,
            },
            Action::KubeletKill | Action::KubeletEvict | Action::KubeletHook | Action::KubeletExec | Action::KubeletLogs => detail(e, &["container", "gracePeriod", "handler", "hook", "previous", "signal"]),
            Action::KubeletProbe => match param(e, "result").as_deref() {
                Some("success") | None => continue,
                Some(_) => detail(e, &["container", "probe", "result"]),
            },
            Action::Shim => detail(e, &["container", "exitCode", "op", "reason"]),
            Action::Signal => detail(e, &["container", "disposition", "signal"]),
            Action::ImagePull => match param(e, "result").as_deref() {
                Some("pulling") => continue,
                _ => detail(e, &["image", "result"]),
            },
            Action::TrafficRequest | Action::TrafficDone => detail(e, &["result"]),
            Action::NodeDown | Action::NodeUp | Action::NodeAdd | Action::NodeShutdown | Action::NodeBoot | Action::ComponentStop | Action::ComponentStart => Vec::new(),
            Action::NetpolDrop | Action::DnsForward | Action::InternetDns | Action::InternetHttp => detail(e, &["direction", "host", "name", "rcode", "code"]),
            _ => continue,
        };
        let mut detail = detail;
        detail.sort();
        let (kind, namespace, name) = match &e.object {
            Some(o) => (o.kind.to_string(), o.namespace.as_ref().map(|n| n.to_string()), normalise_name(o.name.as_ref())),
            None => (String::new(), None, String::new()),
        };
        out.push(Reaction { event: i, time_ms: e.time.since_start(), key: Key { component, node, action: e.action, kind, namespace, name, detail } });
    }
    out
}

/// Which reactions of A and of B have a partner in the other run: for each, the index of
/// its partner in the other's list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Matching {
    pub a: Vec<Option<usize>>,
    pub b: Vec<Option<usize>>,
}

/// Matches two runs' reactions (see the module's documentation).
pub fn match_reactions(a: &[Reaction], b: &[Reaction], window_ms: u64) -> Matching {
    let mut m = Matching { a: vec![None; a.len()], b: vec![None; b.len()] };
    let mut groups: BTreeMap<&Key, (Vec<usize>, Vec<usize>)> = BTreeMap::new();
    for (i, r) in a.iter().enumerate() {
        groups.entry(&r.key).or_default().0.push(i);
    }
    for (j, r) in b.iter().enumerate() {
        groups.entry(&r.key).or_default().1.push(j);
    }
    for (xs, ys) in groups.values() {
        // Trace order is time order; sort anyway so the rule does not depend on it.
        let mut xs = xs.clone();
        let mut ys = ys.clone();
        xs.sort_by_key(|&i| (a[i].time_ms, i));
        ys.sort_by_key(|&j| (b[j].time_ms, j));
        // 1. The same millisecond, in order.
        let (mut p, mut q) = (0, 0);
        while p < xs.len() && q < ys.len() {
            let (ta, tb) = (a[xs[p]].time_ms, b[ys[q]].time_ms);
            if ta == tb {
                m.a[xs[p]] = Some(ys[q]);
                m.b[ys[q]] = Some(xs[p]);
                p += 1;
                q += 1;
            } else if ta < tb {
                p += 1;
            } else {
                q += 1;
            }
        }
        // 2. Greedily within the window, over what is left.
        let xs: Vec<usize> = xs.into_iter().filter(|&i| m.a[i].is_none()).collect();
        let ys: Vec<usize> = ys.into_iter().filter(|&j| m.b[j].is_none()).collect();
        let (mut p, mut q) = (0, 0);
        while p < xs.len() && q < ys.len() {
            let (ta, tb) = (a[xs[p]].time_ms, b[ys[q]].time_ms);
            if ta + window_ms < tb {
                p += 1;
            } else if tb + window_ms < ta {
                q += 1;
            } else {
                m.a[xs[p]] = Some(ys[q]);
                m.b[ys[q]] = Some(xs[p]);
                p += 1;
                q += 1;
            }
        }
    }
    m
}

/// The reactions without a partner, in time order (A before B at the same moment).
pub fn unmatched(a: &[Reaction], b: &[Reaction], m: &Matching) -> Vec<OnlyIn> {
    let mut out: Vec<OnlyIn> = a
        .iter()
        .zip(&m.a)
        .filter(|(_, p)| p.is_none())
        .map(|(r, _)| OnlyIn { side: Side::A, reaction: r.clone() })
        .chain(b.iter().zip(&m.b).filter(|(_, p)| p.is_none()).map(|(r, _)| OnlyIn { side: Side::B, reaction: r.clone() }))
        .collect();
    out.sort_by_key(|o| (o.reaction.time_ms, o.side, o.reaction.event));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_parts_of_names_are_normalised() {
        for (name, want) in [
            ("web-7d9f8b6c4-x2x9z", "web-*-*"),
            ("web-2", "web-2"),
            ("nginx", "nginx"),
            ("quick-42v9q", "quick-*"),
            ("kube-api-access-k8v2x", "kube-api-access-*"),
            ("app.1898fa9bb375b200", "app.*"),
            ("web-7d9f8b6c4-x2x9z.1898fa9bb375b200", "web-*-*.*"),
            ("pvc-c34d0bff-9015-4280-a099-ec6cd7363ca5", "pvc-*"),
            ("helper-pod-create-pvc-c34d0bff-9015-4280-a099-ec6cd7363ca5", "helper-pod-create-pvc-*"),
            // Words with a vowel, 0, 1 or 3, and the first segment stay.
            ("db-0", "db-0"),
            ("shell-form", "shell-form"),
            ("exec-form", "exec-form"),
            ("crypt-store", "crypt-store"),
            ("bcdfg-x", "bcdfg-x"),
            ("worker-1", "worker-1"),
        ] {
            assert_eq!(normalise_name(name), want, "{name}");
        }
    }

    fn r(event: usize, time_ms: u64, name: &str) -> Reaction {
        Reaction {
            event,
            time_ms,
            key: Key { component: "kubelet".into(), node: Some("worker-1".into()), action: Action::Signal, kind: "Pod".into(), namespace: Some("default".into()), name: normalise_name(name), detail: vec![("signal".into(), "SIGTERM".into())] },
        }
    }

    #[test]
    fn same_moment_first_then_within_the_window() {
        // A: t=0, 900, 5000; B: t=900, 1500. The 900s pair exactly; 0 and 1500 are 1.5 s
        // apart (unmatched); 5000 has no partner.
        let a = [r(0, 0, "web-1"), r(1, 900, "web-1"), r(2, 5_000, "web-1")];
        let b = [r(0, 900, "web-1"), r(1, 1_500, "web-1")];
        let m = match_reactions(&a, &b, WINDOW_MS);
        assert_eq!(m.a, vec![None, Some(0), None]);
        assert_eq!(m.b, vec![Some(1), None]);
        let only: Vec<(Side, u64)> = unmatched(&a, &b, &m).iter().map(|o| (o.side, o.reaction.time_ms)).collect();
        assert_eq!(only, vec![(Side::A, 0), (Side::B, 1_500), (Side::A, 5_000)]);
    }

    #[test]
    fn the_greedy_pass_matches_as_many_as_possible() {
        // A: 0, 1000; B: 900, 1900. Pairing 0–900 and 1000–1900 matches both; pairing the
        // closest first (1000–900) would leave two unmatched.
        let a = [r(0, 0, "x"), r(1, 1_000, "x")];
        let b = [r(0, 900, "x"), r(1, 1_900, "x")];
        let m = match_reactions(&a, &b, WINDOW_MS);
        assert_eq!(m.a, vec![Some(0), Some(1)]);
        assert!(unmatched(&a, &b, &m).is_empty());
    }

    #[test]
    fn generated_names_match_and_different_details_do_not() {
        let a = [r(0, 100, "web-7d9f8b6c4-x2x9z")];
        let b = [r(0, 300, "web-7d9f8b6c4-qq7fk")];
        assert_eq!(match_reactions(&a, &b, WINDOW_MS).a, vec![Some(0)]);
        let mut kill = r(0, 100, "web-7d9f8b6c4-qq7fk");
        kill.key.detail = vec![("signal".into(), "SIGKILL".into())];
        let m = match_reactions(&a, &[kill], WINDOW_MS);
        assert_eq!((m.a, m.b), (vec![None], vec![None]));
        // Another pod of another name is another reaction.
        assert_eq!(match_reactions(&a, &[r(0, 100, "api-7d9f8b6c4-x2x9z")], WINDOW_MS).a, vec![None]);
    }
}
