//! The compare view's worker half (issue 21): the four built-in comparisons through the host
//! show the outcome difference they are for and mark reactions only one run has; the cursor
//! aligns both sides on simulated time; a comparison survives its share link.

use podlife_player::compare::Pair;
use podlife_player::host::Host;
use podlife_protocol::{Answer, CompareFrom, FileResult, CompareTo, CompareView, FromWorker, OutcomeRow, OutcomeValue, Request, Tick, ToWorker, Variant, Wants};

struct Page {
    host: Host,
    seq: u64,
    /// The last timelines received (the host sends them only when they changed).
    ticks: [Vec<Tick>; 2],
    only_here: [Vec<u32>; 2],
    outcomes: Vec<OutcomeRow>,
}

impl Page {
    fn new() -> Page {
        Page { host: Host::new(), seq: 0, ticks: [Vec::new(), Vec::new()], only_here: [Vec::new(), Vec::new()], outcomes: Vec::new() }
    }

    fn ask(&mut self, request: Request) -> Answer {
        self.seq += 1;
        let session = matches!(request, Request::OpenShared { .. } | Request::Want(_));
        let mut replies = self.host.handle(ToWorker { seq: self.seq, request });
        assert_eq!(replies.len(), 1);
        match replies.remove(0) {
            FromWorker::Reply { seq, answer, view, .. } => {
                assert_eq!(seq, self.seq);
                assert!(session || view.is_none(), "a comparison's request leaves the session's view alone");
                answer
            }
            other => panic!("not a reply: {other:?}"),
        }
    }

    /// Asks, expects `Compared`, and keeps what the page would keep.
    fn compare(&mut self, request: Request) -> CompareView {
        self.compare_applied(request).2
    }

    fn compare_applied(&mut self, request: Request) -> (Vec<FileResult>, Vec<FileResult>, CompareView) {
        match self.ask(request) {
            Answer::Compared { a_results, b_results, view } => {
                for (i, side) in [&view.a, &view.b].into_iter().enumerate() {
                    if let Some(t) = &side.timeline {
                        self.ticks[i] = t.timeline.ticks.clone();
                        self.only_here[i] = t.only_here.clone();
                    }
                }
                if let Some(rows) = &view.outcomes {
                    self.outcomes = rows.clone();
                }
                (a_results, b_results, *view)
            }
            other => panic!("not compared: {other:?}"),
        }
    }

    fn row(&self, subject: &str, measure: &str) -> (OutcomeValue, OutcomeValue, bool) {
        let r = self.outcomes.iter().find(|r| r.subject == subject && r.measure == measure).unwrap_or_else(|| panic!("no row {subject} {measure} in {:#?}", self.outcomes));
        (r.a.clone().expect("A has it"), r.b.clone().expect("B has it"), r.differs)
    }
}

fn count(v: &OutcomeValue) -> u64 {
    match v {
        OutcomeValue::Count(n) => *n,
        other => panic!("not a count: {other:?}"),
    }
}

fn millis(v: &OutcomeValue) -> u64 {
    match v {
        OutcomeValue::Millis(n) => *n,
        other => panic!("not a duration: {other:?}"),
    }
}

/// Opens a built-in, checks the marks agree with the list, and returns the page.
fn open(id: &str) -> (Page, CompareView) {
    let mut page = Page::new();
    let view = page.compare(Request::CompareOpen { from: CompareFrom::Builtin { id: id.into() } });
    assert_eq!(view.builtin.as_deref(), Some(id));
    assert!(!page.ticks[0].is_empty() && !page.ticks[1].is_empty());
    let (listed, total) = view.only.clone().expect("the first view lists the differing reactions");
    assert!(total > 0, "{id}: no reaction only one run has");
    assert_eq!(page.only_here[0].len() + page.only_here[1].len() > 0, true, "{id}: nothing marked");
    // Every listed reaction is marked on its side's timeline, at its time.
    for o in &listed {
        let i = if o.variant == Variant::A { 0 } else { 1 };
        assert!(page.only_here[i].contains(&(o.position as u32 - 1)), "{id}: {o:?} not marked");
        assert_eq!(page.ticks[i][o.position - 1].ms, o.time_ms, "{id}: {o:?}");
    }
    // Both opened at their ends.
    assert_eq!((view.a.position, view.b.position), (page.ticks[0].len(), page.ticks[1].len()));
    (page, view)
}

