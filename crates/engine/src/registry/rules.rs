//! Repositories whose tags follow rules: the released versions as series (`1.14` with patches
//! 0 to 2), the tag variants with the versions each was published for (`-alpine` from 1.9),
//! named tags (`latest`, `stable`, codenames) and the image config as a function of version
//! and variant. Every tag the rules allow exists on the registry; any other tag of the
//! repository is `not found`.
//!
//! Docker Hub keeps old tags: `python:3-buster` still names the last build that had a buster
//! variant, so a partial version (`3.8`, `3`) with a variant resolves to the newest version the
//! variant covers.
//!
//! What is synthetic: the digests (`sha256("podlife-synthetic/index <name>:<version>[-<variant>]")`
//! and `… config …`, one image per version and variant, whichever tag names it) and the sizes
//! (the variant's size in a recent record, for every version). What is real: which tags exist
//! and the configs (from the images' Dockerfiles and Docker's `repo-info` records; the data
//! file `repos.rs` cites them).

use super::image::{Config, Image, Provenance};
use super::repos::REPOS;

/// A run of releases: `base` `5.34` and the patches that were tagged (a bit per patch
/// number: 0, 1 and 3 → `5.34.0`, `5.34.1`, `5.34.3`); the tag `5.34` names the newest. A
/// series with no patch bits is one version, its base (`22.04`, `40`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Series {
    pub base: &'static str,
    pub patches: u64,
}

impl Series {
    /// Patches `first..=last` (at most 63).
    pub const fn range(base: &'static str, first: u32, last: u32) -> Series {
        let mut patches = 0u64;
        let mut p = first;
        while p <= last && p < 64 {
            patches |= 1 << p;
            p += 1;
        }
        Series { base, patches }
    }
    /// The listed patches (each below 64).
    pub const fn set(base: &'static str, list: &[u32]) -> Series {
        let mut patches = 0u64;
        let mut i = 0;
        while i < list.len() {
            if list[i] < 64 {
                patches |= 1 << list[i];
            }
            i += 1;
        }
        Series { base, patches }
    }
    /// A series that is a single version with no patch tags.
    pub const fn only(base: &'static str) -> Series {
        Series { base, patches: 0 }
    }
    /// Its versions, oldest first.
    fn versions(&self) -> Vec<String> {
        if self.patches == 0 {
            return vec![self.base.to_string()];
        }
        (0..64).filter(|p| self.patches & (1 << p) != 0).map(|p| format!("{}.{p}", self.base)).collect()
    }
    fn has_patch(&self, patch: &str) -> bool {
        patch.parse::<u32>().is_ok_and(|p| p < 64 && self.patches & (1 << p) != 0) && (patch == "0" || !patch.starts_with('0'))
    }
}

/// What an image's filesystem is built on: the shell `/bin/sh` is and the tools it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Os {
    /// Debian (dash as `/bin/sh`, bash, coreutils).
    Debian,
    /// Ubuntu (as Debian).
    Ubuntu,
    /// Fedora, Oracle Linux, other RPM-based systems (bash as `/bin/sh`).
    Rpm,
    /// Alpine Linux (busybox ash and applets).
    Alpine,
    /// busybox alone.
    Busybox,
    /// distroless or scratch: no shell.
    NoShell,
}

/// Tools a variant has besides its OS's own (bits).
pub const BASH: u8 = 1;
pub const CURL: u8 = 2;
pub const WGET: u8 = 4;

/// A tag suffix part (`slim`, `alpine3.20`, `bookworm`; empty for the default) and the
/// versions it was published for, inclusive (`until` empty: still published).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    pub suffix: &'static str,
    pub from: &'static str,
    pub until: &'static str,
    /// Compressed linux/amd64 size of a recent build, bytes (0 in a distribution part: the
    /// flavour's size counts).
    pub size_bytes: u64,
    /// The OS it is built on (a distribution part overrides the flavour's when set).
    pub os: Option<Os>,
    /// [`BASH`] | [`CURL`] | [`WGET`].
    pub tools: u8,
    /// Whether a distribution part may follow (`slim-bookworm`); `alpine3.20` takes none.
    pub combines: bool,
}

impl Variant {
    /// A flavour: a variant of the image's build (`slim`, `alpine`, `threaded`).
    pub const fn flavor(suffix: &'static str, from: &'static str, until: &'static str, size_bytes: u64, os: Os, tools: u8, combines: bool) -> Variant {
        Variant { suffix, from, until, size_bytes, os: Some(os), tools, combines }
    }
    /// A distribution part (`bookworm`, `trixie`), which may also stand alone.
    pub const fn dist(suffix: &'static str, from: &'static str, until: &'static str) -> Variant {
        Variant { suffix, from, until, size_bytes: 0, os: None, tools: 0, combines: false }
    }
    fn covers(&self, version: &str) -> bool {
        (self.from.is_empty() || compare(version, self.from).is_ge()) && (self.until.is_empty() || compare(version, self.until).is_le())
    }
}

