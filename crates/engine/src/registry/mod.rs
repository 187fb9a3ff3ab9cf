//! The internet's container registries, as the simulated containerd sees them: image
//! references ([`reference`], ported from `github.com/distribution/reference`), the catalogue
//! of images that exist ([`catalog`]), and what a pull of something that does not exist
//! returns — containerd 2.x's CRI errors (`internal/cri/server/images/image_pull.go`,
//! `core/remotes/docker/resolver.go`) as the 1.36 kubelet passes them on
//! (`staging/src/k8s.io/cri-client/pkg/remote_image.go`, `pkg/kubelet/images/image_manager.go`).
//!
//! The error texts, with where they were seen:
//! - a missing tag: the registry answers 404, containerd wraps `errdefs.ErrNotFound`, the gRPC
//!   status is `NotFound` and the kubelet keeps its `rpc error: code = NotFound desc = ` prefix
//!   (cri-client strips only `codes.Unknown`). Seen in kubelet events, e.g.
//!   `Failed to pull image "nginx:2.3.5": rpc error: code = NotFound desc = failed to pull and
//!   unpack image "docker.io/library/nginx:2.3.5": failed to resolve reference
//!   "docker.io/library/nginx:2.3.5": docker.io/library/nginx:2.3.5: not found`
//!   (and the same for `nginx:1.27.test`, `registry.k8s.io/kubedns:1.3.1`).
//! - a repository Docker Hub does not have (or will not show without credentials): the token
//!   service refuses the scope; the status is `Unknown`, so the 1.3x kubelet strips the gRPC
//!   prefix. Seen on recent clusters (events rendered with `spec.containers{…}:` by kubectl
//!   1.35+): `Failed to pull image "agentx": failed to pull and unpack image
//!   "docker.io/library/agentx:latest": failed to resolve reference
//!   "docker.io/library/agentx:latest": pull access denied, repository does not exist or may
//!   require authorization: server message: insufficient_scope: authorization failed`.
//! - a registry host that does not resolve (status `Unknown`): `failed to pull and unpack image
//!   "registr:5001/nginx:latest": failed to resolve reference "registr:5001/nginx:latest":
//!   failed to do request: Head "https://registr:5001/v2/nginx/manifests/latest": dial tcp:
//!   lookup registr on 127.0.0.53:53: no such host` (the resolver is the node's, systemd-resolved
//!   on the simulated Ubuntu nodes).

pub mod catalog;
pub mod image;
pub mod reference;
mod repos;
pub mod rules;

pub use catalog::{CatalogImage, ImageConfig, MissingRepository, registry};
pub use image::{Config, Image, Provenance};
pub use reference::{ImageRef, ReferenceError, apply_default_image_tag, go_quote, invalid_image_name_message, parse_image_name};

use std::sync::Arc;

/// The Kubernetes project's registry.
pub const K8S_REGISTRY: &str = "registry.k8s.io";
/// The project's old registry: frozen since 2023-04-03, and since 2023-03-20 it answers every
/// request with an HTTP redirect to [`K8S_REGISTRY`], which holds all its images
/// (kubernetes.io/blog/2023/03/10/image-registry-redirect/). containerd follows the redirect
/// and keeps the name it was asked for: the image is stored as `k8s.gcr.io/…`, with the
/// same digests.
pub const LEGACY_K8S_REGISTRY: &str = "k8s.gcr.io";

/// What the registry says about a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    Found(Arc<Image>),
    /// No such repository (or a registry the simulated internet does not have).
    RepositoryNotFound,
    /// The repository exists; the tag does not.
    TagNotFound,
    /// The repository exists; no manifest has that digest.
    DigestNotFound,
}