#[test]
fn prestop_loses_requests_only_without_the_hook() {
    let (page, view) = open("prestop");
    let (a, b, differs) = page.row("traffic svc/web", "traffic.failed");
    assert!(count(&a) > 0, "A lost no request");
    assert_eq!(count(&b), 0);
    assert!(differs);
    let (listed, _) = view.only.expect("listed");
    assert!(listed.iter().any(|o| o.variant == Variant::A && o.action == "traffic.request"), "A's failed requests are only A's");
    assert!(listed.iter().any(|o| o.variant == Variant::B && o.action == "kubelet.hook"), "the preStop hook is only B's");
    let (a, b, _) = page.row("pod/web-2", "pod.deleteToGone");
    assert!(millis(&b) >= millis(&a) + 4_500, "{a:?} vs {b:?}");
}

#[test]
fn max_unavailable_zero_keeps_every_replica_available() {
    let (page, _) = open("max-unavailable");
    let (a, b, differs) = page.row("deployment/web", "rollout.minAvailable");
    assert_eq!((count(&a), count(&b), differs), (3, 4, true));
}

#[test]
fn a_startup_probe_spares_the_slow_app_its_restarts() {
    let (page, view) = open("startup-probe");
    let (a, b, differs) = page.row("pod/slow", "pod.restarts");
    assert!(count(&a) >= 2, "{a:?}");
    assert_eq!(count(&b), 0);
    assert!(differs);
    assert_eq!(page.row("pod/slow", "pod.timeToReady").0, OutcomeValue::Never);
    let (listed, _) = view.only.expect("listed");
    assert!(listed.iter().any(|o| o.variant == Variant::A && o.action == "kubelet.kill"));
}

#[test]
fn exec_form_pid1_exits_on_sigterm_and_shell_form_waits_for_sigkill() {
    let (page, _) = open("pid1-form");
    let (a, b, differs) = page.row("pod/app", "pod.deleteToGone");
    assert!((30_000..31_000).contains(&millis(&a)), "{a:?}");
    assert!(millis(&b) < 5_000, "{b:?}");
    assert!(differs);
}

/// Seeking to a moment puts each side at its last reaction at or before it — checked against
/// the ticks the page holds, at every reaction's time, a millisecond either side, and past
/// the end.
#[test]
fn seeking_aligns_both_sides_on_simulated_time() {
    let (mut page, _) = open("pid1-form");
    let ticks = page.ticks.clone();
    let end = ticks.iter().flatten().map(|t| t.ms).max().expect("ticks");
    let mut times: Vec<u64> = vec![0, 1, end / 3, end / 2, end + 1, u64::MAX];
    for t in ticks.iter().flatten().step_by(7) {
        times.extend([t.ms.saturating_sub(1), t.ms, t.ms + 1]);
    }
    assert!(ticks[0].iter().zip(&ticks[1]).any(|(a, b)| a.ms != b.ms), "the two runs' times differ somewhere");
    for t in times {
        let view = page.compare(Request::CompareSeek { to: CompareTo::Time { ms: t } });
        for (side, ticks) in [(&view.a, &ticks[0]), (&view.b, &ticks[1])] {
            let want = ticks.iter().filter(|k| k.ms <= t).count();
            assert_eq!(side.position, want, "at {t} ms");
            if let Some(c) = &side.current {
                assert!(c.time_ms <= t);
            }
        }
        if t <= end {
            assert_eq!(view.time_ms, t);
        }
    }
    // The timelines were not sent again: they did not change.
    let view = page.compare(Request::CompareSeek { to: CompareTo::Time { ms: 0 } });
    assert!(view.a.timeline.is_none() && view.outcomes.is_none());
}

