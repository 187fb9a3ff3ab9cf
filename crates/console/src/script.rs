//! The script format shared by the CLI, lessons and tests (see the brief): kubectl lines,
//! heredocs, `sleep`, and `podlife` verbs. Printing follows a terminal: `$ ` and the command
//! (a heredoc's first line only), then its output.

use crate::Session;

/// A script line that cannot be run (the script itself is malformed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One command of a script: its line, its text and its heredoc body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub line: usize,
    pub text: String,
    pub stdin: Option<String>,
}

/// The most commands one script may hold.
pub const MAX_COMMANDS: usize = 10_000;

/// Splits a script into commands, checking its shape before anything runs.
pub fn parse(script: &str) -> Result<Vec<Command>, ScriptError> {
    let lines: Vec<&str> = script.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line_no = i + 1;
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (text, stdin) = match heredoc_delimiter(line) {
            Some((command, delim)) => {
                let start = i;
                let end = lines[start..].iter().position(|l| l.trim_end() == delim).map(|p| start + p);
                let Some(end) = end else {
                    return Err(ScriptError { line: line_no, message: format!("unterminated heredoc (expected a line `{delim}`)") });
                };
                let mut body = lines[start..end].join("\n");
                body.push('\n');
                i = end + 1;
                (command, Some(body))
            }
            None => (line.to_string(), None),
        };
        let first = text.split_whitespace().next().unwrap_or_default();
        if !matches!(first, "kubectl" | "sleep" | "podlife" | "istioctl") {
            return Err(ScriptError { line: line_no, message: format!("unknown command `{first}` (scripts run kubectl, istioctl, sleep and podlife)") });
        }
        if first == "podlife" {
            let verb = text.split_whitespace().nth(1).unwrap_or_default();
            if !matches!(verb, "cluster" | "stop" | "start" | "restart" | "node" | "scheduler" | "traffic" | "kube-proxy") {
                return Err(ScriptError { line: line_no, message: format!("unknown podlife verb `{verb}`") });
            }
        }
        out.push(Command { line: line_no, text, stdin });
        if out.len() > MAX_COMMANDS {
            return Err(ScriptError { line: line_no, message: format!("a script may hold at most {MAX_COMMANDS} commands") });
        }
    }
    Ok(out)
}

/// `kubectl apply -f - <<EOF` → (`kubectl apply -f -`, `EOF`); quotes around the word are
/// allowed (`<<'EOF'`, `<<"EOF"`), and `<<-` too.
fn heredoc_delimiter(line: &str) -> Option<(String, String)> {
    let idx = line.find("<<")?;
    let command = line[..idx].trim_end().to_string();
    let word = line[idx + 2..].trim().trim_start_matches('-').trim();
    let word = word.trim_matches(|c| c == '\'' || c == '"');
    if word.is_empty() {
        return None;
    }
    Some((command, word.to_string()))
}

/// `30`, `30s`, `2m`, `1h`, `1.5` → seconds.
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let (num, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, "s"),
    };
    let value: f64 = num.parse().map_err(|_| format!("invalid time interval '{text}'"))?;
    if !value.is_finite() || value < 0.0 {
        return Err(format!("invalid time interval '{text}'"));
    }
    let factor = match unit {
        "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return Err(format!("invalid time interval '{text}'")),
    };
    Ok(value * factor)
}

/// The result of running a script.
pub struct Transcript {
    pub text: String,
    pub session: Session,
    pub diagnostics: Vec<(usize, crate::Diagnostic)>,
}

/// Runs a script on a fresh default cluster.
pub fn run(script: &str, session: Session) -> Result<Transcript, ScriptError> {
    let commands = parse(script)?;
    let mut session = session;
    let mut text = String::new();
    let mut diagnostics = Vec::new();
    for c in commands {
        text.push_str("$ ");
        text.push_str(&c.text);
        if c.stdin.is_some() {
            let line = script.lines().nth(c.line - 1).unwrap_or_default().trim();
            text.truncate(text.len() - c.text.len());
            text.push_str(line);
        }
        text.push('\n');
        let out = session.exec(&c.text, c.stdin.as_deref());
        text.push_str(&out.text);
        for mut d in out.diagnostics {
            // Positions in a heredoc count from the script's own lines.
            d.line += c.line as u32;
            diagnostics.push((c.line, d));
        }
    }
    text.push_str(&session.finish_background());
    Ok(Transcript { text, session, diagnostics })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heredocs_and_errors() {
        let cmds = parse("# c\nkubectl apply -f - <<'EOF'\nkind: Pod\nEOF\nsleep 2\n").expect("valid");
        assert_eq!(cmds.len(), 2);
        assert_eq!(cmds[0].text, "kubectl apply -f -");
        assert_eq!(cmds[0].stdin.as_deref(), Some("kind: Pod\n"));
        assert_eq!(parse("kubectl apply -f - <<EOF\nx\n").unwrap_err().line, 1);
        assert_eq!(parse("podlife fly\n").unwrap_err().line, 1);
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30"), Ok(30.0));
        assert_eq!(parse_duration("2m"), Ok(120.0));
        assert_eq!(parse_duration("1.5"), Ok(1.5));
        assert!(parse_duration("x").is_err());
    }
}
