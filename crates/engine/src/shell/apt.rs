//! Debian's package tools in Debian-based images: `apt-get`/`apt` `update` and `install` over a
//! snapshot of deb.debian.org (`debian_archive.txt`, 2026-12-04: trixie with apt 3.0.4, bookworm
//! with apt 2.6.1). Texts are apt's and dpkg's as they print them without a terminal (podlife's
//! `kubectl exec` and container commands have none): no progress bars, `Reading package lists...`
//! without `Done`, apt-get's classic plan (`The following NEW packages will be installed:`) —
//! apt 3.0 keeps it for apt-get — and `apt`'s own (apt 3.0: `Installing:` … `Summary:` in
//! columns). Captured from debootstrap roots (see the data file's header).
//!
//! State lives in the container's writable layer, so a restarted container has lost it: the
//! lists `update` fetched (`/var/lib/apt/lists/*_InRelease`, empty: the indexes themselves are
//! not kept), each package installed (`/var/lib/dpkg/info/NAME.list`, abridged to `/.`) and
//! apt's auto-installed marks (`/var/lib/apt/extended_states`). The image's own packages come
//! from its profile (`profile`). Not modelled: upgrades, removals, `apt-cache`, `dpkg` other
//! than `-s` (abridged), versions pinned with `=`, Ubuntu's archive, the packages outside the data
//! (`E: Unable to locate package`, as for a typo).

use super::builtins::{Ctx, Outcome};
use super::NetError;

const ARCHIVE: &str = include_str!("debian_archive.txt");

/// Where the tools podlife simulates as Debian ships them come from (for `has_program` after
/// an install): curl, and procps's `ps` (`containerd/ps.rs`) — podlife's `wget`, `nc`,
/// `nslookup`, `ip` are busybox's applets.
pub(crate) const PROGRAMS: &[(&str, &str)] = &[("curl", "curl"), ("ps", "procps")];

/// The package shipping a program podlife does not simulate in Debian's version.
pub(crate) fn unsimulated_package(program: &str) -> Option<&'static str> {
    const SHIPPED: &[(&str, &[&str])] = &[
        ("procps", &["top", "free", "pgrep", "pkill", "watch", "uptime", "vmstat", "pidof"]),
        ("iputils-ping", &["ping"]),
        ("iproute2", &["ip", "ss", "tc", "bridge"]),
        ("bind9-dnsutils", &["nslookup", "dig", "nsupdate"]),
        ("bind9-host", &["host"]),
        ("net-tools", &["netstat", "ifconfig", "route", "arp"]),
        ("netcat-openbsd", &["nc", "netcat"]),
        ("vim", &["vim", "vi", "view", "ex", "vimdiff"]),
        ("nano", &["nano", "pico"]),
        ("less", &["less"]),
        ("jq", &["jq"]),
        ("inetutils-telnet", &["telnet"]),
        ("wget", &["wget"]),
        ("psmisc", &["killall", "pstree", "fuser"]),
        ("xxd", &["xxd"]),
    ];
    SHIPPED.iter().find(|(_, progs)| progs.contains(&program)).map(|(pkg, _)| *pkg)
}

/// Debian's package tools: present in every Debian-based image.
pub(crate) fn is_apt_tool(name: &str) -> bool {
    matches!(name, "apt-get" | "apt" | "apt-cache" | "dpkg")
}

/// One package of the archive (a `P` line).
struct Pkg<'a> {
    name: &'a str,
    ver: &'a str,
    kind: &'a str,
    size: u64,
    isize: u64,
    pocket: usize,
    setup: u32,
    files: u64,
    deps: Vec<&'a str>,
    recs: Vec<&'a str>,
    sugs: Vec<&'a str>,
    /// Its source package (the pool directory).
    src: &'a str,
}

impl Pkg<'_> {
    /// dpkg's name for it: `libc6:amd64` for a Multi-Arch: same package.
    fn dpkg_name(&self) -> String {
        if self.kind.starts_with('m') { format!("{}:amd64", self.name) } else { self.name.to_string() }
    }
    fn arch(&self) -> &'static str {
        if self.kind.starts_with('l') { "all" } else { "amd64" }
    }
}

/// A suite: its apt, its archive, the minbase image's packages.
struct Suite<'a> {
    name: &'a str,
    apt: &'a str,
    upgradable: u32,
    db: u64,
    bytes: Vec<u64>,
    base: Vec<(&'a str, &'a str)>,
    pkgs: Vec<Pkg<'a>>,
    virtuals: Vec<(&'a str, &'a str)>,
    outputs: Vec<(&'a str, &'a str)>,
    triggers: Vec<(&'a str, &'a str)>,
    unpacks: Vec<(&'a str, &'a str)>,
    profiles: Vec<Vec<&'a str>>,
}

