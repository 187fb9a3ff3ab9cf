//! `cargo xtask size`: what dist/ ships, raw and compressed as a server would send it, in
//! three parts: what the page fetches before it is interactive (the UI module, HTML, CSS and
//! JS, and the translations of one language — the larger, so the budget holds for either),
//! the engine worker fetched beside it, and what is fetched only on demand (the course, the
//! other language, and the part of the worker split off as rarely run: xtask/src/split.rs).
//! The build fails when the first load or both together exceed their budgets.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::Result;

/// What the page fetches before it is interactive, brotli (issue 18).
pub const FIRST_LOAD_BUDGET: usize = 450_000;
/// The first load and the worker together, brotli.
pub const WITH_WORKER_BUDGET: usize = 1_000_000;

/// Which part of the load a file of dist/ belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    FirstLoad,
    Worker,
    OnDemand,
    /// One language's translations: the page fetches one of them (`xtask/src/texts.rs`).
    Texts,
}

fn part_of(path: &str) -> Part {
    if path.starts_with(crate::split::SPLIT_PREFIX) {
        Part::OnDemand
    } else if path.starts_with("podlife-worker") {
        Part::Worker
    } else if path == "course.json" {
        Part::OnDemand
    } else if path.strip_prefix(podlife_i18n::SERVED_DIR).is_some_and(|rest| rest.starts_with('/')) {
        Part::Texts
    } else {
        Part::FirstLoad
    }
}

struct Row {
    path: String,
    raw: usize,
    gzip: usize,
    brotli: usize,
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("reading {}: {e}", dir.display()))?.path();
        if path.is_dir() {
            files_under(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

fn gzip_len(data: &[u8]) -> Result<usize> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(data).map_err(|e| e.to_string())?;
    Ok(encoder.finish().map_err(|e| e.to_string())?.len())
}

fn brotli_len(data: &[u8]) -> Result<usize> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, lgwin: 22, ..Default::default() };
    brotli::BrotliCompress(&mut &data[..], &mut out, &params).map_err(|e| e.to_string())?;
    Ok(out.len())
}

fn human(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else if bytes < 1024 * 1024 {
        format!("{:.1} KiB", bytes as f64 / 1024.0)
    } else {
        format!("{:.2} MiB", bytes as f64 / (1024.0 * 1024.0))
    }
}

pub fn run(dist: &Path) -> Result {
    if !dist.is_dir() {
        return Err(format!("{} does not exist: run `cargo xtask build` first", dist.display()));
    }
    let mut files = Vec::new();
    files_under(dist, &mut files)?;
    files.sort();
    let mut rows = Vec::new();
    for file in &files {
        let data = std::fs::read(file).map_err(|e| format!("reading {}: {e}", file.display()))?;
        let path = file.strip_prefix(dist).unwrap_or(file).to_string_lossy().into_owned();
        rows.push(Row { path, raw: data.len(), gzip: gzip_len(&data)?, brotli: brotli_len(&data)? });
    }
    let total = Row {
        path: format!("total ({} files)", rows.len()),
        raw: rows.iter().map(|r| r.raw).sum(),
        gzip: rows.iter().map(|r| r.gzip).sum(),
        brotli: rows.iter().map(|r| r.brotli).sum(),
    };
    let width = rows.iter().chain([&total]).map(|r| r.path.len()).max().unwrap_or(4).max(4);
    println!("{:<width$}  {:>11}  {:>11}  {:>11}", "dist/", "raw", "gzip -9", "brotli -11");
    let line = |r: &Row| {
        println!("{:<width$}  {:>11}  {:>11}  {:>11}", r.path, human(r.raw), human(r.gzip), human(r.brotli));
    };
    rows.iter().for_each(line);
    println!("{}", "-".repeat(width + 39));
    line(&total);
    println!("(bytes: raw {}, gzip {}, brotli {})", total.raw, total.gzip, total.brotli);
    let brotli_of = |part: Part| rows.iter().filter(|r| part_of(&r.path) == part).map(|r| r.brotli).sum::<usize>();
    let texts: Vec<&Row> = rows.iter().filter(|r| part_of(&r.path) == Part::Texts).collect();
    if texts.is_empty() {
        return Err(format!("{} has no translations (i18n/<lang>.ftl): was it built by trunk with its hooks?", dist.display()));
    }
    // The page fetches one language: the larger counts in the first load, the other on demand.
    let (one_language, other_languages) = {
        let largest = texts.iter().map(|r| r.brotli).max().unwrap_or(0);
        (largest, texts.iter().map(|r| r.brotli).sum::<usize>() - largest)
    };
    let (first, worker) = (brotli_of(Part::FirstLoad) + one_language, brotli_of(Part::Worker));
    let on_demand = brotli_of(Part::OnDemand) + other_languages;
    println!();
    println!("first load (page: HTML, CSS, JS, UI wasm,");
    println!("{:<43}{first:>9} bytes brotli  (budget {FIRST_LOAD_BUDGET})", format!("  the larger language's texts: {one_language})"));
    println!("engine worker (fetched beside it)          {worker:>9} bytes brotli");
    println!("both                                       {:>9} bytes brotli  (budget {WITH_WORKER_BUDGET})", first + worker);
    let split_off: usize = rows.iter().filter(|r| r.path.starts_with(crate::split::SPLIT_PREFIX)).map(|r| r.brotli).sum();
    println!("on demand                                  {on_demand:>9} bytes brotli  (the split-off worker {split_off}, the other language {other_languages}, the course {})", on_demand - split_off - other_languages);
    // Tables of the standard library that a single call brings into the worker or the page, each with the
    // podlife function that replaces the call (ARCHITECTURE.md, "Rules that keep the worker
    // from growing").
    check_std_tables(dist)?;
    // The first load decides how soon the page is usable: over budget fails the build.
    if first > FIRST_LOAD_BUDGET {
        return Err(format!("the first load is {first} bytes brotli, over its budget of {FIRST_LOAD_BUDGET}"));
    }
    // So does what a sandbox session downloads before its engine runs.
    if first + worker > WITH_WORKER_BUDGET {
        return Err(format!(
            "the first load and the worker are {} bytes brotli, over their budget of {WITH_WORKER_BUDGET}: \
             target/split/report.txt lists the worker's functions by size with the part each went to \
             (after a change to the worker, `cargo xtask split-profile` redoes the profile)",
            first + worker
        ));
    }
    Ok(())
}