/// Stepping walks both timelines merged: one reaction per step, the earlier of the two next
/// ones (A's on a tie); at every step each side shows every reaction up to the cursor's time
/// and none after it; stepping back retraces the same cursors.
#[test]
fn stepping_walks_the_union_of_both_timelines() {
    let mut pair = Pair::builtin("pid1-form", 1).expect("built-in");
    let times = |p: &podlife_player::Player| p.reactions().iter().map(|r| r.time.since_start()).collect::<Vec<u64>>();
    let (ta, tb) = (times(pair.a()), times(pair.b()));
    pair.seek_positions(0, 0);
    let mut cursors = vec![pair.cursor()];
    while pair.step(true, false) {
        let c = pair.cursor();
        let last = cursors.last().expect("a cursor");
        assert_eq!(c.a + c.b, last.a + last.b + 1, "one reaction per step");
        for (pos, t) in [(c.a, &ta), (c.b, &tb)] {
            assert!(t[..pos].iter().all(|&ms| ms <= c.ms), "{c:?}");
            assert!(t[pos..].iter().all(|&ms| ms >= c.ms), "{c:?}");
        }
        // On a tie, A's reaction comes first.
        if c.b > last.b && c.a < ta.len() {
            assert!(ta[c.a] > c.ms, "{c:?}: A's next reaction is at the same moment");
        }
        cursors.push(c);
    }
    assert_eq!(cursors.len(), ta.len() + tb.len() + 1);
    cursors.pop();
    while pair.step(false, false) {
        let c = pair.cursor();
        let want = cursors.pop().expect("as many steps back");
        assert_eq!((c.a, c.b), (want.a, want.b));
        if c.a + c.b > 0 {
            assert_eq!(c.ms, want.ms);
        }
    }
    assert!(cursors.is_empty());
    // Over routine work: only steps that show a reaction that is not background.
    pair.seek_positions(0, 0);
    while pair.step(true, true) {
        let r = match pair.focus().expect("a side moved") {
            podlife_player::compare::Side::A => pair.a().current(),
            podlife_player::compare::Side::B => pair.b().current(),
        };
        assert!(!r.expect("a reaction").background);
    }
}

