//! The goal language evaluated against a real console session.

use podlife_console::Session;
use podlife_lessons::check::Checker;
use podlife_lessons::goal::Reader;
use podlife_lessons::read::Document;

fn holds(session: &Session, yaml: &str) -> bool {
    let doc = Document::parse("goal.yaml", yaml).unwrap_or_else(|e| panic!("{yaml}: {e}"));
    let mut reader = Reader::default();
    let p = reader.predicate(&doc.root()).unwrap_or_else(|e| panic!("{e}"));
    Checker::new(reader.slots).holds(&p, session)
}

#[test]
fn objects_fields_columns_counts_events_and_the_trace() {
    let mut s = Session::new(1);
    assert!(holds(&s, "{object: pod/web, exists: false}"));
    assert!(holds(&s, "{object: pod/web, field: status.phase, is-not: Running}"));
    assert!(!holds(&s, "{object: pod/web, field: status.phase, is: Pending}"));
    s.exec("kubectl run web --image=nginx:1.27 --labels=app=web", None);
    s.exec("kubectl run api --image=busybox:1.36 --restart=Never -- sh -c 'exit 3'", None);
    s.exec("sleep 15", None);
    assert!(holds(&s, "{object: pod/web, exists: true}"));
    assert!(holds(&s, "{object: pod/web, field: status.phase, is: Running}"));
    assert!(holds(&s, "{object: pod/web, condition: Ready, is: \"True\"}"));
    assert!(holds(&s, "{object: pod/web, condition: Ready, is: True}"), "an unquoted YAML True");
    assert!(holds(&s, "{object: pod/web, column: READY, is: 1/1}"));
    assert!(holds(&s, "{object: pod/api, column: STATUS, is: Error}"));
    assert!(holds(&s, "{object: pod/api, container: api, field: state.terminated.exitCode, is: 3}"));
    assert!(holds(&s, "{object: pod/w*, field: \"spec.containers[0].image\", is: nginx:1.27}"));
    assert!(holds(&s, "{count: pods, selector: app=web, is: 1}"));
    assert!(holds(&s, "{count: pods, where: {field: status.phase, one-of: [Running, Failed]}, is: 2}"));
    assert!(holds(&s, "{event: Started, object: pod/web}"));
    assert!(!holds(&s, "{event: BackOff, object: pod/web}"));
    assert!(holds(&s, "{happened: scheduler.bind, object: pod/web}"));
    assert!(holds(&s, "{happened: scheduler.filter, object: pod/web, params: {\"nodes[node=control-plane].rejectedBy\": TaintToleration}}"));
    assert!(holds(&s, "{happened: request, params: {verb: POST, userAgent: kubectl*}, times-at-least: 2}"));
    assert!(!holds(&s, "{happened: request, params: {verb: POST, userAgent: kubectl*}, times-at-most: 1}"));
    assert!(holds(&s, "{in-order: [{happened: cri, object: pod/web, params: {method: RunPodSandbox}}, {happened: image.pull, object: pod/web}]}"));
    assert!(!holds(&s, "{in-order: [{happened: image.pull, object: pod/web}, {happened: cri, object: pod/web, params: {method: RunPodSandbox}}]}"));
    assert!(holds(&s, "{all: [{object: pod/web, exists: true}, {not: {happened: signal}}]}"));
    assert!(!holds(&s, "{any: [{object: pod/nope, exists: true}, {happened: kubelet.evict}]}"));
    assert!(!holds(&s, "{traffic: svc/web, measure: failed, is: 0}"), "no traffic ran");
}

#[test]
fn ever_latches_a_moment_that_passed() {
    let mut s = Session::new(1);
    let doc = Document::parse("g.yaml", "{ever: {object: pod/web, field: status.phase, is: Running}}").expect("valid");
    let mut reader = Reader::default();
    let p = reader.predicate(&doc.root()).expect("valid");
    let mut checker = Checker::new(reader.slots);
    s.exec("kubectl run web --image=nginx:1.27", None);
    assert!(!checker.holds(&p, &s));
    s.exec("sleep 10", None);
    assert!(checker.holds(&p, &s));
    s.exec("kubectl delete pod web", None);
    s.exec("sleep 5", None);
    assert!(checker.holds(&p, &s), "latched");
    assert!(!Checker::new(reader.slots).holds(&p, &s), "a fresh checker has not seen it");
}
