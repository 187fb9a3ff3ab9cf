//! System V IPC of the container's IPC namespace (shared by the pod's containers through the
//! pause container): busybox `ipcs` and `ipcrm` (`util-linux/ipcs.c`, `ipcrm.c`) and
//! util-linux's `ipcmk` (Debian-based images; busybox has none). Only shared memory
//! segments are modelled; message queues and semaphore arrays are always empty.

use super::builtins::Ctx;

const BB: &str = "BusyBox v1.37.0 (2024-09-26 21:31:42 UTC) multi-call binary.\n\n";

fn shm_section(ctx: &Ctx) -> String {
    let mut out = String::from("------ Shared Memory Segments --------\n");
    out.push_str(&format!("{:<10} {:<10} {:<10} {:<10} {:<10} {:<10} {:<12}\n", "key", "shmid", "owner", "perms", "bytes", "nattch", "status"));
    for s in ctx.host.shm_segments() {
        out.push_str(&format!("0x{:08x} {:<10} {:<10.10} {:<10o} {:<10} {:<10} {:<6} {:<6}\n", s.key, s.id, "root", s.perms & 0o777, s.bytes, 0, " ", " "));
    }
    out
}

#[inline(never)]
pub(crate) fn ipcs(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut msg = false;
    let mut shm = false;
    let mut sem = false;
    for a in args {
        if !a.starts_with('-') || a.len() < 2 {
            ctx.err(&format!("{BB}Usage: ipcs [[-smq] -i SHMID] | [[-asmq] [-tcplu]]\n\n\t-i ID\tShow specific resource\nResource specification:\n\t-m\tShared memory segments\n\t-q\tMessage queues\n\t-s\tSemaphore arrays\n\t-a\tAll (default)\nOutput format:\n\t-t\tTime\n\t-c\tCreator\n\t-p\tPid\n\t-l\tLimits\n\t-u\tSummary\n"));
            return 1;
        }
        for c in a[1..].chars() {
            match c {
                'q' => msg = true,
                'm' => shm = true,
                's' => sem = true,
                'a' => (msg, shm, sem) = (true, true, true),
                _ => {}
            }
        }
    }
    if !(msg || shm || sem) {
        (msg, shm, sem) = (true, true, true);
    }
    let mut out = String::from("\n");
    if msg {
        out.push_str(&format!("------ Message Queues --------\n{:<10} {:<10} {:<10} {:<10} {:<12} {:<12}\n\n", "key", "msqid", "owner", "perms", "used-bytes", "messages"));
    }
    if shm {
        out.push_str(&shm_section(ctx));
        out.push('\n');
    }
    if sem {
        out.push_str(&format!("------ Semaphore Arrays --------\n{:<10} {:<10} {:<10} {:<10} {:<10}\n\n", "key", "semid", "owner", "perms", "nsems"));
    }
    ctx.out(&out);
    0
}

/// util-linux `ipcmk -M SIZE [-p PERMS]`.
#[inline(never)]
pub(crate) fn ipcmk(ctx: &mut Ctx, args: &[String]) -> i32 {
    let mut size: Option<String> = None;
    let mut perms = 0o644;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "-M" | "--shmem" => size = it.next().cloned(),
            "-p" | "--mode" => match it.next().and_then(|p| u32::from_str_radix(p, 8).ok()) {
                Some(p) => perms = p,
                None => {
                    ctx.err("ipcmk: failed to parse mode\n");
                    return 1;
                }
            },
            "-Q" | "--queue" | "-S" | "--semaphore" => {
                ctx.err("ipcmk: only shared memory segments are modelled in podlife\n");
                return 1;
            }
            _ => {
                ctx.err("Usage:\n ipcmk [options]\n\nCreate various IPC resources.\n\nOptions:\n -M, --shmem <size>       create shared memory segment of size <size>\n -S, --semaphore <number> create semaphore array with <number> elements\n -Q, --queue              create message queue\n -p, --mode <mode>        permission for the resource (default is 0644)\n");
                return 1;
            }
        }
    }
    let Some(size) = size else {
        ctx.err("Usage:\n ipcmk [options]\n\nCreate various IPC resources.\n");
        return 1;
    };
    // util-linux accepts sizes with suffixes (`1K`, `1M`).
    let (num, mult) = match size.char_indices().last() {
        Some((i, 'K' | 'k')) => (&size[..i], 1024),
        Some((i, 'M' | 'm')) => (&size[..i], 1024 * 1024),
        Some((i, 'G' | 'g')) => (&size[..i], 1024 * 1024 * 1024),
        _ => (size.as_str(), 1),
    };
    let Some(bytes) = num.parse::<u64>().ok().and_then(|n| n.checked_mul(mult)).filter(|b| *b > 0) else {
        ctx.err(&format!("ipcmk: failed to parse size: '{size}'\n"));
        return 1;
    };
    match ctx.host.shm_create(bytes, perms) {
        Ok(id) => {
            ctx.out(&format!("Shared memory id: {id}\n"));
            0
        }
        Err(e) => {
            ctx.err(&format!("ipcmk: create share memory failed: {e}\n"));
            1
        }
    }
}

/// busybox `ipcrm -m ID` / `-M KEY` (the other kinds have no objects to remove).
#[inline(never)]
pub(crate) fn ipcrm(ctx: &mut Ctx, args: &[String]) -> i32 {
    if args.is_empty() {
        ctx.err(&format!("{BB}Usage: ipcrm [-MQS key] [-mqs id]\n\nUpper-case options MQS remove an object by shmkey value.\nLower-case options remove an object by shmid value.\n\n\t-mM\tRemove memory segment after last detach\n\t-qQ\tRemove message queue\n\t-sS\tRemove semaphore\n"));
        return 1;
    }
    let segments = ctx.host.shm_segments();
    let mut status = 0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let Some(v) = it.next() else {
            ctx.err(&format!("ipcrm: option requires an argument -- '{}'\n", a.trim_start_matches('-')));
            return 1;
        };
        let id = match a.as_str() {
            "-m" => segments.iter().find(|s| v.parse::<u32>() == Ok(s.id)).map(|s| s.id),
            "-M" => segments.iter().find(|s| u32::from_str_radix(v.trim_start_matches("0x"), 16) == Ok(s.key)).map(|s| s.id),
            _ => None,
        };
        let found = id.is_some_and(|id| ctx.host.shm_remove(id));
        if !found {
            let what = if a.chars().nth(1).is_some_and(|c| c.is_ascii_uppercase()) { "key" } else { "id" };
            ctx.err(&format!("ipcrm: invalid {what} ({v})\n"));
            status = 1;
        }
    }
    status
}
