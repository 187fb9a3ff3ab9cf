//! File metadata applets: `chmod`, `stat`, `readlink`, and `ls -l`'s line. busybox 1.37
//! `coreutils/chmod.c`, `libbb/parse_mode.c`, `coreutils/stat.c`, `coreutils/readlink.c`,
//! `coreutils/ls.c` (`display_single`); in Debian-based images coreutils 9.1's texts, `stat`
//! format and `ls -l` layout (`src/chmod.c`, `src/stat.c`, `src/ls.c` `print_long_format`).

use super::builtins::Ctx;
use super::{FileKind, Stat};

/// The containers' umask.
const UMASK: u32 = 0o022;

/// `bb_parse_mode`: an octal mode, or symbolic clauses (`u+x`, `go-w`, `a=r`, `+x`, `g=u`)
/// applied to `current` (a directory's `X` adds execute). None: invalid.
pub(crate) fn parse_mode(s: &str, current: u32, is_dir: bool) -> Option<u32> {
    if s.starts_with(|c: char| ('0'..='7').contains(&c)) {
        let v = u32::from_str_radix(s, 8).ok()?;
        return (v <= 0o7777).then_some(v);
    }
    const WHO: [(char, u32); 4] = [('a', 0o7777), ('u', 0o4700), ('g', 0o2070), ('o', 0o0007)];
    const PERM: [(char, u32); 6] = [('r', 0o444), ('w', 0o222), ('x', 0o111), ('X', 0o111), ('s', 0o6000), ('t', 0o1000)];
    let c: Vec<char> = s.chars().collect();
    let mut mode = current & 0o7777;
    let mut i = 0;
    while i < c.len() {
        if c[i] == ',' {
            i += 1;
            continue;
        }
        let mut who = 0;
        while let Some((_, m)) = WHO.iter().find(|(w, _)| *w == c[i]) {
            who |= m;
            i += 1;
            if i >= c.len() {
                return None;
            }
        }
        loop {
            let op = c[i];
            if !matches!(op, '+' | '-' | '=') {
                return None;
            }
            if op == '=' {
                mode &= if who != 0 { !who } else { !0o7777 };
            }
            i += 1;
            let mut perms = 0;
            if let Some(&(_, mask)) = WHO[1..].iter().find(|(w, _)| c.get(i) == Some(w)) {
                // `g=u`: copy another class's bits.
                let bits = mask & 0o777 & mode;
                for (_, p) in &PERM[..3] {
                    if bits & p != 0 {
                        perms |= p;
                    }
                }
                i += 1;
            } else {
                while let Some(&(ch, p)) = PERM.iter().find(|(ch, _)| c.get(i) == Some(ch)) {
                    if ch != 'X' || is_dir || mode & 0o111 != 0 {
                        perms |= p;
                    }
                    i += 1;
                }
            }
            if perms != 0 {
                perms &= if who != 0 { who } else { !UMASK };
                if op == '-' {
                    mode &= !perms;
                } else {
                    mode |= perms;
                }
            }
            if i >= c.len() || c[i] == ',' {
                break;
            }
        }
    }
    Some(mode)
}

