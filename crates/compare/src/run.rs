//! One variant's run: the script played in its own fresh `Session` by `script::run_observed`
//! (the loop `podlife run` uses, so the same transcript byte for byte), noting when each
//! command started and ended in simulated time and keeping etcd's write history.

use podlife_console::script::{self, Piece};
use podlife_console::Session;
use podlife_engine::store::WatchEvent;
use podlife_engine::{Time, TraceEvent};

/// A stretch of simulated time, in milliseconds since the script's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Span {
    pub from_ms: u64,
    pub to_ms: u64,
}

impl Span {
    pub fn at(ms: u64) -> Span {
        Span { from_ms: ms, to_ms: ms }
    }

    /// One moment (a command that took no simulated time).
    pub fn moment(&self) -> Option<u64> {
        (self.from_ms == self.to_ms).then_some(self.from_ms)
    }
}

/// What one run left: its transcript, when each line was printed, its trace and its writes.
#[derive(Debug, Clone)]
pub struct Run {
    /// The transcript, exactly as `podlife run` prints it.
    pub transcript: String,
    /// For each line of the transcript (`transcript.lines()`), when it was printed: a
    /// command's `$ ` line at the moment it started; its output over the time the command
    /// took (a `sleep 20` prints what finished in those 20 s, without saying when); the
    /// reports of traffic still running at the end over the wait for them.
    pub line_times: Vec<Span>,
    /// The engine's trace of the run (the cluster's boot is not in it).
    pub trace: Vec<TraceEvent>,
    /// Every write to etcd during the run, in revision order (`Engine::keep_writes`).
    pub writes: Vec<WatchEvent>,
    /// When the run ended, in ms since the script's start.
    pub end_ms: u64,
}

fn now(session: &Session) -> u64 {
    session.engine().now().since_start()
}

/// Plays `script` in `session` (a fresh one: `Session::new(seed)`, maybe with a file reader)
/// through `script::run_observed`, reading the clock as each piece of the transcript starts.
pub fn run(script_text: &str, session: Session) -> Result<Run, script::ScriptError> {
    let mut session = session;
    session.engine_mut().keep_writes();
    // (byte offset where a piece of the transcript starts, when it was printed); a command's
    // output spans from its `$ ` line to its end, the background reports to the run's end.
    let mut marks: Vec<(usize, Span)> = Vec::new();
    let mut started = 0;
    let mut background = None;
    let transcript = script::run_observed(script_text, session, &mut |piece, offset, session| {
        let at = now(session);
        let span = match piece {
            Piece::Command => {
                started = at;
                Span::at(at)
            }
            Piece::Output => Span { from_ms: started, to_ms: at },
            Piece::Background => {
                background = Some(marks.len());
                Span::at(at)
            }
            Piece::Full => Span::at(at),
        };
        marks.push((offset, span));
    })?;
    let mut session = transcript.session;
    let end_ms = now(&session);
    if let Some(i) = background {
        marks[i].1.to_ms = end_ms;
    }
    let line_times = line_times(&transcript.text, &marks);
    let engine = session.engine_mut();
    let trace = engine.take_trace();
    let writes = engine.take_writes();
    Ok(Run { transcript: transcript.text, line_times, trace, writes, end_ms })
}

/// Each line's time: that of the piece its first byte belongs to.
fn line_times(text: &str, marks: &[(usize, Span)]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut at = 0;
    let mut mark = 0;
    for line in text.lines() {
        while mark + 1 < marks.len() && marks[mark + 1].0 <= at {
            mark += 1;
        }
        out.push(marks.get(mark).map(|m| m.1).unwrap_or(Span::at(0)));
        at += line.len();
        // `lines()` drops a `\n` or a `\r\n`.
        if text[at..].starts_with("\r\n") {
            at += 2;
        } else if text[at..].starts_with('\n') {
            at += 1;
        }
    }
    out
}

/// The time of an engine moment, in ms since the script's start.
pub fn ms(t: Time) -> u64 {
    t.since_start()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_take_the_time_of_their_piece() {
        let text = "$ sleep 5\n$ kubectl get pods\nNAME\nweb\n";
        let marks = [(0, Span::at(0)), (10, Span { from_ms: 0, to_ms: 5000 }), (10, Span::at(5000)), (29, Span::at(5000))];
        assert_eq!(line_times(text, &marks), vec![Span::at(0), Span::at(5000), Span::at(5000), Span::at(5000)]);
        // Output without a final newline runs into the next `$ ` line: the line is the
        // output's.
        let text = "$ x\nno newline$ y\n";
        let marks = [(0, Span::at(0)), (4, Span { from_ms: 0, to_ms: 10 }), (14, Span::at(10))];
        assert_eq!(line_times(text, &marks), vec![Span::at(0), Span { from_ms: 0, to_ms: 10 }]);
    }
}
