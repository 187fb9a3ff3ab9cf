//! `tar`: GNU tar 1.35 in Debian-based images, busybox tar elsewhere (their texts differ:
//! GNU's `tar: Removing leading `/' from member names`, busybox's `tar: removing leading '/'
//! from member names`). `c`, `x`, `t` with `z`, `v`, `f FILE`/`f -`, `-C DIR`, `m`, `o`,
//! `--no-same-owner`, `--no-same-permissions`, old-style bundles (`czvf`) and `-czvf`. The
//! archive format is `crate::archive`'s (real headers; gzip with stored blocks). Members are
//! written in name order (a real tar follows the directory's order). Links, devices, `r`,
//! `u`, `--exclude` and other compressions are not modelled.

use super::builtins::Ctx;
use super::Credentials;
use crate::archive::{self, Entry, GzipError, TarError, Writer};

/// The most members one archive gets.
const MAX_MEMBERS: usize = 10_000;
const GNU_TRY: &str = "Try 'tar --help' or 'tar --usage' for more information.\n";
const BB_USAGE: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: tar c|x|t [-ZzJjahmvokO] [-f TARFILE] [-C DIR] [-T FILE] [-X FILE] [LONGOPT]... [FILE]...\n\nCreate, extract, or list files from a tar file\n\n\tc\tCreate\n\tx\tExtract\n\tt\tList\n\t-f FILE\tName of TARFILE ('-' for stdin/out)\n\t-C DIR\tChange to DIR before operation\n\t-v\tVerbose\n\t-O\tExtract to stdout\n\t-m\tDon't restore mtime\n\t-o\tDon't restore user:group\n\t-k\tDon't replace existing files\n\t-Z\t(De)compress using compress\n\t-z\t(De)compress using gzip\n\t-J\t(De)compress using xz\n\t-j\t(De)compress using bzip2\n\t--lzma\t(De)compress using lzma\n\t-a\t(De)compress based on extension\n\t-h\tFollow symlinks\n\t-T FILE\tFile with names to include\n\t-X FILE\tFile with glob patterns to exclude\n\t--exclude PATTERN\tGlob pattern to exclude\n\t--overwrite\t\tReplace existing files\n\t--strip-components NUM\tNUM of leading components to strip\n\t--no-recursion\t\tDon't descend in directories\n\t--numeric-owner\t\tUse numeric user:group\n\t--no-same-permissions\tDon't restore access permissions\n\t--to-command COMMAND\tPipe files to COMMAND\n";

#[derive(Default)]
struct Opts {
    mode: Option<char>,
    gzip: bool,
    verbose: bool,
    file: Option<String>,
    dir: Option<String>,
    keep_mtime: bool,
    no_owner: bool,
    no_perms: bool,
    names: Vec<String>,
}