impl<'a> Suite<'a> {
    fn parse(name: &str) -> Option<Suite<'static>> {
        let mut suite: Option<Suite<'static>> = None;
        let list = |s: &'static str| if s == "-" { Vec::new() } else { s.split(',').collect() };
        for line in ARCHIVE.lines() {
            let f: Vec<&'static str> = line.split(' ').collect();
            if f[0] == "S" {
                if suite.is_some() {
                    break;
                }
                if f[1] == name {
                    suite = Some(Suite { name: f[1], apt: f[2], upgradable: f[3].parse().ok()?, db: f[4].parse().ok()?, bytes: f[5..].iter().filter_map(|b| b.parse().ok()).collect(), base: Vec::new(), pkgs: Vec::new(), virtuals: Vec::new(), outputs: Vec::new(), triggers: Vec::new(), unpacks: Vec::new(), profiles: Vec::new() });
                }
                continue;
            }
            let Some(s) = suite.as_mut() else { continue };
            let rest = line.get(2..).unwrap_or_default();
            let text = || rest.split_once(' ').unwrap_or((rest, ""));
            match f[0] {
                "B" => s.base = f[1..].iter().filter_map(|p| p.split_once('=')).collect(),
                "P" if f.len() >= 12 => s.pkgs.push(Pkg { name: f[1], ver: f[2], kind: f[3], size: f[4].parse().ok()?, isize: f[5].parse().ok()?, pocket: f[6].parse().ok()?, setup: f[7].parse().ok()?, files: f[8].parse().ok()?, deps: list(f[9]), recs: list(f[10]), sugs: list(f[11]), src: f.get(12).copied().unwrap_or(f[1]) }),
                "V" => s.virtuals.push((f[1], f[2])),
                "O" => s.outputs.push(text()),
                "T" => s.triggers.push(text()),
                "U" => s.unpacks.push(text()),
                "I" => s.profiles.push(f[1..].to_vec()),
                _ => {}
            }
        }
        suite
    }

    fn pkg(&self, name: &str) -> Option<&Pkg<'a>> {
        self.pkgs.iter().find(|p| p.name == name)
    }

    fn base_version(&self, name: &str) -> Option<&'a str> {
        self.base.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    /// `http://deb.debian.org/debian trixie-updates` for a pocket.
    fn source(&self, pocket: usize) -> (String, &'static str) {
        let archive = if pocket == 2 { "debian-security" } else { "debian" };
        let suffix = ["", "-updates", "-security"][pocket.min(2)];
        (format!("{}{suffix}", self.name), archive)
    }
}

/// What the image is, for apt: its suite, the packages beyond minbase, its dpkg database's
/// size, whether apt's auto-installed marks exist (images built with `apt-get install`).
struct Profile {
    suite: &'static str,
    extra: Vec<String>,
    db: Option<u64>,
    states: bool,
}

/// The profile of an image: nginx's from its Dockerfile (debian:trixie-slim, nginx.org's
/// packages, `gettext-base curl` without recommends; its database count the replica's plus an
/// estimated 90 paths for nginx.org's packages); debian's minbase; other Debian-based images as
/// minbase plus the curl/wget their catalogue entry says they ship, httpd with the libraries
/// its build keeps that the data holds (their other libraries are not modelled). None: a suite podlife holds no archive of (bullseye and older, Ubuntu).
fn profile(image_ref: &str, curl: bool, wget: bool) -> Option<Profile> {
    let r = image_ref.to_ascii_lowercase();
    let r = r.split('@').next().unwrap_or_default();
    let (repo, tag) = r.rsplit_once(':').filter(|(_, t)| !t.contains('/')).unwrap_or((r, "latest"));
    if repo.ends_with("library/ubuntu") || ["bullseye", "buster", "stretch", "jessie", "sid", "forky", "testing"].iter().any(|s| tag.contains(s)) {
        return None;
    }
    let debian = repo.ends_with("library/debian");
    let bookworm = tag.contains("bookworm") || (debian && tag.starts_with("12"));
    if debian && tag.split(['.', '-']).next().and_then(|m| m.parse::<u32>().ok()).is_some_and(|m| m < 12) {
        return None;
    }
    // nginx moved to trixie with 1.29.1 (Aug 2025); 1.29.0 and older tags are bookworm's.
    let nginx = repo.ends_with("library/nginx");
    let mut v = tag.split(['.', '-']).map(|p| p.parse::<u32>().ok());
    let old_nginx = nginx && !tag.contains("trixie") && match (v.next().flatten(), v.next().flatten(), v.next().flatten()) {
        (Some(1), Some(minor), patch) => minor < 29 || (minor == 29 && patch == Some(0)),
        _ => false,
    };
    let suite = if bookworm || old_nginx { "bookworm" } else { "trixie" };
    if nginx && suite == "trixie" {
        return Some(Profile { suite, extra: vec!["nginx".into()], db: None, states: true });
    }
    let mut extra = Vec::new();
    // httpd (docker-library/httpd 2.4/Dockerfile) installs ca-certificates, libaprutil1-ldap
    // and libldap-common, and keeps the libraries its build links (`ldd` → `apt-mark manual`):
    // mod_md's libcurl among them, so curl's own library and its dependencies are there.
    if repo.ends_with("library/httpd") && !tag.contains("alpine") {
        let libcurl = if suite == "trixie" { "libcurl4t64" } else { "libcurl4" };
        extra.extend(["ca-certificates", "libldap-common", libcurl].map(String::from));
    }
    if curl {
        extra.push("curl".to_string());
    }
    if wget {
        extra.push("wget".to_string());
    }
    Some(Profile { suite, extra, db: None, states: !debian })
}

/// The container's package state.
struct State {
    suite: Suite<'static>,
    /// Installed beyond minbase: the image's and the container's.
    installed: Vec<String>,
    db: u64,
    states: bool,
    lists: bool,
}

fn list_path(suite: &str, pocket: usize) -> String {
    let archive = if pocket == 2 { "debian-security" } else { "debian" };
    format!("/var/lib/apt/lists/deb.debian.org_{archive}_dists_{suite}{}_InRelease", ["", "-updates", "-security"][pocket])
}