/// The image config of a build: version, flavour suffix, distribution suffix.
pub type ConfigFn = fn(&str, &str, &str) -> Config;

/// One repository's rules.
#[derive(Debug, Clone, Copy)]
pub struct Repo {
    /// The normalized name, `docker.io/library/perl`.
    pub name: &'static str,
    /// Oldest first.
    pub series: &'static [Series],
    /// Flavours, the default (`""`) first.
    pub flavors: &'static [Variant],
    /// Distribution parts (`bookworm`, …) a combining flavour may take.
    pub dists: &'static [Variant],
    /// Words that stand for a version in a tag (`latest` → `5.42`, `stable`, `5` when the
    /// newest series is a development one, codenames: `bookworm` → `12`); a tag that is only
    /// a suffix (`slim`, `alpine`) stands for `latest` with it.
    pub named: &'static [(&'static str, &'static str)],
    /// Whether a leading part of the versions is a tag too (`3` → the newest 3.x.y).
    pub prefix_tags: bool,
    pub config: ConfigFn,
}

/// A tag resolved by the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub version: String,
    pub flavor: Variant,
    /// The distribution part, if the tag names one.
    pub dist: Option<Variant>,
}

impl Resolved {
    /// The tag's suffix: `slim-bookworm`, `alpine`, or empty.
    pub fn suffix(&self) -> String {
        let parts = [self.flavor.suffix, self.dist.map_or("", |d| d.suffix)];
        parts.iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join("-")
    }
    /// The OS the build is on.
    pub fn os(&self) -> Os {
        self.dist.and_then(|d| d.os).or(self.flavor.os).unwrap_or(Os::Debian)
    }
}

/// A version without the leading `v` of a `v`-tagged series (`v3.3.4` → `3.3.4`).
fn bare(s: &str) -> &str {
    s.strip_prefix('v').filter(|r| r.starts_with(|c: char| c.is_ascii_digit())).unwrap_or(s)
}

/// Orders dotted versions numerically (`1.9` < `1.14`, `v3.3` = `3.3`); a part that is not a
/// number orders as 0.
pub fn compare(a: &str, b: &str) -> std::cmp::Ordering {
    let parts = |s: &str| bare(s).split('.').map(|p| p.parse::<u64>().unwrap_or(0)).collect::<Vec<_>>();
    let (a, b) = (parts(a), parts(b));
    for i in 0..a.len().max(b.len()) {
        let o = a.get(i).copied().unwrap_or(0).cmp(&b.get(i).copied().unwrap_or(0));
        if o.is_ne() {
            return o;
        }
    }
    std::cmp::Ordering::Equal
}

impl Repo {
    /// The versions a version part of a tag names, newest first: a full version names
    /// itself, a series base its patches, a leading part (with `prefix_tags`) every version
    /// under it, a named word what it stands for.
    fn candidates(&self, spec: &str) -> Vec<String> {
        if let Some((word, target)) = self.named.iter().find(|(n, _)| *n == spec) {
            let mut out = self.candidates(target);
            // A word with a variant that has stopped names the last build that had it
            // (`perl:5-buster` is 5.40.0, `node:iron-buster` the last 20.x on buster): older
            // versions follow — any for a moving channel (`latest`, `lts`), the same major
            // for a release name or number.
            let channel = matches!(*word, "latest" | "stable" | "mainline" | "current" | "lts");
            if let Some(newest) = out.first().cloned() {
                let major = newest.split('.').next().unwrap_or_default().to_string();
                let within = |v: &String| compare(v, &newest).is_lt() && (channel || v.split('.').next() == Some(major.as_str()));
                out.extend(self.series.iter().rev().flat_map(|s| s.versions().into_iter().rev()).filter(within));
            }
            return out;
        }
        if spec.is_empty() {
            return vec![];
        }
        let mut out = Vec::new();
        for s in self.series.iter().rev() {
            // A series written `v3.3` is tagged with and without the `v` (`v3.3.4`, `3.3.4`).
            let (base, spec) = if s.base.starts_with('v') { (bare(s.base), bare(spec)) } else { (s.base, spec) };
            if base == spec || (self.prefix_tags && base.strip_prefix(spec).is_some_and(|rest| rest.starts_with('.'))) {
                out.extend(s.versions().into_iter().rev());
            } else if let Some(patch) = spec.strip_prefix(base).and_then(|r| r.strip_prefix('.'))
                && s.has_patch(patch)
            {
                out.push(format!("{}.{patch}", s.base));
            }
        }
        out
    }

