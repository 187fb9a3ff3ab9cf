//! `cargo xtask bench [--native | --wasm | --web] [--full] [cargo bench args…]`: the native
//! benchmarks (`cargo bench`: crates/*/benches), the kube-scheduler throughput and "to Running"
//! benchmarks in wasm in headless Chromium, and the web app's own timings (`bench/web/run.mjs` on
//! the shipped `dist/`: time to interactive, Apply, step and scrub, for the default and a 100-pod
//! scenario).
//!
//! The wasm side builds `bench/wasm` (podlife-bench-wasm: `podlife_bench::scheduling` and
//! `to_running` behind wasm-bindgen) exactly as the shipped app is built — cargo's `release` profile, wasm-bindgen
//! `--target web`, then wasm-opt with the worker's `data-wasm-opt` level and params in
//! web/index.html, as trunk does —
//! into `<target>/bench-wasm/` next to `bench/wasm/page/`, and runs `bench/wasm/run.mjs`
//! (playwright-core) on it: one fresh page per size, pods per second with `performance.now()`,
//! memory as the linear memory's size after the run.
//!
//! Sizes (nodes, pods): those of `podlife_bench::DEFAULT_SIZES` and `RUNNING_DEFAULT_SIZES`, plus
//! `FULL_SIZE` and `RUNNING_FULL_SIZE` with `--full` or `PODLIFE_BENCH_FULL=1` (for both sides;
//! the to-Running one, 150,000 pods, takes minutes and gigabytes).

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::proc::{capture, command, run, tee};
use crate::tools::{self, Needs, WASM_TARGET, chromium_path};
use crate::{Result, root, say};

/// `podlife_bench::DEFAULT_SIZES`, `FULL_SIZE`, `RUNNING_DEFAULT_SIZES` and `RUNNING_FULL_SIZE`
/// (xtask does not build the engine).
const DEFAULT_SIZES: &[(usize, usize)] = &[(100, 1_000), (1_000, 1_000)];
const FULL_SIZE: (usize, usize) = (5_000, 10_000);
const RUNNING_DEFAULT_SIZES: &[(usize, usize)] = &[(100, 1_000)];
const RUNNING_FULL_SIZE: (usize, usize) = (5_000, 150_000);

const WASM_PACKAGE: &str = "podlife-bench-wasm";
/// The cargo profile `trunk build --release` (`cargo xtask build`) uses for the shipped app.
const SHIPPED_PROFILE: &str = "release";

pub fn run_bench(args: &[String]) -> Result {
    let mut only_native = false;
    let mut only_wasm = false;
    let mut only_web = false;
    let mut full = std::env::var_os("PODLIFE_BENCH_FULL").is_some();
    let mut cargo_args = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--native" => only_native = true,
            "--wasm" => only_wasm = true,
            "--web" => only_web = true,
            "--full" => full = true,
            _ => cargo_args.push(arg.clone()),
        }
    }
    let (native, wasm, web) = if only_native || only_wasm || only_web { (only_native, only_wasm, only_web) } else { (true, true, true) };
    if !native && !cargo_args.is_empty() {
        return Err(format!("`{}` is for cargo bench, which --wasm / --web skip", cargo_args.join(" ")));
    }
    let metadata = cargo_metadata()?;
    // The scheduler's lines of both sides, repeated at the end (cargo bench buries them).
    let mut lines = Vec::new();
    let native_result = if native { native_benches(&metadata, &cargo_args, full, &mut lines) } else { Ok(()) };
    let wasm_result = if wasm { wasm_bench(&metadata, full, &mut lines) } else { Ok(()) };
    let web_result = if web { web_bench(&mut lines) } else { Ok(()) };
    if !lines.is_empty() {
        println!();
        println!("xtask bench summary");
        for line in &lines {
            println!("  {line}");
        }
    }
    let errors: Vec<String> = [("native benchmarks", native_result), ("wasm benchmark", wasm_result), ("web benchmark", web_result)]
        .into_iter()
        .filter_map(|(what, r)| r.err().map(|e| format!("{what}: {e}")))
        .collect();
    if errors.is_empty() { Ok(()) } else { Err(errors.join("; ")) }
}

/// The shipped site in headless Chromium: load, Apply, step and scrub timings.
fn web_bench(lines: &mut Vec<String>) -> Result {
    say("── web app benchmark (headless Chromium, the shipped dist/) ──");
    crate::build()?;
    let ok = tee(
        command("node")
            .current_dir(root())
            .arg(root().join("bench").join("web").join("run.mjs"))
            .arg(crate::dist_dir())
            .env("PODLIFE_CHROMIUM", chromium_path()),
        |line| {
            if line.starts_with("web: ") {
                lines.push(line.to_string());
            }
        },
    )?;
    if ok { Ok(()) } else { Err("bench/web/run.mjs failed (see its lines above)".into()) }
}

fn cargo_metadata() -> Result<serde_json::Value> {
    let metadata = capture(
        command("cargo")
            .current_dir(root())
            .args(["metadata", "--no-deps", "--format-version", "1"]),
    )?;
    serde_json::from_str(&metadata).map_err(|e| format!("cargo metadata: {e}"))
}

