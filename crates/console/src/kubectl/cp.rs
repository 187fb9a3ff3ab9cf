//! `kubectl cp` (`kubectl/pkg/cmd/cp`): a tar stream through the pod's exec subresource.
//! From a pod it runs `tar cf - SRC` in the container (the container tar's stderr, e.g.
//! `tar: Removing leading `/' from member names`, shows on kubectl's stdout, as upstream wires
//! it) and unpacks the stream into the learner's files; to a pod it runs `test -d DEST`, then
//! packs the local file or directory as Go's `archive/tar` does and feeds it to
//! `tar -xmf - -C DIR`. A container without `tar` fails as its exec does.
//! The learner's files are the console's in-memory files over the script's directory (a
//! directory of the script's own tree cannot be listed, only its files read); local files
//! belong to uid 1000 (the learner), as real kubectl's tar headers carry the local owner.

use podlife_engine::archive::{self, Entry, Writer};

use super::flags::{self, Kind, Spec};
use super::logs::{default_container, fetch_pod};
use super::{Context, namespace_of};
use crate::Output;

/// The learner's user and group on their machine.
const LOCAL_ID: u32 = 1000;

/// Go's `path.Clean`.
fn clean(p: &str) -> String {
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|l| *l != "..") => {
                parts.pop();
            }
            ".." if rooted => {}
            other => parts.push(other),
        }
    }
    match (rooted, parts.is_empty()) {
        (true, _) => format!("/{}", parts.join("/")),
        (false, true) => ".".into(),
        (false, false) => parts.join("/"),
    }
}

fn dir(p: &str) -> String {
    match p.rfind('/') {
        Some(i) => clean(&p[..=i]),
        None => ".".into(),
    }
}

fn base(p: &str) -> String {
    let t = p.trim_end_matches('/');
    match t.rsplit('/').next() {
        _ if p.is_empty() => ".".into(),
        _ if t.is_empty() => "/".into(),
        Some(b) => b.to_string(),
        None => t.to_string(),
    }
}

fn join(a: &str, b: &str) -> String {
    if a.is_empty() { clean(b) } else { clean(&format!("{a}/{b}")) }
}

/// `stripTrailingSlash`.
fn strip_trailing(p: &str) -> String {
    if p.len() > 1 && p.ends_with('/') { p[..p.len() - 1].to_string() } else { p.to_string() }
}

/// `stripPathShortcuts`.
fn strip_shortcuts(p: &str) -> String {
    let mut s = p;
    while let Some(r) = s.strip_prefix("../") {
        s = r;
    }
    if s == "." || s == ".." {
        return String::new();
    }
    s.strip_prefix('/').unwrap_or(s).to_string()
}

/// `[[namespace/]pod:]file`: (namespace, pod, file).
fn file_spec(arg: &str) -> Result<(Option<String>, Option<String>, String), ()> {
    let Some(i) = arg.find(':') else { return Ok((None, None, strip_trailing(arg))) };
    if i == 0 {
        return Err(());
    }
    let file = strip_trailing(&arg[i + 1..]);
    match arg[..i].split('/').collect::<Vec<_>>().as_slice() {
        [pod] => Ok((None, Some(pod.to_string()), file)),
        [ns, pod] => Ok((Some(ns.to_string()), Some(pod.to_string()), file)),
        _ => Err(()),
    }
}

