//! `cargo xtask bench`: the default cluster's boot (kind's three nodes and their system pods,
//! run by the engine itself once per process) and the copy every session then takes of it.
//! The web worker pays the boot before Apply is usable. Benchmarks measure; tests never
//! assert on time.

// The wall clock is what a benchmark measures (the engine itself never reads it).
#![allow(clippy::disallowed_methods)]

use std::time::Instant;

use podlife_engine::Engine;

fn main() {
    let start = Instant::now();
    std::hint::black_box(Engine::with_default_cluster(1));
    println!("{:<48} {:>12.2?} (once per process)", "boot the default cluster", start.elapsed());
    let copies = 100;
    let start = Instant::now();
    for seed in 0..copies {
        std::hint::black_box(Engine::with_default_cluster(seed));
    }
    println!("{:<48} {:>12.2?} per copy ({copies} copies)", "copy the booted cluster", start.elapsed() / copies as u32);
}
