//! `cargo xtask`: podlife's automation.
//!
//! ```text
//! cargo xtask serve [--address A] [--port P] [trunk args…]   dev server (default 127.0.0.1:8080)
//! cargo xtask build                                           release site into dist/
//! cargo xtask test                                            native tests, release build, browser tests
//! cargo xtask size                                            raw / gzip / brotli sizes of dist/
//! cargo xtask bench [--native|--wasm|--web] [--full] [args…]  native benchmarks, the scheduler and to-Running in wasm, the web app's timings (Chromium)
//! cargo xtask fuzz [--time D] [TARGET…]                        coverage-guided fuzzing (cargo-fuzz, libFuzzer)
//! cargo xtask tools                                           only install the tools the others need
//! ```
//!
//! Every command first makes sure its tools are there (see `tools.rs`) and installs what is
//! missing, so a fresh clone needs nothing but cargo.

mod bench;
mod course;
mod fuzz;
mod proc;
mod size;
mod split;
mod test;
mod texts;
mod tools;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use proc::{command, run};
use tools::Needs;

pub type Result<T = ()> = std::result::Result<T, String>;

/// Default address and port of `cargo xtask serve`.
const SERVE_ADDRESS: &str = "127.0.0.1";
const SERVE_PORT: &str = "8080";

const USAGE: &str = "\
usage: cargo xtask <command>

commands:
  serve [--address A] [--port P] [trunk args…]
                 build and serve the web app with live reload (http://127.0.0.1:8080)
  build          build the release site into dist/ (relative URLs: host it under any path)
  test           native tests, release wasm build, then browser tests against dist/
  size           build dist/ (release), then raw, gzip and brotli sizes of every file, the
                 first load and the worker; fails over budget (--no-build: measure dist/ as is)
  bench [--native|--wasm|--web] [--full] [cargo bench args…]
                 native benchmarks (cargo bench), kube-scheduler throughput and pods to
                 Running (kubelets on) in wasm, and the web app's load, Apply, step and
                 scrub times (--web) in headless Chromium; --full adds 10,000 pods onto
                 5,000 nodes, and 150,000 to Running on 5,000 (minutes, gigabytes)
  fuzz [--time D] [TARGET…]
                 run the fuzz targets (all by default: manifest kubectl shell script jsonpath
                 selectors patch keep complete) for D each (default 60s; 90s, 5m, 1h) under
                 cargo-fuzz/libFuzzer on the stable toolchain; seeds written to fuzz/corpus/
  tools          install the missing tools only (trunk, wasm-bindgen, npm packages, chromium)
  course-bundle [DIR]
                 write the course's files as DIR/course.json (trunk's post-build hook)
  texts-bundle [DIR]
                 write each language's translations as DIR/i18n/<lang>.ftl (trunk's
                 post-build hook; the page fetches the one it shows)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (name, rest) = match args.split_first() {
        Some((name, rest)) => (name.as_str(), rest),
        None => {
            eprint!("{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let result = match name {
        "serve" => serve(rest),
        "build" => build(),
        "test" => test::run(),
        // Always measure a fresh build: a dist/ left from older code reports old numbers.
        // `--no-build` measures the dist/ there is.
        "size" if rest.iter().any(|a| a == "--no-build") => size::run(&dist_dir()),
        "size" => build().and_then(|()| size::run(&dist_dir())),
        "bench" => bench::run_bench(rest),
        "fuzz" => fuzz::run_fuzz(rest),
        "tools" => tools::ensure(Needs { wasm: true, browser: true }),
        "course-bundle" => course::bundle(rest),
        "texts-bundle" => texts::bundle(rest),
        "split-worker" => split::run(rest),
        "split-profile" => split::profile(),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The repository root (the workspace directory).
pub fn root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// Where `cargo xtask build` puts the site.
pub fn dist_dir() -> PathBuf {
    root().join("dist")
}

/// Prints a progress line.
pub fn say(message: &str) {
    println!("xtask: {message}");
}

fn serve(args: &[String]) -> Result {
    let mut address = SERVE_ADDRESS.to_string();
    let mut port = SERVE_PORT.to_string();
    let mut extra = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--address" | "-a" => address = args.next().ok_or("--address needs a value")?.clone(),
            "--port" | "-p" => port = args.next().ok_or("--port needs a value")?.clone(),
            _ => match arg.split_once('=') {
                Some(("--address", value)) => address = value.to_string(),
                Some(("--port", value)) => port = value.to_string(),
                _ => extra.push(arg.clone()),
            },
        }
    }
    tools::ensure(Needs { wasm: true, browser: false })?;
    say(&format!("serving http://{address}:{port}/ (Ctrl+C stops)"));
    // The dev build goes to target/trunk-serve so dist/ keeps the release site.
    run(command("trunk")
        .current_dir(root())
        .args(["serve", "--address", &address, "--port", &port, "--dist"])
        .arg(root().join("target").join("trunk-serve"))
        .args(extra))
}

/// Ensures the tools, then builds the release site into dist/.
pub fn build() -> Result {
    tools::ensure(Needs { wasm: true, browser: false })?;
    build_only()
}

/// `trunk build --release` into dist/ with relative URLs; tools must be there.
pub fn build_only() -> Result {
    let started = Instant::now();
    run(command("trunk")
        .current_dir(root())
        .args(["build", "--release", "--public-url", "./", "--dist"])
        .arg(dist_dir()))?;
    say(&format!("built dist/ in {:.1}s", started.elapsed().as_secs_f64()));
    Ok(())
}
