//! The CLI's text of a comparison, in English: the transcripts' differing lines as a diff
//! (`-` A, `+` B, each with the simulated time it was printed at), the reactions only one run
//! has, and the outcome table with a marker column (`*` where the runs differ). Times are
//! seconds since the script's start, printed from whole milliseconds (no float formatting).

use crate::diff::Edit;
use crate::outcome::{Measure, Row, Value};
use crate::reactions::{OnlyIn, Side, WINDOW_MS};
use crate::run::Span;
use crate::Comparison;

/// The most groups of unmatched reactions printed (the rest are counted).
pub const MAX_REACTION_LINES: usize = 200;
/// The most diff lines printed (the rest are counted).
pub const MAX_DIFF_LINES: usize = 2_000;

/// `12.345s`, padded to the trace's width.
fn secs(ms: u64) -> String {
    format!("{:>5}.{:03}s", ms / 1000, ms % 1000)
}

fn span(s: Span) -> String {
    match s.moment() {
        Some(ms) => format!("[{}]", secs(ms)),
        None => format!("[{}–{}]", secs(s.from_ms).trim_start(), secs(s.to_ms).trim_start()),
    }
}

/// `12.3 s` (tenths, rounded half up).
fn duration(ms: u64) -> String {
    let t = crate::outcome::tenths(ms);
    format!("{}.{} s", t / 10, t % 10)
}

/// A value as the table shows it.
pub fn value(v: Option<&Value>) -> String {
    match v {
        None => "—".into(),
        Some(Value::Count(n)) => n.to_string(),
        Some(Value::Millis(ms)) => duration(*ms),
        Some(Value::Never) => "never".into(),
        Some(Value::Text(t)) => t.clone(),
        Some(Value::PerSecond(s)) if s.is_empty() => "none".into(),
        Some(Value::PerSecond(s)) => s.iter().map(|(sec, n)| format!("{sec}s: {n}")).collect::<Vec<_>>().join(", "),
        Some(Value::Exits(e)) => e.iter().map(|x| format!("{} {} ({})", x.container, x.code, x.reason)).collect::<Vec<_>>().join(", "),
    }
}

/// The whole text. `names` are what A and B are called (file names, or a built-in's labels).
pub fn text(c: &Comparison, names: [&str; 2]) -> String {
    let mut out = format!(
        "podlife compare, seed {}\n  A: {}, ended at {}\n  B: {}, ended at {}\n",
        c.seed,
        names[0],
        secs(c.a.end_ms).trim_start(),
        names[1],
        secs(c.b.end_ms).trim_start()
    );
    out.push('\n');
    out.push_str(&transcripts(c));
    out.push('\n');
    out.push_str(&reactions(c));
    out.push('\n');
    out.push_str(&outcomes(&c.table));
    out
}

/// The transcripts' differing lines, in hunks headed by the command they belong to.
pub fn transcripts(c: &Comparison) -> String {
    let la: Vec<&str> = c.a.transcript.lines().collect();
    let lb: Vec<&str> = c.b.transcript.lines().collect();
    let (del, ins) = c.lines.changed();
    if del + ins == 0 {
        return format!("transcripts: the same ({} lines)\n", la.len());
    }
    let mut out = format!("transcripts: {del} line(s) only in A (-), {ins} only in B (+){}\n", if c.lines.approximate { " (too different for a shortest diff: some blocks are larger than they need be)" } else { "" });
    let mut printed = 0;
    let mut skipped = 0;
    for h in c.lines.hunks() {
        let edits = &c.lines.edits[h.clone()];
        // Where the hunk starts on each side (the line before it on a side with none).
        let (mut a0, mut b0) = (None, None);
        let (mut na, mut nb) = (0, 0);
        for e in edits {
            match *e {
                Edit::Delete { a } => {
                    a0.get_or_insert(a);
                    na += 1;
                }
                Edit::Insert { b } => {
                    b0.get_or_insert(b);
                    nb += 1;
                }
                Edit::Equal { .. } => {}
            }
        }
        let before = h.start.checked_sub(1).and_then(|i| c.lines.edits.get(i));
        let (pa, pb) = match before {
            Some(Edit::Equal { a, b }) => (a + 1, b + 1),
            _ => (0, 0),
        };
        let a_start = a0.unwrap_or(pa);
        let b_start = b0.unwrap_or(pb);
        // The command the change is in: the last `$ ` line at or before it in A (else B).
        let command = la[..(a_start + na).min(la.len())].iter().rev().find(|l| l.starts_with("$ ")).or_else(|| lb[..(b_start + nb).min(lb.len())].iter().rev().find(|l| l.starts_with("$ "))).copied().unwrap_or_default();
        if printed >= MAX_DIFF_LINES {
            skipped += na + nb;
            continue;
        }
        out.push_str(&format!("@@ -{},{na} +{},{nb} @@ {command}\n", a_start + 1, b_start + 1));
        for e in edits {
            let (sign, line, at) = match *e {
                Edit::Delete { a } => ('-', la[a], c.a.line_times.get(a)),
                Edit::Insert { b } => ('+', lb[b], c.b.line_times.get(b)),
                Edit::Equal { .. } => continue,
            };
            out.push_str(&format!("{sign}{} {line}\n", at.copied().map(span).unwrap_or_default()));
            printed += 1;
        }
    }
    if skipped > 0 {
        out.push_str(&format!("… {skipped} more differing line(s) not shown\n"));
    }
    out
}

