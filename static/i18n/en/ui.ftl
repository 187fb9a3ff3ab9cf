# The page's own words (English). kubectl output and API names are never translated.

tagline = How a Kubernetes 1.36 pod is born and dies, step by step.
footer = Everything runs in this page: a deterministic simulation of Kubernetes 1.36, no real cluster, nothing sent anywhere.
language-label = Language
share = Share link
share-copied = Link copied — it carries the scenario and your files:
reset = Start over
hint-before-apply = Press Apply (Ctrl+Enter), then step with ← → or Play.
hint-after-apply = Step with ← → or Play; type kubectl commands in the console.
embed-open = Open in podlife ↗

notice-dismiss = Dismiss
notice-saved-ignored = Your saved work could not be restored ({ $error }), so podlife started fresh.
notice-save-failed = Your work could not be saved in this browser: { $error }
notice-shared-opened = Opened a shared link. Press Apply to run it.
notice-share-broken = This share link could not be opened: { $error }
notice-share-too-large = No link was made: { $error }

## Editor

editor-label = Manifests
files-label = Files
file-add = Add a file
file-rename = New file name
file-rename-named = Rename { $name }
file-name-invalid = “{ $name }” cannot be a file name here: one word without spaces or slashes, not starting with “-”.
file-name-taken = Another tab is already called “{ $name }”.
file-close = Close { $name }
editor-file-label = { $name } (YAML)
editor-hint = Ctrl+Enter applies. Tab indents; press Escape, then Tab, to leave the editor.
engine-loading = Loading the cluster engine… Apply and the console work already: they run as soon as it is here.
apply = Apply
delete = Delete
diagnostics-label = Problems in the manifest
diagnostic-at = line { $line }, column { $column }:

## Cluster stage

stage-label = Cluster
stage-title = The cluster's components, nodes and pods.
stage-title-active = The cluster; { $component } is acting.
stage-apiserver-sub = every request: authn ▸ authz ▸ admission ▸ validation ▸ etcd
stage-control-plane = control plane
stage-clients = clients
stage-registry = image registry
stage-internet = Internet
stage-authn = authn
stage-authz = authz
stage-admission = admission
stage-validation = validation
stage-unscheduled = Pods without a node
stage-no-pods = no pods
stage-more-pods = +{ $count } more
stage-more-nodes = +{ $count } more nodes not drawn
legend-label = Pod colours
legend-running = running
legend-waiting = waiting
legend-failing = failing
legend-terminating = terminating

## What just happened

what-label = What just happened
what-empty = Nothing yet. Press Apply to send your manifest to the API server.
what-start = Ready. Step forward (→) to see the first reaction.
what-background = routine
what-raw = Trace lines ({ $count })
changes-field = Field
changes-before = Before
changes-after = After
changes-updated = Fields this write changed
changes-created-filled = Created. Fields the API server filled in (defaults and admission):
changes-created = Created as sent.
changes-deleted = The object was removed from etcd.
changes-none = Only bookkeeping changed (resourceVersion).
changes-more = …and { $count } more.
cycle-caption = Scheduling cycle: filters, then scores (normalized 0–100, raw in brackets) × weight
cycle-node = Node
cycle-filter = Filter
cycle-fits = fits
cycle-not-scored = not scored
cycle-scores = Scores
cycle-total = Total
cycle-score-help = normalized score (raw score)
cycle-not-evaluated = Not evaluated (percentageOfNodesToScore): { $nodes }

## Timeline

timeline-label = Timeline
timeline-controls = Playback
timeline-play = Play
timeline-pause = Pause
timeline-back = Step back
timeline-forward = Step forward
timeline-back-key = Step back (←)
timeline-forward-key = Step forward (→)
timeline-speed = Speed
timeline-next-of = Next from
timeline-background = Show routine work (heartbeats)
timeline-scrub = Position in the timeline
timeline-step = Step { $step } of { $total } · { $time }
timeline-step-short = Step { $step } of { $total }
timeline-capped-steps = podlife stopped this run after { $steps } steps at { $time } (the most one run takes at once); the cluster is as it was then. A `sleep` in the console goes on from here.
timeline-computing = Computing: { $reactions } reactions so far, the cluster at { $time }.
timeline-computing-start = Computing…
timeline-cancel = Cancel
timeline-capped-timeline = podlife stopped at { $time }: the timeline holds at most { $reactions } reactions; the cluster is as it was then. “Start over” begins a new timeline.
timeline-stopped = podlife stopped after { $reactions } reactions at { $time }: { $why }; the cluster is as it was then.
stop-trace-full = the trace reached its limit of { $n } reactions
stop-steps = this command's budget of { $n } interpreter steps is spent (containers computing without a pause)
stop-reactions = this command's budget of { $n } reactions is spent
stop-work = this command's budget of { $n } units of work is spent (a reaction costs 1, 1 more for every { $pods } pods in the cluster and 1 more for every { $objects } cached objects it reads)
stop-waiting = this command waits for ever and podlife waits at most { $duration } at once

