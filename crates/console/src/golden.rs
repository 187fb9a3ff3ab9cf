//! Golden transcripts: compare a run's output with its pinned file, or refresh the file
//! (`PODLIFE_UPDATE_GOLDEN=1`). Shared by the console's script goldens and the lessons'.

use std::path::Path;

use podlife_engine::{Action, TraceEvent};

use crate::script::Transcript;

/// A run's text as its golden pins it: the console's output, then the script's diagnostics
/// (line, column and the first line of each message).
pub fn transcript_text(t: &Transcript) -> String {
    let mut out = t.text.clone();
    if !t.diagnostics.is_empty() {
        out.push_str("--- diagnostics ---\n");
        for (_, d) in &t.diagnostics {
            out.push_str(&format!("{}:{}: {}\n", d.line, d.column, d.message.lines().next().unwrap_or_default()));
        }
    }
    out
}

/// Trace events a transcript leaves out as routine: the kubelets' Lease renewals (every 10 s
/// per node), traffic requests that succeeded (counted in the run's table), and the steady
/// work of the system pods in `kube-system` — their passing probes (kube-apiserver, etcd and
/// kube-scheduler are probed every second) and their pod workers' periodic `SyncPod`s. Failed
/// probes, terminations and everything the API sees stay.
pub fn routine(e: &TraceEvent) -> bool {
    let param = |name: &str, value: &str| e.params.get(name).is_some_and(|v| v.as_ref() == value);
    let Some(o) = &e.object else { return false };
    if o.kind == "Lease" {
        return true;
    }
    if e.action == Action::TrafficRequest {
        return param("result", "ok");
    }
    let system_pod = o.kind == "Pod" && o.namespace.as_deref() == Some("kube-system");
    system_pod && ((e.action == Action::KubeletProbe && param("result", "success")) || (e.action == Action::KubeletSync && param("type", "SyncPod")))
}

/// True when the goldens should be rewritten instead of compared.
pub fn updating() -> bool {
    std::env::var_os("PODLIFE_UPDATE_GOLDEN").is_some()
}

/// Writes `got` to `path` when updating; otherwise a description of the first differing line,
/// if any.
pub fn check(path: &Path, got: &str) -> Result<(), String> {
    if updating() {
        return std::fs::write(path, got).map_err(|e| format!("{}: {e}", path.display()));
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    if got == want {
        return Ok(());
    }
    let first = got.lines().zip(want.lines()).position(|(a, b)| a != b).unwrap_or_else(|| got.lines().count().min(want.lines().count()));
    Err(format!(
        "{}: differs at line {}:\n  got:  {:?}\n  want: {:?}",
        path.display(),
        first + 1,
        got.lines().nth(first).unwrap_or(""),
        want.lines().nth(first).unwrap_or("")
    ))
}