#[inline(never)]
pub(crate) fn chmod(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut recursive = false;
    let mut verbose = false;
    let mut changes = false;
    let mut quiet = false;
    let mut rest: Vec<&String> = Vec::new();
    for a in args {
        // Options come before the mode; `-r`-like words after that are the mode itself.
        if rest.is_empty() && a.len() > 1 && a.starts_with('-') && a[1..].chars().all(|c| "Rvcf".contains(c)) {
            recursive |= a.contains('R');
            verbose |= a.contains('v');
            changes |= a.contains('c');
            quiet |= a.contains('f');
        } else {
            rest.push(a);
        }
    }
    if rest.len() < 2 && ctx.gnu() {
        let text = match rest.first() {
            None => "missing operand".to_string(),
            Some(m) => format!("missing operand after '{m}'"),
        };
        ctx.err(&format!("chmod: {text}\nTry 'chmod --help' for more information.\n"));
        return 1;
    }
    if rest.len() < 2 {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: chmod [-Rcvf] MODE[,MODE]... FILE...\n\nMODE is octal number (bit pattern sstrwxrwxrwx) or [ugoa]{+|-|=}[rwxXst]\n\n\t-R\tRecurse\n\t-c\tList changed files\n\t-v\tVerbose\n\t-f\tHide errors\n");
        return 1;
    }
    let spec = rest[0].clone();
    let mut status = 0;
    for f in &rest[1..] {
        let mut stack = vec![(f.to_string(), ctx.path(f), 0usize)];
        while let Some((shown, path, depth)) = stack.pop() {
            let Some(st) = ctx.host.stat(&path) else {
                if !quiet {
                    ctx.fail(format!("chmod: {shown}: No such file or directory"), || format!("chmod: cannot access '{shown}': No such file or directory"));
                }
                status = 1;
                continue;
            };
            if depth > 0 && matches!(st.kind, FileKind::Symlink(_)) {
                continue;
            }
            let Some(mode) = parse_mode(&spec, st.mode, st.is_dir()) else {
                ctx.fail(format!("chmod: invalid mode '{spec}'"), || format!("chmod: invalid mode: '{spec}'\nTry 'chmod --help' for more information."));
                return 1;
            };
            match ctx.host.chmod(&path, mode) {
                Ok(()) => {
                    let old = st.mode & 0o7777;
                    if verbose || (changes && old != mode) {
                        let perms = |mode| Stat { mode, ..st.clone() }.mode_string()[1..].to_string();
                        let text = match (ctx.gnu(), old == mode) {
                            (false, _) => format!("changed to {mode:04o} ({})", perms(mode)),
                            (true, true) => format!("retained as {mode:04o} ({})", perms(mode)),
                            (true, false) => format!("changed from {old:04o} ({}) to {mode:04o} ({})", perms(old), perms(mode)),
                        };
                        ctx.out(&format!("mode of '{shown}' {text}\n"));
                    }
                }
                Err(e) => {
                    if !quiet {
                        ctx.fail(format!("chmod: {shown}: {e}"), || format!("chmod: changing permissions of '{shown}': {e}"));
                    }
                    status = 1;
                }
            }
            if recursive && st.is_dir() && depth < 64 {
                let mut entries = ctx.host.list_dir(&path).unwrap_or_default();
                entries.reverse();
                for e in entries {
                    let child = if path == "/" { format!("/{e}") } else { format!("{path}/{e}") };
                    stack.push((format!("{}/{e}", shown.trim_end_matches('/')), child, depth + 1));
                }
            }
        }
    }
    status
}

/// `ls -l`'s lines for one listing, with each name and a link's target. busybox
/// (`display_single`) pads to fixed widths; coreutils (`print_long_format`) pads each column to
/// the listing's widest entry, a name left-aligned and a number right-aligned, one space apart.
/// `numeric` (`-n`): ids, not names.
pub(crate) fn long_lines(entries: &[(String, Stat)], now_secs: u64, numeric: bool, gnu: bool) -> String {
    let id = |n: u32| if n == 0 && !numeric { "root".to_string() } else { n.to_string() };
    let dev = |st: &Stat| match st.kind {
        FileKind::CharDevice(maj, min) => Some((maj.to_string(), min.to_string())),
        _ => None,
    };
    // coreutils' widths: nlink, owner, group, major and minor device numbers, size.
    let mut w = [0usize; 6];
    for (_, st) in entries {
        let (maj, min) = dev(st).unwrap_or_default();
        let size = if dev(st).is_some() { maj.len() + 2 + min.len() } else { st.size.to_string().len() };
        for (k, n) in [st.nlink.to_string().len(), id(st.uid).len(), id(st.gid).len(), maj.len(), min.len(), size].into_iter().enumerate() {
            w[k] = w[k].max(n);
        }
    }
    let mut out = String::new();
    for (name, st) in entries {
        let (user, group) = (id(st.uid), id(st.gid));
        let mode = st.mode_string();
        let line = if gnu {
            // A name is padded after, a number before (`format_user_or_group`).
            let col = |s: &str, width: usize| if s.starts_with(|c: char| c.is_ascii_digit()) { format!("{s:>width$}") } else { format!("{s:<width$}") };
            let size = match dev(st) {
                Some((maj, min)) => format!("{maj:>a$}, {min:>b$}", a = w[3] + w[5].saturating_sub(w[3] + 2 + w[4]), b = w[4]),
                None => format!("{:>width$}", st.size, width = w[5]),
            };
            let recent = st.mtime <= now_secs && now_secs - st.mtime < 31_556_952 / 2;
            let date = super::builtins::strftime(if recent { "%b %e %H:%M" } else { "%b %e  %Y" }, st.mtime as i64);
            format!("{mode} {:>n$} {} {} {size} {date} {name}", st.nlink, col(&user, w[1]), col(&group, w[2]), n = w[0])
        } else {
            let size = match dev(st) {
                Some((maj, min)) => format!("{maj:>4}, {min:>3}"),
                None => format!("{:>9}", st.size),
            };
            format!("{mode:<10} {:>4} {user:<8} {group:<8} {size} {} {name}", st.nlink, ls_date(st.mtime, now_secs))
        };
        out.push_str(&line);
        if let FileKind::Symlink(t) = &st.kind {
            out.push_str(&format!(" -> {t}"));
        }
        out.push('\n');
    }
    out
}

