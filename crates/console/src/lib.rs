//! kubectl emulation over the podlife engine (API surface; being built).

/// A position-tagged message about user input (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

/// What one command printed, as a terminal shows it, plus diagnostics with positions in its stdin.
#[derive(Debug, Clone, Default)]
pub struct Output {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// A cluster and the kubectl that talks to it.
pub struct Session {}

impl Session {
    /// The default three-node cluster, seeded RNG.
    pub fn new(_seed: u64) -> Session {
        Session {}
    }

    /// Runs one command line (`kubectl …`, `sleep …`, `podlife …`) with optional stdin.
    pub fn exec(&mut self, line: &str, _stdin: Option<&str>) -> Output {
        Output { text: format!("(not yet) {line}\n"), diagnostics: vec![] }
    }

    /// The engine's trace rendered one line per reaction.
    pub fn trace_text(&self) -> String {
        String::new()
    }
}
