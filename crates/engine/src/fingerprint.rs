//! Reaction fingerprints, for the guard-rail tests of issue 20 only (feature `fingerprint`,
//! off in every shipped build: the worker's wasm does not contain this module).
//!
//! After each reaction (`Engine::step_until`) the engine notes the numbers that move whenever
//! the order of work changes: the clock, which task ran, the RNG's state, how many tasks were
//! ever queued, etcd's revision, the trace's sequence and the queue's length. A refactoring
//! that keeps behaviour identical keeps every one of them, reaction by reaction, even where
//! the goldens filter the trace (Lease renewals, routine probes).
//!
//! The sink is per thread and outside the `Engine`, so that snapshots (`Clone`) stay as they
//! are and a script that replaces its engine (`podlife cluster default`) keeps being observed.

use std::cell::RefCell;

/// The engine's counters right after one reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    /// The clock, in ms since the engine's epoch.
    pub now: u64,
    /// The queue sequence number of the task that ran (0 for a snapshot between reactions).
    pub task_seq: u64,
    pub rng: u64,
    pub next_seq: u64,
    pub revision: u64,
    pub trace_seq: u64,
    pub queue_len: u64,
}

impl Fingerprint {
    /// The fields in a fixed order, for hashing and for dumps.
    pub fn fields(&self) -> [u64; 7] {
        [self.now, self.task_seq, self.rng, self.next_seq, self.revision, self.trace_seq, self.queue_len]
    }

    /// FNV-1a 64 over the fields' little-endian bytes: written out here because std's
    /// `DefaultHasher` may change between Rust versions and the recordings are committed.
    pub fn hash(&self) -> u64 {
        let mut h = Fnv::new();
        for v in self.fields() {
            h.write_u64(v);
        }
        h.finish()
    }
}

/// FNV-1a, 64 bits.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn write_u64(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

thread_local! {
    static SINK: RefCell<Option<Vec<Fingerprint>>> = const { RefCell::new(None) };
}

/// From now on, this thread's engines note a fingerprint after every reaction.
pub fn start() {
    SINK.with(|s| *s.borrow_mut() = Some(Vec::new()));
}

/// The fingerprints noted since `start`; noting stops.
pub fn take() -> Vec<Fingerprint> {
    SINK.with(|s| s.borrow_mut().take()).unwrap_or_default()
}

pub(crate) fn note(f: Fingerprint) {
    SINK.with(|s| {
        if let Some(v) = s.borrow_mut().as_mut() {
            v.push(f);
        }
    });
}