/// busybox: `mmm dd hh:mm` for files less than six months old, `mmm dd  yyyy` otherwise.
fn ls_date(mtime: u64, now: u64) -> String {
    let ctime = super::builtins::strftime("%b %e %H:%M %Y", mtime as i64);
    let age = now as i64 - mtime as i64;
    if age < 3600 * 24 * 365 / 2 && age > -15 * 60 {
        ctime[..12].to_string()
    } else {
        format!("{} {:>5}", &ctime[..6], &ctime[13..])
    }
}

fn file_type(st: &Stat) -> &'static str {
    match st.kind {
        FileKind::File if st.size == 0 => "regular empty file",
        FileKind::File => "regular file",
        FileKind::Dir => "directory",
        FileKind::Symlink(_) => "symbolic link",
        FileKind::CharDevice(..) => "character special file",
    }
}

/// A stable inode number for a path (the simulated file systems have no inode table).
fn inode(path: &str) -> u64 {
    u64::from_str_radix(&crate::rng::hex_of(path, 8), 16).unwrap_or(0) % 4_000_000 + 1_000
}

/// `stat`'s `human_time`: local time (UTC in containers) with nanoseconds.
fn human_time(secs: u64) -> String {
    super::builtins::strftime("%Y-%m-%d %H:%M:%S.000000000 +0000", secs as i64)
}

/// One `%`-directive of `stat -c` with its printf modifiers (`%-10s`, `%04a`).
fn stat_directive(c: char, mods: &str, name: &str, path: &str, st: &Stat) -> String {
    enum V {
        S(String),
        U(u64),
        X(u64),
        O(u64),
    }
    let v = match c {
        'n' => V::S(name.to_string()),
        'N' => V::S(match &st.kind {
            FileKind::Symlink(t) => format!("'{name}' -> '{t}'"),
            _ => name.to_string(),
        }),
        'a' => V::O(u64::from(st.mode & 0o7777)),
        'A' => V::S(st.mode_string()),
        'F' => V::S(file_type(st).to_string()),
        'f' => V::X(u64::from(st.mode) | kind_bits(st)),
        'h' => V::U(u64::from(st.nlink)),
        'u' => V::U(u64::from(st.uid)),
        'g' => V::U(u64::from(st.gid)),
        'U' | 'G' => V::S(if (if c == 'U' { st.uid } else { st.gid }) == 0 { "root".into() } else { "UNKNOWN".into() }),
        's' => V::U(st.size),
        'b' => V::U(st.size.div_ceil(4096) * 8),
        'B' => V::U(512),
        'o' => V::U(4096),
        'i' => V::U(inode(path)),
        'd' => V::U(47),
        'D' => V::X(47),
        't' => V::X(if let FileKind::CharDevice(maj, _) = st.kind { u64::from(maj) } else { 0 }),
        'T' => V::X(if let FileKind::CharDevice(_, min) = st.kind { u64::from(min) } else { 0 }),
        // The simulated files have one time: birth (`%w`) is the last modification too.
        'x' | 'y' | 'z' | 'w' => V::S(human_time(st.mtime)),
        'X' | 'Y' | 'Z' | 'W' => V::U(st.mtime),
        other => V::S(other.to_string()),
    };
    let left = mods.contains('-');
    let zero = mods.contains('0') && !left;
    let digits: String = mods.chars().skip_while(|c| !c.is_ascii_digit() || *c == '0').take_while(char::is_ascii_digit).collect();
    let width: usize = digits.parse().unwrap_or(0).min(4096);
    let precision: Option<usize> = mods.split_once('.').map(|(_, p)| p.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap_or(0));
    let (text, numeric) = match v {
        V::S(s) => (precision.map_or(s.clone(), |p| s.chars().take(p).collect()), false),
        V::U(n) => (n.to_string(), true),
        V::X(n) => (format!("{n:x}"), true),
        V::O(n) => (format!("{n:o}"), true),
    };
    let n = text.chars().count();
    if n >= width {
        text
    } else if left {
        format!("{text}{}", " ".repeat(width - n))
    } else if zero && numeric {
        format!("{}{text}", "0".repeat(width - n))
    } else {
        format!("{}{text}", " ".repeat(width - n))
    }
}

fn kind_bits(st: &Stat) -> u64 {
    match st.kind {
        FileKind::File => 0o100000,
        FileKind::Dir => 0o040000,
        FileKind::Symlink(_) => 0o120000,
        FileKind::CharDevice(..) => 0o020000,
    }
}