/// The options, or the usage error (text, status).
fn parse(args: &[String], gnu: bool) -> Result<Opts, (String, i32)> {
    let mut o = Opts::default();
    let mut rest = args.iter().cloned();
    let mut pending: Vec<char> = Vec::new();
    let mut first = true;
    let usage = |text: String| if gnu { (format!("{text}{GNU_TRY}"), 2) } else { (BB_USAGE.to_string(), 1) };
    while let Some(a) = rest.next() {
        // The first word without a dash is a bundle of letters (`tar czvf x.tgz dir`).
        let letters: Option<String> = if first && !a.starts_with('-') { Some(a.clone()) } else if a.starts_with('-') && !a.starts_with("--") && a.len() > 1 { Some(a[1..].to_string()) } else { None };
        first = false;
        if let Some(long) = a.strip_prefix("--").filter(|l| !l.is_empty()) {
            let (name, value) = long.split_once('=').map_or((long, None), |(n, v)| (n, Some(v.to_string())));
            match name {
                "create" => o.mode = Some('c'),
                "extract" | "get" => o.mode = Some('x'),
                "list" => o.mode = Some('t'),
                "gzip" | "gunzip" | "ungzip" => o.gzip = true,
                "verbose" => o.verbose = true,
                "touch" => o.keep_mtime = true,
                "no-same-owner" => o.no_owner = true,
                "no-same-permissions" => o.no_perms = true,
                "same-owner" | "same-permissions" | "preserve-permissions" | "numeric-owner" | "overwrite" => {}
                "file" | "directory" => {
                    let Some(v) = value.or_else(|| rest.next()) else {
                        return Err(usage(if gnu { format!("tar: option '--{name}' requires an argument\n") } else { String::new() }));
                    };
                    if name == "file" { o.file = Some(v) } else { o.dir = Some(v) }
                }
                _ => return Err(usage(if gnu { format!("tar: unrecognized option '{a}'\n") } else { String::new() })),
            }
            continue;
        }
        let Some(letters) = letters else {
            o.names.push(a);
            continue;
        };
        let chars: Vec<char> = letters.chars().collect();
        let dashed = a.starts_with('-');
        for (i, c) in chars.iter().enumerate() {
            match c {
                'c' | 'x' | 't' => {
                    if o.mode.is_some_and(|m| m != *c) {
                        return Err(usage(if gnu { "tar: You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option\n".into() } else { String::new() }));
                    }
                    o.mode = Some(*c);
                }
                'z' => o.gzip = true,
                'v' => o.verbose = true,
                'm' => o.keep_mtime = true,
                'o' => o.no_owner = true,
                'p' => {}
                'f' | 'C' if dashed && i + 1 < chars.len() => {
                    // `-fNAME`: the rest of the word is the value.
                    let v: String = chars[i + 1..].iter().collect();
                    if *c == 'f' { o.file = Some(v) } else { o.dir = Some(v) }
                    break;
                }
                'f' | 'C' => pending.push(*c),
                _ => return Err(usage(if gnu { format!("tar: invalid option -- '{c}'\n") } else { String::new() })),
            }
        }
        // Old-style and `-zcf NAME`: each value-taking letter takes the next word.
        for c in pending.drain(..) {
            let Some(v) = rest.next() else {
                return Err(usage(if gnu { format!("tar: option requires an argument -- '{c}'\n") } else { String::new() }));
            };
            if c == 'f' { o.file = Some(v) } else { o.dir = Some(v) }
        }
    }
    if o.mode.is_none() {
        return Err(usage(if gnu { "tar: You must specify one of the '-Acdtrux', '--delete' or '--test-label' options\n".into() } else { String::new() }));
    }
    Ok(o)
}

struct Tar<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
    gnu: bool,
    /// A `Cannot stat`-like error happened: the exit status says so at the end.
    failed: bool,
    warned_slash: bool,
    verbose: bool,
    /// The verbose listing goes to stderr when the archive goes to stdout.
    listing_to_stderr: bool,
}

impl Tar<'_, '_> {
    fn strip_slash<'n>(&mut self, name: &'n str) -> &'n str {
        let stripped = name.trim_start_matches('/');
        if stripped.len() != name.len() && !self.warned_slash {
            self.warned_slash = true;
            self.ctx.err(if self.gnu { "tar: Removing leading `/' from member names\n" } else { "tar: removing leading '/' from member names\n" });
        }
        stripped
    }

    /// A fatal error: GNU's two lines (status 2), or busybox's one (status 1).
    fn fatal(&mut self, gnu_line: &str, bb_line: &str) -> i32 {
        if self.gnu {
            self.ctx.err(&format!("{gnu_line}tar: Error is not recoverable: exiting now\n"));
            2
        } else {
            self.ctx.err(bb_line);
            1
        }
    }

    fn cannot_open(&mut self, name: &str, child: bool) -> i32 {
        if child {
            return self.fatal(&format!("tar (child): {name}: Cannot open: No such file or directory\ntar (child): Error is not recoverable: exiting now\ntar: Child returned status 2\n"), &format!("tar: can't open '{name}': No such file or directory\n"));
        }
        self.fatal(&format!("tar: {name}: Cannot open: No such file or directory\n"), &format!("tar: can't open '{name}': No such file or directory\n"))
    }

    fn entry(&mut self, path: &str, name: String, out: &mut Vec<Entry>) {
        // Links and devices are not archived (not modelled); the kernel's own trees are not
        // walked (`/proc/<pid>/root` would loop); a stated cap on members.
        let Some(st) = self.ctx.host.stat(path).filter(|st| matches!(st.kind, super::FileKind::File | super::FileKind::Dir)) else { return };
        if out.len() >= MAX_MEMBERS || ["/proc", "/sys", "/dev"].contains(&path) {
            return;
        }
        let dir = st.is_dir();
        let data = if dir { None } else { Some(archive::to_bytes(&self.ctx.read(path).unwrap_or_default())) };
        let name = if dir { format!("{}/", name.trim_end_matches('/')) } else { name };
        if self.verbose {
            let line = format!("{name}\n");
            if self.listing_to_stderr { self.ctx.err(&line) } else { self.ctx.out(&line) }
        }
        let (uname, gname) = (Credentials::user_name(st.uid).unwrap_or_default().to_string(), Credentials::group_name(st.gid).unwrap_or_default().to_string());
        out.push(Entry { name: name.clone(), data, mode: st.mode, uid: st.uid, gid: st.gid, mtime: st.mtime, uname, gname });
        if dir {
            let mut children = self.ctx.host.list_dir(path).unwrap_or_default();
            crate::sort::sort(&mut children);
            for c in children {
                let child = format!("{}/{c}", path.trim_end_matches('/'));
                self.entry(&child, format!("{name}{c}"), out);
            }
        }
    }
}

