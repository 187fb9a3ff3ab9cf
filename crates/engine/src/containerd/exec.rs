//! `ExecSync` (exec probes, hooks, `kubectl exec`): a command run inside a container's
//! namespaces.

/// What an exec returned: its exit status, its combined output, and the virtual time it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExecRun {
    pub code: i32,
    pub output: String,
    /// The same output by stream (what a client with separate streams shows).
    pub stdout: String,
    pub stderr: String,
    pub duration_ms: u64,
    /// Still running at its deadline (`duration_ms` is then the deadline).
    pub unfinished: bool,
    /// The process could not be started (runc's error, as containerd wraps it).
    pub start_error: Option<String>,
}