fn stat_format(format: &str, name: &str, path: &str, st: &Stat, gnu: bool) -> String {
    let mut out = String::new();
    let mut rest = format;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let after = &rest[p + 1..];
        let mods_len = after.find(|c: char| !"#-+.I 0123456789".contains(c)).unwrap_or(after.len());
        let mods = &after[..mods_len];
        match after[mods_len..].chars().next() {
            None => {
                out.push('%');
                rest = "";
            }
            Some('%') => {
                out.push('%');
                rest = &after[mods_len + 1..];
            }
            // coreutils quotes `%N` always (`shell-escape-always`), a link's target too.
            Some('N') if gnu => {
                out.push_str(&format!("'{name}'"));
                if let FileKind::Symlink(t) = &st.kind {
                    out.push_str(&format!(" -> '{t}'"));
                }
                rest = &after[mods_len + 1..];
            }
            // coreutils' `%Hd`/`%Ld` (the device's major, minor: 0,47) and `%Hr`/`%Lr` (a
            // device file's).
            Some(c @ ('H' | 'L')) if matches!(after[mods_len + 1..].chars().next(), Some('d' | 'r')) => {
                let n = match (&st.kind, after[mods_len + 1..].starts_with('r')) {
                    (FileKind::CharDevice(maj, min), true) => if c == 'H' { *maj } else { *min },
                    (_, false) if c == 'L' => 47,
                    _ => 0,
                };
                out.push_str(&stat_directive('u', mods, name, path, &Stat { uid: n, ..st.clone() }));
                rest = &after[mods_len + 2..];
            }
            Some(c) => {
                out.push_str(&stat_directive(c, mods, name, path, st));
                rest = &after[mods_len + c.len_utf8()..];
            }
        }
    }
    out.push_str(rest);
    out.push('\n');
    out
}

#[inline(never)]
pub(crate) fn stat(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut format: Option<String> = None;
    let mut follow = false;
    let mut terse = false;
    let mut files: Vec<&String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "-c" {
            format = it.next().cloned();
        } else if let Some(f) = a.strip_prefix("--format=") {
            format = Some(f.to_string());
        } else if a.starts_with('-') && a.len() > 1 {
            follow |= a.contains('L');
            terse |= a.contains('t');
            if let Some(i) = a.find('c') {
                format = Some(if a.len() > i + 1 { a[i + 1..].to_string() } else { it.next().cloned().unwrap_or_default() });
            }
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: stat [-ltf] [-c FMT] FILE...\n\nDisplay file (default) or filesystem status\n\n\t-c FMT\tUse the specified format\n\t-L\tFollow links\n\t-f\tDisplay filesystem status\n\t-t\tTerse display\n");
        return 1;
    }
    let mut status = 0;
    for f in files {
        let path = ctx.path(f);
        let mut st = ctx.host.stat(&path);
        if follow && let Some(FileKind::Symlink(t)) = st.as_ref().map(|s| s.kind.clone()) {
            let base = path.rsplit_once('/').map(|(d, _)| if d.is_empty() { "/" } else { d }).unwrap_or("/").to_string();
            let target = if t.starts_with('/') { t } else { super::state::normalize(&format!("{base}/{t}")) };
            st = ctx.host.stat(&target);
        }
        let Some(st) = st else {
            ctx.fail(format!("stat: can't stat '{f}': No such file or directory"), || format!("stat: cannot statx '{f}': No such file or directory"));
            status = 1;
            continue;
        };
        // coreutils' default format: the names unquoted (`%N` is quoted only in `-c`), the
        // device as major,minor, and the birth time.
        let gnu = ctx.gnu();
        let fmt = match (&format, terse) {
            (Some(fmt), _) => fmt.clone(),
            (None, true) => format!("%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z {}%o", if gnu { "%W " } else { "" }),
            (None, false) => {
                let device = if gnu { "%Hd,%Ld" } else { "%Dh/%dd" };
                let dev_type = if gnu { "%Hr,%Lr" } else { "%t,%T" };
                let links = if matches!(st.kind, FileKind::CharDevice(..)) { format!("Links: %-5h Device type: {dev_type}") } else { "Links: %h".into() };
                let (file, birth) = if gnu { ("%n", "\n Birth: %w") } else { ("%N", "") };
                format!("  File: {file}\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: {device}\tInode: %-10i  {links}\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z{birth}")
            }
        };
        let mut text = stat_format(&fmt, f, &path, &st, gnu);
        if gnu && format.is_none() && !terse && let FileKind::Symlink(t) = &st.kind {
            text = text.replacen('\n', &format!(" -> {t}\n"), 1);
        }
        ctx.out(&text);
    }
    status
}