/// The reactions only one run has: one line per key and run, at its first time, with how
/// many there were and the last time (a probe failing every 5 s for two minutes is one line).
pub fn reactions(c: &Comparison) -> String {
    let in_a = c.only_in.iter().filter(|o| o.side == Side::A).count();
    let in_b = c.only_in.len() - in_a;
    let mut out = format!(
        "reactions in one run only: {in_a} in A (-), {in_b} in B (+) (of {} and {}; matched on component, action, object with generated names as *, and detail, within {} ms)\n",
        c.reactions_a.len(),
        c.reactions_b.len(),
        WINDOW_MS
    );
    // Groups: (first, last, count), in the order of their first reaction.
    let mut groups: Vec<(&OnlyIn, &OnlyIn, usize)> = Vec::new();
    for o in &c.only_in {
        let open = groups.iter_mut().find(|(first, _, _)| first.side == o.side && first.reaction.key == o.reaction.key);
        match open {
            Some(g) => {
                g.1 = o;
                g.2 += 1;
            }
            None => groups.push((o, o, 1)),
        }
    }
    for (first, last, n) in groups.iter().take(MAX_REACTION_LINES) {
        let (sign, trace) = match first.side {
            Side::A => ('-', &c.a.trace),
            Side::B => ('+', &c.b.trace),
        };
        let Some(e) = trace.get(first.reaction.event) else { continue };
        let mut line = podlife_console::render::line(e);
        // Only the first line of a multi-line rendering (a scheduling table).
        if let Some(i) = line.find('\n') {
            line.truncate(i);
        }
        if e.action == podlife_engine::Action::Request {
            let detail = |k: &str| first.reaction.key.detail.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
            line = format!("{line} (from {}", first.reaction.key.component);
            if let Some(node) = &first.reaction.key.node {
                line.push_str(&format!(" on {node}"));
            }
            line.push(')');
            if let Some(code) = detail("code") {
                line.push_str(&format!(" → {code}"));
            }
            if let Some(reason) = detail("reason") {
                line.push_str(&format!(" {reason}"));
            }
        }
        if *n > 1 {
            line.push_str(&format!(" ×{n} until {}", secs(last.reaction.time_ms).trim_start()));
        }
        out.push_str(&format!("{sign}{line}\n"));
    }
    if groups.len() > MAX_REACTION_LINES {
        out.push_str(&format!("… {} more line(s) not shown\n", groups.len() - MAX_REACTION_LINES));
    }
    out
}

/// The outcome table (`*` marks a difference), then the traffic summary lines.
pub fn outcomes(rows: &[Row]) -> String {
    let mut out = String::from("outcomes (* = the runs differ):\n");
    if rows.is_empty() {
        out.push_str("  nothing measured (no traffic runs, Deployments or pods)\n");
        return out;
    }
    let table: Vec<[String; 5]> = std::iter::once(["".into(), "SUBJECT".into(), "MEASURE".into(), "A".into(), "B".into()])
        .chain(rows.iter().filter(|r| r.measure != Measure::TrafficSummary).map(|r| {
            [if r.differs { "*".into() } else { " ".into() }, r.subject.label(), r.measure.label().into(), value(r.a.as_ref()), value(r.b.as_ref())]
        }))
        .collect();
    let width = |col: usize| table.iter().map(|r| r[col].chars().count()).max().unwrap_or(0);
    let widths = [1, width(1), width(2), width(3)];
    for r in &table {
        let mut line = String::new();
        for (col, w) in widths.iter().enumerate() {
            line.push_str(&r[col]);
            line.push_str(&" ".repeat(w - r[col].chars().count() + 2));
        }
        line.push_str(&r[4]);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for r in rows.iter().filter(|r| r.measure == Measure::TrafficSummary) {
        out.push_str(&format!("{} {}:\n", if r.differs { "*" } else { " " }, r.subject.label()));
        out.push_str(&format!("    A: {}\n    B: {}\n", value(r.a.as_ref()), value(r.b.as_ref())));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_print_without_floats() {
        assert_eq!(secs(0), "    0.000s");
        assert_eq!(secs(12_345), "   12.345s");
        assert_eq!(span(Span { from_ms: 1_000, to_ms: 21_000 }), "[1.000s–21.000s]");
        assert_eq!(duration(1_049), "1.0 s");
        assert_eq!(duration(1_050), "1.1 s");
        assert_eq!(duration(30_000), "30.0 s");
    }
}