#[inline(never)]
pub(crate) fn tar(ctx: &mut Ctx, args: &[String]) -> i32 {
    let gnu = ctx.host.gnu_userland();
    let o = match parse(args, gnu) {
        Ok(o) => o,
        Err((text, status)) => {
            ctx.err(&text);
            return status;
        }
    };
    let archive_name = o.file.clone().unwrap_or_else(|| "-".into());
    let to_stdio = archive_name == "-";
    let mut t = Tar { ctx, gnu, failed: false, warned_slash: false, verbose: o.verbose, listing_to_stderr: to_stdio && o.mode == Some('c') };
    let base = match &o.dir {
        Some(d) => {
            let p = t.ctx.path(d);
            if !t.ctx.host.stat(&p).is_some_and(|s| s.is_dir()) {
                return t.fatal(&format!("tar: {d}: Cannot open: No such file or directory\n"), &format!("tar: can't change directory to '{d}': No such file or directory\n"));
            }
            p
        }
        None => t.ctx.path("."),
    };
    let status = match o.mode {
        Some('c') => create(&mut t, &o, &archive_name, &base),
        _ => read(&mut t, &o, &archive_name, &base),
    };
    if status == 0 && t.failed {
        if gnu {
            t.ctx.err("tar: Exiting with failure status due to previous errors\n");
            return 2;
        }
        t.ctx.err("tar: error exit delayed from previous errors\n");
        return 1;
    }
    status
}

fn create(t: &mut Tar, o: &Opts, archive_name: &str, base: &str) -> i32 {
    if o.names.is_empty() {
        return if t.gnu {
            t.ctx.err(&format!("tar: Cowardly refusing to create an empty archive\n{GNU_TRY}"));
            2
        } else {
            t.ctx.err("tar: empty archive\n");
            1
        };
    }
    let target = (archive_name != "-").then(|| t.ctx.path(archive_name));
    let mut entries = Vec::new();
    for n in &o.names {
        let path = if n.starts_with('/') { super::state::normalize(n) } else { super::state::normalize(&format!("{base}/{n}")) };
        // GNU tar says it strips the `/` before it looks at the file; busybox once it found it.
        let member = if t.gnu { t.strip_slash(n).trim_end_matches('/').to_string() } else { String::new() };
        if t.ctx.host.stat(&path).is_none() {
            let line = if t.gnu { format!("tar: {n}: Cannot stat: No such file or directory\n") } else { format!("tar: {n}: No such file or directory\n") };
            t.ctx.err(&line);
            t.failed = true;
            continue;
        }
        let member = if t.gnu { member } else { t.strip_slash(n).trim_end_matches('/').to_string() };
        let member = if member.is_empty() { ".".to_string() } else { member };
        t.entry(&path, member, &mut entries);
    }
    let mut bytes = archive::write_tar(&entries, if t.gnu { Writer::Gnu } else { Writer::Busybox });
    if o.gzip {
        bytes = archive::gzip(&bytes);
    }
    let text = archive::to_text(&bytes);
    match target {
        None => t.ctx.out(&text),
        Some(p) => {
            t.ctx.handled(text.len());
            if let Err(why) = t.ctx.host.write_file(&p, &text, false) {
                return t.cannot_open_why(archive_name, &why, o.gzip);
            }
        }
    }
    0
}

impl Tar<'_, '_> {
    fn cannot_open_why(&mut self, name: &str, why: &str, child: bool) -> i32 {
        if why == "No such file or directory" {
            return self.cannot_open(name, child);
        }
        let prefix = if child { "tar (child)" } else { "tar" };
        self.fatal(&format!("{prefix}: {name}: Cannot open: {why}\n"), &format!("tar: can't open '{name}': {why}\n"))
    }
}

