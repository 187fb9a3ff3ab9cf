//! What the page draws, as data the worker computes at the moment shown: the cluster scene,
//! the current reaction explained, tables, the pod inspector and the timeline's ticks.

use serde::{Deserialize, Serialize};

use crate::text::Message;

/// A control-plane component, or a node component with its node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Component {
    pub name: String,
    pub node: Option<String>,
}

impl Component {
    pub fn control_plane(name: &str) -> Component {
        Component { name: name.to_string(), node: None }
    }

    pub fn on_node(name: &str, node: &str) -> Component {
        Component { name: name.to_string(), node: Some(node.to_string()) }
    }
}

/// A table: headers and rows of cells.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A pod as the scene draws it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PodView {
    pub namespace: String,
    pub name: String,
    /// kubectl's STATUS column (`ContainerCreating`, `Running`, `CrashLoopBackOff`, …).
    pub status: String,
    pub ready: String,
    pub containers: Vec<ContainerView>,
    pub terminating: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContainerView {
    pub name: String,
    /// `waiting`, `running` or `terminated` (the API's view), and its reason.
    pub state: String,
    pub reason: String,
    pub ready: bool,
    pub init: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeView {
    pub name: String,
    pub ready: bool,
    /// The pods the scene draws: at most `MAX_PODS_DRAWN`, and none on the nodes after the
    /// first `MAX_NODES_DRAWN`.
    pub pods: Vec<PodView>,
    /// How many pods the node holds in all.
    pub pod_count: usize,
}

/// The most pods the scene draws per node (the rest are counted).
pub const MAX_PODS_DRAWN: usize = 8;
/// The most nodes the scene draws (the rest are counted): a 20-node cluster's step computes
/// the pods of six.
pub const MAX_NODES_DRAWN: usize = 6;

/// How a message travels in the scene.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edge {
    pub from: Component,
    pub to: Component,
    /// What travels: `POST`, `watch MODIFIED`, `RunPodSandbox`, `SIGTERM` …
    pub label: String,
}

/// The scene at the moment shown.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Scene {
    pub nodes: Vec<NodeView>,
    /// Pods no node holds yet (Pending), at most `MAX_PODS_DRAWN`.
    pub unscheduled: Vec<PodView>,
    pub unscheduled_count: usize,
    /// The components acting now (an API call lights the caller and kube-apiserver).
    pub active: Vec<Component>,
    pub edges: Vec<Edge>,
    /// The kube-apiserver stages the current request passed (`authn`, `authz`, `admission`,
    /// `validation`), and where it was refused, if it was.
    pub stages: Vec<String>,
    pub refused_at: Option<String>,
}

/// One changed field, its values as the page prints them (`—` for none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FieldChange {
    pub path: String,
    pub before: String,
    pub after: String,
}

/// What the current reaction changed in an object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Changes {
    None,
    Created { filled: Vec<FieldChange> },
    Updated(Vec<FieldChange>),
    Deleted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CycleRow {
    pub node: String,
    /// None when the node passed every filter; else the plugin, its code and reasons.
    pub rejected: Option<(String, String, String)>,
    /// Per scoring plugin (same order as `CycleTable::plugins`): raw and normalized.
    pub scores: Vec<(i64, i64)>,
    pub total: Option<i64>,
    pub chosen: bool,
}

/// A scheduling cycle's node × plugin table.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CycleTable {
    /// Scoring plugins and their weights.
    pub plugins: Vec<(String, i64)>,
    pub rows: Vec<CycleRow>,
    /// Nodes not evaluated (percentageOfNodesToScore).
    pub not_evaluated: Vec<String>,
    pub message: Option<String>,
}

/// The reaction at the moment shown, explained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Current {
    pub time_ms: u64,
    /// Who acted, as the explanation names it (`kube-controller-manager (deployment-controller)`).
    pub actor: String,
    /// The kube-controller-manager loop that acted, if one did.
    pub controller: Option<String>,
    /// `Pod/web-1`, or empty.
    pub object: String,
    pub background: bool,
    pub message: Message,
    pub changes: Changes,
    pub cycle: Option<CycleTable>,
    /// The raw trace lines, and how many events they are.
    pub raw: String,
    pub events: usize,
}

