//! Every built-in scenario played as the web app plays it: setup, Apply with the scenario's
//! horizon, then each suggested command at the end of the timeline. Nothing may fail that
//! the scenario does not mean to fail, and every reaction has an explanation in both
//! languages.

use podlife_player::Player;
use podlife_player::explain::MESSAGE_IDS;
use podlife_player::view::explain_reaction;
use podlife_i18n::{Lang, Localizer};

#[test]
fn every_scenario_plays_in_the_player() {
    let localizers: Vec<Localizer> = Lang::ALL.iter().map(|l| Localizer::new(*l)).collect();
    for s in podlife_lessons::all() {
        let mut p = Player::new(1);
        p.run_script(s.setup).unwrap_or_else(|e| panic!("{}: setup: {e}", s.id));
        p.seek(usize::MAX);
        let files: Vec<(String, String)> = s.files.iter().map(|f| (f.name.to_string(), f.text.to_string())).collect();
        let results = p.apply(&files, u64::from(s.horizon_seconds) * 1000);
        assert!(results.iter().all(|r| !r.failed), "{}: {results:?}", s.id);
        for line in s.after_apply {
            p.seek(usize::MAX);
            let entry = p.command(line);
            assert!(!entry.failed, "{}: `{line}` failed: {}", s.id, entry.output);
        }
        for r in p.reactions() {
            let m = explain_reaction(&p, r);
            assert!(MESSAGE_IDS.contains(&&*m.id) || podlife_player::decision::MESSAGE_IDS.contains(&&*m.id), "{}: {} not listed", s.id, m.id);
            for l in &localizers {
                let (text, errors) = l.format(&m.id, &m.args);
                assert!(errors.is_empty() && !text.trim().is_empty(), "{}: {}: {errors:?}", s.id, m.id);
            }
        }
    }
}

#[test]
fn the_thousand_pod_story_runs_every_replica() {
    let s = podlife_lessons::by_id("thousand-pods").expect("the story");
    let mut p = Player::new(1);
    p.run_script(s.setup).expect("setup");
    p.seek(usize::MAX);
    let files: Vec<(String, String)> = s.files.iter().map(|f| (f.name.to_string(), f.text.to_string())).collect();
    let results = p.apply(&files, u64::from(s.horizon_seconds) * 1000);
    assert!(results.iter().all(|r| !r.failed), "{results:?}");
    assert_eq!(p.cap(), None, "the run ends by itself");
    p.seek(usize::MAX);
    let nodes = p.command("kubectl get nodes --no-headers");
    assert_eq!(nodes.output.lines().filter(|l| l.contains(" Ready ")).count(), 20, "{}", nodes.output);
    let deployment = p.command("kubectl get deployment web --no-headers");
    let columns: Vec<&str> = deployment.output.split_whitespace().collect();
    assert_eq!(columns[..4], ["web", "1000/1000", "1000", "1000"], "{}", deployment.output);
}