/// Resolves a reference the way a registry answers `HEAD /v2/<path>/manifests/<tag or
/// digest>`: by digest when the reference has one (a reference with both is resolved by
/// digest, as containerd's `ParseDockerRef` does), else by tag (`latest` when it has
/// neither). A catalogue record answers first; a repository with tag rules answers for the
/// rest of its tags.
pub fn lookup(r: &ImageRef) -> Lookup {
    if r.domain == LEGACY_K8S_REGISTRY {
        let target = ImageRef { domain: K8S_REGISTRY.to_string(), ..r.clone() };
        return match lookup(&target) {
            Lookup::Found(img) => {
                let mut img = (*img).clone();
                img.name = r.name();
                Lookup::Found(Arc::new(img))
            }
            other => other,
        };
    }
    let record = catalog::lookup(r);
    if let catalog::Answer::Found(i) = record {
        return Lookup::Found(Arc::new(Image::from(i)));
    }
    if let Some(repo) = rules::repo(&r.name()) {
        if let Some(d) = &r.digest {
            return repo.by_digest(d).map_or(Lookup::DigestNotFound, |i| Lookup::Found(Arc::new(i)));
        }
        let tag = r.tag.as_deref().unwrap_or(reference::DEFAULT_TAG);
        return repo.resolve(tag).map_or(Lookup::TagNotFound, |res| Lookup::Found(Arc::new(repo.image(tag, &res))));
    }
    match record {
        catalog::Answer::TagNotFound => Lookup::TagNotFound,
        catalog::Answer::DigestNotFound => Lookup::DigestNotFound,
        _ => Lookup::RepositoryNotFound,
    }
}

/// What the tag rules say an image reference (as a pod names it) is built on: its OS and
/// tools ([`rules::BASH`], …). None for a catalogue record (its tools are known by name
/// elsewhere) and for images podlife does not know.
pub fn build_of(image: &str) -> Option<(rules::Os, u8)> {
    let r = ImageRef::parse_normalized(image).ok()?.with_default_tag();
    if r.digest.is_some() || matches!(catalog::lookup(&r), catalog::Answer::Found(_)) {
        return None;
    }
    let res = rules::repo(&r.name())?.resolve(r.tag.as_deref()?)?;
    Some((res.os(), res.flavor.tools | res.dist.map_or(0, |d| d.tools)))
}

/// Every repository podlife's registries hold (records and rules), normalized names, sorted.
pub fn repositories() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = catalog::all().iter().map(|i| i.name).chain(rules::repos().iter().map(|r| r.name)).collect();
    crate::sort::sort(&mut names);
    names.dedup();
    names
}

/// The pod's waiting reason and the `Failed` event's `Error: …` text after a failed pull.
pub const ERR_IMAGE_PULL: &str = "ErrImagePull";
/// The waiting reason while the kubelet backs off between pulls.
pub const IMAGE_PULL_BACK_OFF: &str = "ImagePullBackOff";
/// The waiting reason for an image reference that does not parse.
pub const INVALID_IMAGE_NAME: &str = "InvalidImageName";

/// The fixed part of a pull, ms: resolving the tag (token, `HEAD` manifest) and fetching the
/// index, manifest and config before the first layer byte.
pub const PULL_RESOLVE_MS: u64 = 500;
/// The modelled download bandwidth, bytes per second (25 MB/s; unpacking overlaps the
/// download and is not counted separately).
pub const PULL_BANDWIDTH_BYTES_PER_SEC: u64 = 25_000_000;
/// The nameserver the nodes' `/etc/resolv.conf` points containerd at.
const NODE_RESOLVER: &str = "127.0.0.53:53";

/// The known repositories nearest to a name the registries do not hold, as users write them
/// (`nginx`, `curlimages/curl`, `registry.k8s.io/pause`), nearest first: what a learner
/// probably meant, or what podlife offers instead. Distance: edits between the familiar
/// names, or between their last path parts (`bitnami/nginx` → `nginx`), whichever is less.
pub fn closest_repositories(r: &ImageRef, count: usize) -> Vec<String> {
    let wanted = r.familiar_name();
    let last = |s: &str| s.rsplit('/').next().unwrap_or(s).to_string();
    let mut scored: Vec<(usize, String)> = repositories()
        .into_iter()
        .filter(|n| !n.starts_with("registry.podlife.dev/") || wanted.starts_with("registry.podlife.dev/"))
        .filter_map(|n| ImageRef::parse_normalized(n).ok())
        .map(|k| {
            let name = k.familiar_name();
            let d = edit_distance(&wanted, &name).min(edit_distance(&last(&wanted), &last(&name)) + 1);
            (d, name)
        })
        .collect();
    crate::sort::sort(&mut scored);
    scored.into_iter().take(count).map(|(_, n)| n).collect()
}