/// A value and whether this step changed it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Field {
    pub value: String,
    pub changed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    pub kind: String,
    pub status: String,
    pub reason: String,
    pub message: String,
    pub since: String,
    pub changed: bool,
}

/// Which list a container is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContainerKind {
    Init,
    /// An init container with `restartPolicy: Always`.
    Sidecar,
    App,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Container {
    pub name: String,
    pub kind: ContainerKind,
    pub state: State,
    pub last: Option<State>,
    pub ready: bool,
    pub started: Option<bool>,
    pub restarts: u64,
    pub changed: bool,
}

/// `waiting`, `running` or `terminated`, with its details.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct State {
    pub kind: String,
    pub reason: String,
    pub message: String,
    pub exit_code: Option<i64>,
    pub signal: Option<i64>,
    pub started: String,
    pub finished: String,
}

/// A pod as the inspector shows it: phase, conditions, container states and kubectl's
/// STATUS and READY side by side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inspection {
    pub namespace: String,
    pub name: String,
    pub node: String,
    pub ip: String,
    pub phase: Field,
    pub status: Field,
    pub ready: Field,
    pub conditions: Vec<Condition>,
    pub containers: Vec<Container>,
    pub terminating: bool,
}

/// A kubectl diagnostic with its place in the file (1-based; 0 when unknown).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// One command typed (or issued by a button) and what it printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConsoleEntry {
    pub line: String,
    pub output: String,
    pub failed: bool,
    /// How many reactions existed before it ran.
    pub position: usize,
    /// Ran on a copy of an earlier moment (a read-only command while scrubbed back).
    pub scratch: bool,
}

/// What an Apply (or Delete) of one editor file did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FileResult {
    pub name: String,
    pub diagnostics: Vec<Diagnostic>,
    pub failed: bool,
}

/// Why the last run forward stopped before its end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cap {
    /// The run took its most steps; it stopped at `at_ms`.
    Steps { steps: usize, at_ms: u64 },
    /// The timeline is full.
    Timeline { reactions: usize, at_ms: u64 },
    /// The engine stopped itself.
    Engine { reactions: u64, at_ms: u64, why: StopWhy },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StopWhy {
    TraceFull(usize),
    Steps(u64),
    Reactions(u64),
    /// The command's units of work: a reaction costs one, one more for every
    /// `pods_per_extra_unit` pods in the cluster and one more for every
    /// `objects_per_extra_unit` objects it reads from its informer cache.
    Work { units: u64, pods_per_extra_unit: u64, objects_per_extra_unit: u64 },
    /// Waiting longer than the run may: the wait as Go prints a duration.
    Waiting(String),
}

/// One reaction on the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Tick {
    pub ms: u64,
    /// Its lane (an index into `Timeline::lanes`).
    pub lane: u32,
    pub background: bool,
    pub failed: bool,
}

/// Every reaction of the timeline, light: the page lays out lanes and ticks, steps and
/// scrubs from it without asking the worker.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Timeline {
    /// Changes whenever the reactions do.
    pub version: u64,
    /// Lane names (`kubelet (worker-1)`, `deployment-controller` …), unordered.
    pub lanes: Vec<String>,
    /// Reaction `i` is shown at position `i + 1`. Packed into one byte string on the wire
    /// (`packed_ticks`): a 40,000-reaction timeline decoded field by field took the page 28 ms.
    #[serde(with = "packed_ticks")]
    pub ticks: Vec<Tick>,
}

/// `Vec<Tick>` as bytes: per tick its ms (u64), lane (u32), little-endian, and a flags byte
/// (1: background, 2: failed).
mod packed_ticks {
    use super::Tick;
    use serde::de::{Error, Visitor};
    use serde::{Deserializer, Serializer};

    const SIZE: usize = 13;