#[inline(never)]
pub(crate) fn readlink(ctx: &mut Ctx, args: &[String]) -> i32 {
    let canonical = args.iter().any(|a| a.starts_with('-') && a.contains('f'));
    let no_newline = args.iter().any(|a| a.starts_with('-') && a.contains('n'));
    let Some(f) = args.iter().find(|a| !a.starts_with('-')) else {
        ctx.err("BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\nUsage: readlink [-fnv] FILE\n\nDisplay the value of a symlink\n\n\t-f\tCanonicalize by following all symlinks\n\t-n\tDon't add newline\n\t-v\tVerbose\n");
        return 1;
    };
    let path = ctx.path(f);
    let target = match ctx.host.stat(&path).map(|s| s.kind) {
        Some(FileKind::Symlink(t)) if !canonical => t,
        Some(_) if canonical => path,
        None if canonical && ctx.host.stat(path.rsplit_once('/').map(|(d, _)| if d.is_empty() { "/" } else { d }).unwrap_or("/")).is_some() => path,
        _ => return 1,
    };
    ctx.out(&if no_newline { target } else { format!("{target}\n") });
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_as_busybox_parses_them() {
        assert_eq!(parse_mode("600", 0o644, false), Some(0o600));
        assert_eq!(parse_mode("+x", 0o644, false), Some(0o755));
        assert_eq!(parse_mode("u+x", 0o644, false), Some(0o744));
        assert_eq!(parse_mode("+w", 0o444, false), Some(0o644));
        assert_eq!(parse_mode("go-rwx", 0o755, false), Some(0o700));
        assert_eq!(parse_mode("a=r", 0o755, false), Some(0o444));
        assert_eq!(parse_mode("u=rwx,g=rx,o=", 0o600, false), Some(0o750));
        assert_eq!(parse_mode("g=u", 0o740, false), Some(0o770));
        assert_eq!(parse_mode("a+X", 0o644, true), Some(0o755));
        assert_eq!(parse_mode("a+X", 0o644, false), Some(0o644));
        assert_eq!(parse_mode("u+s", 0o755, false), Some(0o4755));
        assert_eq!(parse_mode("+t", 0o777, true), Some(0o1777));
        assert_eq!(parse_mode("8", 0o644, false), None);
        assert_eq!(parse_mode("u", 0o644, false), None);
        assert_eq!(parse_mode("x+r", 0o644, false), None);
        assert_eq!(parse_mode("17777", 0o644, false), None);
    }

    /// `ls -l` lines of one listing: a device, a link, a numeric owner, an old file.
    #[test]
    fn long_lines_in_both_layouts() {
        let now = 1_795_000_000;
        let old = now - 200 * 86_400;
        let entries = vec![
            ("null".to_string(), Stat { kind: FileKind::CharDevice(1, 3), mode: 0o666, ..Stat::file(0, 0, now) }),
            ("data".to_string(), Stat { uid: 1000, gid: 2000, ..Stat::file(123456, 0o644, old) }),
            ("link".to_string(), Stat { kind: FileKind::Symlink("/etc/hosts".into()), mode: 0o777, ..Stat::file(10, 0, now) }),
        ];
        assert_eq!(
            long_lines(&entries, now, false, true),
            "crw-rw-rw- 1 root root   1, 3 Nov 18 11:06 null\n\
             -rw-r--r-- 1 1000 2000 123456 May  2  2026 data\n\
             lrwxrwxrwx 1 root root     10 Nov 18 11:06 link -> /etc/hosts\n"
        );
        assert_eq!(
            long_lines(&entries, now, false, false),
            "crw-rw-rw-    1 root     root        1,   3 Nov 18 11:06 null\n\
             -rw-r--r--    1 1000     2000        123456 May  2  2026 data\n\
             lrwxrwxrwx    1 root     root            10 Nov 18 11:06 link -> /etc/hosts\n"
        );
        // `-n`: numbers, right-aligned by coreutils.
        assert_eq!(long_lines(&entries[..2], now, true, true).lines().next(), Some("crw-rw-rw- 1    0    0   1, 3 Nov 18 11:06 null"));
    }

    #[test]
    fn mode_strings() {
        let f = |m| Stat::file(1, m, 0).mode_string();
        assert_eq!(f(0o600), "-rw-------");
        assert_eq!(f(0o4755), "-rwsr-xr-x");
        assert_eq!(f(0o4644), "-rwSr--r--");
        assert_eq!(Stat::dir(0o1777, 0).mode_string(), "drwxrwxrwt");
    }
}
