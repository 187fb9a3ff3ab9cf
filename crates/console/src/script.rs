//! The script format shared by the CLI, lessons and tests (see the brief and README): shell
//! command lines — `kubectl`, `sleep`, `podlife` verbs, variables, pipes into the shell's
//! text applets — run one after another in one shell (`crate::shell`). Printing follows a
//! terminal: `$ ` and the command's first line (a here-document's body and a continued
//! command's further lines are not shown), then its output.

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

/// One command of a script: where it starts, the line shown for it, and what the shell runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub line: usize,
    /// The command line without its first here-document operator (`kubectl apply -f -`).
    pub text: String,
    /// The first here-document's body, as written (not expanded).
    pub stdin: Option<String>,
    /// The first line as written (what the transcript shows after `$ `).
    pub shown: String,
    /// The whole command as the shell reads it: its lines, here-document bodies and
    /// delimiters, and the lines a `\` or an open `if`/`for`/quote continues onto.
    pub source: String,
    /// The first here-document's delimiter was quoted (`<<'EOF'`): its body is literal.
    quoted: bool,
    /// How many here-documents the command has.
    heredocs: usize,
}

impl Command {
    /// What to give `Session::exec`: the whole source, or — for a command longer than the
    /// shell's script limit whose one here-document needs no expansion — its line and the
    /// body as standard input.
    pub fn invocation(&self) -> Result<(&str, Option<&str>), String> {
        if self.source.len() <= podlife_engine::shell::MAX_SCRIPT_BYTES {
            return Ok((&self.source, None));
        }
        let literal = self.quoted || self.stdin.as_deref().is_some_and(|b| !b.contains(['$', '`', '\\']));
        match &self.stdin {
            Some(body) if self.heredocs == 1 && literal => Ok((&self.text, Some(body))),
            _ => Err(format!(
                "podlife: a command longer than {} bytes runs only as one command with one here-document whose delimiter is quoted (<<'EOF')\n",
                podlife_engine::shell::MAX_SCRIPT_BYTES
            )),
        }
    }
}

/// The most commands one script may hold.
pub const MAX_COMMANDS: usize = 10_000;

/// The most output a script's transcript holds. A script that prints more (10,000 ×
/// `kubectl get pods -o yaml`: gigabytes) stops after the command that passed it, with a
/// stated line; the commands after it do not run.
pub const MAX_TRANSCRIPT_BYTES: usize = 16 * 1024 * 1024;

/// The line a transcript ends with when it reached [`MAX_TRANSCRIPT_BYTES`].
pub fn transcript_full_line(line: usize, skipped: usize) -> String {
    format!(
        "podlife stopped after the command on line {line}: the transcript reached its limit of {} MiB; the {skipped} command(s) after it did not run\n",
        MAX_TRANSCRIPT_BYTES / (1024 * 1024)
    )
}

/// Splits a script into commands, checking its shape before anything runs.
pub fn parse(script: &str) -> Result<Vec<Command>, ScriptError> {
    let lines: Vec<&str> = script.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line_no = i + 1;
        let first = lines[i].trim();
        if first.is_empty() || first.starts_with('#') {
            i += 1;
            continue;
        }
        let mut command = Command { line: line_no, text: first.to_string(), stdin: None, shown: first.to_string(), source: String::new(), quoted: false, heredocs: 0 };
        loop {
            let physical = lines[i];
            i += 1;
            command.source.push_str(physical);
            command.source.push('\n');
            for doc in heredocs(physical) {
                let end = lines[i..].iter().position(|l| doc.ends_at(l)).map(|p| i + p);
                let Some(end) = end else {
                    return Err(ScriptError { line: i, message: format!("unterminated heredoc (expected a line `{}`)", doc.delimiter) });
                };
                let body: String = lines[i..end].iter().map(|l| format!("{l}\n")).collect();
                command.source.push_str(&body);
                command.source.push_str(lines[end]);
                command.source.push('\n');
                if command.heredocs == 0 {
                    command.text = physical.get(..doc.at).unwrap_or_default().trim().to_string();
                    command.stdin = Some(body);
                    command.quoted = doc.quoted;
                }
                command.heredocs += 1;
                i = end + 1;
            }
            if i >= lines.len() || !continues(&command.source) {
                break;
            }
        }
        let mut words = command.shown.split_whitespace();
        if words.next() == Some("podlife") {
            let verb = words.next().unwrap_or_default();
            if !matches!(verb, "cluster" | "stop" | "start" | "restart" | "node" | "scheduler" | "traffic" | "kube-proxy" | "controller-manager" | "addon" | "feature-gates") {
                return Err(ScriptError { line: line_no, message: format!("unknown podlife verb `{verb}`") });
            }
        }
        out.push(command);
        if out.len() > MAX_COMMANDS {
            return Err(ScriptError { line: line_no, message: format!("a script may hold at most {MAX_COMMANDS} commands") });
        }
    }
    Ok(out)
}