    /// The (flavour, distribution) pairs a tag suffix can be, with their suffix text.
    fn suffixes(&self) -> Vec<(String, Variant, Option<Variant>)> {
        let mut out = Vec::new();
        for f in self.flavors {
            out.push((f.suffix.to_string(), *f, None));
            if f.combines {
                for d in self.dists {
                    let text = if f.suffix.is_empty() { d.suffix.to_string() } else { format!("{}-{}", f.suffix, d.suffix) };
                    out.push((text, *f, Some(*d)));
                }
            }
        }
        out
    }

    /// What a tag names, if it exists.
    pub fn resolve(&self, tag: &str) -> Option<Resolved> {
        let mut best: Option<(usize, Resolved)> = None;
        for (suffix, flavor, dist) in self.suffixes() {
            let spec = if suffix.is_empty() {
                tag
            } else if tag == suffix {
                "latest"
            } else {
                match tag.strip_suffix(suffix.as_str()).and_then(|s| s.strip_suffix('-')) {
                    Some(spec) => spec,
                    None => continue,
                }
            };
            // The longest matching suffix decides (`slim-bookworm` over `bookworm`).
            if best.as_ref().is_some_and(|(len, _)| *len >= suffix.len()) {
                continue;
            }
            let covered = |v: &String| flavor.covers(v) && dist.is_none_or(|d| d.covers(v));
            if let Some(version) = self.candidates(spec).into_iter().find(covered) {
                best = Some((suffix.len(), Resolved { version, flavor, dist }));
            }
        }
        best.map(|(_, r)| r)
    }

    /// The image a resolved tag names.
    pub fn image(&self, tag: &str, r: &Resolved) -> Image {
        let canonical = canonical_tag(&r.version, &r.suffix());
        Image {
            name: self.name.to_string(),
            tag: tag.to_string(),
            repo_digest: synthetic_digest("index", self.name, &canonical),
            image_id: synthetic_digest("config", self.name, &canonical),
            size_bytes: r.flavor.size_bytes,
            config: (self.config)(&r.version, r.flavor.suffix, r.dist.map_or("", |d| d.suffix)),
            provenance: Provenance::Rules { os: r.os(), tools: r.flavor.tools | r.dist.map_or(0, |d| d.tools) },
        }
    }

    /// The build whose index digest is `digest` (every version and suffix the rules publish
    /// is tried: a lookup by digest is rare).
    pub fn by_digest(&self, digest: &str) -> Option<Image> {
        for version in self.series.iter().flat_map(|s| s.versions()) {
            for (suffix, flavor, dist) in self.suffixes() {
                if flavor.covers(&version) && dist.is_none_or(|d| d.covers(&version)) {
                    let tag = canonical_tag(&version, &suffix);
                    if synthetic_digest("index", self.name, &tag) == digest {
                        return Some(self.image(&tag, &Resolved { version, flavor, dist }));
                    }
                }
            }
        }
        None
    }
}

fn canonical_tag(version: &str, suffix: &str) -> String {
    if suffix.is_empty() { version.to_string() } else { format!("{version}-{suffix}") }
}