## Console, events, pods

lower-label = Console and tables
tab-console = Console
tab-events = Events
tab-pods = Pods
tables-at-moment = as kubectl get shows them at this step
console-log = Console output
console-input = kubectl command
console-placeholder = kubectl get pods  (↑ history, Tab completes)
console-empty = Commands and their output appear here.
console-scratch = {"  "}(run at step { $step }, on a copy: the timeline is unchanged)
console-try = Try:
events-empty = No events yet at this step.
pods-empty = No pods at this step.

## The course
course-open = Course
course-unavailable = The course could not be read: { $error }
course-progress = { $done } of { $total } lessons done
course-sandbox = Open the sandbox
scenario-picker-in-lesson = (a lesson is open)
lesson-done-mark = done
lesson-goals = Goals
lesson-goal-done = Done
lesson-goal-todo = Not yet
lesson-hint = Show a hint ({ $n }/{ $total })
lesson-hints-label = Hints
lesson-next-command = Next command:
lesson-no-next-command = You have run every command of the solution: step on to see its effect.
lesson-complete = Every goal holds.
lesson-next = Next lesson: { $title }
lesson-last = That was the last lesson of the course.
lesson-reset = Reset lesson
lesson-back = Course map
lesson-compare = See it side by side: { $title }
question-label = Predict
question-step-on = Now step on (→ or Play) and see what the cluster does.
question-right = You predicted it.
question-wrong = The cluster did something else.
question-unanswered = You did not choose.
question-answer = What happened:
question-evidence = Show the reaction
notice-progress-ignored = The saved course progress could not be read and was reset: { $error }

## The pod inspector
inspector-pick = Inspect a pod
inspector-label = Pod { $pod }
inspector-close = Close
inspector-missing = This pod does not exist at the step shown.
inspector-phase = Phase (status.phase)
inspector-status = kubectl STATUS
inspector-ready = kubectl READY
inspector-node = Node
inspector-ip = Pod IP
inspector-note = The phase is the pod's own summary; STATUS is kubectl's reading of the container states. Highlighted: what this step changed.
inspector-conditions = Conditions
inspector-no-conditions = No conditions yet: nobody has written the pod's status.
inspector-containers = Containers
inspector-init = init
inspector-sidecar = sidecar
inspector-exit-code = exit code { $code }
inspector-signal = signal { $signal }
course-loading = Loading the course…
notice-course-failed = The course could not be loaded: { $error }
notice-texts-failed = The other language's texts could not be loaded: { $error }
notice-engine-failed = The cluster engine stopped ({ $error }). It was restarted with your work as it was before the last step.
notice-engine-unavailable = The cluster engine could not run ({ $error }). Reload the page to try again.
notice-run-cancelled = The run was cancelled: the cluster is as it was before it.
notice-no-lesson = There is no lesson “{ $id }” in the course.