fn state(ctx: &mut Ctx, p: &Profile) -> Option<State> {
    let suite = Suite::parse(p.suite)?;
    let mut installed: Vec<String> = Vec::new();
    let mut db = p.db.unwrap_or(suite.db);
    for e in &p.extra {
        if let Some(prof) = suite.profiles.iter().find(|v| v.first() == Some(&e.as_str())) {
            // An image profile of the data (nginx): its packages and database.
            installed.extend(prof.get(4).map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>()).unwrap_or_default());
            db = prof.get(2).and_then(|d| d.parse().ok()).unwrap_or(db);
        } else {
            // A tool the image's Dockerfile installs without recommends: its dependency closure.
            for n in closure(&suite, &[e.as_str()], &|n: &str| suite.base_version(n).is_some() || installed.iter().any(|i| i == n), false) {
                db += suite.pkg(&n).map_or(0, |p| p.files);
                installed.push(n);
            }
        }
    }
    let mine: Vec<String> = ctx.host.list_dir("/var/lib/dpkg/info").unwrap_or_default().into_iter().filter_map(|f| f.strip_suffix(".list").map(str::to_string)).collect();
    for m in &mine {
        db += suite.pkg(m).map_or(0, |p| p.files);
    }
    installed.extend(mine.iter().cloned());
    let lists = ctx.host.file_exists(&list_path(suite.name, 0));
    let states = p.states || ctx.host.file_exists("/var/lib/apt/extended_states");
    Some(State { suite, installed, db, states, lists })
}

impl State {
    fn is_installed(&self, name: &str) -> bool {
        self.suite.base_version(name).is_some() || self.installed.iter().any(|i| i == name)
    }
    fn version(&self, name: &str) -> Option<&str> {
        self.suite.base_version(name).or_else(|| self.suite.pkg(name).map(|p| p.ver))
    }
}

/// The packages to install for `req` (by name), in apt's unpack order: their dependencies and,
/// with `recommends`, their recommendations, transitively, minus what is installed.
fn closure(suite: &Suite, req: &[&str], installed: &dyn Fn(&str) -> bool, recommends: bool) -> Vec<String> {
    let mut want: Vec<&str> = req.iter().copied().filter(|n| !installed(n)).collect();
    let mut i = 0;
    while i < want.len() {
        if let Some(p) = suite.pkg(want[i]) {
            let more = p.deps.iter().chain(if recommends { p.recs.iter() } else { [].iter() });
            for d in more {
                if !installed(d) && !want.contains(d) && suite.pkg(d).is_some() {
                    want.push(d);
                }
            }
        }
        i += 1;
    }
    suite.pkgs.iter().filter(|p| want.contains(&p.name)).map(|p| p.name.to_string()).collect()
}

/// apt's `SizeToStr` (apt-pkg/contrib/strutl.cc): four significant digits at most, SI units,
/// one decimal under 100: `1108 `, `47.3 k`, `9679 k`, `10.2 M`.
pub(crate) fn size_to_str(bytes: f64) -> String {
    use podlife_ftl::num::Fixed;
    let units = ["", "k", "M", "G", "T"];
    let mut s = bytes;
    for (i, u) in units.iter().enumerate() {
        if s < 100.0 && i != 0 {
            return format!("{} {u}", Fixed(s, 1));
        }
        if s < 10000.0 {
            return format!("{} {u}", Fixed(s, 0));
        }
        s /= 1000.0;
    }
    format!("{} P", Fixed(s, 0))
}

/// apt-get's list of package names (apt-private/private-output.cc `ShowList`): two spaces in,
/// wrapped before a name that would reach the screen width less 3 (80 without a terminal).
fn show_list(title: &str, names: &[String]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let mut out = format!("{title}\n");
    let mut used = 0;
    for n in names {
        if used == 0 || used + n.len() >= 77 {
            if used != 0 {
                out.push('\n');
            }
            out.push_str("  ");
            used = 0;
        } else {
            out.push(' ');
            used += 1;
        }
        out.push_str(n);
        used += n.len();
    }
    out.push('\n');
    out
}