/// For an image (as a pod names it) whose repository podlife's registries do not hold: the
/// closest known repositories (see [`closest_repositories`]); None when the repository exists
/// or the name does not parse.
pub fn unknown_repository(image: &str) -> Option<Vec<String>> {
    let r = ImageRef::parse_normalized(image).ok()?.with_default_tag();
    matches!(lookup(&r), Lookup::RepositoryNotFound).then(|| closest_repositories(&r, 3))
}

/// Levenshtein distance over chars.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The error a pull of `r` returns, as the kubelet receives it from the CRI (and puts in the
/// `ErrImagePull` waiting message); `None` when the image exists.
pub fn pull_error(r: &ImageRef, why: &Lookup) -> Option<String> {
    let reference = r.clone().docker_ref();
    let full = reference.to_string();
    let prefix = format!("failed to pull and unpack image {q}: failed to resolve reference {q}", q = go_quote(&full));
    let not_found = || format!("rpc error: code = NotFound desc = {prefix}: {full}: not found");
    match why {
        Lookup::Found(_) => None,
        Lookup::TagNotFound | Lookup::DigestNotFound => Some(not_found()),
        Lookup::RepositoryNotFound => Some(match catalog::registry(&reference.domain) {
            Some(MissingRepository::NotFound) => not_found(),
            Some(MissingRepository::AccessDenied) => {
                format!("{prefix}: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed")
            }
            None => format!("{prefix}: failed to do request: Head {}: {}", go_quote(&manifest_url(&reference)), dial_error(&reference.domain)),
        }),
    }
}

/// The `Failed` event's message for a failed pull: `Failed to pull image "<image as written in
/// the pod>": <error>`.
pub fn failed_to_pull_message(image: &str, error: &str) -> String {
    format!("Failed to pull image {}: {error}", go_quote(image))
}

/// How long a pull of `size_bytes` takes, ms: [`PULL_RESOLVE_MS`] plus the transfer at
/// [`PULL_BANDWIDTH_BYTES_PER_SEC`], rounded up. Deterministic; the caller adds jitter.
pub fn pull_duration_ms(size_bytes: u64) -> u64 {
    PULL_RESOLVE_MS.saturating_add(size_bytes.div_ceil(PULL_BANDWIDTH_BYTES_PER_SEC / 1000))
}

/// Is this host the node itself (containerd talks plain HTTP to it)?
fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.starts_with("127.") || host == "[::1]"
}

/// Splits `host[:port]` (IPv6 hosts keep their brackets).
fn host_and_port(domain: &str) -> (&str, Option<&str>) {
    if domain.starts_with('[') {
        return match domain.find("]:") {
            Some(i) => (&domain[..=i], Some(&domain[i + 2..])),
            None => (domain, None),
        };
    }
    match domain.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (domain, None),
    }
}

/// The manifest URL containerd's resolver asks first.
fn manifest_url(r: &ImageRef) -> String {
    let (host, _) = host_and_port(&r.domain);
    let scheme = if is_loopback(host) { "http" } else { "https" };
    let object = r.digest.as_deref().or(r.tag.as_deref()).unwrap_or(reference::DEFAULT_TAG);
    format!("{scheme}://{}/v2/{}/manifests/{object}", r.domain, r.path)
}