/// The first bytes of standard-library tables the worker and the page must not link, with what brings each
/// in and what to call instead.
const STD_TABLES: &[(&[u8], &str)] = &[
    // core::num::dec2flt's POWER_OF_FIVE_128, first entry 5^-342 (11 KB, 10.8 KB brotli).
    (&[0x5a, 0xd6, 0x3b, 0x92, 0xd6, 0x53, 0xf4, 0xee], "core's power-of-five table (str::parse::<f64>: use podlife_engine::parse_f64; in the page, a hand parse such as podlife_page::highlight's is_number)"),
    // core::unicode::conversions' LOWERCASE_TABLE, ('À', 'à'), ('Á', 'á') (24 KB with the upper-case one).
    (&[0xc0, 0, 0, 0, 0xe0, 0, 0, 0, 0xc1, 0, 0, 0, 0xe1, 0, 0, 0], "the Unicode case tables (char/str to_lowercase/to_uppercase: use podlife_engine::gostrings)"),
    // core::num::flt2dec's Grisu CACHED_POW10, first entry (10^-308's mantissa): a float printed
    // with `{}`, `{:.N}`, `{:e}` or `{:?}` (7 KB brotli of the page with dragon and bignum, 6 KB
    // of the worker).
    (&[0xdf, 0x45, 0x1a, 0x3d, 0x03, 0xcf, 0x1a, 0xe6], "core's float formatting (f64/f32 with {}, {:.N}, {:e} or {:?}: use podlife_ftl::num)"),
];

/// Fails when a wasm file of `dist` (the worker's or the page's) links one of [`STD_TABLES`]
/// (run by `cargo xtask test` after the release build, and by `cargo xtask size`).
pub fn check_std_tables(dist: &Path) -> Result {
    let mut files = Vec::new();
    files_under(dist, &mut files)?;
    for file in files {
        let path = file.strip_prefix(dist).unwrap_or(&file).to_string_lossy().into_owned();
        if part_of(&path) == Part::OnDemand || !path.ends_with(".wasm") {
            continue;
        }
        let data = std::fs::read(&file).map_err(|e| format!("reading {}: {e}", file.display()))?;
        let found = std_tables_in(&data);
        if !found.is_empty() {
            return Err(format!("{path} holds {}", found.join("; ")));
        }
    }
    Ok(())
}

fn std_tables_in(data: &[u8]) -> Vec<&'static str> {
    STD_TABLES.iter().filter(|(sig, _)| data.windows(sig.len()).any(|w| w == *sig)).map(|(_, what)| *what).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_the_std_tables_by_their_first_bytes() {
        use super::{STD_TABLES, std_tables_in};
        assert!(std_tables_in(b"\0asm plain").is_empty());
        for (sig, what) in STD_TABLES {
            let mut data = b"xx".to_vec();
            data.extend_from_slice(sig);
            assert_eq!(std_tables_in(&data), [*what]);
        }
    }
}