    pub fn serialize<S: Serializer>(ticks: &[Tick], serializer: S) -> Result<S::Ok, S::Error> {
        let mut bytes = Vec::with_capacity(ticks.len() * SIZE);
        for t in ticks {
            bytes.extend_from_slice(&t.ms.to_le_bytes());
            bytes.extend_from_slice(&t.lane.to_le_bytes());
            bytes.push(u8::from(t.background) | u8::from(t.failed) << 1);
        }
        serializer.serialize_bytes(&bytes)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Tick>, D::Error> {
        deserializer.deserialize_bytes(Packed)
    }

    struct Packed;

    impl Packed {
        fn unpack<E: Error>(bytes: &[u8]) -> Result<Vec<Tick>, E> {
            if !bytes.len().is_multiple_of(SIZE) {
                return Err(E::custom(format!("{} bytes of ticks: not a multiple of {SIZE}", bytes.len())));
            }
            Ok(bytes
                .chunks_exact(SIZE)
                .map(|b| {
                    let ms = u64::from_le_bytes(b[0..8].try_into().unwrap_or_default());
                    let lane = u32::from_le_bytes(b[8..12].try_into().unwrap_or_default());
                    Tick { ms, lane, background: b[12] & 1 != 0, failed: b[12] & 2 != 0 }
                })
                .collect())
        }
    }

    impl<'de> Visitor<'de> for Packed {
        type Value = Vec<Tick>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("the timeline's ticks as bytes")
        }

        fn visit_bytes<E: Error>(self, bytes: &[u8]) -> Result<Vec<Tick>, E> {
            Packed::unpack(bytes)
        }
    }
}

impl Timeline {
    /// The next (or previous) position whose reaction satisfies `pred`; going back from the
    /// first reaction reaches position 0 (before anything).
    pub fn next_matching(&self, from: usize, forward: bool, pred: impl Fn(&Tick) -> bool) -> Option<usize> {
        if forward {
            (from + 1..=self.ticks.len()).find(|&p| pred(&self.ticks[p - 1]))
        } else {
            (1..from).rev().find(|&p| pred(&self.ticks[p - 1])).or((from > 0).then_some(0))
        }
    }

    /// The next (or previous) position whose reaction is not routine work.
    pub fn next_visible(&self, from: usize, forward: bool) -> Option<usize> {
        self.next_matching(from, forward, |t| !t.background)
    }

    /// The position of the `n`th reaction that is not routine work (0: before anything).
    pub fn visible_step(&self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        self.ticks.iter().enumerate().filter(|(_, t)| !t.background).nth(n - 1).map_or(self.ticks.len(), |(i, _)| i + 1)
    }
}

/// A builder's goal suggestion, worded by the page (a `ui.ftl` message and its arguments).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Suggestion {
    pub id: String,
    pub message: Message,
}

/// Which variant of a comparison (issue 21): A, the one the learner started from, or B, the
/// copy they edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Variant {
    A,
    B,
}

/// Where the comparison's aligned cursor goes (`Request::CompareSeek`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CompareTo {
    /// The moment `ms` (virtual ms since the script's start): each side at its last reaction
    /// at or before it (position 0 when it has none).
    Time { ms: u64 },
    /// One step along both timelines merged (by time, A's before B's at the same
    /// millisecond), over routine work unless `Wants::show_background`.
    Step { forward: bool },
    /// Both positions given (clamped to each timeline).
    Positions { a: usize, b: usize },
}

/// One side of the comparison at the aligned moment.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CompareSide {
    /// How many of this side's reactions are shown (its `View::position`).
    pub position: usize,
    /// The time of this side's current reaction (its cluster's first moment before any).
    pub time_ms: u64,
    /// The virtual time at the end of this side's timeline.
    pub end_ms: u64,
    /// Sent when this side's reactions (or which of them only it has) changed.
    pub timeline: Option<CompareTimeline>,
    /// This side's current reaction explained (None at position 0).
    pub current: Option<Current>,
    /// This side's console, sent when it changed.
    pub console: Option<Vec<ConsoleEntry>>,
    pub scene: Scene,
    pub cap: Option<Cap>,
}

/// One side's timeline, with the reactions the other run does not have.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CompareTimeline {
    pub timeline: Timeline,
    /// The indices into `timeline.ticks` (ascending) of the reactions that hold an event only
    /// this run has (`podlife_compare::reactions`: no reaction of the same key within 1 s in
    /// the other run).
    pub only_here: Vec<u32>,
}