/// cargo's target selection flags. With none of them, `--bench '*'` runs the bench targets only:
/// cargo's default (and `--benches`) also builds and runs every library's test harness in bench
/// mode, which has nothing to bench on stable Rust.
const TARGET_FLAGS: &[&str] =
    &["--lib", "--bin", "--bins", "--example", "--examples", "--test", "--tests", "--bench", "--benches", "--all-targets"];

fn selects_targets(cargo_args: &[String]) -> bool {
    cargo_args.iter().take_while(|arg| *arg != "--").any(|arg| {
        TARGET_FLAGS.iter().any(|flag| arg == flag || arg.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')))
    })
}

fn native_benches(
    metadata: &serde_json::Value,
    cargo_args: &[String],
    full: bool,
    lines: &mut Vec<String>,
) -> Result {
    let has_bench = metadata["packages"].as_array().into_iter().flatten().any(|package| {
        package["targets"].as_array().into_iter().flatten().any(|target| {
            target["kind"].as_array().into_iter().flatten().any(|kind| kind == "bench")
        })
    });
    if !has_bench {
        say("there are no native benchmarks (add one under crates/<crate>/benches/)");
        return Ok(());
    }
    say("── native benchmarks (cargo bench) ──");
    let mut cargo = command("cargo");
    cargo
        .current_dir(root())
        .args(["bench", "--workspace", "--exclude", "podlife-web", "--exclude", WASM_PACKAGE]);
    if !selects_targets(cargo_args) {
        cargo.args(["--bench", "*"]);
    }
    cargo.args(cargo_args);
    if full {
        cargo.env("PODLIFE_BENCH_FULL", "1");
    }
    let ok = tee(&mut cargo, |line| {
        if line.starts_with("native: ") {
            lines.push(line.to_string());
        }
    })?;
    if ok { Ok(()) } else { Err("cargo bench failed".into()) }
}

/// `key = value` lines of a TOML section (`[profile.release]`), joined for a progress line.
fn toml_section(text: &str, header: &str) -> Option<String> {
    let mut lines = text.lines().skip_while(|line| line.trim() != header).skip(1);
    let entries: Vec<&str> = lines
        .by_ref()
        .map(str::trim)
        .take_while(|line| !line.starts_with('['))
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    (!entries.is_empty()).then(|| entries.join(", "))
}

/// The wasm-opt arguments trunk applies to the shipped worker: web/index.html's `data-wasm-opt`
/// level (absent or "0": none, trunk's default), then its `data-wasm-opt-params`, in trunk's order.
fn shipped_wasm_opt() -> Option<Vec<String>> {
    let html = std::fs::read_to_string(root().join("web").join("index.html")).ok()?;
    let link = html.split("<link").find(|l| l.contains("data-bin=\"podlife-worker\""))?;
    let attr = |name: &str| -> Option<String> {
        let start = link.find(&format!("{name}=\""))? + name.len() + 2;
        Some(link[start..start + link[start..].find('"')?].to_string())
    };
    let level = attr("data-wasm-opt")?;
    if level == "0" || level.is_empty() {
        return None;
    }
    let mut args = vec![format!("-O{level}")];
    args.extend(attr("data-wasm-opt-params").unwrap_or_default().split_whitespace().map(str::to_string));
    Some(args)
}

fn copy_page(out: &Path) -> Result {
    let page = root().join("bench").join("wasm").join("page");
    for name in ["index.html", "bench.js"] {
        std::fs::copy(page.join(name), out.join(name))
            .map_err(|e| format!("copying {} to {}: {e}", page.join(name).display(), out.display()))?;
    }
    Ok(())
}

/// wasm-bindgen `--target web`, then wasm-opt with `opt_args`, as trunk does, into `out`; skipped
/// when `out` already holds the result for this very build of `built` (wasm-opt takes a minute).
/// Returns the path of the final `.wasm`.
fn bindgen_and_optimize(built: &Path, out: &Path, opt_args: Option<&[String]>) -> Result<PathBuf> {
    let wasm = out.join("podlife_bench_wasm_bg.wasm");
    let stamp_path = out.join("built-from.txt");
    let source = std::fs::metadata(built).map_err(|e| format!("{}: {e}", built.display()))?;
    let modified = source.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
    let stamp = format!(
        "{} {} {:?} wasm-bindgen {} wasm-opt {}\n",
        built.display(),
        source.len(),
        modified.unwrap_or_default(),
        tools::locked_wasm_bindgen()?,
        opt_args.map(|a| a.join(" ")).unwrap_or_else(|| "none".into()),
    );
    if wasm.is_file() && std::fs::read_to_string(&stamp_path).is_ok_and(|old| old == stamp) {
        say(&format!("wasm: {} is up to date", wasm.display()));
        return Ok(wasm);
    }
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| format!("removing {}: {e}", out.display()))?;
    }
    std::fs::create_dir_all(out).map_err(|e| format!("creating {}: {e}", out.display()))?;
    run(command("wasm-bindgen")
        .args(["--target", "web", "--no-typescript", "--out-name", "podlife_bench_wasm", "--out-dir"])
        .arg(out)
        .arg(built))?;
    if let Some(args) = opt_args {
        let optimized = out.join("podlife_bench_wasm_bg.opt.wasm");
        run(command("wasm-opt").arg("-o").arg(&optimized).arg(&args[0]).arg(&wasm).args(&args[1..]))?;
        std::fs::rename(&optimized, &wasm).map_err(|e| format!("renaming {}: {e}", optimized.display()))?;
    }
    std::fs::write(&stamp_path, stamp).map_err(|e| format!("writing {}: {e}", stamp_path.display()))?;
    Ok(wasm)
}

