//! Upstream pod printer tests, ported from kubernetes/kubernetes
//! `pkg/printers/internalversion/printers_test.go`: `TestPrintPod`,
//! `TestPrintPodWithRestartableInitContainer`, `TestPrintPodwide`, `TestPrintPodConditions`,
//! `TestPrintPodList` and `TestPrintNonTerminatedPod`.
//!
//! Upstream compares whole `metav1.TableRow`s; only the cells are compared here (`pod_row` has
//! no row conditions). Upstream's `time.Now()`-relative timestamps are expressed relative to a
//! fixed `NOW`, which is 30 days after the virtual epoch so that "20 days ago" is still
//! representable (`Time` cannot go before the epoch). The Go literals become the JSON the API
//! would serialize them as; a zero-valued `ContainerStateTerminated{}` therefore carries its
//! non-omitempty `"exitCode": 0`.

use super::*;
use podlife_engine::json;

const SECOND: u64 = 1000;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// The fixed "now" every case is printed at.
const NOW: Time = Time(30 * DAY);

/// `metav1.NewTime(time.Now().Add(-d))`, serialized.
fn ago(ms: u64) -> String {
    Time(NOW.0 - ms).rfc3339()
}

struct Case {
    /// The upstream case's comment.
    desc: &'static str,
    pod: Value,
    want: &'static [&'static str],
}

fn check(test: &str, cases: &[Case], wide: bool) {
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        let got = pod_row(&c.pod, NOW, wide);
        if got != c.want {
            failures.push(format!("{test} case {i} ({}):\n  want {:?}\n  got  {:?}", c.desc, c.want, got));
        }
    }
    assert!(failures.is_empty(), "{} mismatch(es):\n{}", failures.len(), failures.join("\n"));
}

/// `make([]api.Container, n)`.
fn containers(n: usize) -> Value {
    Value::Array(vec![json!({}); n])
}

