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

/// A story played to its end as the app plays it: setup, Apply with its horizon; the run must
/// end by itself, without a cap.
fn played(id: &str) -> Player {
    let s = podlife_lessons::by_id(id).expect("the story");
    let mut p = Player::new(1);
    p.run_script(s.setup).expect("setup");
    p.seek(usize::MAX);
    let files: Vec<(String, String)> = s.files.iter().map(|f| (f.name.to_string(), f.text.to_string())).collect();
    let results = p.apply(&files, u64::from(s.horizon_seconds) * 1000);
    assert!(results.iter().all(|r| !r.failed), "{results:?}");
    assert_eq!(p.cap(), None, "the run ends by itself");
    p.seek(usize::MAX);
    p
}

#[test]
fn the_thousand_pod_story_runs_every_replica() {
    let mut p = played("thousand-pods");
    let nodes = p.command("kubectl get nodes --no-headers");
    assert_eq!(nodes.output.lines().filter(|l| l.contains(" Ready ")).count(), 20, "{}", nodes.output);
    let deployment = p.command("kubectl get deployment web --no-headers");
    let columns: Vec<&str> = deployment.output.split_whitespace().collect();
    assert_eq!(columns[..4], ["web", "1000/1000", "1000", "1000"], "{}", deployment.output);
}

/// The zone-spread story: 600 replicas even over three zones of a 250-node cluster (none on
/// the two workers without a zone), and its scheduling cycles say that they stopped once 120
/// of the nodes fit (`numFeasibleNodesToFind`: 48 % of 250).
#[test]
fn the_zone_spread_story_keeps_the_zones_even_and_says_what_each_cycle_looked_at() {
    let mut p = played("zone-spread");
    let deployment = p.command("kubectl get deployment web --no-headers");
    let columns: Vec<&str> = deployment.output.split_whitespace().collect();
    assert_eq!(columns[..4], ["web", "600/600", "600", "600"], "{}", deployment.output);
    let pods = p.command("kubectl get pods -l app=web -o wide --no-headers").output;
    let node_of: Vec<&str> = pods.lines().filter_map(|l| l.split_whitespace().nth(6)).collect();
    assert_eq!(node_of.len(), 600, "{pods}");
    for zone in ["us-east-1a", "us-east-1b", "us-east-1c"] {
        let nodes = p.command(&format!("kubectl get nodes -l topology.kubernetes.io/zone={zone} -o name")).output;
        let nodes: Vec<&str> = nodes.lines().map(|l| l.trim_start_matches("node/")).collect();
        let here = node_of.iter().filter(|n| nodes.contains(n)).count();
        assert_eq!(here, 200, "{zone}: {here} pods");
    }
    assert!(!node_of.iter().any(|n| matches!(*n, "worker-1" | "worker-2" | "control-plane")), "a pod on a node without a zone");
    let web_pod = |m: &podlife_protocol::text::Message| m.args.iter().any(|(k, v)| k == "pod" && matches!(v, podlife_protocol::text::Arg::Text(t) if t.starts_with("web-")));
    let cycles: Vec<_> = p.reactions().iter().map(|r| explain_reaction(&p, r)).filter(|m| m.id == "explain-schedule-ok" && web_pod(m)).collect();
    let en = podlife_i18n::Localizer::new(podlife_i18n::Lang::En);
    let ko = podlife_i18n::Localizer::new(podlife_i18n::Lang::Ko);
    // A cycle that found 120 stopped there; one that left a single zone open (82 or 83 nodes
    // fit) looked at all 250.
    let mut stopped = 0;
    for m in &cycles {
        let (text, korean) = (en.message(m), ko.message(m));
        if text.contains("unexamined") {
            stopped += 1;
            assert!(text.contains("(120 of ") && korean.contains("중 120개 통과") && korean.contains("살펴보지 않았습니다"), "{text}\n{korean}");
        } else {
            assert!(text.contains(" of 250 node(s) fit)"), "{text}");
        }
    }
    assert!(stopped > 0 && stopped < cycles.len(), "{stopped} of {} cycles stopped early", cycles.len());
}
