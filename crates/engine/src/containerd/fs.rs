//! Files a container sees: its own writable layer (lost when the container is replaced) and
//! the pod's volumes (`emptyDir` lives as long as the pod and is shared by every container
//! that mounts it). Paths resolve through the container's `volumeMounts`, longest mount
//! path first; a `readOnly` mount refuses writes.

use crate::vecmap::{VecMap, VecSet};

/// One tree of files: contents by absolute path, and the directories.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    pub files: VecMap<String, String>,
    pub dirs: VecSet<String>,
    /// Permission bits set by `chmod` (others have the default: 0644 files, 0755 dirs, as
    /// created under the containers' umask 022).
    pub modes: VecMap<String, u32>,
    /// Last modification (Unix seconds) of the files and directories written.
    pub mtimes: VecMap<String, u64>,
    /// Owner (uid, gid) of the files and directories a non-root process or a setgid
    /// directory made (others belong to root).
    pub owners: VecMap<String, (u32, u32)>,
    /// The bytes of `files` (kept up to date by `write` and `remove`, so that a write does
    /// not sum every file).
    bytes: usize,
}

/// A new file's mode under umask 022.
pub const DEFAULT_FILE_MODE: u32 = 0o644;
/// A new directory's mode under umask 022.
pub const DEFAULT_DIR_MODE: u32 = 0o755;

/// The filesystem's block size (ext4's default).
pub const BLOCK_SIZE: u64 = 4096;

/// The most bytes a tree holds (a stated cap instead of unbounded growth).
pub const MAX_TREE_BYTES: usize = 8 * 1024 * 1024;

impl Tree {
    fn size(&self) -> usize {
        self.bytes
    }

    pub fn read(&self, path: &str) -> Option<String> {
        self.files.get(path).cloned()
    }

    pub fn write(&mut self, path: &str, content: &str, append: bool) -> Result<(), String> {
        if self.size() + content.len() > MAX_TREE_BYTES {
            return Err("No space left on device".into());
        }
        let entry = self.files.entry(path.to_string()).or_default();
        if !append {
            self.bytes -= entry.len();
            entry.clear();
        }
        entry.push_str(content);
        self.bytes += content.len();
        Ok(())
    }

    pub fn exists(&self, path: &str) -> bool {
        if path == "/" || self.files.contains_key(path) || self.dirs.contains(path) {
            return true;
        }
        // A directory that holds something: the keys under it sort together right after
        // `path/`, so one look each (not a scan of the tree, which made `mkdir x; cd x` in a
        // loop quadratic).
        let prefix = format!("{}/", path.trim_end_matches('/'));
        let under = |keys: &mut dyn Iterator<Item = &String>| keys.next().is_some_and(|k| k.starts_with(&prefix));
        under(&mut self.files.range::<String, _>(&prefix..).map(|(k, _)| k)) || under(&mut self.dirs.range::<String, _>(&prefix..))
    }

    pub fn remove(&mut self, path: &str) -> bool {
        self.modes.remove(path);
        self.owners.remove(path);
        self.mtimes.remove(path);
        match self.files.remove(path) {
            Some(f) => {
                self.bytes -= f.len();
                true
            }
            None => self.dirs.remove(path),
        }
    }

    /// What `du` counts below `dir` (the directory itself included), in 4 KiB blocks as
    /// ext4 allocates them: a block per directory, a file's bytes rounded up to whole blocks.
    /// The kubelet's volume metrics (`pkg/volume/util/fs` `DiskUsage`) and containerd's
    /// snapshot usage read a directory so.
    pub fn disk_usage(&self, dir: &str) -> u64 {
        let dir = dir.trim_end_matches('/');
        let prefix = format!("{dir}/");
        let blocks = |n: usize| (n as u64).div_ceil(BLOCK_SIZE) * BLOCK_SIZE;
        let mut dirs: VecSet<&str> = VecSet::from_iter(self.dirs.range::<String, _>(&prefix..).take_while(|k| k.starts_with(&prefix)).map(String::as_str));
        let mut files = 0;
        for (path, f) in self.files.range::<String, _>(&prefix..).take_while(|(k, _)| k.starts_with(&prefix)) {
            files += blocks(crate::archive::byte_len(f));
            // The directories a file was written into exist whether or not `mkdir` made them.
            let mut p = path.as_str();
            while let Some(i) = p.rfind('/').filter(|i| *i > dir.len()) {
                p = &p[..i];
                dirs.insert(p);
            }
        }
        BLOCK_SIZE + dirs.len() as u64 * BLOCK_SIZE + files
    }

    /// A file's or directory's permission bits.
    pub fn owner(&self, path: &str) -> (u32, u32) {
        self.owners.get(path).copied().unwrap_or((0, 0))
    }

    pub fn mode(&self, path: &str) -> u32 {
        self.modes.get(path).copied().unwrap_or(if self.files.contains_key(path) { DEFAULT_FILE_MODE } else { DEFAULT_DIR_MODE })
    }

    pub fn list(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        let mut names: VecSet<String> = VecSet::new();
        // Only the keys under `dir/` (they sort together).
        let files = self.files.range::<String, _>(&prefix..).map(|(k, _)| k).take_while(|k| k.starts_with(&prefix));
        let dirs = self.dirs.range::<String, _>(&prefix..).take_while(|k| k.starts_with(&prefix));
        for k in files.chain(dirs) {
            if let Some(rest) = k.strip_prefix(&prefix)
                && let Some(first) = rest.split('/').next().filter(|s| !s.is_empty()) {
                    names.insert(first.to_string());
                }
        }
        names.into_iter().collect()
    }
}

/// Directories every image has.
pub const BASE_DIRS: &[&str] = &[
    "/bin", "/dev", "/etc", "/home", "/lib", "/mnt", "/opt", "/proc", "/root", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr", "/usr/bin", "/usr/lib",
    "/usr/local", "/usr/local/bin", "/usr/sbin", "/usr/share", "/var", "/var/cache", "/var/lib", "/var/log", "/var/run", "/var/tmp",
    // The images' own directories that teaching manifests write to.
    "/etc/nginx", "/etc/nginx/conf.d", "/usr/share/nginx", "/usr/share/nginx/html", "/var/cache/nginx", "/var/lib/postgresql", "/var/lib/postgresql/data", "/data",
];
