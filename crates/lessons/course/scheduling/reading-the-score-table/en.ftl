title = Reading the score table
intro =
    worker-1 has the SSD (label disk=ssd) and already runs pod heavy, which requests 1 CPU and 1Gi.
    Press Apply: app passes the filter on both workers, and kube-scheduler scores them. Find the
    scheduler.score reaction in the trace: a table of each plugin's normalized score times its
    weight, per node. Then make app land on worker-1 with a preference, not a requirement: both
    workers must still pass the filter.
goal-first-choice = app is first placed on worker-2, the winner of the score table
goal-flipped = app is placed on worker-1 through a preferred node affinity, with no required rule
hint-1 = In the scheduler.score table compare NodeResourcesFit on the two nodes: it favours the node with more room left.
hint-2 = preferredDuringSchedulingIgnoredDuringExecution under spec.affinity.nodeAffinity adds points and excludes no node. A pod's affinity cannot be changed in place: delete app first.
hint-3 = Prefer the expression disk In [ssd] with weight 1, and press Apply.
question-weight-one = Without a preference, worker-2 won 455 to 417. app now prefers disk=ssd, and even weight 1, the smallest allowed, would do. Where does app go?
question-weight-one-worker-1 = worker-1: the preference outweighs the 38 points
question-weight-one-worker-2 = worker-2: a preference of that size cannot make up 38 points
question-weight-one-explain =
    Each score plugin's raw scores are normalized to 0–100 before its weight is applied. For
    NodeAffinity the raw score is the sum of the weights of the preferences a node matches: 1 on
    worker-1 and 0 on worker-2. Normalizing gives the best node 100, whatever the weight was, and
    the plugin's default weight of 2 turns that into 200 points, far more than the 38 points
    NodeResourcesFit gave worker-2 for having more room (LeastAllocated). The weights of
    preferences only matter against each other; to change how much a plugin counts, you change
    its weight in a KubeSchedulerConfiguration profile.
