//! `cargo run -p podlife-fuzzing --bin fuzz-seeds -- DIR`: writes every target's seed corpus to
//! `DIR/<target>/` (what `cargo xtask fuzz` runs first).

fn main() {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: fuzz-seeds DIR");
        std::process::exit(2);
    };
    match podlife_fuzzing::seeds::write_corpora(std::path::Path::new(&dir)) {
        Ok(counts) => {
            for (name, n) in counts {
                println!("{name}: {n} seeds");
            }
        }
        Err(e) => {
            eprintln!("fuzz-seeds: {e}");
            std::process::exit(1);
        }
    }
}
