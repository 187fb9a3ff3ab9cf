//! Making sure the tools are there, installing only what is missing (a warm machine pays a few
//! version checks).
//!
//! | tool | wanted | installed with |
//! |---|---|---|
//! | rust target `wasm32-unknown-unknown` | installed | `rustup target add` |
//! | trunk | [`TRUNK_VERSION`] (0.22 needs a newer rustc) | `cargo install --locked` |
//! | wasm-bindgen | the `wasm-bindgen` version in Cargo.lock | `cargo install wasm-bindgen-cli` (not `--locked`: its lock does not build here) |
//! | node, npm | any | `apt-get install nodejs npm` |
//! | npm packages (binaryen's wasm-opt, playwright-core) | exact versions of package.json | `npm ci` |
//! | chromium (browser tests, wasm benchmark) | `/usr/bin/chromium` or `$PODLIFE_CHROMIUM` | `apt-get install chromium chromium-driver` |
//! | a Korean font (screenshots of the Korean UI) | `fc-list :lang=ko` | `apt-get install fonts-nanum` |
//!
//! Trunk runs offline (Trunk.toml), which makes its cargo offline too, so `cargo fetch` runs
//! before a build.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::proc::{capture, command, run};
use crate::{Result, root, say};

pub const TRUNK_VERSION: &str = "0.21.14";
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const DEFAULT_CHROMIUM: &str = "/usr/bin/chromium";

/// Which tool sets a command needs.
#[derive(Clone, Copy)]
pub struct Needs {
    /// trunk, wasm-bindgen, wasm-opt, the wasm target, fetched crates.
    pub wasm: bool,
    /// playwright-core and chromium.
    pub browser: bool,
}

pub fn ensure(needs: Needs) -> Result {
    if needs.wasm {
        wasm_target()?;
        trunk()?;
        wasm_bindgen()?;
    }
    npm_packages()?;
    if needs.browser {
        chromium()?;
    }
    if needs.wasm {
        run(command("cargo").current_dir(root()).args(["fetch", "--quiet"]))?;
    }
    Ok(())
}

/// The first line of `program args…`'s stdout, if it runs and succeeds.
pub(crate) fn version_line(program: &str, args: &[&str]) -> Option<String> {
    let output = command(program).args(args).output().ok()?;
    if !output.status.success() {
        return None;
    }
    String::from_utf8_lossy(&output.stdout).lines().next().map(str::trim).map(String::from)
}

/// Runs an install step, saying what and how long it took.
pub(crate) fn install(what: &str, step: impl FnOnce() -> Result) -> Result {
    say(&format!("installing {what}"));
    let started = Instant::now();
    step()?;
    say(&format!("installed {what} in {:.0}s", started.elapsed().as_secs_f64()));
    Ok(())
}

fn wasm_target() -> Result {
    let Ok(installed) = capture(command("rustup").args(["target", "list", "--installed"])) else {
        say(&format!("rustup not found; assuming the {WASM_TARGET} target is installed"));
        return Ok(());
    };
    if installed.lines().any(|line| line.trim() == WASM_TARGET) {
        return Ok(());
    }
    install(&format!("rust target {WASM_TARGET}"), || {
        run(command("rustup").args(["target", "add", WASM_TARGET]))
    })
}

fn trunk() -> Result {
    let found = version_line("trunk", &["--version"]);
    if found.as_deref() == Some(&format!("trunk {TRUNK_VERSION}")) {
        return Ok(());
    }
    install(&format!("trunk {TRUNK_VERSION} (found: {})", found.as_deref().unwrap_or("none")), || {
        run(command("cargo").args(["install", "trunk", "--version", TRUNK_VERSION, "--locked", "--force"]))
    })
}

/// The `wasm-bindgen` version in Cargo.lock, which the CLI must match exactly.
pub fn locked_wasm_bindgen() -> Result<String> {
    let lock_path = root().join("Cargo.lock");
    let lock = std::fs::read_to_string(&lock_path)
        .map_err(|e| format!("reading {}: {e}", lock_path.display()))?;
    let mut versions: Vec<&str> = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            let version = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
                .and_then(|l| l.strip_suffix('"'));
            if let Some(version) = version.filter(|v| !versions.contains(v)) {
                versions.push(version);
            }
        }
    }
    match versions.as_slice() {
        [one] => Ok(one.to_string()),
        [] => Err("Cargo.lock has no wasm-bindgen package (is web/ in the workspace?)".into()),
        many => Err(format!("Cargo.lock has several wasm-bindgen versions: {}", many.join(", "))),
    }
}

