//! `ExecSync` (exec probes, `kubectl exec`): a command run inside a container's namespaces.

use crate::Engine;

impl Engine {
    /// Runs `argv` in the container and returns (exit status, combined output).
    pub(crate) fn exec_in_container(&mut self, _node: &str, _uid: &str, _container: &str, argv: &[String]) -> Result<(i32, String), String> {
        Err(format!("exec {argv:?}: not available yet"))
    }
}