/// A reaction only one run has, as the list beside the timelines names it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlyIn {
    pub variant: Variant,
    /// The position that shows it on its side (its reaction's index + 1).
    pub position: usize,
    pub time_ms: u64,
    /// The component that acted (for an API call, its client), and its node.
    pub component: String,
    pub node: Option<String>,
    /// The trace action's id (`signal`, `kubelet.kill`, `traffic.request` …).
    pub action: String,
    /// `Pod/web-*-*` (generated name parts as `*`), or empty.
    pub object: String,
    /// What tells it from another reaction of the same action (`signal=SIGKILL`), in name
    /// order.
    pub detail: Vec<(String, String)>,
}

/// A measured value (`podlife_compare::outcome::Value`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OutcomeValue {
    Count(u64),
    Millis(u64),
    /// What a duration measures did not happen by the run's end.
    Never,
    /// A traffic run's summary line, as the console printed it.
    Text(String),
    /// (second of the run, failed requests) for each second with failures.
    PerSecond(Vec<(u64, u64)>),
    /// Terminated containers: (container, exit code, reason).
    Exits(Vec<(String, i64, String)>),
}

/// One row of the outcome table: one measure of one subject in both runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeRow {
    /// `traffic svc/web`, `deployment/web`, `pod/app`, `pods web-*-*`.
    pub subject: String,
    /// `Measure::id` (`traffic.failed`, `pod.timeToReady` …): the page's words derive from it.
    pub measure: String,
    pub a: Option<OutcomeValue>,
    pub b: Option<OutcomeValue>,
    /// The values differ as the table shows them (durations to a tenth of a second).
    pub differs: bool,
}

/// One run of changed lines between A's and B's version of a file (0-based line numbers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiffHunk {
    pub a_start: usize,
    /// A's lines not in B (shown `-`).
    pub a_lines: Vec<String>,
    pub b_start: usize,
    /// B's lines not in A (shown `+`).
    pub b_lines: Vec<String>,
}

/// One editor file in the two variants (a file only one has: the other side's lines empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileDiff {
    pub name: String,
    pub in_a: bool,
    pub in_b: bool,
    pub hunks: Vec<DiffHunk>,
    /// The diff's work bound was reached: a hunk may be larger than it needs to be.
    pub approximate: bool,
}

/// The variants' files compared (only the changed lines cross).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FilesDiff {
    pub files: Vec<FileDiff>,
    /// Hunks were left out past `MAX_DIFF_LINES` changed lines.
    pub truncated: bool,
}

/// The most changed lines a `FilesDiff` carries.
pub const MAX_DIFF_LINES: usize = 2_000;
/// The most `OnlyIn` entries a `CompareView` lists (the timelines mark them all).
pub const MAX_ONLY_LISTED: usize = 200;

/// One side's editor files: (name, text) in tab order.
pub type EditorFiles = Vec<(String, String)>;

/// Everything the compare view draws at the aligned moment. The parts marked "sent when
/// changed" are None when the page already holds them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CompareView {
    /// The built-in comparison shown (`podlife_stories::comparisons` id), if it is one.
    pub builtin: Option<String>,
    pub seed: u64,
    /// The aligned moment (virtual ms since the script's start).
    pub time_ms: u64,
    /// Which side's reaction the cursor reached last (the one a step moved), if any.
    pub focus: Option<Variant>,
    pub a: CompareSide,
    pub b: CompareSide,
    /// The reactions only one run has, in time order (at most `MAX_ONLY_LISTED`), and how
    /// many there are in all; sent when changed.
    pub only: Option<(Vec<OnlyIn>, usize)>,
    /// Both runs' outcomes side by side; sent when changed.
    pub outcomes: Option<Vec<OutcomeRow>>,
    /// The variants' editor files (sent when the comparison opens), and their diff (sent
    /// when either changed).
    pub files: Option<(EditorFiles, EditorFiles)>,
    pub diff: Option<FilesDiff>,
}