## The lesson builder
builder-open = Make a lesson
builder-label = Make a lesson from this
builder-hint = The lesson starts from the files in the editor; its solution is what you did so far (Apply, the console's commands, the time that passed). Pick the goals a learner must reach, at the moment shown.
builder-title = Title
builder-intro = Introduction: what the learner sees and does
builder-goals = Goals (what holds at the moment shown)
builder-no-suggestions = Nothing to suggest yet: press Apply and step on first.
builder-create = Check it and make a link
builder-link = The link opens your lesson (copied):
builder-needs-title = Give the lesson a title.
builder-needs-goal = Pick at least one goal.
builder-needs-texts = The texts of both languages are still loading: try again in a moment.
builder-checking = Playing the lesson to check it…
builder-sequence = Made here
builder-goal-phase = Pod { $pod } has phase { $phase }
builder-goal-status = kubectl shows pod { $pod } as { $status }
builder-goal-ready = Pod { $pod }'s Ready condition is { $ready }
builder-goal-restarts = Container { $container } of pod { $pod } restarted at least { $count } times
builder-goal-last-reason = Container { $container } of pod { $pod } ended with { $reason }
builder-goal-workload-ready = { $kind } { $name } has { $count } ready replicas
builder-goal-event = A { $reason } warning about { $object } is seen
builder-goal-traffic = Traffic to service { $service } ends with { $failed } failed requests

## First visit
welcome-title = Welcome to podlife
welcome-text = Follow the course — 63 short lessons, from a pod's first request to its last signal, each with a task and goals that tick as you go — or explore the sandbox freely.
welcome-course = Start the course
welcome-sandbox = Explore the sandbox

## Comparing two variants (issue 21)
compare-open = Compare
compare-label = Comparison
compare-chooser-label = Compare two variants
compare-chooser-text = Run two versions side by side on the same cluster and seed, and see where they part ways: both timelines on one clock, the reactions only one of them has, and their outcomes.
compare-chooser-close = Close
compare-variant = Compare these files with a variant
compare-builtins = Ready-made comparisons
compare-opening = Opening the comparison…
compare-title-variant = Your files (A) and a variant (B)
compare-title-shared = Two versions side by side
compare-intro-variant = Both sides start from the same cluster and seed. Change B, press Apply both, then step through both timelines: the marks show what only one side did.
compare-expect = What to look for:
compare-variant-a = your files
compare-variant-b = your variant (edit it below)
compare-intro-shared = Two versions of the same files, each on its own copy of the same cluster and seed. Step through both timelines: the marks show what only one side did.
compare-shared-a = the original files
compare-shared-b = the changed copy
compare-share = Share comparison
compare-close = Close comparison
compare-run-label = Run both sides
compare-apply = Apply both
compare-console-input = A command for both sides
compare-console-placeholder = kubectl get pods   (runs on A and on B)
compare-run-hint = Apply both sends A's files to A and B's files to B (Ctrl+Enter in either editor). A console line runs on both clusters at the same moment.
compare-apply-failed = kubectl reported a problem on side { $side }: see its console below.
compare-timeline-label = Both timelines on one clock
compare-at = { $time } · A: { $a } of { $atotal } · B: { $b } of { $btotal }
compare-step = reaction { $step }
compare-step-hint = ← → step through both in time order; click a lane to jump to that moment.
compare-only-key = only in this run (A: { $a }, B: { $b })
compare-only-mark = Only in { $side }: { $what }
compare-scrub = Simulated time
compare-lanes-label = The timelines of A and B on one time axis; click to jump to a moment
compare-capped = Side { $side } stopped early: see its console.
compare-outcomes-label = Outcomes
compare-outcomes-differ = Rows that differ: { $count }
compare-outcomes-empty = Nothing to compare yet: apply something on both sides.
compare-differs = differs
compare-subject = Subject
compare-measure = Measure
compare-never = never
compare-only-label = Only in one run
compare-only-count = { $count } in all
compare-only-none = None so far: both runs did the same things (within a second of each other).
compare-only-in = only in { $side }
compare-only-more = …and { $count } more, marked on the timelines.
compare-console-of = Console { $side }
compare-cluster-of = Cluster { $side }
compare-side-at = reaction { $step } of { $total } · { $time }
compare-what-empty = Nothing has happened on this side yet.
compare-editor-of = Manifests { $side }
compare-file-label = { $name } on side { $side } (YAML)
compare-editor-hint-a = A: the files you started from.
compare-editor-hint-b = B: change something here; the diff below shows how it differs from A.
compare-own-files = Your own manifests on each side (optional)
compare-diff-label = B against A
compare-diff-same = B is the same as A so far. Edit B's files to make a variant.
compare-diff-only-a = only in A
compare-diff-only-b = only in B
compare-diff-at = @@ A line { $a }, B line { $b }
compare-diff-approximate = (approximate)
compare-diff-truncated = Only the first 2,000 changed lines are shown.
notice-compare-failed = The comparison could not be opened: { $error }

# Outcome measures (podlife_compare::outcome::Measure::id, dots as dashes, lower case).
measure-traffic-failed = failed requests
measure-traffic-failedbysecond = failures per second
measure-traffic-summary = traffic summary
measure-rollout-time = last rollout took
measure-rollout-minavailable = fewest available during it
measure-rollout-maxreplicas = most replicas during it
measure-pods-created = pods created
measure-pod-restarts = restarts
measure-pod-timetoready = time to Ready
measure-pod-deletetogone = delete to gone
measure-pod-exit = exit

# Trace actions in the "only in one run" list (the trace's action id, dots as dashes).
action-request = API request
action-scheduler-bind = scheduler bound the pod
action-scheduler-postfilter = scheduler tried preemption
action-kubelet-sync = kubelet sync
action-kubelet-kill = kubelet stopped a container
action-kubelet-evict = kubelet evicted a pod
action-kubelet-hook = lifecycle hook ran
action-kubelet-exec = exec in a container
action-kubelet-logs = logs read
action-kubelet-probe = probe did not pass
action-shim = container task event
action-signal = signal delivered
action-image-pull = image pull
action-traffic-request = traffic request
action-traffic-done = traffic run ended
action-node-down = node went down
action-node-up = node came back
action-node-add = node added
action-node-shutdown = node shut down
action-node-boot = node booted
action-component-stop = component stopped
action-component-start = component started
action-netpol-drop = NetworkPolicy dropped a packet
action-dns-forward = DNS query forwarded
action-internet-dns = Internet DNS lookup
action-internet-http = Internet HTTP request
action-proxy-sync = kube-proxy sync
action-proxy-restore = iptables-restore
