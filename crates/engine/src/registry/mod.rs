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
pub mod reference;

pub use catalog::{CatalogImage, ImageConfig, Lookup, MissingRepository, all, lookup, registry, tags};
pub use reference::{ImageRef, ReferenceError, apply_default_image_tag, go_quote, invalid_image_name_message, parse_image_name};

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
    fn durations() {
        assert_eq!(pull_duration_ms(0), 500);
        assert_eq!(pull_duration_ms(25_000_000), 1_500);
        assert_eq!(pull_duration_ms(62_923_184), 500 + 2_517);
        assert_eq!(pull_duration_ms(u64::MAX), 500 + u64::MAX.div_ceil(25_000));
        assert!(pull_duration_ms(2_211_507) < pull_duration_ms(62_923_184));
    }
}