/// A variant made from the story's files: B edited (an image tag that does not exist), both
/// applied at one moment; the reactions only B has are its failed pulls; the link reopens the
/// same comparison at the same cursor.
#[test]
fn a_variant_of_the_story_applied_and_shared() {
    let mut page = Page::new();
    page.ask(Request::Want(Wants { show_background: false, ..Wants::default() }));
    let files = vec![("nginx.yaml".to_string(), podlife_lessons::by_id("nginx").expect("nginx").files[0].text.to_string())];
    let view = page.compare(Request::CompareOpen { from: CompareFrom::Variant { files: files.clone() } });
    assert_eq!(view.files, Some((files.clone(), files.clone())));
    assert!(view.diff.expect("the diff is sent first").files[0].hunks.is_empty());
    let b = vec![(files[0].0.clone(), files[0].1.replace("nginx:1.27", "nginx:1.99"))];
    let view = page.compare(Request::CompareFiles { variant: Variant::B, files: b.clone() });
    let diff = view.diff.expect("the diff changed");
    assert_eq!(diff.files[0].hunks.len(), 1);
    assert_eq!(diff.files[0].hunks[0].b_lines, vec!["    image: nginx:1.99".to_string()]);
    let (a_results, b_results, view) = page.compare_applied(Request::CompareApply { a: files.clone(), b: b.clone() });
    assert!(a_results.iter().chain(&b_results).all(|r| !r.failed), "{a_results:?} {b_results:?}");
    // Both applied at one moment: the step after the Apply shows A's first new reaction (A's
    // before B's at one moment), and B's next one is at the same time.
    let at_the_same_moment = |page: &Page, view: &CompareView| {
        assert_eq!(view.focus, Some(Variant::A));
        assert_eq!(view.a.current.as_ref().map(|c| c.time_ms), Some(view.time_ms));
        assert_eq!(page.ticks[1][view.b.position].ms, view.time_ms, "B's first new reaction");
    };
    at_the_same_moment(&page, &view);
    let (listed, _) = view.only.clone().expect("listed");
    assert!(listed.iter().any(|o| o.variant == Variant::B && o.action == "image.pull"), "{listed:#?}");
    // A command on both, then a moment in the middle.
    // B's pulls back off longer than A runs: A's cluster waits for B's before the command.
    let ends = (view.a.end_ms, view.b.end_ms);
    assert!(ends.0 < ends.1, "{ends:?}");
    let at_end = page.compare(Request::CompareSeek { to: CompareTo::Time { ms: u64::MAX } });
    assert_eq!((at_end.a.position, at_end.b.position, at_end.time_ms), (page.ticks[0].len(), page.ticks[1].len(), ends.1));
    let view = page.compare(Request::CompareCommand { line: "kubectl delete pod nginx".into() });
    at_the_same_moment(&page, &view);
    assert_eq!(view.time_ms, ends.1);
    // B's file fixed, then `kubectl apply -f` in the console on both: each side reads its
    // own files (the link must carry the files as they were then).
    let fixed = vec![(files[0].0.clone(), files[0].1.clone())];
    page.compare(Request::CompareFiles { variant: Variant::B, files: fixed.clone() });
    page.compare(Request::CompareSeek { to: CompareTo::Time { ms: u64::MAX } });
    page.compare(Request::CompareCommand { line: "kubectl apply -f nginx.yaml".into() });
    let b = fixed;
    let end = page.ticks.iter().flatten().map(|t| t.ms).max().expect("ticks");
    let here = page.compare(Request::CompareSeek { to: CompareTo::Time { ms: end / 2 } });
    let Answer::Shared(Ok(fragment)) = page.ask(Request::CompareShare) else { panic!("no link") };
    assert!(fragment.starts_with("s2."), "{fragment}");

    let mut other = Page::new();
    let reopened = other.compare(Request::OpenShared { fragment });
    assert_eq!((reopened.a.position, reopened.b.position, reopened.time_ms), (here.a.position, here.b.position, here.time_ms));
    assert!(other.ticks == page.ticks, "the reopened timelines differ: {:?} ticks vs {:?}", other.ticks.each_ref().map(Vec::len), page.ticks.each_ref().map(Vec::len));
    assert_eq!(other.only_here, page.only_here);
    assert_eq!(other.outcomes, page.outcomes);
    assert_eq!(reopened.files, Some((files, b)));
    assert_eq!(reopened.a.current, here.a.current);
}

#[test]
fn bad_comparisons_are_refused_with_a_reason() {
    let mut page = Page::new();
    assert_eq!(page.ask(Request::CompareOpen { from: CompareFrom::Builtin { id: "nope".into() } }), Answer::NotFound("nope".into()));
    assert!(matches!(page.ask(Request::CompareSeek { to: CompareTo::Step { forward: true } }), Answer::Broken(_)));
    let huge = vec![("a.yaml".to_string(), "x".repeat(podlife_player::compare::MAX_VARIANT_BYTES + 1))];
    assert!(matches!(page.ask(Request::CompareOpen { from: CompareFrom::Variant { files: huge } }), Answer::Broken(e) if e.contains("bytes")));
    assert!(matches!(page.ask(Request::OpenShared { fragment: "s2.!!!".into() }), Answer::Broken(_)));
}