fn read(t: &mut Tar, o: &Opts, archive_name: &str, base: &str) -> i32 {
    let text = if archive_name == "-" {
        t.ctx.stdin()
    } else {
        let p = t.ctx.path(archive_name);
        match t.ctx.read(&p) {
            Some(text) => text,
            None => return t.cannot_open(archive_name, o.gzip),
        }
    };
    let mut bytes = archive::to_bytes(&text);
    if o.gzip || archive::is_gzip(&bytes) {
        bytes = match archive::gunzip(&bytes) {
            Ok(b) => b,
            Err(e) => {
                let (gnu_why, bb_why) = match e {
                    GzipError::NotGzip => ("not in gzip format", "invalid magic\ntar: short read"),
                    GzipError::Corrupt => ("invalid compressed data--format violated", "corrupted data"),
                    GzipError::Truncated => ("unexpected end of file", "short read"),
                };
                return t.fatal(&format!("\ngzip: stdin: {gnu_why}\ntar: Child returned status 1\n"), &format!("tar: {bb_why}\n"));
            }
        };
    }
    let (entries, error) = archive::read_tar(&bytes);
    let mut ugswidth = 19;
    let now = t.ctx.host.now_unix_secs();
    for e in &entries {
        let name = t.strip_slash(&e.name).to_string();
        if o.verbose && o.mode == Some('t') {
            let (user, group) = (if e.uname.is_empty() { e.uid.to_string() } else { e.uname.clone() }, if e.gname.is_empty() { e.gid.to_string() } else { e.gname.clone() });
            let kind = if e.is_dir() { super::FileKind::Dir } else { super::FileKind::File };
            let mode = super::Stat { kind, mode: e.mode, size: 0, nlink: 1, uid: 0, gid: 0, mtime: 0 }.mode_string();
            let size = e.data.as_ref().map_or(0, Vec::len);
            let (y, mo, d, h, mi, s, _) = super::builtins::civil(e.mtime as i64);
            let line = if t.gnu {
                let pad = user.len() + group.len() + 2 + size.to_string().len();
                ugswidth = ugswidth.max(pad);
                let w = ugswidth - pad + size.to_string().len();
                format!("{mode} {user}/{group} {size:>w$} {y:04}-{mo:02}-{d:02} {h:02}:{mi:02} {name}\n")
            } else {
                format!("{mode} {user}/{group} {size:>9} {y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} {name}\n")
            };
            t.ctx.out(&line);
            continue;
        }
        if o.verbose || o.mode == Some('t') {
            t.ctx.out(&format!("{name}\n"));
        }
        if o.mode != Some('x') || name.is_empty() {
            continue;
        }
        let path = super::state::normalize(&format!("{base}/{name}"));
        // The directories on the way, as tar makes them.
        let mut cur = String::new();
        let parts: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
        for (i, comp) in parts.iter().enumerate() {
            cur.push('/');
            cur.push_str(comp);
            if (i + 1 < parts.len() || e.is_dir()) && !t.ctx.host.file_exists(&cur) {
                let _ = t.ctx.host.make_dir(&cur);
            }
        }
        if let Some(data) = &e.data {
            let text = archive::to_text(data);
            t.ctx.handled(text.len());
            if let Err(why) = t.ctx.host.write_file(&path, &text, false) {
                let line = if t.gnu { format!("tar: {name}: Cannot open: {why}\n") } else { format!("tar: can't open '{name}': {why}\n") };
                t.ctx.err(&line);
                t.failed = true;
                continue;
            }
        }
        let root = t.ctx.host.credentials().uid == 0;
        let mode = if o.no_perms || !root { e.mode & !0o022 } else { e.mode };
        let _ = t.ctx.host.chmod(&path, mode & 0o7777);
        let owner = (root && !o.no_owner).then_some((e.uid, e.gid));
        t.ctx.host.restore(&path, owner, (!o.keep_mtime).then_some(e.mtime).or(Some(now)));
    }
    match error {
        None => 0,
        Some(TarError::NotTar) if t.gnu => {
            t.ctx.err("tar: This does not look like a tar archive\n");
            t.failed = true;
            0
        }
        Some(TarError::NotTar) if bytes.len() >= 512 => t.fatal("", "tar: invalid tar magic\n"),
        Some(_) => t.fatal("tar: Unexpected EOF in archive\n", "tar: short read\n"),
    }
}