#[test]
fn upstream_print_pod() {
    let delete_time = ago(10 * SECOND);
    let cases = [
        Case {
            desc: "Test name, num of containers, restarts, container ready status",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"restartCount": 3},
                    ],
                },
            }),
            want: &["test1", "1/2", "podPhase", "6", "<unknown>"],
        },
        Case {
            desc: "Test container error overwrites pod phase",
            pod: json!({
                "metadata": {"name": "test2"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"state": {"waiting": {"reason": "ContainerWaitingReason"}}, "restartCount": 3},
                    ],
                },
            }),
            want: &["test2", "1/2", "ContainerWaitingReason", "6", "<unknown>"],
        },
        Case {
            desc: "Test the same as the above but with Terminated state and the first container overwrites the rest",
            pod: json!({
                "metadata": {"name": "test3"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"state": {"waiting": {"reason": "ContainerWaitingReason"}}, "restartCount": 3},
                        {"state": {"terminated": {"reason": "ContainerTerminatedReason", "exitCode": 0}}, "restartCount": 3},
                    ],
                },
            }),
            want: &["test3", "0/2", "ContainerWaitingReason", "6", "<unknown>"],
        },
        Case {
            desc: "Test ready is not enough for reporting running",
            pod: json!({
                "metadata": {"name": "test4"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"ready": true, "restartCount": 3},
                    ],
                },
            }),
            want: &["test4", "1/2", "podPhase", "6", "<unknown>"],
        },
        Case {
            desc: "Test ready is not enough for reporting running",
            pod: json!({
                "metadata": {"name": "test5"},
                "spec": {"containers": containers(2)},
                "status": {
                    "reason": "podReason",
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"ready": true, "restartCount": 3},
                    ],
                },
            }),
            want: &["test5", "1/2", "podReason", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 containers, one is running and the other is completed, w/o ready condition",
            pod: json!({
                "metadata": {"name": "test6"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "Running",
                    "reason": "",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"terminated": {"reason": "Completed", "exitCode": 0}}},
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                    ],
                },
            }),
            want: &["test6", "1/2", "NotReady", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 containers, one is running and the other is completed, with ready condition",
            pod: json!({
                "metadata": {"name": "test6"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "Running",
                    "reason": "",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"terminated": {"reason": "Completed", "exitCode": 0}}},
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                    ],
                    "conditions": [
                        {"type": "Ready", "status": "True", "lastProbeTime": ago(0)},
                    ],
                },
            }),
            want: &["test6", "1/2", "Running", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod has 1 init container restarting and 1 container not running",
            pod: json!({
                "metadata": {"name": "test7"},
                "spec": {"initContainers": containers(1), "containers": containers(1)},
                "status": {
                    "phase": "podPhase",
                    "initContainerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                    ],
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"waiting": {}}},
                    ],
                },
            }),
            want: &["test7", "0/1", "Init:0/1", "3 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 init containers, one restarting and the other not running, and 1 container not running",
            pod: json!({
                "metadata": {"name": "test8"},
                "spec": {"initContainers": containers(2), "containers": containers(1)},
                "status": {
                    "phase": "podPhase",
                    "initContainerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                        {"ready": false, "state": {"waiting": {}}},
                    ],
                    "containerStatuses": [
                        {"ready": false, "state": {"waiting": {}}},
                    ],
                },
            }),
            want: &["test8", "0/1", "Init:0/2", "3 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 init containers, one completed without restarts and the other restarting, and 1 container not running",
            pod: json!({
                "metadata": {"name": "test9"},
                "spec": {"initContainers": containers(2), "containers": containers(1)},
                "status": {
                    "phase": "podPhase",
                    "initContainerStatuses": [
                        {"ready": false, "state": {"terminated": {"exitCode": 0}}},
                        {
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                    ],
                    "containerStatuses": [
                        {"ready": false, "state": {"waiting": {}}},
                    ],
                },
            }),
            want: &["test9", "0/1", "Init:1/2", "3 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 init containers, one completed with restarts and the other restarting, and 1 container not running",
            pod: json!({
                "metadata": {"name": "test10"},
                "spec": {"initContainers": containers(2), "containers": containers(1)},
                "status": {
                    "phase": "podPhase",
                    "initContainerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 2,
                            "state": {"terminated": {"exitCode": 0}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(2 * MINUTE)}},
                        },
                        {
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                    ],
                    "containerStatuses": [
                        {"ready": false, "state": {"waiting": {}}},
                    ],
                },
            }),
            want: &["test10", "0/1", "Init:1/2", "5 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 1 init container completed with restarts and one container restarting",
            pod: json!({
                "metadata": {"name": "test11"},
                "spec": {"initContainers": containers(1), "containers": containers(1)},
                "status": {
                    "phase": "Running",
                    "initContainerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 2,
                            "state": {"terminated": {"exitCode": 0}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(2 * MINUTE)}},
                        },
                    ],
                    "containerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 4,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(20 * SECOND)}},
                        },
                    ],
                },
            }),
            want: &["test11", "0/1", "Running", "4 (20s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 1 container that restarted 5d ago",
            pod: json!({
                "metadata": {"name": "test12"},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "Running",
                    "containerStatuses": [
                        {
                            "ready": true,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(5 * DAY)}},
                        },
                    ],
                },
            }),
            want: &["test12", "1/1", "Running", "3 (5d ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 containers, one has never restarted and the other has restarted 10d ago",
            pod: json!({
                "metadata": {"name": "test13"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "Running",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 0, "state": {"running": {}}},
                        {
                            "ready": true,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * DAY)}},
                        },
                    ],
                },
            }),
            want: &["test13", "2/2", "Running", "3 (10d ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 containers, one restarted 5d ago and the other restarted 20d ago",
            pod: json!({
                "metadata": {"name": "test14"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "Running",
                    "containerStatuses": [
                        {
                            "ready": true,
                            "restartCount": 6,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(5 * DAY)}},
                        },
                        {
                            "ready": true,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(20 * DAY)}},
                        },
                    ],
                },
            }),
            want: &["test14", "2/2", "Running", "9 (5d ago)", "<unknown>"],
        },
        Case {
            desc: "Test PodScheduled condition with reason SchedulingGated",
            pod: json!({
                "metadata": {"name": "test15"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "conditions": [
                        {"type": "PodScheduled", "status": "False", "reason": "SchedulingGated"},
                    ],
                },
            }),
            want: &["test15", "0/2", "SchedulingGated", "0", "<unknown>"],
        },
        Case {
            desc: "Test pod condition succeed",
            pod: json!({
                "metadata": {"name": "test16"},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "Succeeded",
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"terminated": {"reason": "Completed", "exitCode": 0}}},
                    ],
                },
            }),
            want: &["test16", "0/1", "Completed", "0", "<unknown>"],
        },
        Case {
            desc: "Test pod condition failed",
            pod: json!({
                "metadata": {"name": "test17"},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "Failed",
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"terminated": {"reason": "Error", "exitCode": 1}}},
                    ],
                },
            }),
            want: &["test17", "0/1", "Error", "0", "<unknown>"],
        },
        Case {
            desc: "Test pod condition succeed with deletion",
            pod: json!({
                "metadata": {"name": "test18", "deletionTimestamp": delete_time},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "Succeeded",
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"terminated": {"reason": "Completed", "exitCode": 0}}},
                    ],
                },
            }),
            want: &["test18", "0/1", "Completed", "0", "<unknown>"],
        },
        Case {
            desc: "Test pod condition running with deletion",
            pod: json!({
                "metadata": {"name": "test19", "deletionTimestamp": delete_time},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "Running",
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"running": {}}},
                    ],
                },
            }),
            want: &["test19", "0/1", "Terminating", "0", "<unknown>"],
        },
        Case {
            desc: "Test pod condition pending with deletion",
            pod: json!({
                "metadata": {"name": "test20", "deletionTimestamp": delete_time},
                "spec": {"containers": containers(1)},
                "status": {"phase": "Pending"},
            }),
            want: &["test20", "0/1", "Terminating", "0", "<unknown>"],
        },
    ];
    check("TestPrintPod", &cases, false);
}