#[inline(never)]
pub fn cp(ctx: &mut Context<'_>, args: &[String], out: &mut Output) {
    let specs = [
        Spec { long: "container", short: Some('c'), kind: Kind::Value },
        Spec { long: "no-preserve", short: None, kind: Kind::Bool },
        Spec { long: "retries", short: None, kind: Kind::Value },
    ];
    let p = match flags::parse(args, &specs, "cp") {
        Ok(p) => p,
        Err(e) => return out.err(&format!("{e}\n")),
    };
    let retries = match p.get("retries").map(|r| (r, r.parse::<i64>())) {
        None => 0,
        Some((_, Ok(n))) => n,
        Some((r, Err(_))) => return out.err(&format!("error: invalid argument \"{r}\" for \"--retries\" flag: strconv.ParseInt: parsing \"{r}\": invalid syntax\nSee 'kubectl cp -h' for help and examples\n")),
    };
    let [src, dest] = p.args.as_slice() else {
        return out.err("error: source and destination are required\n");
    };
    let (Ok(src), Ok(dest)) = (file_spec(src), file_spec(dest)) else {
        return out.err("error: filespec must match the canonical format: [[namespace/]pod:]file/path\n");
    };
    if src.1.is_some() && dest.1.is_some() {
        return out.err("error: one of src or dest must be a local file specification\n");
    }
    if src.2.is_empty() || dest.2.is_empty() {
        return out.err("error: filepath can not be empty\n");
    }
    let Some(local) = ctx.local.as_ref().map(|l| (l.files, l.cwd.to_string())) else {
        return out.err("error: podlife has no local files here for kubectl cp\n");
    };
    let container = p.get("container").map(str::to_string);
    match (&src, &dest) {
        ((ns, Some(pod), file), (_, None, to)) => {
            let ns = ns.clone().unwrap_or_else(|| namespace_of(&p));
            from_pod(ctx, out, &ns, pod, container, file, to, retries, local);
        }
        ((_, None, from), (ns, Some(pod), file)) => {
            let ns = ns.clone().unwrap_or_else(|| namespace_of(&p));
            to_pod(ctx, out, &ns, pod, container, from, file, p.flag("no-preserve"), local);
        }
        _ => out.err("error: one of src or dest must be a remote file specification\n"),
    }
}

type Files<'a> = (&'a std::cell::RefCell<crate::shell::Scratch>, String);

#[allow(clippy::too_many_arguments)]
/// `ExecOptions.Run`: the pod, its container (kubectl names the default one on `note`), the
/// command's run; None after printing the error.
fn exec(ctx: &mut Context<'_>, out: &mut Output, note: &mut Output, ns: &str, pod: &str, container: &Option<String>, argv: &[String], stdin: Option<&str>) -> Option<podlife_engine::containerd::exec::ExecRun> {
    let object = fetch_pod(ctx, out, ns, pod)?;
    let container = container.clone().unwrap_or_else(|| default_container(&object, note));
    match ctx.engine.pod_exec_stdin(ns, pod, &container, argv, stdin) {
        Ok(run) => {
            ctx.engine.advance_by(run.duration_ms.min(7 * 24 * 3_600_000));
            Some(run)
        }
        Err(s) => {
            out.err(&super::exec_wait::exec_error(&s));
            None
        }
    }
}

/// The command's failure as `cmdutil.CheckErr` prints it.
fn failed(out: &mut Output, run: &podlife_engine::containerd::exec::ExecRun) -> bool {
    if run.code != 0 {
        out.err(&format!("command terminated with exit code {}\n", run.code));
        out.code = Some(run.code);
    }
    run.code != 0
}