/// `sha256:` + hex of sha256("podlife-synthetic/<kind> <name>:<tag>").
pub fn synthetic_digest(kind: &str, name: &str, tag: &str) -> String {
    use sha2::{Digest, Sha256};
    let sum = Sha256::digest(format!("podlife-synthetic/{kind} {name}:{tag}").as_bytes());
    let mut out = String::with_capacity(71);
    out.push_str("sha256:");
    for b in sum {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// The rules for a repository (normalized name).
pub fn repo(name: &str) -> Option<&'static Repo> {
    REPOS.iter().find(|r| r.name == name)
}

/// Every repository with rules.
pub fn repos() -> &'static [Repo] {
    REPOS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perl() -> &'static Repo {
        repo("docker.io/library/perl").expect("perl has rules")
    }

    fn resolves(tag: &str) -> Option<(String, String)> {
        perl().resolve(tag).map(|r| (r.version.clone(), r.suffix()))
    }

    #[test]
    fn versions_order_numerically() {
        assert!(compare("1.9", "1.14").is_lt());
        assert!(compare("5.34.1", "5.34").is_gt());
        assert!(compare("12", "12.0").is_eq());
        assert!(compare("3.10.1", "3.9.20").is_gt());
        assert!(compare("v3.3", "3.3").is_eq() && compare("v2.11", "v3.0").is_lt());
    }

    #[test]
    fn series_patches() {
        let s = Series::set("5.34", &[0, 1, 3]);
        assert_eq!(s.versions(), ["5.34.0", "5.34.1", "5.34.3"]);
        assert_eq!(Series::range("1.14", 0, 2).versions(), ["1.14.0", "1.14.1", "1.14.2"]);
        assert_eq!(Series::only("22.04").versions(), ["22.04"]);
        assert!(s.has_patch("0") && !s.has_patch("2") && !s.has_patch("01") && !s.has_patch("x") && !s.has_patch("99"));
    }

    #[test]
    fn tags_that_exist() {
        // The Job example of kubernetes.io.
        assert_eq!(resolves("5.34.0"), Some(("5.34.0".into(), "".into())));
        assert_eq!(resolves("5.34"), Some(("5.34.3".into(), "".into())));
        assert_eq!(resolves("5.34-slim"), Some(("5.34.3".into(), "slim".into())));
        assert_eq!(resolves("5.34.0-slim-threaded-bullseye"), Some(("5.34.0".into(), "slim-threaded-bullseye".into())));
        // Named words, and a suffix alone meaning latest; `5` skips the development series.
        assert_eq!(resolves("latest"), Some(("5.42.0".into(), "".into())));
        assert_eq!(resolves("5"), Some(("5.42.0".into(), "".into())));
        assert_eq!(resolves("slim"), Some(("5.42.0".into(), "slim".into())));
        assert_eq!(resolves("stable-slim-bookworm"), Some(("5.42.0".into(), "slim-bookworm".into())));
        assert_eq!(resolves("devel"), Some(("5.43.8".into(), "".into())));
        // A variant that stopped: the last version that had it (Docker Hub keeps the tag).
        assert_eq!(resolves("5-buster"), Some(("5.40.0".into(), "buster".into())));
        assert_eq!(resolves("buster"), Some(("5.40.0".into(), "buster".into())));
        assert_eq!(resolves("stable-slim-stretch"), Some(("5.32.1".into(), "slim-stretch".into())));
    }

    #[test]
    fn tags_that_never_existed() {
        for tag in ["5.34.2", "5.99", "6", "5.34.0-alpine", "5.20.0-slim", "5.34.00", "5.34.", ".34", "-slim", "slim-", "5.34.0-", "5.34.0-trixie", "5.44.0-stretch", ""] {
            assert_eq!(resolves(tag), None, "{tag}");
        }
    }

    #[test]
    fn images_are_stable_per_build() {
        let r = perl();
        let a = r.image("5.34", &r.resolve("5.34").unwrap_or_else(|| panic!("5.34")));
        let b = r.image("5.34.3", &r.resolve("5.34.3").unwrap_or_else(|| panic!("5.34.3")));
        assert_eq!((a.repo_digest.as_str(), a.image_id.as_str()), (b.repo_digest.as_str(), b.image_id.as_str()));
        assert_eq!((a.tag.as_str(), b.tag.as_str()), ("5.34", "5.34.3"));
        assert_ne!(a.repo_digest, a.image_id);
        assert_eq!(a.config.cmd, ["perl5.34.3", "-de0"]);
        assert_eq!(a.config.working_dir, "/");
        let found = r.by_digest(&a.repo_digest).unwrap_or_else(|| panic!("by digest"));
        assert_eq!(found.image_id, a.image_id);
        assert_eq!(r.by_digest(&format!("sha256:{}", "0".repeat(64))), None);
    }

    #[test]
    fn synthetic_digests_are_sha256() {
        let d = synthetic_digest("index", "docker.io/library/perl", "5.34.0");
        assert_eq!(d.len(), 71);
        assert!(d.starts_with("sha256:") && d[7..].bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    }

    /// Every repository's data holds together: named words resolve, series are in order,
    /// every flavour and distribution covers some version, and every repository resolves
    /// `latest` unless it has no such tag.
    #[test]
    fn every_repository_is_consistent() {
        for r in repos() {
            for pair in r.series.windows(2) {
                assert!(compare(pair[0].base, pair[1].base).is_lt(), "{}: {} before {}", r.name, pair[0].base, pair[1].base);
            }
            for (word, target) in r.named {
                assert!(!r.candidates(target).is_empty(), "{}: {word} → {target} names no version", r.name);
            }
            let versions: Vec<String> = r.series.iter().flat_map(|s| s.versions()).collect();
            for v in r.flavors.iter().chain(r.dists) {
                assert!(versions.iter().any(|x| v.covers(x)), "{}: variant {:?} covers no version", r.name, v.suffix);
            }
            assert!(r.flavors.first().is_some_and(|f| f.suffix.is_empty()), "{}: the default flavour comes first", r.name);
            for build in versions.iter() {
                let c = (r.config)(build, "", "");
                assert!(c.env.iter().all(|e| e.contains('=')), "{} {build}: env", r.name);
            }
        }
    }
}