/// The two restartable (sidecar) init containers upstream's cases 0-3 declare.
fn restartable_init_containers() -> Value {
    json!([
        {"name": "restartable-init-1", "restartPolicy": "Always"},
        {"name": "restartable-init-2", "restartPolicy": "Always"},
    ])
}

#[test]
fn upstream_print_pod_with_restartable_init_container() {
    let cases = [
        Case {
            desc: "Test pod has 2 restartable init containers, the first one running but not started.",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"initContainers": restartable_init_containers(), "containers": containers(1)},
                "status": {
                    "phase": "Pending",
                    "initContainerStatuses": [
                        {
                            "name": "restartable-init-1",
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "started": false,
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                        {"name": "restartable-init-2", "ready": false, "state": {"waiting": {}}, "started": false},
                    ],
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"waiting": {}}},
                    ],
                    "conditions": [
                        {"type": "Initialized", "status": "False"},
                    ],
                },
            }),
            want: &["test1", "0/3", "Init:0/2", "3 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 restartable init containers, the first one started and the second one running but not started.",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"initContainers": restartable_init_containers(), "containers": containers(1)},
                "status": {
                    "phase": "Pending",
                    "initContainerStatuses": [
                        {
                            "name": "restartable-init-1",
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "started": true,
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                        {"name": "restartable-init-2", "ready": false, "state": {"running": {}}, "started": false},
                    ],
                    "containerStatuses": [
                        {"ready": false, "restartCount": 0, "state": {"waiting": {}}},
                    ],
                    "conditions": [
                        {"type": "Initialized", "status": "False"},
                    ],
                },
            }),
            want: &["test1", "0/3", "Init:1/2", "3 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 restartable init containers started and 1 container running",
            pod: json!({
                "metadata": {"name": "test2"},
                "spec": {"initContainers": restartable_init_containers(), "containers": containers(1)},
                "status": {
                    "phase": "Running",
                    "initContainerStatuses": [
                        {
                            "name": "restartable-init-1",
                            "ready": false,
                            "restartCount": 3,
                            "state": {"running": {}},
                            "started": true,
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                        {"name": "restartable-init-2", "ready": false, "state": {"running": {}}, "started": true},
                    ],
                    "containerStatuses": [
                        {
                            "ready": true,
                            "restartCount": 4,
                            "state": {"running": {}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(20 * SECOND)}},
                        },
                    ],
                    "conditions": [
                        {"type": "Initialized", "status": "True"},
                    ],
                },
            }),
            want: &["test2", "1/3", "Running", "7 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has 2 restartable init containers completed with non-zero and 1 container completed",
            pod: json!({
                "metadata": {"name": "test3"},
                "spec": {"initContainers": restartable_init_containers(), "containers": containers(1)},
                "status": {
                    "phase": "Succeeded",
                    "initContainerStatuses": [
                        {
                            "name": "restartable-init-1",
                            "ready": false,
                            "restartCount": 3,
                            "state": {"terminated": {"reason": "Error", "exitCode": 137}},
                            "started": false,
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(10 * SECOND)}},
                        },
                        {
                            "name": "restartable-init-2",
                            "ready": false,
                            "state": {"terminated": {"reason": "Error", "exitCode": 137}},
                            "started": false,
                        },
                    ],
                    "containerStatuses": [
                        {
                            "ready": false,
                            "restartCount": 4,
                            "state": {"terminated": {"reason": "Completed", "exitCode": 0}},
                            "lastState": {"terminated": {"exitCode": 0, "finishedAt": ago(20 * SECOND)}},
                        },
                    ],
                    "conditions": [
                        {"type": "Initialized", "status": "True"},
                    ],
                },
            }),
            want: &["test3", "0/3", "Completed", "7 (10s ago)", "<unknown>"],
        },
        Case {
            desc: "Test pod has container statuses for non-existent initContainers and containers",
            pod: json!({
                "metadata": {"name": "test4"},
                "spec": {
                    "initContainers": [
                        {"name": "init1", "image": "initimage"},
                        {"name": "sidecar1", "image": "sidecarimage", "restartPolicy": "Always"},
                    ],
                    "containers": [{"name": "container1", "image": "containerimage"}],
                },
                "status": {
                    "phase": "Running",
                    "initContainerStatuses": [
                        {"name": "initinvalid"},
                        {"name": "init1"},
                        {"name": "sidecar1"},
                    ],
                    "containerStatuses": [
                        {"name": "containerinvalid"},
                        {"name": "container1"},
                    ],
                },
            }),
            want: &["test4", "0/2", "Init:0/2", "0", "<unknown>"],
        },
    ];
    check("TestPrintPodWithRestartableInitContainer", &cases, false);
}