/// Go's dial error for a registry that is not there: nothing listens on the node itself or an
/// address literal; any other name does not resolve.
fn dial_error(domain: &str) -> String {
    let (host, port) = host_and_port(domain);
    let is_ip = host.starts_with('[') || (!host.is_empty() && host.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
    if host == "localhost" || is_ip {
        let ip = if host == "localhost" { "127.0.0.1" } else { host };
        let port = port.unwrap_or(if is_loopback(host) { "80" } else { "443" });
        return format!("dial tcp {ip}:{port}: connect: connection refused");
    }
    format!("dial tcp: lookup {host} on {NODE_RESOLVER}: no such host")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pull(image: &str) -> Option<String> {
        let r = match ImageRef::parse_normalized(image) {
            Ok(r) => r.with_default_tag(),
            Err(e) => panic!("{image}: {e}"),
        };
        pull_error(&r, &lookup(&r))
    }

    #[test]
    fn found_images_pull() {
        assert_eq!(pull("nginx"), None);
        assert_eq!(pull("registry.k8s.io/pause:3.10.1"), None);
    }

    /// k8s.gcr.io redirects to registry.k8s.io: its images pull under their old name, with
    /// registry.k8s.io's digests; what registry.k8s.io lacks is missing under either name.
    #[test]
    fn legacy_k8s_registry_redirects() {
        let r = ImageRef::parse_normalized("k8s.gcr.io/pause:3.8").unwrap();
        let Lookup::Found(old) = lookup(&r) else { panic!("k8s.gcr.io/pause:3.8") };
        let Lookup::Found(new) = lookup(&ImageRef::parse_normalized("registry.k8s.io/pause:3.8").unwrap()) else { panic!("registry.k8s.io/pause:3.8") };
        assert_eq!(old.name, "k8s.gcr.io/pause");
        assert_eq!((&old.repo_digest, &old.image_id, old.size_bytes), (&new.repo_digest, &new.image_id, new.size_bytes));
        let by_digest = ImageRef::parse_normalized(&format!("k8s.gcr.io/pause@{}", new.repo_digest)).unwrap();
        assert!(matches!(lookup(&by_digest), Lookup::Found(_)));
        assert_eq!(
            pull("k8s.gcr.io/kubedns:1.3.1").as_deref(),
            Some("rpc error: code = NotFound desc = failed to pull and unpack image \"k8s.gcr.io/kubedns:1.3.1\": failed to resolve reference \"k8s.gcr.io/kubedns:1.3.1\": k8s.gcr.io/kubedns:1.3.1: not found")
        );
    }

    /// The images kubernetes.io's example manifests name (pods/, controllers/, application/,
    /// admin/resource/, service/, debug/) pull.
    #[test]
    fn docs_example_images_pull() {
        for image in [
            "k8s.gcr.io/pause:2.0",
            "registry.k8s.io/pause:2.0",
            "registry.k8s.io/pause:3.6",
            "registry.k8s.io/pause:3.8",
            "registry.k8s.io/pause:3.9",
            "registry.k8s.io/pause:3.10",
            "registry.k8s.io/goproxy:0.1",
            "registry.k8s.io/etcd:3.5.1-0",
            "registry.k8s.io/e2e-test-images/agnhost:2.40",
            "registry.k8s.io/e2e-test-images/agnhost:2.45",
            "registry.k8s.io/busybox",
            "registry.k8s.io/busybox:1.27.2",
            "registry.k8s.io/nginx-slim:0.8",
            "registry.k8s.io/nginx-slim:0.21",
            "registry.k8s.io/nginx-slim:0.24",
            "registry.k8s.io/nginx-slim:0.27",
            "k8s.gcr.io/nginx-slim:0.7",
            "registry.k8s.io/event-exporter:v0.2.3",
            "registry.k8s.io/node-problem-detector:v0.1",
            "gcr.io/google-samples/hello-app:1.0",
            "gcr.io/google-samples/hello-app:2.0",
            "us-docker.pkg.dev/google-samples/containers/gke/hello-app:2.0",
            "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5",
            "gcr.io/google-samples/node-hello:1.0",
            "gcr.io/google-samples/hello-go-gke:1.0",
            "gcr.io/google-samples/hello-frontend:1.0",
            "quay.io/fluentd_elasticsearch/fluentd:v5.0.1",
            "quay.io/fluentd_elasticsearch/fluentd:v2.5.2",
            "docker.io/alpine/socat:1.8.0.3",
            "vish/stress",
            "polinux/stress",
            "hashicorp/http-echo:1.0",
            "hashicorp/http-echo:0.2.3",
            "busybox:1.28",
            "busybox:1.36",
            "docker.io/library/busybox",
            "docker.io/library/bash:5",
            "docker.io/library/python:3",
            "nginx:1.14.2",
            "nginx:1.16.1",
            "nginx:1.29",
            "httpd:2.4",
            "alpine:latest",
            "debian",
            "fedora",
            "perl",
            "curlimages/curl",
        ] {
            assert_eq!(pull(image), None, "{image}");
        }
    }

    #[test]
    fn missing_tag() {
        assert_eq!(
            pull("nginx:1.99").as_deref(),
            Some("rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:1.99\": failed to resolve reference \"docker.io/library/nginx:1.99\": docker.io/library/nginx:1.99: not found")
        );
        assert_eq!(
            pull("nginx:2.3.5").map(|e| failed_to_pull_message("nginx:2.3.5", &e)).as_deref(),
            Some("Failed to pull image \"nginx:2.3.5\": rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:2.3.5\": failed to resolve reference \"docker.io/library/nginx:2.3.5\": docker.io/library/nginx:2.3.5: not found")
        );
        let d = format!("sha256:{}", "0".repeat(64));
        assert_eq!(
            pull(&format!("busybox:1.37@{d}")),
            Some(format!("rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/busybox@{d}\": failed to resolve reference \"docker.io/library/busybox@{d}\": docker.io/library/busybox@{d}: not found"))
        );
    }

    #[test]
    fn missing_repository() {
        assert_eq!(
            pull("nosuch").as_deref(),
            Some("failed to pull and unpack image \"docker.io/library/nosuch:latest\": failed to resolve reference \"docker.io/library/nosuch:latest\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed")
        );
        assert_eq!(
            pull("agentx").map(|e| failed_to_pull_message("agentx", &e)).as_deref(),
            Some("Failed to pull image \"agentx\": failed to pull and unpack image \"docker.io/library/agentx:latest\": failed to resolve reference \"docker.io/library/agentx:latest\": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed")
        );
        assert_eq!(
            pull("registry.k8s.io/kubedns:1.3.1").as_deref(),
            Some("rpc error: code = NotFound desc = failed to pull and unpack image \"registry.k8s.io/kubedns:1.3.1\": failed to resolve reference \"registry.k8s.io/kubedns:1.3.1\": registry.k8s.io/kubedns:1.3.1: not found")
        );
    }

    #[test]
    fn unreachable_registry() {
        assert_eq!(
            pull("registr:5001/nginx:latest").as_deref(),
            Some("failed to pull and unpack image \"registr:5001/nginx:latest\": failed to resolve reference \"registr:5001/nginx:latest\": failed to do request: Head \"https://registr:5001/v2/nginx/manifests/latest\": dial tcp: lookup registr on 127.0.0.53:53: no such host")
        );
        assert_eq!(
            pull("localhost:5000/app").as_deref(),
            Some("failed to pull and unpack image \"localhost:5000/app:latest\": failed to resolve reference \"localhost:5000/app:latest\": failed to do request: Head \"http://localhost:5000/v2/app/manifests/latest\": dial tcp 127.0.0.1:5000: connect: connection refused")
        );
        assert!(pull("10.0.0.7/team/app:1").is_some_and(|e| e.ends_with("Head \"https://10.0.0.7/v2/team/app/manifests/1\": dial tcp 10.0.0.7:443: connect: connection refused")));
        assert!(pull("[::1]:5000/app").is_some_and(|e| e.ends_with("dial tcp [::1]:5000: connect: connection refused")));
    }

    #[test]
    fn rules_answer_for_their_repositories() {
        assert_eq!(pull("perl:5.34.0"), None);
        assert_eq!(
            pull("perl:5.34.2").as_deref(),
            Some("rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/perl:5.34.2\": failed to resolve reference \"docker.io/library/perl:5.34.2\": docker.io/library/perl:5.34.2: not found")
        );
        let r = ImageRef::parse_normalized("perl:5.34.0").unwrap_or_else(|e| panic!("{e}"));
        let Lookup::Found(img) = lookup(&r) else { panic!("perl:5.34.0") };
        assert_eq!((img.name.as_str(), img.tag.as_str()), ("docker.io/library/perl", "5.34.0"));
        assert!(matches!(img.provenance, Provenance::Rules { os: rules::Os::Debian, .. }));
        let by_digest = ImageRef::parse_normalized(&format!("perl@{}", img.repo_digest)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lookup(&by_digest), Lookup::Found(std::sync::Arc::new(Image { tag: "5.34.0".into(), ..(*img).clone() })));
        // Records answer first: busybox:1.37's id is the record's.
        let Lookup::Found(b) = lookup(&ImageRef::parse_normalized("busybox:1.37").unwrap_or_else(|e| panic!("{e}"))) else { panic!("busybox") };
        assert_eq!(b.provenance, Provenance::Record);
    }

    /// Tags whose catalogue records described later builds answer from their repository's
    /// rules, as Docker Hub had them on the simulated date (2026-03-02).
    #[test]
    fn moving_tags_are_those_of_the_simulated_date() {
        let env = |s: &str| {
            let Lookup::Found(img) = lookup(&ImageRef::parse_normalized(s).unwrap_or_else(|e| panic!("{e}"))) else { panic!("{s}") };
            assert!(matches!(img.provenance, Provenance::Rules { .. }), "{s}");
            img.config.env.clone()
        };
        // redis 8.6.1 (a build of 2026-02-10 on): PATH only, no REDIS_VERSION.
        assert_eq!(env("redis:8"), env("redis:8.6.1"));
        assert_eq!(env("redis:latest").len(), 1);
        assert!(env("redis:7").contains(&"REDIS_VERSION=7.4.8".to_string()));
        assert!(env("postgres:18").iter().any(|e| e.starts_with("PG_VERSION=18.3")), "{:?}", env("postgres:18"));
        assert!(!env("curlimages/curl").iter().any(|e| e.starts_with("CURL_RELEASE_TAG")));
        // busybox's stable branch is 1.36.
        let id = |s: &str| match lookup(&ImageRef::parse_normalized(s).unwrap_or_else(|e| panic!("{e}"))) {
            Lookup::Found(img) => img.image_id.clone(),
            _ => panic!("{s}"),
        };
        assert_eq!(id("busybox:stable"), id("busybox:1.36"));
    }

    #[test]
    fn unknown_repositories_name_the_closest() {
        assert_eq!(unknown_repository("perl:5.34.0"), None);
        assert_eq!(unknown_repository("nginx:1.99"), None, "the repository exists; the tag does not");
        let near = unknown_repository("ngnix:1.27").unwrap_or_default();
        assert_eq!(near.first().map(String::as_str), Some("nginx"), "{near:?}");
        assert_eq!(near.len(), 3);
        let near = unknown_repository("bitnami/perl").unwrap_or_default();
        assert_eq!(near.first().map(String::as_str), Some("perl"), "{near:?}");
        assert!(unknown_repository("registry.example.com/team/app").is_some());
        assert_eq!(unknown_repository("Not An Image"), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
    }

    #[test]
    fn durations() {
        assert_eq!(pull_duration_ms(0), 500);
        assert_eq!(pull_duration_ms(25_000_000), 1_500);
        assert_eq!(pull_duration_ms(62_923_184), 500 + 2_517);
        assert_eq!(pull_duration_ms(u64::MAX), 500 + u64::MAX.div_ceil(25_000));
        assert!(pull_duration_ms(2_211_507) < pull_duration_ms(62_923_184));
    }
}

#[cfg(test)]
mod docs_images {
    use super::*;

    fn found(image: &str) -> bool {
        ImageRef::parse_normalized(image).is_ok_and(|r| matches!(lookup(&r.with_default_tag()), Lookup::Found(_)))
    }

    /// The images kubernetes.io's examples (pods, controllers, application, admin/resource,
    /// service, debug) and common tutorials pull, and tags that never existed.
    #[test]
    fn the_docs_images_exist() {
        for image in [
            "nginx", "nginx:1.14.2", "nginx:1.9.2", "nginx:1.16.1", "nginx:1.15", "nginx:1.29", "nginx:1.27.4-alpine", "nginx:stable-perl",
            "busybox", "busybox:1.28", "busybox:1.36", "busybox:1.36.1-musl", "debian", "debian:stable", "debian:bookworm-slim", "debian:12.5",
            "ubuntu", "ubuntu:22.04", "ubuntu:jammy", "ubuntu:noble", "fedora", "fedora:40", "alpine", "alpine:latest", "alpine:3.19.1",
            "python", "python:3", "python:3.12", "python:3.12-slim-bookworm", "python:3.11-alpine", "python:2.7", "bash", "bash:5",
            "perl", "perl:5.34.0", "httpd:2.4", "httpd:2.4-alpine", "node:20", "node:lts-alpine", "node:18-bullseye-slim",
        ] {
            assert!(found(image), "{image}");
        }
        for image in ["nginx:1.99", "nginx:1.14.9", "python:4", "python:3.12-slimm", "debian:13.99", "ubuntu:22.05", "perl:5.34.2", "busybox:2", "alpine:2", "node:19-lts", "fedora:99"] {
            assert!(!found(image), "{image} never existed");
        }
    }
}
