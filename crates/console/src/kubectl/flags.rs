//! kubectl's command-line grammar (cobra + pflag): flags anywhere among the arguments,
//! `--flag=value`, `--flag value`, `-n value`, `-nvalue`, `--` ending flags, and cobra's own
//! error texts for unknown flags.

use podlife_engine::vecmap::VecMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Bool,
    Value,
    /// Repeatable (`--env A=1 --env B=2`).
    Multi,
    /// A value that may be omitted (`--dry-run` means `--dry-run=client`... in our emulation).
    OptionalValue(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct Spec {
    pub long: &'static str,
    pub short: Option<char>,
    pub kind: Kind,
}

const fn f(long: &'static str, short: Option<char>, kind: Kind) -> Spec {
    Spec { long, short, kind }
}

/// Flags every kubectl command accepts.
pub const GLOBAL: &[Spec] = &[
    f("namespace", Some('n'), Kind::Value),
    f("as", None, Kind::Value),
    f("as-group", None, Kind::Multi),
    f("context", None, Kind::Value),
    f("cluster", None, Kind::Value),
    f("user", None, Kind::Value),
    f("kubeconfig", None, Kind::Value),
    f("request-timeout", None, Kind::Value),
    f("v", Some('v'), Kind::Value),
    f("server", Some('s'), Kind::Value),
];

#[derive(Debug, Default, Clone)]
pub struct Parsed {
    pub args: Vec<String>,
    /// Arguments after `--`.
    pub after_dash: Vec<String>,
    pub values: VecMap<String, Vec<String>>,
}

impl Parsed {
    pub fn get(&self, long: &str) -> Option<&str> {
        self.values.get(long).and_then(|v| v.last()).map(String::as_str)
    }

    pub fn all(&self, long: &str) -> Vec<String> {
        self.values.get(long).cloned().unwrap_or_default()
    }

    pub fn flag(&self, long: &str) -> bool {
        matches!(self.get(long), Some(v) if v != "false")
    }

    pub fn has(&self, long: &str) -> bool {
        self.values.contains_key(long)
    }
}

/// A `time.Duration` flag (`--timeout=1m30s`) in whole milliseconds, rounded away from zero
/// (negative stays negative: each command says what that means), or pflag's error for it.
pub(crate) fn duration_ms(value: &str, flag: &str, command: &str) -> Result<i64, String> {
    let ns = podlife_engine::gostrings::parse_go_duration(value).map_err(|e| format!("error: invalid argument {} for \"--{flag}\" flag: {e}\nSee 'kubectl {command} --help' for usage.\n", podlife_model::json::quote(value)))?;
    let ms = ns.unsigned_abs().div_ceil(1_000_000) as i64;
    Ok(if ns < 0 { -ms } else { ms })
}

/// Parses `tokens` against `specs` (plus the global flags). `command` is the command path for
/// the `See 'kubectl get --help' for usage.` line.
pub fn parse(tokens: &[String], specs: &[Spec], command: &str) -> Result<Parsed, String> {
    let all: Vec<&Spec> = specs.iter().chain(GLOBAL.iter()).collect();
    let usage = format!("See 'kubectl {command} --help' for usage.");
    let mut out = Parsed::default();
    let mut i = 0;
    while i < tokens.len() {
        let tok = &tokens[i];
        i += 1;
        if tok == "--" {
            out.after_dash.extend(tokens[i..].iter().cloned());
            break;
        }
        if let Some(body) = tok.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let Some(spec) = all.iter().find(|s| s.long == name) else {
                return Err(format!("error: unknown flag: --{name}\n{usage}"));
            };
            let value = match (spec.kind, inline) {
                (Kind::Bool, Some(v)) => v,
                (Kind::Bool, None) => "true".into(),
                (Kind::OptionalValue(_), Some(v)) => v,
                (Kind::OptionalValue(default), None) => default.into(),
                (_, Some(v)) => v,
                (_, None) => match tokens.get(i) {
                    Some(v) => {
                        i += 1;
                        v.clone()
                    }
                    None => return Err(format!("error: flag needs an argument: --{name}\n{usage}")),
                },
            };
            out.values.entry(spec.long.to_string()).or_default().push(value);
        } else if tok.len() > 1 && tok.starts_with('-') && !tok[1..].starts_with(|c: char| c.is_ascii_digit()) {
            let chars: Vec<char> = tok[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                let Some(spec) = all.iter().find(|s| s.short == Some(c)) else {
                    return Err(format!("error: unknown shorthand flag: '{c}' in {tok}\n{usage}"));
                };
                match spec.kind {
                    Kind::Bool => {
                        out.values.entry(spec.long.to_string()).or_default().push("true".into());
                        j += 1;
                    }
                    _ => {
                        let rest: String = chars[j + 1..].iter().collect();
                        let value = if let Some(v) = rest.strip_prefix('=') {
                            v.to_string()
                        } else if !rest.is_empty() {
                            rest
                        } else {
                            match tokens.get(i) {
                                Some(v) => {
                                    i += 1;
                                    v.clone()
                                }
                                None => return Err(format!("error: flag needs an argument: '{c}' in -{c}\n{usage}")),
                            }
                        };
                        out.values.entry(spec.long.to_string()).or_default().push(value);
                        break;
                    }
                }
            }
        } else {
            out.args.push(tok.clone());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_anywhere() {
        let specs = [f("output", Some('o'), Kind::Value), f("all-namespaces", Some('A'), Kind::Bool)];
        let p = parse(&toks("pods -n kube-system -owide nginx --as=jane -A"), &specs, "get").expect("parses");
        assert_eq!(p.args, ["pods", "nginx"]);
        assert_eq!(p.get("namespace"), Some("kube-system"));
        assert_eq!(p.get("output"), Some("wide"));
        assert_eq!(p.get("as"), Some("jane"));
        assert!(p.flag("all-namespaces"));
    }

    #[test]
    fn unknown_flags_in_cobras_words() {
        assert_eq!(parse(&toks("pods --foo"), &[], "get").err().as_deref(), Some("error: unknown flag: --foo\nSee 'kubectl get --help' for usage."));
        assert_eq!(
            parse(&toks("pods -z"), &[], "get").err().as_deref(),
            Some("error: unknown shorthand flag: 'z' in -z\nSee 'kubectl get --help' for usage.")
        );
    }
}