/// `spec.readinessGates` for condition1..condition3.
fn three_readiness_gates() -> Value {
    json!([
        {"conditionType": "condition1"},
        {"conditionType": "condition2"},
        {"conditionType": "condition3"},
    ])
}

#[test]
fn upstream_print_pod_wide() {
    let cases = [
        Case {
            desc: "Test when the NodeName and PodIP are not none",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"containers": containers(2), "nodeName": "test1", "readinessGates": three_readiness_gates()},
                "status": {
                    "conditions": [
                        {"type": "condition1", "status": "False"},
                        {"type": "condition2", "status": "True"},
                    ],
                    "phase": "podPhase",
                    "podIPs": [{"ip": "1.1.1.1"}],
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"restartCount": 3},
                    ],
                    "nominatedNodeName": "node1",
                },
            }),
            want: &["test1", "1/2", "podPhase", "6", "<unknown>", "1.1.1.1", "test1", "node1", "1/3"],
        },
        Case {
            desc: "Test when the NodeName and PodIP are not none",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"containers": containers(2), "nodeName": "test1", "readinessGates": three_readiness_gates()},
                "status": {
                    "conditions": [
                        {"type": "condition1", "status": "False"},
                        {"type": "condition2", "status": "True"},
                    ],
                    "phase": "podPhase",
                    "podIPs": [{"ip": "1.1.1.1"}, {"ip": "2001:db8::"}],
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"restartCount": 3},
                    ],
                    "nominatedNodeName": "node1",
                },
            }),
            want: &["test1", "1/2", "podPhase", "6", "<unknown>", "1.1.1.1", "test1", "node1", "1/3"],
        },
        Case {
            desc: "Test when the NodeName and PodIP are none",
            pod: json!({
                "metadata": {"name": "test2"},
                "spec": {"containers": containers(2), "nodeName": ""},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"state": {"waiting": {"reason": "ContainerWaitingReason"}}, "restartCount": 3},
                    ],
                },
            }),
            want: &["test2", "1/2", "ContainerWaitingReason", "6", "<unknown>", "<none>", "<none>", "<none>", "<none>"],
        },
    ];
    check("TestPrintPodwide", &cases, true);
}