/// A command goes on to the next line: it ends with a `\`, or the shell finds it unfinished
/// (an open quote, `if` without `fi`, `for` without `done`, `|` or `&&` at the end).
fn continues(source: &str) -> bool {
    let body = source.trim_end_matches('\n');
    if body.ends_with('\\') && !body.ends_with("\\\\") {
        return true;
    }
    match podlife_engine::shell::parse(source) {
        Err(e) => e.message.contains("unexpected end of file") || e.message.ends_with("unterminated quoted string"),
        Ok(_) => false,
    }
}

/// A here-document operator on a line: where `<<` starts, its delimiter, and how the body
/// ends.
struct HereDoc {
    at: usize,
    delimiter: String,
    quoted: bool,
    strip_tabs: bool,
}

impl HereDoc {
    fn ends_at(&self, line: &str) -> bool {
        let line = if self.strip_tabs { line.trim_start_matches('\t') } else { line };
        line == self.delimiter
    }
}

/// The here-document operators of one line, in order (`<<EOF`, `<<-EOF`, `<< 'EOF'`,
/// `<<"EOF"`; not `<<<`, and not inside quotes or after a comment's `#`).
fn heredocs(line: &str) -> Vec<HereDoc> {
    let bytes = line.as_bytes();
    let mut docs = Vec::new();
    let mut quote: Option<u8> = None;
    let mut k = 0;
    while k < bytes.len() {
        let c = bytes[k];
        if let Some(q) = quote {
            if c == b'\\' && q == b'"' {
                k += 1;
            } else if c == q {
                quote = None;
            }
            k += 1;
            continue;
        }
        match c {
            b'\\' => k += 2,
            b'\'' | b'"' => {
                quote = Some(c);
                k += 1;
            }
            b'#' if k == 0 || bytes[k - 1].is_ascii_whitespace() => break,
            b'<' if bytes.get(k + 1) == Some(&b'<') && bytes.get(k + 2) != Some(&b'<') => {
                let at = k;
                k += 2;
                let strip_tabs = bytes.get(k) == Some(&b'-');
                if strip_tabs {
                    k += 1;
                }
                while bytes.get(k).is_some_and(|b| *b == b' ' || *b == b'\t') {
                    k += 1;
                }
                let start = k;
                while bytes.get(k).is_some_and(|b| !b.is_ascii_whitespace() && !matches!(b, b';' | b'|' | b'&' | b'<' | b'>' | b'(' | b')')) {
                    k += 1;
                }
                let word = line.get(start..k).unwrap_or_default();
                let quoted = word.contains(['\'', '"', '\\']);
                let delimiter: String = word.chars().filter(|c| !matches!(c, '\'' | '"' | '\\')).collect();
                if !delimiter.is_empty() {
                    docs.push(HereDoc { at, delimiter, quoted, strip_tabs });
                }
            }
            b'<' if bytes.get(k + 1) == Some(&b'<') => k += 3,
            _ => k += 1,
        }
    }
    docs
}

/// `30`, `30s`, `2m`, `1h`, `1.5` → seconds.
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let (num, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, "s"),
    };
    let value: f64 = podlife_engine::parse_f64(num).ok_or_else(|| format!("invalid time interval '{text}'"))?;
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

/// Which part of a transcript is about to be written (see [`run_observed`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// A command's `$ ` line; the command has not run yet.
    Command,
    /// What the command printed; it has just finished.
    Output,
    /// What background work still running (traffic) reports; the wait for it comes next.
    Background,
    /// The line saying the transcript is full; no command runs after it.
    Full,
}

/// Runs a script on a fresh default cluster.
pub fn run(script: &str, session: Session) -> Result<Transcript, ScriptError> {
    run_observed(script, session, &mut |_, _, _| {})
}

/// [`run`], telling `observe` before each piece of the transcript is written: which piece,
/// the transcript's length so far (where the piece will start) and the session as it is then
/// (`podlife compare` reads the clock there, to know when each line was printed).
pub fn run_observed(script: &str, session: Session, observe: &mut dyn FnMut(Piece, usize, &Session)) -> Result<Transcript, ScriptError> {
    let commands = parse(script)?;
    let mut session = session;
    let mut text = String::new();
    let mut diagnostics = Vec::new();
    let total = commands.len();
    let mut last_line = 0;
    for (i, c) in commands.into_iter().enumerate() {
        if text.len() > MAX_TRANSCRIPT_BYTES {
            observe(Piece::Full, text.len(), &session);
            text.push_str(&transcript_full_line(last_line, total - i));
            break;
        }
        last_line = c.line;
        observe(Piece::Command, text.len(), &session);
        text.push_str("$ ");
        text.push_str(&c.shown);
        text.push('\n');
        let out = match c.invocation() {
            Ok((line, stdin)) => session.exec(line, stdin),
            Err(message) => {
                let mut out = crate::Output::default();
                out.err(&message);
                out
            }
        };
        observe(Piece::Output, text.len(), &session);
        text.push_str(&out.text);
        for mut d in out.diagnostics {
            // Positions in a heredoc count from the script's own lines.
            d.line += c.line as u32;
            diagnostics.push((c.line, d));
        }
    }
    observe(Piece::Background, text.len(), &session);
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
