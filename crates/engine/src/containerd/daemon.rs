//! The containerd daemon as systemd runs it on a kind node (`podlife stop|start containerd` is
//! `systemctl stop|start containerd`): what the journal shows, and the socket going away.
//!
//! kind's unit (`images/base/files/etc/systemd/system/containerd.service`, kind v0.32.0):
//! `Description=containerd container runtime`, `Type=notify`, `KillMode=process` — systemd
//! signals only the daemon, so the shims and the containers keep running. The node image is
//! Debian trixie (systemd 257), whose job messages name the unit and its description.
//!
//! On SIGTERM containerd closes its plugins (`cmd/containerd/server/server.go` `Stop`): the CRI
//! plugin logs "Stop CRI service" from `Close` and again when its `Run` returns, then "Event
//! monitor stopped" and "Stream server stopped" (`internal/cri/server/service.go`); the gRPC
//! and ttrpc listeners close, and Go's unix listener unlinks its socket file, so a client then
//! gets `connect: no such file or directory` (see `cri::CONTAINERD_DOWN`).
//!
//! On start (`cmd/containerd/command/main.go`): "starting containerd" with version and
//! revision, the CRI plugin's `Run` ("Start subscribing containerd event", "Start stats
//! collector" (v2.3), "Start recovering state"), "serving..." on the ttrpc socket then the gRPC one, the rest of `Run` ("Start event
//! monitor", "Start cni network conf syncer for default", "Start streaming server"), then
//! "containerd successfully booted in %fs" once every plugin is ready, and systemd's "Started".
//! The ~60 "loading plugin" lines before them are not reproduced.

use crate::clock::Time;
use crate::containerd::{JournalEntry, Runtime, Writer};

/// The PID of the containerd that started with the node.
pub const FIRST_PID: u32 = 612;

/// `git rev-parse v2.3.1` in containerd/containerd (the version `cluster::CONTAINER_RUNTIME_VERSION` names:
/// kind v0.32.0's base image builds it).
const REVISION: &str = "64b425cf570b3b8dd1d4cc46da7c1fce65c6651a";

const UNIT: &str = "containerd.service - containerd container runtime";

const SOCKET: &str = "/run/containerd/containerd.sock";

/// How long the node's first containerd takes to boot, from the node's name (building a
/// machine draws nothing from the RNG).
pub fn first_boot_us(node: &str) -> u64 {
    30_000 + u64::from_str_radix(&crate::rng::hex_of(node, 8), 16).unwrap_or(0) % 60_000
}

impl Runtime {
    fn systemd(&mut self, now: Time, msg: String) {
        self.journal_push(JournalEntry { time: now, writer: Writer::Systemd, level: "info", msg, error: None, fields: vec![] });
    }

    fn info_with(&mut self, now: Time, msg: &str, fields: Vec<(&'static str, String)>) {
        let writer = Writer::Containerd(self.pid);
        self.journal_push(JournalEntry { time: now, writer, level: "info", msg: msg.to_string(), error: None, fields });
    }

    /// `systemctl start containerd`: a new daemon with `pid` boots in `boot_us` microseconds.
    pub fn daemon_start(&mut self, now: Time, pid: u32, boot_us: u64) {
        if let Some(since) = self.down_since.take() {
            self.last_outage = Some((since, now));
        }
        self.up = true;
        self.pid = pid;
        self.systemd(now, format!("Starting {UNIT}..."));
        let version = crate::cluster::facts::CONTAINER_RUNTIME_VERSION.trim_start_matches("containerd://");
        self.info_with(now, "starting containerd", vec![("revision", REVISION.to_string()), ("version", format!("v{version}"))]);
        let booted = now.plus_millis(boot_us / 1000);
        for msg in ["Start subscribing containerd event", "Start stats collector", "Start recovering state"] {
            self.info_with(booted, msg, vec![]);
        }
        for address in [format!("{SOCKET}.ttrpc"), SOCKET.to_string()] {
            self.info_with(booted, "serving...", vec![("address", address)]);
        }
        for msg in ["Start event monitor", "Start cni network conf syncer for default", "Start streaming server"] {
            self.info_with(booted, msg, vec![]);
        }
        // Go's `%f`: six decimals.
        self.info_with(booted, &format!("containerd successfully booted in {}.{:06}s", boot_us / 1_000_000, boot_us % 1_000_000), vec![]);
        self.systemd(booted, format!("Started {UNIT}."));
    }

    /// The power goes: the daemon dies with the machine, nothing reaches the journal.
    pub fn daemon_killed(&mut self, now: Time) {
        if self.up {
            self.up = false;
            self.down_since = Some(now);
        }
    }

    /// `systemctl stop containerd`: SIGTERM to the daemon, which closes its plugins and exits 0.
    pub fn daemon_stop(&mut self, now: Time) {
        if !self.up {
            return;
        }
        self.systemd(now, format!("Stopping {UNIT}..."));
        for msg in ["Stop CRI service", "Stop CRI service", "Event monitor stopped", "Stream server stopped"] {
            self.info_with(now, msg, vec![]);
        }
        self.systemd(now, "containerd.service: Deactivated successfully.".to_string());
        self.systemd(now, format!("Stopped {UNIT}."));
        self.up = false;
        self.down_since = Some(now);
    }
}
