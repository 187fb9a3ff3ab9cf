//! Tab completion for the console: commands, kubectl verbs, resource kinds and object names.

/// kubectl verbs the emulator knows, as `kubectl --help` lists them.
const KUBECTL_VERBS: &[&str] = &[
    "annotate", "api-resources", "apply", "auth", "cordon", "create", "debug", "delete", "describe", "drain", "events", "exec", "explain", "expose", "get", "label",
    "logs", "patch", "replace", "run", "taint", "uncordon", "version", "wait",
];

const KINDS: &[&str] = &[
    "pods", "nodes", "events", "namespaces", "services", "serviceaccounts", "configmaps", "secrets", "persistentvolumeclaims", "persistentvolumes",
    "storageclasses", "priorityclasses", "leases", "endpointslices", "endpoints",
];

const PROGRAMS: &[&str] = &["kubectl", "podlife", "sleep"];

const PODLIFE_VERBS: &[&str] = &["cluster", "node", "stop", "start", "restart", "scheduler", "traffic", "kube-proxy"];

/// `podlife node VERB NAME`.
const NODE_VERBS: &[&str] = &["add", "down", "up", "reboot", "remove"];

/// The candidates for the last word of `line`; `names` are object names the cluster has
/// (pods and nodes at the moment shown).
pub fn candidates(line: &str, names: &[String]) -> Vec<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    // Words are split at any whitespace (a pasted tab, a no-break space), so a new word
    // starts after any whitespace too.
    let (done, prefix): (&[&str], &str) = match words.split_last() {
        Some((last, done)) if !typing_new_word(line) => (done, last),
        _ => (&words[..], ""),
    };
    let pool: Vec<String> = match done {
        [] => PROGRAMS.iter().map(|s| s.to_string()).collect(),
        ["kubectl"] => KUBECTL_VERBS.iter().map(|s| s.to_string()).collect(),
        ["kubectl", "get" | "describe" | "delete" | "explain" | "label" | "annotate" | "patch"] => KINDS.iter().map(|s| s.to_string()).collect(),
        ["kubectl", "logs" | "exec", ..] | ["kubectl", _, _, ..] => names.to_vec(),
        ["podlife"] => PODLIFE_VERBS.iter().map(|s| s.to_string()).collect(),
        ["podlife", "cluster"] => ["default", "empty", "nodes"].iter().map(|s| s.to_string()).collect(),
        ["podlife", "node"] => NODE_VERBS.iter().map(|s| s.to_string()).chain(names.iter().cloned()).collect(),
        ["podlife", "node", "down" | "up" | "reboot" | "remove"] => names.to_vec(),
        _ => Vec::new(),
    };
    let mut out: Vec<String> = pool.into_iter().filter(|c| c.starts_with(prefix)).collect();
    out.sort();
    out.dedup();
    out
}

/// Whether the cursor is after whitespace (or at the start): completing a new word.
fn typing_new_word(line: &str) -> bool {
    line.is_empty() || line.ends_with(char::is_whitespace)
}

/// `line` with its last word completed as far as every candidate agrees (a space after a
/// single candidate), or None when nothing completes.
pub fn complete(line: &str, names: &[String]) -> Option<String> {
    let found = candidates(line, names);
    let first = found.first()?;
    let common = found.iter().fold(first.clone(), |acc, c| acc.chars().zip(c.chars()).take_while(|(a, b)| a == b).map(|(a, _)| a).collect());
    // The last word starts after the last whitespace character, whatever its width.
    let start = line.char_indices().rev().find(|(_, c)| c.is_whitespace()).map_or(0, |(i, c)| i + c.len_utf8());
    let mut out = format!("{}{}", &line[..start], common);
    if found.len() == 1 {
        out.push(' ');
    }
    (out != line).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_programs_verbs_kinds_and_names() {
        let names = vec!["nginx".to_string(), "nginx-2".to_string(), "worker-1".to_string()];
        assert_eq!(complete("kub", &names).as_deref(), Some("kubectl "));
        assert_eq!(complete("kubectl ge", &names).as_deref(), Some("kubectl get "));
        assert_eq!(complete("kubectl get po", &names).as_deref(), Some("kubectl get pods "));
        assert_eq!(complete("kubectl get pods ng", &names).as_deref(), Some("kubectl get pods nginx"));
        assert_eq!(candidates("kubectl get pods ng", &names), ["nginx", "nginx-2"]);
        assert_eq!(complete("kubectl logs w", &names).as_deref(), Some("kubectl logs worker-1 "));
        assert_eq!(complete("kubectl de", &names).as_deref(), None, "delete and describe share only \"de\"");
        assert_eq!(complete("kubectl des", &names).as_deref(), Some("kubectl describe "));
        assert_eq!(complete("zzz", &names), None);
        assert_eq!(complete("", &names), None, "three programs share no prefix");
        assert_eq!(complete("podlife node reb", &names).as_deref(), Some("podlife node reboot "));
        assert_eq!(complete("podlife node reboot w", &names).as_deref(), Some("podlife node reboot worker-1 "));
        assert_eq!(complete("podlife node w", &names).as_deref(), Some("podlife node worker-1 "));
        assert_eq!(complete("podlife cluster n", &names).as_deref(), Some("podlife cluster nodes "));
    }

    /// Found by fuzzing (the `complete` target): a line of only a tab or a no-break space
    /// panicked (no last word to complete), and a word after a tab or a no-break space was
    /// completed over the whole line.
    #[test]
    fn tabs_and_no_break_spaces_separate_words() {
        let names = vec!["nginx".to_string(), "worker-1".to_string()];
        for line in ["\t", "\u{a0}", " \t", "\u{a0}\u{a0}"] {
            assert_eq!(candidates(line, &names), ["kubectl", "podlife", "sleep"], "{line:?}");
            assert_eq!(complete(line, &names), None, "{line:?}");
        }
        assert_eq!(complete("kubectl\tge", &names).as_deref(), Some("kubectl\tget "));
        assert_eq!(complete("kubectl get\u{a0}po", &names).as_deref(), Some("kubectl get\u{a0}pods "));
        assert_eq!(complete("kubectl logs\u{a0}", &names), None, "two names share no prefix");
        assert_eq!(complete("podlife node reboot\u{a0}w", &names).as_deref(), Some("podlife node reboot\u{a0}worker-1 "));
    }
}