/// apt 3.0's columns (`ShowWithColumns`): as many columns as fit in 80, filled top to bottom,
/// each as wide as its longest name, two spaces between; then an empty line.
fn show_columns(title: &str, names: &[String]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let n = names.len();
    let layout = |cols: usize| {
        let rows = n.div_ceil(cols);
        let widths: Vec<usize> = (0..cols).map(|c| names.iter().skip(c * rows).take(rows).map(String::len).max().unwrap_or(0)).collect();
        (rows, widths)
    };
    let mut cols = n;
    while cols > 1 {
        let (rows, w) = layout(cols);
        // Columns that would be left empty by the row count are not a layout.
        if (cols - 1) * rows < n && 2 + w.iter().sum::<usize>() + 2 * (cols - 1) < 80 {
            break;
        }
        cols -= 1;
    }
    let (rows, widths) = layout(cols);
    let mut out = format!("{title}\n");
    for r in 0..rows {
        let cells: Vec<(usize, &String)> = (0..cols).filter_map(|c| names.get(c * rows + r).map(|s| (c, s))).collect();
        let mut line = String::from("  ");
        for (k, (c, s)) in cells.iter().enumerate() {
            line.push_str(s);
            if k + 1 < cells.len() {
                line.push_str(&" ".repeat(widths[*c] - s.len() + 2));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// apt's elapsed time (`TimeToStr` of the rounded seconds): `0s`, `12s`, `1min 5s`.
fn time_to_str(secs: u64) -> String {
    if secs >= 60 { format!("{}min {}s", secs / 60, secs % 60) } else { format!("{secs}s") }
}

/// The mirror's speed and latency as podlife charges them (a fast mirror near the cluster).
const BYTES_PER_MS: u64 = 25_000;
const REQUEST_MS: u64 = 40;
/// What dpkg takes per package (unpack and configure).
const DPKG_MS: u64 = 25;
/// The free space `apt` reports under /var/cache/apt/archives (the kind host's disk).
const AVAILABLE: f64 = 47.5e9;

/// Output in order, with the virtual time it takes.
#[derive(Default)]
struct Run {
    chunks: Vec<(u8, String)>,
    ms: u64,
    /// `-qq`: apt's own lines are left out; dpkg's and the errors stay.
    quiet: bool,
}

impl Run {
    /// A line of apt's own (not dpkg's).
    fn say(&mut self, s: impl Into<String>) {
        if !self.quiet {
            self.out(s);
        }
    }
    fn out(&mut self, s: impl Into<String>) {
        self.chunks.push((1, s.into()));
    }
    fn err(&mut self, s: impl Into<String>) {
        self.chunks.push((2, s.into()));
    }
    fn end(self, status: i32) -> Outcome {
        Outcome::Timed { ms: self.ms, chunks: self.chunks, status }
    }
    fn fetched(&mut self, bytes: u64, ms: u64) {
        let secs = (ms as f64 / 1000.0).round() as u64;
        let cps = bytes as f64 * 1000.0 / ms.max(1) as f64;
        self.say(format!("Fetched {}B in {} ({}B/s)\n", size_to_str(bytes as f64), time_to_str(secs), size_to_str(cps)));
    }
}

/// `apt-get`, `apt`, `apt-cache`, `dpkg` in a Debian-based image.
#[inline(never)]
pub(crate) fn run(ctx: &mut Ctx, argv: &[String]) -> Outcome {
    let tool = argv[0].rsplit('/').next().unwrap_or_default().to_string();
    let image = ctx.host.image_ref();
    let ships = |p: &str| crate::containerd::shellproc::image_has_program(&image, p);
    let (curl, wget) = (ships("curl"), ships("wget"));
    let Some(p) = profile(&image, curl, wget) else {
        ctx.err(&format!("podlife: {tool} is in this image, but podlife holds no package archive for its release (only Debian trixie and bookworm): nothing was installed\n"));
        return Outcome::Status(100);
    };
    let Some(mut st) = state(ctx, &p) else { return Outcome::Status(100) };
    let args: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    // apt's options (apt-get(8)): `-y`, `-q`/`-qq` (quiet level 2 implies -y), `-o X=Y`.
    let (mut words, mut yes, mut quiet) = (Vec::new(), false, 0);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match *a {
            "-o" | "-c" | "-t" => {
                it.next();
            }
            "--yes" | "--assume-yes" => yes = true,
            "--quiet" => quiet += 1,
            _ if a.starts_with("-q=") || a.starts_with("--quiet=") => quiet = a.rsplit('=').next().and_then(|q| q.parse().ok()).unwrap_or(1),
            _ if a.starts_with("--") => {}
            _ if a.len() > 1 && a.starts_with('-') && tool != "dpkg" => {
                yes |= a.contains('y');
                quiet += a.matches('q').count();
            }
            _ => words.push(*a),
        }
    }
    yes |= quiet >= 2;
    // dpkg's action is an option; apt's a word.
    let cmd = if tool == "dpkg" { args.first().copied().unwrap_or_default() } else { words.first().copied().unwrap_or_default() };
    let recommends = !args.contains(&"--no-install-recommends");
    let names: Vec<&str> = words.iter().skip(usize::from(tool != "dpkg")).copied().filter(|w| !w.starts_with('-')).collect();
    let apt = tool == "apt";
    let mut run = Run { quiet: quiet >= 2, ..Run::default() };
    if apt && matches!(cmd, "update" | "install") {
        run.err("\nWARNING: apt does not have a stable CLI interface. Use with caution in scripts.\n\n");
    }
    let status = match (tool.as_str(), cmd) {
        ("apt-get" | "apt", "update") => update(ctx, &mut st, &mut run, apt),
        ("apt-get" | "apt", "install") => install(ctx, &mut st, &mut run, &names, yes, recommends, apt),
        ("dpkg", "-s") | ("dpkg", "--status") => dpkg_status(&st, &mut run, &names),
        _ => {
            run.err(format!("podlife: `{}` is not simulated (podlife models apt-get/apt update and install, and dpkg -s)\n", argv.join(" ")));
            100
        }
    };
    run.end(status)
}

/// The lock apt takes first: a non-root user cannot open it, a read-only root cannot create it.
fn lock(ctx: &mut Ctx, run: &mut Run, path: &str, then: &str) -> bool {
    let why = if ctx.host.credentials().uid != 0 {
        "13: Permission denied"
    } else if ctx.host.write_file(path, "", true).is_err() {
        "30: Read-only file system"
    } else {
        return true;
    };
    run.err(format!("E: Could not open lock file {path} - open ({why})\n{then}\n"));
    false
}

fn update(ctx: &mut Ctx, st: &mut State, run: &mut Run, apt: bool) -> i32 {
    if !lock(ctx, run, "/var/lib/apt/lists/lock", "E: Unable to lock directory /var/lib/apt/lists/") {
        // apt-get reads the lists before it locks them (captured as a non-root user).
        run.chunks.insert(0, (1, "Reading package lists...\n".into()));
        return 100;
    }
    let suite = &st.suite;
    let lines: Vec<(String, String)> = (0..3).map(|i| {
        let (s, archive) = suite.source(i);
        (format!("http://deb.debian.org/{archive} {s} InRelease"), format!("http://deb.debian.org/{archive}/dists/{s}/InRelease"))
    }).collect();
    match ctx.host.http_get("http://deb.debian.org/") {
        Ok(_) if st.lists => {
            // The mirror answers 304 Not Modified: nothing is fetched again.
            for (i, (l, _)) in lines.iter().enumerate() {
                run.say(format!("Hit:{} {l}\n", i + 1));
            }
            run.ms += 3 * REQUEST_MS;
        }
        Ok(_) => {
            let mut n = 0;
            for (i, (l, _)) in lines.iter().enumerate() {
                n += 1;
                run.say(format!("Get:{n} {l} [{}B]\n", size_to_str(suite.bytes[i] as f64)));
            }
            for i in 0..3 {
                let (s, archive) = suite.source(i);
                n += 1;
                run.say(format!("Get:{n} http://deb.debian.org/{archive} {s}/main amd64 Packages [{}B]\n", size_to_str(suite.bytes[3 + i] as f64)));
            }
            let bytes: u64 = suite.bytes.iter().sum();
            let ms = 6 * REQUEST_MS + bytes / BYTES_PER_MS;
            run.ms += ms;
            run.fetched(bytes, ms);
            for i in 0..3 {
                let _ = ctx.host.write_file(&list_path(suite.name, i), "", false);
            }
            st.lists = true;
        }
        Err(e) => {
            // apt retries each source twice (Acquire::Retries), then gives up (captured with an
            // unreachable resolver); the connection errors' texts are apt's `connect` ones.
            let why = match e {
                NetError::UnknownHost => "Temporary failure resolving 'deb.debian.org'".to_string(),
                NetError::Refused => "Could not connect to deb.debian.org:80 (151.101.2.132). - connect (111: Connection refused)".into(),
                _ => "Could not connect to deb.debian.org:80 (151.101.2.132), connection timed out".into(),
            };
            for _ in 0..3 {
                for (i, (l, _)) in lines.iter().enumerate() {
                    run.say(format!("Ign:{} {l}\n", i + 1));
                }
            }
            for (i, (l, _)) in lines.iter().enumerate() {
                run.say(format!("Err:{} {l}\n  {why}\n", i + 1));
            }
            run.ms += if e == NetError::UnknownHost { 30_000 } else { 3 * 30_000 };
            run.say("Reading package lists...\n");
            for (_, url) in &lines {
                run.err(format!("W: Failed to fetch {url}  {why}\n"));
            }
            run.err("W: Some index files failed to download. They have been ignored, or old ones used instead.\n");
            if apt {
                upgradable(st, run);
            }
            return 0;
        }
    }
    run.say("Reading package lists...\n");
    if apt {
        upgradable(st, run);
    }
    0
}

/// `apt update`'s last lines.
fn upgradable(st: &State, run: &mut Run) {
    run.say("Building dependency tree...\n");
    if st.states {
        run.say("Reading state information...\n");
    }
    match if st.lists { st.suite.upgradable } else { 0 } {
        0 => run.say("All packages are up to date.\n"),
        1 => run.say("1 package can be upgraded. Run 'apt list --upgradable' to see it.\n"),
        n => run.say(format!("{n} packages can be upgraded. Run 'apt list --upgradable' to see them.\n")),
    }
}

fn install(ctx: &mut Ctx, st: &mut State, run: &mut Run, names: &[&str], yes: bool, recommends: bool, apt: bool) -> i32 {
    if !lock(ctx, run, "/var/lib/dpkg/lock-frontend", "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), are you root?") {
        return 100;
    }
    run.say("Reading package lists...\nBuilding dependency tree...\n");
    if st.states {
        run.say("Reading state information...\n");
    }
    let suite = &st.suite;
    // A virtual package with one provider is that provider, silently.
    // `name=version` pins the version: the archive's only one, or apt's error.
    for (n, v) in names.iter().filter_map(|n| n.split_once('=')) {
        if st.lists && st.version(n).is_some_and(|have| have != v) {
            // apt-get's words before the error (captured, whatever the package).
            run.say(format!("Package {n} is not available, but is referred to by another package.\nThis may mean that the package is missing, has been obsoleted, or\nis only available from another source\n\n"));
            run.err(format!("E: Version '{v}' for '{n}' was not found\n"));
            return 100;
        }
    }
    let names: Vec<&str> = names.iter().map(|n| n.split('=').next().unwrap_or(n)).collect();
    let req: Vec<&str> = names.iter().map(|n| suite.virtuals.iter().find(|(v, _)| v == n).map_or(*n, |(_, p)| *p)).collect();
    let unknown: Vec<&str> = req.iter().copied().filter(|n| !st.is_installed(n) && (!st.lists || suite.pkg(n).is_none())).collect();
    if !unknown.is_empty() {
        for n in unknown {
            run.err(format!("E: Unable to locate package {n}\n"));
        }
        return 100;
    }
    if names.is_empty() {
        run.say(format!("0 upgraded, 0 newly installed, 0 to remove and {} not upgraded.\n", if st.lists { suite.upgradable } else { 0 }));
        return 0;
    }
    for n in &req {
        if st.is_installed(n) {
            run.say(format!("{n} is already the newest version ({}).\n", st.version(n).unwrap_or_default()));
        }
    }
    let new_names = closure(suite, &req, &|n: &str| st.is_installed(n), recommends);
    let new: Vec<&Pkg> = new_names.iter().filter_map(|n| suite.pkg(n)).collect();
    let mut sorted: Vec<String> = new_names.clone();
    crate::sort::sort(&mut sorted);
    let extra: Vec<String> = sorted.iter().filter(|n| !req.contains(&n.as_str())).cloned().collect();
    let wanted = |n: &str| st.is_installed(n) || new_names.iter().any(|m| m == n);
    // Suggestions (and, without recommends, recommendations) nothing installs, in the order
    // of the names of the packages that make them (as captured; apt walks its cache).
    let mut by_pkg: Vec<&Pkg> = new.clone();
    crate::sort::sort_by_key(&mut by_pkg, |p| p.name);
    let mut groups: Vec<&str> = Vec::new();
    for p in &by_pkg {
        for g in &p.sugs {
            if !g.split('|').any(|a| wanted(a.split(':').next().unwrap_or(a))) && !groups.contains(g) {
                groups.push(g);
            }
        }
    }
    let mut recs: Vec<String> = if recommends { Vec::new() } else { by_pkg.iter().flat_map(|p| p.recs.iter()).filter(|r| !wanted(r)).map(|r| r.to_string()).collect() };
    crate::sort::sort(&mut recs);
    recs.dedup();
    let classic = !apt || !suite.apt.starts_with('3');
    let suggested: Vec<String> = groups.iter().flat_map(|g| g.split('|').enumerate().map(|(i, a)| if i == 0 { a.to_string() } else { format!("| {a}") })).collect();
    let size: u64 = new.iter().map(|p| p.size).sum();
    let isize: u64 = new.iter().map(|p| p.isize * 1024).sum();
    let upgradable = if st.lists { suite.upgradable } else { 0 };
    if classic {
        run.say(show_list("The following additional packages will be installed:", &extra));
        run.say(show_list("Suggested packages:", &suggested));
        run.say(show_list("Recommended packages:", &recs));
        run.say(show_list("The following NEW packages will be installed:", &sorted));
        run.say(format!("0 upgraded, {} newly installed, 0 to remove and {upgradable} not upgraded.\n", new.len()));
        if new.is_empty() {
            return 0;
        }
        run.say(format!("Need to get {}B of archives.\n", size_to_str(size as f64)));
        run.say(format!("After this operation, {}B of additional disk space will be used.\n", size_to_str(isize as f64)));
    } else {
        let asked: Vec<String> = sorted.iter().filter(|n| req.contains(&n.as_str())).cloned().collect();
        run.say(show_columns("Installing:", &asked));
        run.say(show_columns("Installing dependencies:", &extra));
        run.say(show_columns("Suggested packages:", &suggested));
        run.say(show_columns("Recommended packages:", &recs));
        run.say(format!("Summary:\n  Upgrading: 0, Installing: {}, Removing: 0, Not Upgrading: {upgradable}\n", new.len()));
        if new.is_empty() {
            return 0;
        }
        run.say(format!("  Download size: {}B\n  Space needed: {}B / {}B available\n\n", size_to_str(size as f64), size_to_str(isize as f64), size_to_str(AVAILABLE)));
    }
    // apt asks before installing what was not asked for; with no terminal the answer is EOF.
    if !extra.is_empty() && !yes {
        run.say(if classic { "Do you want to continue? [Y/n] Abort.\n" } else { "Continue? [Y/n] Abort.\n" });
        return 1;
    }
    let dl = ctx.host.http_get("http://deb.debian.org/").is_ok();
    let line = |i: usize, p: &Pkg| {
        let (s, archive) = suite.source(p.pocket);
        format!("{}:{} http://deb.debian.org/{archive} {s}/main amd64 {} {} {}", if dl { "Get" } else { "Ign" }, i + 1, p.name, p.arch(), p.ver)
    };
    if dl {
        for (i, p) in new.iter().enumerate() {
            run.say(format!("{} [{}B]\n", line(i, p), size_to_str(p.size as f64)));
        }
    } else {
        // As `update`: two retries of each archive, then apt gives up (captured with an
        // unreachable resolver).
        for _ in 0..3 {
            for (i, p) in new.iter().enumerate() {
                run.say(format!("{}\n", line(i, p)));
            }
        }
        for (i, p) in new.iter().enumerate() {
            run.say(format!("{}\n  Temporary failure resolving 'deb.debian.org'\n", line(i, p).replacen("Ign", "Err", 1)));
        }
        run.ms += 30_000;
        for p in &new {
            run.err(format!("E: Failed to fetch {}  Temporary failure resolving 'deb.debian.org'\n", pool_url(p)));
        }
        run.err("E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?\n");
        return 100;
    }
    if new.iter().any(|p| p.kind.contains('D')) {
        // debconf preconfigures templates with apt-extracttemplates: apt-utils' until apt 3.0.
        if suite.apt.starts_with('3') {
            run.out("Preconfiguring packages ...\n");
        } else {
            run.err("debconf: delaying package configuration, since apt-utils is not installed\n");
        }
    }
    let ms = REQUEST_MS * new.len() as u64 + size / BYTES_PER_MS;
    run.ms += ms + DPKG_MS * new.len() as u64;
    run.fetched(size, ms);
    let width = (new.len() - 1).to_string().len();
    for (i, p) in new.iter().enumerate() {
        run.out(format!("Selecting previously unselected package {}.\n", p.dpkg_name()));
        if i == 0 {
            run.out(format!("(Reading database ... {} files and directories currently installed.)\n", st.db));
        }
        let file = format!("{}_{}_{}.deb", p.name, p.ver.replace(':', "%3a"), p.arch());
        // More than 5 archives go to dpkg as one directory of numbered links (apt's
        // `dpkg::install::recursive`), in /tmp/apt-dpkg-install-XXXXXX.
        let path = if new.len() > 5 { format!("/tmp/apt-dpkg-install-aB3dEf/{i:0width$}-{file}") } else { format!("/var/cache/apt/archives/{file}") };
        run.out(format!("Preparing to unpack {} ...\n", summarize_filename(&path)));
        // What its preinst prints (dpkg-divert's lines).
        if let Some((_, text)) = suite.unpacks.iter().find(|(n, _)| *n == p.name) {
            run.out(text.replace('|', "\n") + "\n");
        }
        run.out(format!("Unpacking {} ({}) ...\n", p.dpkg_name(), p.ver));
    }
    let mut setup = new.clone();
    crate::sort::sort_by_key(&mut setup, |p| p.setup);
    for p in &setup {
        run.out(format!("Setting up {} ({}) ...\n", p.dpkg_name(), p.ver));
        if let Some((_, text)) = suite.outputs.iter().find(|(n, _)| *n == p.name) {
            for l in text.split('|') {
                match l.strip_prefix('!') {
                    Some(e) => run.err(format!("{e}\n")),
                    None => run.out(format!("{l}\n")),
                }
            }
        }
    }
    if new.iter().any(|p| p.kind.contains('L')) {
        run.out(format!("Processing triggers for libc-bin ({}) ...\n", suite.base_version("libc-bin").unwrap_or_default()));
    }
    for (t, text) in &suite.triggers {
        if let Some(p) = new.iter().find(|p| p.name == *t) {
            run.out(format!("Processing triggers for {} ({}) ...\n", p.dpkg_name(), p.ver));
            for l in text.split('|') {
                run.out(format!("{l}\n"));
            }
        }
    }
    // The container's writable layer records them: a restart loses them.
    let mut states = ctx.host.read_file("/var/lib/apt/extended_states").unwrap_or_default();
    for p in &new {
        let _ = ctx.host.write_file(&format!("/var/lib/dpkg/info/{}.list", p.name), "/.\n", false);
        if !req.contains(&p.name) {
            states.push_str(&format!("Package: {}\nArchitecture: {}\nAuto-Installed: 1\n\n", p.name, "amd64"));
        }
    }
    let _ = ctx.host.write_file("/var/lib/apt/extended_states", &states, false);
    0
}

/// dpkg's `summarize_filename` (src/main/unpack.c): leading directories dropped while more
/// than 30 characters and a `/` remain, shown as `.../`.
fn summarize_filename(path: &str) -> String {
    let mut rest = path;
    while rest.len() > 30 && let Some(i) = rest.find('/') {
        rest = &rest[i + 1..];
    }
    if rest.len() == path.len() { path.to_string() } else { format!(".../{rest}") }
}

/// Where the mirror keeps a package's .deb (the Packages index's `Filename`: the source's
/// pool directory, no epoch), URL-quoted as apt asks for it (`+` as `%2b`).
fn pool_url(p: &Pkg) -> String {
    let dir = if p.src.starts_with("lib") { &p.src[..4] } else { &p.src[..1] };
    let pool = if p.pocket == 2 { "debian-security/pool/updates/main" } else { "debian/pool/main" };
    let ver = p.ver.split_once(':').map_or(p.ver, |(_, v)| v).replace('+', "%2b");
    format!("http://deb.debian.org/{pool}/{dir}/{}/{}_{ver}_{}.deb", p.src, p.name, p.arch())
}

/// `dpkg -s PKG`: abridged to the fields scripts test (Package, Status, Version); the exit
/// status and dpkg-query's error for a package not installed are dpkg's.
fn dpkg_status(st: &State, run: &mut Run, names: &[&str]) -> i32 {
    let mut status = 0;
    for n in names {
        match st.version(n).filter(|_| st.is_installed(n)) {
            Some(v) => run.out(format!("Package: {n}\nStatus: install ok installed\nVersion: {v}\n\n")),
            None => {
                run.err(format!("dpkg-query: package '{n}' is not installed and no information is available\nUse dpkg --info (= dpkg-deb --info) to examine archive files.\n"));
                status = 1;
            }
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dpkg_shortens_archive_paths() {
        assert_eq!(summarize_filename("/var/cache/apt/archives/less_668-1_amd64.deb"), ".../archives/less_668-1_amd64.deb");
        assert_eq!(summarize_filename("/var/cache/apt/archives/libonig5_6.9.9-1+b1_amd64.deb"), ".../libonig5_6.9.9-1+b1_amd64.deb");
        assert_eq!(summarize_filename("/tmp/apt-dpkg-install-aB3dEf/0-linux-sysctl-defaults_4.12.1_all.deb"), ".../0-linux-sysctl-defaults_4.12.1_all.deb");
    }

    #[test]
    fn archives_are_fetched_from_their_source_pool() {
        let t = Suite::parse("trixie").expect("trixie");
        // As apt named them when the mirror could not be resolved (captured).
        let url = |n: &str| t.pkg(n).map(pool_url).unwrap_or_default();
        assert_eq!(url("less"), "http://deb.debian.org/debian/pool/main/l/less/less_668-1_amd64.deb");
        assert_eq!(url("libonig5"), "http://deb.debian.org/debian/pool/main/libo/libonig/libonig5_6.9.9-1%2bb1_amd64.deb");
        assert_eq!(url("procps"), "http://deb.debian.org/debian/pool/main/p/procps/procps_4.0.4-9_amd64.deb");
    }

    #[test]
    fn sizes_as_apt_prints_them() {
        assert_eq!(size_to_str(1108.0), "1108 ");
        assert_eq!(size_to_str(47340.0), "47.3 k");
        assert_eq!(size_to_str(140420.0), "140 k");
        assert_eq!(size_to_str(9679304.0), "9679 k");
        assert_eq!(size_to_str(10224369.0), "10.2 M");
    }

    #[test]
    fn the_archive_parses_and_closes() {
        let t = Suite::parse("trixie").expect("trixie");
        assert_eq!(t.apt, "3.0.4");
        let base = |n: &str| t.base_version(n).is_some();
        // `apt-get install curl procps` in debian:trixie-slim (captured): 36 packages.
        let c = closure(&t, &["curl", "procps"], &base, true);
        assert_eq!(c.len(), 36, "{c:?}");
        // In the captured order (the data's order merges that run's with the all-tools run's).
        assert_eq!((c.first().map(String::as_str), c.last().map(String::as_str)), (Some("linux-sysctl-defaults"), Some("publicsuffix")));
        let size: u64 = c.iter().filter_map(|n| t.pkg(n)).map(|p| p.size).sum();
        let isize: u64 = c.iter().filter_map(|n| t.pkg(n)).map(|p| p.isize * 1024).sum();
        assert_eq!((size_to_str(size as f64), size_to_str(isize as f64)), ("8781 k".to_string(), "25.5 M".to_string()));
        let b = Suite::parse("bookworm").expect("bookworm");
        let base = |n: &str| b.base_version(n).is_some();
        assert_eq!(closure(&b, &["curl", "procps"], &base, true).len(), 27);
    }

    #[test]
    fn lists_wrap_as_apt_get_and_apt_3_lay_them_out() {
        let names: Vec<String> = "bash-completion ca-certificates krb5-locales libbrotli1 libcom-err2 libcurl4t64 libffi8".split(' ').map(String::from).collect();
        assert_eq!(show_list("T:", &names), "T:\n  bash-completion ca-certificates krb5-locales libbrotli1 libcom-err2\n  libcurl4t64 libffi8\n");
        let deps: Vec<String> = "bash-completion ca-certificates krb5-locales libbrotli1 libcom-err2 libcurl4t64 libffi8 libgnutls30t64 libgssapi-krb5-2 libidn2-0 libk5crypto3 libkeyutils1 libkrb5-3 libkrb5support0 libldap-common libldap2 libnghttp2-14 libnghttp3-9 libp11-kit0 libpsl5t64 librtmp1 libsasl2-2 libsasl2-modules libsasl2-modules-db libssh2-1t64 libtasn1-6 libunistring5 openssl publicsuffix".split(' ').map(String::from).collect();
        let got = show_columns("Installing dependencies:", &deps);
        assert!(got.starts_with("Installing dependencies:\n  bash-completion  libgssapi-krb5-2  libnghttp2-14        libssh2-1t64\n"), "{got}");
        assert!(got.ends_with("  libgnutls30t64   libldap2          libsasl2-modules-db\n\n"), "{got}");
        // Captured: `apt install -s` of all the tools, and of dnsutils, in debian:trixie-slim.
        let asked: Vec<String> = "bind9-dnsutils ca-certificates curl iproute2 iputils-ping jq less nano net-tools netcat-openbsd procps telnet vim wget".split(' ').map(String::from).collect();
        assert_eq!(show_columns("Installing:", &asked), "Installing:\n  bind9-dnsutils   curl      iputils-ping  less  net-tools       procps  vim\n  ca-certificates  iproute2  jq            nano  netcat-openbsd  telnet  wget\n\n");
        let dns: Vec<String> = "bind9-host bind9-libs krb5-locales libcom-err2 libedit2 libfstrm0 libgssapi-krb5-2 libidn2-0 libjemalloc2 libjson-c5 libk5crypto3 libkeyutils1 libkrb5-3 libkrb5support0 liblmdb0 libmaxminddb0 libnghttp2-14 libprotobuf-c1 libunistring5 liburcu8t64 libuv1t64 libxml2".split(' ').map(String::from).collect();
        assert_eq!(show_columns("D:", &dns), "D:\n  bind9-host    libfstrm0         libk5crypto3     libmaxminddb0   libuv1t64\n  bind9-libs    libgssapi-krb5-2  libkeyutils1     libnghttp2-14   libxml2\n  krb5-locales  libidn2-0         libkrb5-3        libprotobuf-c1\n  libcom-err2   libjemalloc2      libkrb5support0  libunistring5\n  libedit2      libjson-c5        liblmdb0         liburcu8t64\n\n");
        let vim: Vec<String> = "libgpm2 libsodium23 vim-common vim-runtime xxd".split(' ').map(String::from).collect();
        assert_eq!(show_columns("D:", &vim), "D:\n  libgpm2  libsodium23  vim-common  vim-runtime  xxd\n\n");
    }
}