/// run.mjs's size arguments: the scheduling workload's sizes, then the to-Running workload's
/// (`running:NODESxPODS`).
fn wasm_sizes(full: bool) -> Vec<String> {
    let mut scheduling: Vec<(usize, usize)> = DEFAULT_SIZES.to_vec();
    let mut running: Vec<(usize, usize)> = RUNNING_DEFAULT_SIZES.to_vec();
    if full {
        scheduling.push(FULL_SIZE);
        running.push(RUNNING_FULL_SIZE);
    }
    let scheduling = scheduling.into_iter().map(|(nodes, pods)| format!("{nodes}x{pods}"));
    scheduling.chain(running.into_iter().map(|(nodes, pods)| format!("running:{nodes}x{pods}"))).collect()
}

fn wasm_bench(metadata: &serde_json::Value, full: bool, lines: &mut Vec<String>) -> Result {
    say("── wasm benchmark (headless Chromium) ──");
    tools::ensure(Needs { wasm: true, browser: true })?;
    let target_dir = metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));

    let started = Instant::now();
    run(command("cargo")
        .current_dir(root())
        .args(["build", "-p", WASM_PACKAGE, "--target", WASM_TARGET, "--profile", SHIPPED_PROFILE]))?;
    let built = target_dir.join(WASM_TARGET).join(SHIPPED_PROFILE).join("podlife_bench_wasm.wasm");
    let out = target_dir.join("bench-wasm");
    let opt_args = shipped_wasm_opt();
    let wasm = bindgen_and_optimize(&built, &out, opt_args.as_deref())?;
    copy_page(&out)?;

    let cargo_toml = std::fs::read_to_string(root().join("Cargo.toml")).unwrap_or_default();
    let profile = toml_section(&cargo_toml, &format!("[profile.{SHIPPED_PROFILE}]"))
        .unwrap_or_else(|| "cargo's defaults".into());
    let size = std::fs::metadata(&wasm).map(|m| m.len()).unwrap_or(0);
    say(&format!(
        "wasm: built as the shipped app is ({:.0}s): cargo profile `{SHIPPED_PROFILE}` ({profile}), {}; \
         {:.2} MiB .wasm",
        started.elapsed().as_secs_f64(),
        match &opt_args {
            Some(args) => format!("wasm-opt {} (web/index.html's worker)", args.join(" ")),
            None => "no wasm-opt (as web/index.html)".into(),
        },
        size as f64 / (1024.0 * 1024.0),
    ));

    let ok = tee(
        command("node")
            .current_dir(root())
            .arg(root().join("bench").join("wasm").join("run.mjs"))
            .arg(&out)
            .args(wasm_sizes(full))
            .env("PODLIFE_CHROMIUM", chromium_path()),
        |line| {
            if line.starts_with("wasm: ") && line.contains(" pods onto ") {
                lines.push(line.to_string());
            }
        },
    )?;
    if ok { Ok(()) } else { Err("bench/wasm/run.mjs failed (see its lines above)".into()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_toml_section() {
        let text = "[a]\nx = 1\n\n[profile.release]\n# size\nopt-level = \"z\"\nlto = true\n\n[profile.bench]\nopt-level = 3\n";
        assert_eq!(toml_section(text, "[profile.release]").as_deref(), Some("opt-level = \"z\", lto = true"));
        assert_eq!(toml_section(text, "[profile.dev]"), None);
    }

    #[test]
    fn wasm_sizes_name_their_workload() {
        assert_eq!(wasm_sizes(false), ["100x1000", "1000x1000", "running:100x1000"]);
        assert_eq!(wasm_sizes(true), ["100x1000", "1000x1000", "5000x10000", "running:100x1000", "running:5000x150000"]);
    }

    #[test]
    fn knows_when_cargo_args_select_targets() {
        let args = |list: &[&str]| list.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        assert!(!selects_targets(&args(&[])));
        assert!(!selects_targets(&args(&["-p", "podlife-bench", "--", "--bench"])));
        assert!(selects_targets(&args(&["--bench", "scheduler"])));
        assert!(selects_targets(&args(&["--bench=scheduler"])));
        assert!(!selects_targets(&args(&["--benchmark-thing"])));
    }
}
