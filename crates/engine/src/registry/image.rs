//! An image as a registry answers for it: the tag's index digest, the linux/amd64 config
//! digest and size, and the config the runtime starts containers from. Built from a catalogue
//! record ([`super::catalog`]) or from a repository's tag rules ([`super::rules`]), and shared
//! (`Arc`) by the nodes' image stores that hold it.

use super::catalog::{CatalogImage, ImageConfig};

/// The parts of an OCI image config (`config` object) the runtime uses. An empty
/// `working_dir` or `user` means the config does not set it (the runtime uses `/` and root).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Config {
    pub entrypoint: Vec<String>,
    pub cmd: Vec<String>,
    pub stop_signal: Option<String>,
    /// TCP ports from `ExposedPorts`.
    pub exposed_ports: Vec<u16>,
    pub working_dir: String,
    /// `NAME=value`, in the config's order.
    pub env: Vec<String>,
    pub user: String,
}

/// Where an image's data comes from, for the learner who asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provenance {
    /// A catalogue record (see its sources in `catalog.rs`).
    Record,
    /// Made by the repository's tag rules: the tag exists upstream; digests are synthetic, the
    /// size is the variant's typical size, the config follows the image's Dockerfile. The
    /// rules also say what the image is built on and which tools ([`super::rules::BASH`], …)
    /// it adds.
    Rules { os: super::rules::Os, tools: u8 },
}

/// One tag of one repository, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The normalized repository name, `docker.io/library/nginx`.
    pub name: String,
    pub tag: String,
    /// `sha256:…` of the manifest list / index the tag points to.
    pub repo_digest: String,
    /// `sha256:…` of the linux/amd64 image config.
    pub image_id: String,
    /// Compressed size of the linux/amd64 layers, bytes.
    pub size_bytes: u64,
    pub config: Config,
    pub provenance: Provenance,
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

impl From<&ImageConfig> for Config {
    fn from(c: &ImageConfig) -> Config {
        Config {
            entrypoint: strings(c.entrypoint),
            cmd: strings(c.cmd),
            stop_signal: c.stop_signal.map(str::to_string),
            exposed_ports: c.exposed_ports.to_vec(),
            working_dir: c.working_dir.to_string(),
            env: strings(c.env),
            user: c.user.to_string(),
        }
    }
}

impl From<&CatalogImage> for Image {
    fn from(i: &CatalogImage) -> Image {
        Image {
            name: i.name.to_string(),
            tag: i.tag.to_string(),
            repo_digest: i.repo_digest.to_string(),
            image_id: i.image_id.to_string(),
            size_bytes: i.size_bytes,
            config: Config::from(&i.config),
            provenance: Provenance::Record,
        }
    }
}

impl Config {
    /// The value of an `ENV` entry.
    pub fn env_value(&self, name: &str) -> Option<&str> {
        self.env.iter().find_map(|e| e.split_once('=').filter(|(k, _)| *k == name).map(|(_, v)| v))
    }
}