/// The pods of `TestPrintPodConditions` differ only in name, labels and phase.
fn conditions_pod(name: &str, labels: Value, phase: &str) -> Value {
    json!({
        "metadata": {"name": name, "labels": labels},
        "spec": {"containers": containers(2)},
        "status": {
            "phase": phase,
            "containerStatuses": [
                {"ready": true, "restartCount": 3, "state": {"running": {}}},
                {"restartCount": 3},
            ],
        },
    })
}

#[test]
fn upstream_print_pod_conditions() {
    // Upstream also checks the row conditions (podSuccessConditions / podFailedConditions);
    // `pod_row` returns cells only, so only the cells are compared.
    let cases = [
        Case {
            desc: "Should not have TableRowCondition",
            pod: conditions_pod("test1", json!({"a": "1", "b": "2"}), "Running"),
            want: &["test1", "1/2", "Running", "6", "<unknown>"],
        },
        Case {
            desc: "Should have TableRowCondition: podSuccessConditions",
            pod: conditions_pod("test1", json!({"a": "1", "b": "2"}), "Succeeded"),
            want: &["test1", "1/2", "Succeeded", "6", "<unknown>"],
        },
        Case {
            desc: "Should have TableRowCondition: podFailedCondition",
            pod: conditions_pod("test2", json!({"b": "2"}), "Failed"),
            want: &["test2", "1/2", "Failed", "6", "<unknown>"],
        },
    ];
    check("TestPrintPodConditions", &cases, false);
}

#[test]
fn upstream_print_pod_list() {
    // Test podList's pod: name, num of containers, restarts, container ready status
    // (upstream prints the list with printPodList; here each item goes through pod_row).
    let cases = [
        Case {
            desc: "Test podList's pod: name, num of containers, restarts, container ready status (item 0)",
            pod: json!({
                "metadata": {"name": "test1"},
                "spec": {"containers": containers(2)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                        {"ready": true, "restartCount": 3, "state": {"running": {}}},
                    ],
                },
            }),
            want: &["test1", "2/2", "podPhase", "6", "<unknown>"],
        },
        Case {
            desc: "Test podList's pod: name, num of containers, restarts, container ready status (item 1)",
            pod: json!({
                "metadata": {"name": "test2"},
                "spec": {"containers": containers(1)},
                "status": {
                    "phase": "podPhase",
                    "containerStatuses": [
                        {"ready": true, "restartCount": 1, "state": {"running": {}}},
                    ],
                },
            }),
            want: &["test2", "1/1", "podPhase", "1", "<unknown>"],
        },
    ];
    check("TestPrintPodList", &cases, false);
}

#[test]
fn upstream_print_non_terminated_pod() {
    let pod = |name: &str, phase: &str, second_ready: bool| {
        let mut second = json!({"restartCount": 3});
        if second_ready {
            second["ready"] = json!(true);
        }
        json!({
            "metadata": {"name": name},
            "spec": {"containers": containers(2)},
            "status": {
                "phase": phase,
                "containerStatuses": [
                    {"ready": true, "restartCount": 3, "state": {"running": {}}},
                    second,
                ],
            },
        })
    };
    // Columns: Name, Ready, Reason, Restarts, Age
    let cases = [
        Case {
            desc: "Test pod phase Running should be printed",
            pod: pod("test1", "Running", false),
            want: &["test1", "1/2", "Running", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod phase Pending should be printed",
            pod: pod("test2", "Pending", false),
            want: &["test2", "1/2", "Pending", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod phase Unknown should be printed",
            pod: pod("test3", "Unknown", false),
            want: &["test3", "1/2", "Unknown", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod phase Succeeded should be printed",
            pod: pod("test4", "Succeeded", false),
            want: &["test4", "1/2", "Succeeded", "6", "<unknown>"],
        },
        Case {
            desc: "Test pod phase Failed shouldn't be printed",
            pod: pod("test5", "Failed", true),
            want: &["test5", "1/2", "Failed", "6", "<unknown>"],
        },
    ];
    check("TestPrintNonTerminatedPod", &cases, false);
}