/// The `[tools] wasm_bindgen = "…"` pin in Trunk.toml.
fn trunk_toml_wasm_bindgen() -> Option<String> {
    let text = std::fs::read_to_string(root().join("Trunk.toml")).ok()?;
    text.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "wasm_bindgen").then(|| value.trim().trim_matches('"').to_string())
    })
}

fn wasm_bindgen() -> Result {
    let wanted = locked_wasm_bindgen()?;
    if let Some(pinned) = trunk_toml_wasm_bindgen().filter(|pinned| *pinned != wanted) {
        return Err(format!(
            "Trunk.toml pins wasm_bindgen = \"{pinned}\" but Cargo.lock has {wanted}: \
             make them equal (and web/Cargo.toml's wasm-bindgen = \"={wanted}\")"
        ));
    }
    let found = version_line("wasm-bindgen", &["--version"]);
    if found.as_deref() == Some(&format!("wasm-bindgen {wanted}")) {
        return Ok(());
    }
    let what = format!("wasm-bindgen-cli {wanted} (found: {})", found.as_deref().unwrap_or("none"));
    install(&what, || {
        run(command("cargo").args(["install", "wasm-bindgen-cli", "--version", &wanted, "--force"]))
    })
}

/// Exact versions of package.json's devDependencies.
fn pinned_npm_packages(root: &Path) -> Result<Vec<(String, String)>> {
    let path = root.join("package.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(json["devDependencies"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, version)| (name.clone(), version.as_str().unwrap_or_default().to_string()))
        .collect())
}

fn installed_npm_version(root: &Path, name: &str) -> Option<String> {
    let text = std::fs::read_to_string(root.join("node_modules").join(name).join("package.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json["version"].as_str().map(String::from)
}

fn npm_packages() -> Result {
    let root = root();
    if version_line("node", &["--version"]).is_none() || version_line("npm", &["--version"]).is_none() {
        install("node and npm (apt)", || apt_install(&["nodejs", "npm"]))?;
    }
    let stale: Vec<String> = pinned_npm_packages(&root)?
        .into_iter()
        .filter(|(name, version)| installed_npm_version(&root, name).as_deref() != Some(version))
        .map(|(name, version)| format!("{name}@{version}"))
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    install(&format!("npm packages ({})", stale.join(", ")), || {
        run(command("npm").current_dir(&root).args(["ci", "--no-audit", "--no-fund"]))
    })
}

/// The Chromium the browser tests drive: `$PODLIFE_CHROMIUM`, else Debian's.
pub fn chromium_path() -> PathBuf {
    std::env::var_os("PODLIFE_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_CHROMIUM))
}

fn chromium() -> Result {
    let path = chromium_path();
    if path.is_file() {
        return korean_font();
    }
    install(&format!("chromium (apt; {} is missing)", path.display()), || {
        apt_install(&["chromium", "chromium-driver"])
    })?;
    if !path.is_file() {
        return Err(format!("chromium was installed but {} is still missing", path.display()));
    }
    korean_font()
}

/// A Korean font, so that screenshots of the Korean UI show Hangul instead of boxes (the
/// page itself loads no fonts; it names the system's).
fn korean_font() -> Result {
    let has_korean = capture(command("fc-list").arg(":lang=ko")).is_ok_and(|out| !out.trim().is_empty());
    if has_korean {
        return Ok(());
    }
    // Only screenshots need it: a failed install is reported, not fatal.
    if let Err(e) = install("a Korean font for the browser tests (apt: fonts-nanum)", || apt_install(&["fonts-nanum"])) {
        say(&format!("no Korean font ({e}); screenshots of the Korean UI will show boxes"));
    }
    Ok(())
}

fn apt_install(packages: &[&str]) -> Result {
    run(command("apt-get").args(["update", "-qq"]).env("DEBIAN_FRONTEND", "noninteractive"))?;
    run(command("apt-get")
        .args(["install", "-y", "-qq"])
        .args(packages)
        .env("DEBIAN_FRONTEND", "noninteractive"))
}