#[allow(clippy::too_many_arguments)]
fn from_pod(ctx: &mut Context<'_>, out: &mut Output, ns: &str, pod: &str, container: Option<String>, file: &str, to: &str, retries: i64, (files, cwd): Files) {
    let argv: Vec<String> = if retries != 0 {
        vec!["sh".into(), "-c".into(), format!("tar cf - '{}' | tail -c+0", file.replace('\'', "'\\''"))]
    } else {
        ["tar", "cf", "-", file].map(String::from).to_vec()
    };
    // The exec's stderr is kubectl's stdout here (`ErrOut: t.o.Out`).
    let mut note = Output::default();
    let Some(run) = exec(ctx, out, &mut note, ns, pod, &container, &argv, None) else { return };
    out.out(&note.text);
    out.out(&run.stderr);
    // The command's status reaches kubectl in a goroutine; `untarAll` returns as soon as the
    // stream's end-of-archive blocks arrive, and kubectl exits 0 before the goroutine reports
    // it (kubernetes/kubectl#980: a missing source "succeeds"). A stream that is no complete
    // archive leaves the goroutine to print the failure.
    let (entries, error) = archive::read_tar(&archive::to_bytes(&run.stdout));
    let complete = error.is_none() && !run.stdout.is_empty();
    if !complete && failed(out, &run) {
        return;
    }
    let prefix = strip_shortcuts(&clean(file.trim_start_matches(['/', '\\'])));
    let dest = clean(&crate::shell::absolute(&cwd, to));
    let mut files = files.borrow_mut();
    for e in entries {
        let Some(rest) = e.name.strip_prefix(&prefix) else {
            return out.err("error: tar contents corrupted\n");
        };
        let path = join(&dest, rest);
        files.make_dirs(&dir(&path));
        match &e.data {
            None => files.make_dirs(&path),
            Some(data) => {
                if let Err(why) = files.write(&path, &archive::to_text(data), false) {
                    let shown = if to.starts_with('/') { path.clone() } else { join(to, rest) };
                    return out.err(&format!("error: open {shown}: {}\n", why.to_ascii_lowercase()));
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn to_pod(ctx: &mut Context<'_>, out: &mut Output, ns: &str, pod: &str, container: Option<String>, from: &str, file: &str, no_preserve: bool, (files, cwd): Files) {
    let local = clean(&crate::shell::absolute(&cwd, from));
    let is_dir = files.borrow().is_dir(&local);
    if !is_dir && (ctx.read_file)(from).is_none() {
        return out.err(&format!("error: {from} doesn't exist in local filesystem\n"));
    }
    // `checkDestinationIsDir`: its output and errors are discarded.
    let mut dest = file.to_string();
    let mut discard = Output::default();
    let test = ["test", "-d", file].map(String::from);
    if exec(ctx, &mut discard, &mut Output::default(), ns, pod, &container, &test, None).is_some_and(|r| r.code == 0) {
        dest = join(file, &base(from));
    }
    // `makeTar`: names relative to the destination's directory.
    let now = podlife_engine::clock::EPOCH_UNIX_SECONDS as u64 + ctx.engine.now().millis() / 1000;
    let entry = |name: String, data: Option<Vec<u8>>| Entry { mode: if data.is_some() { 0o644 } else { 0o755 }, name, data, uid: LOCAL_ID, gid: LOCAL_ID, mtime: now, uname: String::new(), gname: String::new() };
    let mut entries = Vec::new();
    let mut stack = vec![(local.clone(), base(&dest))];
    while let Some((path, name)) = stack.pop() {
        let children = files.borrow().is_dir(&path).then(|| files.borrow().list(&path));
        match children {
            Some(c) if c.is_empty() => entries.push(entry(name, None)),
            Some(c) => stack.extend(c.into_iter().rev().map(|n| (join(&path, &n), format!("{name}/{n}")))),
            None => {
                let text = files.borrow().get("/", &path).cloned().or_else(|| (ctx.read_file)(path.trim_start_matches('/')));
                entries.push(entry(name, Some(archive::to_bytes(&text.unwrap_or_default()))));
            }
        }
    }
    let stream = archive::to_text(&archive::write_tar(&entries, Writer::Go));
    let mut argv: Vec<String> = if no_preserve { vec!["tar", "--no-same-permissions", "--no-same-owner", "-xmf", "-"] } else { vec!["tar", "-xmf", "-"] }.into_iter().map(String::from).collect();
    argv.extend(["-C".to_string(), dir(&dest)]);
    let mut note = Output::default();
    let Some(run) = exec(ctx, out, &mut note, ns, pod, &container, &argv, Some(&stream)) else { return };
    if !note.text.is_empty() {
        out.err(&note.text);
    }
    out.out(&run.stdout);
    if !run.stderr.is_empty() {
        out.err(&run.stderr);
    }
    failed(out, &run);
}
