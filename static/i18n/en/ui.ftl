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
