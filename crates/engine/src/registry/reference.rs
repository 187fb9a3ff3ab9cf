//! Image references, ported from `github.com/distribution/reference` v0.6.0 (the version the
//! 1.36 kubelet and containerd 2.x vendor): `Parse` and `ParseNormalizedNamed`
//! (`reference.go`, `normalize.go`), `TagNameOnly`, `ParseDockerRef`, `FamiliarString`
//! (`helpers.go`), with the grammar of `regexp.go` compiled by hand. Go's RE2 picks the same
//! submatches a backtracking matcher would (leftmost-first), and for this grammar that choice
//! is deterministic: the optional `domain/` prefix is taken whenever the text before the first
//! `/` is a valid domain and the rest a valid path. Digests are checked as
//! `github.com/opencontainers/go-digest` v1.0.0 `Digest.Validate` does, with sha256, sha384
//! and sha512 registered (the kubelet imports `crypto/sha512` for exactly this, see
//! `pkg/util/parsers/parsers.go`).
//!
//! On top: the kubelet's `applyDefaultImageTag` (`pkg/kubelet/images/image_manager.go`) over
//! `parsers.ParseImageName` (`pkg/util/parsers/parsers.go`), and the message of its
//! `InvalidImageName` failure: `Failed to apply default image tag %q: %v` around
//! `couldn't parse image name %q: %v`.

use std::fmt;

/// The domain of Docker Hub that familiar names normalize to (`defaultDomain`).
pub const DEFAULT_DOMAIN: &str = "docker.io";
/// The legacy Docker Index domain, canonicalized to [`DEFAULT_DOMAIN`] (`legacyDefaultDomain`).
pub const LEGACY_DEFAULT_DOMAIN: &str = "index.docker.io";
/// The namespace of Docker Hub's official images (`officialRepoPrefix`).
pub const OFFICIAL_REPO_PREFIX: &str = "library/";
/// The tag `TagNameOnly` adds (`defaultTag`, `parsers.DefaultImageTag`).
pub const DEFAULT_TAG: &str = "latest";
/// `RepositoryNameTotalLengthMax`: the longest path (the name without its domain).
pub const REPOSITORY_NAME_TOTAL_LENGTH_MAX: usize = 255;
/// The longest tag the grammar accepts (`[\w][\w.-]{0,127}`).
const TAG_MAX: usize = 128;

/// A parsed image reference: `[domain/]path[:tag][@digest]`.
///
/// After [`ImageRef::parse_normalized`] the domain is never empty (`docker.io` for familiar
/// names) and Docker Hub official images carry the `library/` prefix in `path`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ImageRef {
    pub domain: String,
    pub path: String,
    pub tag: Option<String>,
    pub digest: Option<String>,
}

/// Why a reference does not parse, with upstream's error texts as `Display`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReferenceError {
    /// `ErrReferenceInvalidFormat`: `invalid reference format`.
    InvalidFormat,
    /// `ErrNameContainsUppercase`: `repository name must be lowercase` (from `Parse`, when
    /// the lowercased input would match).
    NameContainsUppercase,
    /// `ErrNameEmpty`: `repository name must have at least one component`.
    NameEmpty,
    /// `ErrNameTooLong`: `repository name must not be more than 255 characters`.
    NameTooLong,
    /// `ParseNormalizedNamed`'s own check of the remote name (the path, with `library/` for
    /// familiar names): `invalid reference format: repository name (%s) must be lowercase`.
    RemoteNameNotLowercase(String),
    /// `ParseNormalizedNamed` on a bare 64-hex identifier:
    /// `invalid repository name (%s), cannot specify 64-byte hexadecimal strings`.
    IdentifierNotName(String),
    /// go-digest `ErrDigestInvalidFormat`: `invalid checksum digest format`.
    DigestInvalidFormat,
    /// go-digest `ErrDigestInvalidLength`: `invalid checksum digest length`.
    DigestInvalidLength,
    /// go-digest `ErrDigestUnsupported`: `unsupported digest algorithm`.
    DigestUnsupported,
}

impl fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReferenceError::InvalidFormat => f.write_str("invalid reference format"),
            ReferenceError::NameContainsUppercase => f.write_str("repository name must be lowercase"),
            ReferenceError::NameEmpty => f.write_str("repository name must have at least one component"),
            ReferenceError::NameTooLong => write!(f, "repository name must not be more than {REPOSITORY_NAME_TOTAL_LENGTH_MAX} characters"),
            ReferenceError::RemoteNameNotLowercase(remote) => write!(f, "invalid reference format: repository name ({remote}) must be lowercase"),
            ReferenceError::IdentifierNotName(s) => write!(f, "invalid repository name ({s}), cannot specify 64-byte hexadecimal strings"),
            ReferenceError::DigestInvalidFormat => f.write_str("invalid checksum digest format"),
            ReferenceError::DigestInvalidLength => f.write_str("invalid checksum digest length"),
            ReferenceError::DigestUnsupported => f.write_str("unsupported digest algorithm"),
        }
    }
}

impl std::error::Error for ReferenceError {}

impl ImageRef {
    /// `reference.Parse`: the reference as written, without normalization (the domain is
    /// empty when the first path component is not a domain).
    pub fn parse(s: &str) -> Result<ImageRef, ReferenceError> {
        if s.is_empty() {
            return Err(ReferenceError::NameEmpty);
        }
        let Some(m) = match_reference(s) else {
            let lower = crate::gostrings::to_lower(s);
            if lower != s && match_reference(&lower).is_some() {
                // Succeeds when lower-casing, so the input contains an invalid repository name.
                return Err(ReferenceError::NameContainsUppercase);
            }
            return Err(ReferenceError::InvalidFormat);
        };
        let (domain, path) = split_name(m.name).unwrap_or(("", m.name));
        if path.len() > REPOSITORY_NAME_TOTAL_LENGTH_MAX {
            return Err(ReferenceError::NameTooLong);
        }
        if let Some(d) = m.digest {
            validate_digest(d)?;
        }
        Ok(ImageRef { domain: domain.to_string(), path: path.to_string(), tag: m.tag.map(str::to_string), digest: m.digest.map(str::to_string) })
    }

    /// `reference.ParseNormalizedNamed`: a familiar name (`nginx`, `user/app:1`) becomes
    /// fully qualified (`docker.io/library/nginx`, `docker.io/user/app:1`).
    pub fn parse_normalized(s: &str) -> Result<ImageRef, ReferenceError> {
        if is_identifier(s) {
            return Err(ReferenceError::IdentifierNotName(s.to_string()));
        }
        let (domain, remainder) = split_docker_domain(s);
        let remote = match remainder.find(':') {
            Some(i) => &remainder[..i],
            None => remainder.as_str(),
        };
        if crate::gostrings::to_lower(remote) != remote {
            return Err(ReferenceError::RemoteNameNotLowercase(remote.to_string()));
        }
        ImageRef::parse(&format!("{domain}/{remainder}"))
    }

    /// `reference.TagNameOnly`: adds the `latest` tag to a reference with neither tag nor
    /// digest.
    pub fn with_default_tag(self) -> ImageRef {
        if self.tag.is_none() && self.digest.is_none() {
            return ImageRef { tag: Some(DEFAULT_TAG.to_string()), ..self };
        }
        self
    }

    /// `reference.ParseDockerRef` after parsing: a reference with both tag and digest keeps
    /// only the digest; one with neither gets `latest`. This is the form containerd resolves
    /// and names in its errors.
    pub fn docker_ref(self) -> ImageRef {
        if self.tag.is_some() && self.digest.is_some() {
            return ImageRef { tag: None, ..self };
        }
        self.with_default_tag()
    }

    /// `Named.Name()`: domain and path, `docker.io/library/nginx`.
    pub fn name(&self) -> String {
        if self.domain.is_empty() {
            self.path.clone()
        } else {
            format!("{}/{}", self.domain, self.path)
        }
    }

    /// `reference.FamiliarName`: the name as users write it (`nginx`, `user/app`,
    /// `registry.k8s.io/pause`).
    pub fn familiar_name(&self) -> String {
        if self.domain != DEFAULT_DOMAIN {
            return self.name();
        }
        match self.path.strip_prefix(OFFICIAL_REPO_PREFIX) {
            Some(rest) if !rest.contains('/') => rest.to_string(),
            _ => self.path.clone(),
        }
    }

    /// `reference.FamiliarString`: `nginx:1.27`, `nginx@sha256:…`.
    pub fn familiar(&self) -> String {
        with_suffixes(self.familiar_name(), self)
    }
}

/// `String()`: the full reference, `docker.io/library/nginx:1.27` or `…@sha256:…`.
impl fmt::Display for ImageRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_suffixes(self.name(), self))
    }
}

fn with_suffixes(mut s: String, r: &ImageRef) -> String {
    if let Some(t) = &r.tag {
        s.push(':');
        s.push_str(t);
    }
    if let Some(d) = &r.digest {
        s.push('@');
        s.push_str(d);
    }
    s
}

/// `parsers.ParseImageName`: the repository to pull, the tag (`latest` when neither tag nor
/// digest was given) and the digest, or the kubelet's wrapped parse error.
pub fn parse_image_name(image: &str) -> Result<(String, String, String), ReferenceError> {
    let named = ImageRef::parse_normalized(image)?;
    let digest = named.digest.clone().unwrap_or_default();
    let mut tag = named.tag.clone().unwrap_or_default();
    if tag.is_empty() && digest.is_empty() {
        tag = DEFAULT_TAG.to_string();
    }
    Ok((named.name(), tag, digest))
}

/// The kubelet's `applyDefaultImageTag`: the image string it hands to the CRI. A tag is
/// appended to the string as written (not to the normalized name, to keep the CRI agnostic
/// of default registries): `nginx` becomes `nginx:latest`.
pub fn apply_default_image_tag(image: &str) -> Result<String, ReferenceError> {
    let (_, tag, digest) = parse_image_name(image)?;
    if digest.is_empty() && !tag.is_empty() && !image.ends_with(&format!(":{tag}")) {
        return Ok(format!("{image}:{tag}"));
    }
    Ok(image.to_string())
}

/// The kubelet's message when `applyDefaultImageTag` fails: the `InspectFailed` event's
/// message and the `InvalidImageName` waiting message, e.g.
/// `Failed to apply default image tag "Nginx": couldn't parse image name "Nginx": invalid
/// reference format: repository name (library/Nginx) must be lowercase`.
pub fn invalid_image_name_message(image: &str, err: &ReferenceError) -> String {
    let q = go_quote(image);
    format!("Failed to apply default image tag {q}: couldn't parse image name {q}: {err}")
}

/// Go's `strconv.Quote` (`%q`), for the kubelet's messages.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{07}' => out.push_str("\\a"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{0b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if c.is_control() || c == '\u{ad}' || c == '\u{feff}' || matches!(c, '\u{2028}' | '\u{2029}') => {
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `anchoredIdentifierRegexp`: `^[a-f0-9]{64}$`.
fn is_identifier(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// `splitDockerDomain`: the domain (Docker Hub unless the first component looks like one)
/// and the rest, with `library/` added for single-component Docker Hub names.
fn split_docker_domain(name: &str) -> (&str, String) {
    let Some((maybe_domain, maybe_remote)) = name.split_once('/') else {
        // Familiar single-element names ("ubuntu", "ubuntu:latest"), never "hostname:port".
        return (DEFAULT_DOMAIN, format!("{OFFICIAL_REPO_PREFIX}{name}"));
    };
    let (domain, remote) = if maybe_domain == "localhost" {
        (maybe_domain, maybe_remote)
    } else if maybe_domain == LEGACY_DEFAULT_DOMAIN {
        (DEFAULT_DOMAIN, maybe_remote)
    } else if maybe_domain.contains(['.', ':']) || crate::gostrings::to_lower(maybe_domain) != maybe_domain {
        // Likely a domain or IP address, or uppercase (namespaces are lowercase).
        (maybe_domain, maybe_remote)
    } else {
        (DEFAULT_DOMAIN, name)
    };
    if domain == DEFAULT_DOMAIN && !remote.contains('/') {
        return (domain, format!("{OFFICIAL_REPO_PREFIX}{remote}"));
    }
    (domain, remote.to_string())
}

/// The submatches of `ReferenceRegexp`: name, tag, digest.
struct RefMatch<'a> {
    name: &'a str,
    tag: Option<&'a str>,
    digest: Option<&'a str>,
}

/// `ReferenceRegexp`: `^(namePat)(?::(tag))?(?:@(digestPat))?$`. No part of a name or tag
/// holds `@`, so the first `@` starts the digest; a tag holds neither `:` nor `/`, and every
/// `:` of a name sits in its domain, before a `/`, so a last `:` with no `/` after it starts
/// the tag.
fn match_reference(s: &str) -> Option<RefMatch<'_>> {
    let (left, digest) = match s.find('@') {
        Some(i) => {
            let d = &s[i + 1..];
            if !is_digest_pat(d) {
                return None;
            }
            (&s[..i], Some(d))
        }
        None => (s, None),
    };
    let (name, tag) = match left.rfind(':') {
        Some(i) if !left[i + 1..].contains('/') => {
            let t = &left[i + 1..];
            if !is_tag(t) {
                return None;
            }
            (&left[..i], Some(t))
        }
        _ => (left, None),
    };
    split_name(name)?;
    Some(RefMatch { name, tag, digest })
}

/// `anchoredNameRegexp`: `^(?:(domainAndPort)/)?(remoteName)$` → (domain, path), the
/// optional domain taken when it can be.
fn split_name(name: &str) -> Option<(&str, &str)> {
    if let Some((domain, rest)) = name.split_once('/')
        && is_domain_and_port(domain)
        && is_remote_name(rest)
    {
        return Some((domain, rest));
    }
    if is_remote_name(name) { Some(("", name)) } else { None }
}

/// `domainAndPort`: `(?:domainName|\[[a-fA-F0-9:]+\])(?::[0-9]+)?`.
fn is_domain_and_port(d: &str) -> bool {
    let (host, port) = if d.starts_with('[') {
        match d.find(']') {
            Some(end) => (&d[..=end], &d[end + 1..]),
            None => return false,
        }
    } else {
        match d.find(':') {
            Some(i) => (&d[..i], &d[i..]),
            None => (d, ""),
        }
    };
    let port_ok = port.is_empty() || (port.len() > 1 && port.starts_with(':') && port[1..].bytes().all(|b| b.is_ascii_digit()));
    port_ok && (is_ipv6_host(host) || is_domain_name(host))
}

/// `ipv6address`: `\[(?:[a-fA-F0-9:]+)\]`.
fn is_ipv6_host(h: &str) -> bool {
    h.len() > 2 && h.starts_with('[') && h.ends_with(']') && h[1..h.len() - 1].bytes().all(|b| b.is_ascii_hexdigit() || b == b':')
}

/// `domainName`: `domainNameComponent(?:\.domainNameComponent)*`.
fn is_domain_name(h: &str) -> bool {
    !h.is_empty() && h.split('.').all(is_domain_component)
}

/// `domainNameComponent`: `(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])`.
fn is_domain_component(c: &str) -> bool {
    let b = c.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) => f.is_ascii_alphanumeric() && l.is_ascii_alphanumeric() && b.iter().all(|x| x.is_ascii_alphanumeric() || *x == b'-'),
        _ => false,
    }
}

/// `remoteName`: `pathComponent(?:/pathComponent)*`.
fn is_remote_name(p: &str) -> bool {
    !p.is_empty() && p.split('/').all(is_path_component)
}

fn is_lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// `pathComponent`: `[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*`.
fn is_path_component(c: &str) -> bool {
    let b = c.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) if is_lower_alnum(*f) && is_lower_alnum(*l) => {}
        _ => return false,
    }
    let mut i = 0;
    while i < b.len() {
        if is_lower_alnum(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !is_lower_alnum(b[i]) {
            i += 1;
        }
        let sep = &b[start..i];
        let ok = sep == b"." || sep == b"_" || sep == b"__" || sep.iter().all(|x| *x == b'-');
        if !ok {
            return false;
        }
    }
    true
}

/// `tag`: `[\w][\w.-]{0,127}` (`\w` is ASCII in RE2).
fn is_tag(t: &str) -> bool {
    let b = t.as_bytes();
    let word = |x: u8| x.is_ascii_alphanumeric() || x == b'_';
    match b.first() {
        Some(f) if word(*f) => b.len() <= TAG_MAX && b.iter().all(|x| word(*x) || *x == b'.' || *x == b'-'),
        _ => false,
    }
}

/// `digestPat`: `[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][[:xdigit:]]{32,}`.
fn is_digest_pat(d: &str) -> bool {
    let Some((alg, hex)) = d.split_once(':') else { return false };
    hex.len() >= 32
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
        && alg.split(['-', '_', '+', '.']).all(|c| c.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && c.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// go-digest's `DigestRegexpAnchored`: `^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$`.
fn is_go_digest(d: &str) -> bool {
    let Some((alg, enc)) = d.split_once(':') else { return false };
    !enc.is_empty()
        && enc.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'=' | b'_' | b'-'))
        && alg.split(['.', '+', '_', '-']).all(|c| !c.is_empty() && c.bytes().all(is_lower_alnum))
}

/// go-digest v1.0.0 `Digest.Validate` with sha256, sha384 and sha512 available.
fn validate_digest(d: &str) -> Result<(), ReferenceError> {
    let i = match d.find(':') {
        Some(i) if i > 0 && i + 1 < d.len() => i,
        _ => return Err(ReferenceError::DigestInvalidFormat),
    };
    let (alg, encoded) = (&d[..i], &d[i + 1..]);
    let size = match alg {
        "sha256" => 32,
        "sha384" => 48,
        "sha512" => 64,
        _ if !is_go_digest(d) => return Err(ReferenceError::DigestInvalidFormat),
        _ => return Err(ReferenceError::DigestUnsupported),
    };
    if encoded.len() != size * 2 {
        return Err(ReferenceError::DigestInvalidLength);
    }
    if encoded.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(())
    } else {
        Err(ReferenceError::DigestInvalidFormat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FFS: &str = "sha256:ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff";

    fn ok(s: &str) -> ImageRef {
        match ImageRef::parse(s) {
            Ok(r) => r,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    fn norm(s: &str) -> ImageRef {
        match ImageRef::parse_normalized(s) {
            Ok(r) => r,
            Err(e) => panic!("{s:?}: {e}"),
        }
    }

    /// reference_test.go `TestReferenceParse`: (input, expected error, repository (Name()),
    /// domain, tag, digest). The sha512 case differs from upstream's test, which does not
    /// register sha512; the kubelet does.
    #[test]
    fn reference_parse_table() {
        use ReferenceError::*;
        let ffs = FFS;
        let a255 = "a".repeat(255);
        let long_path = format!("{}a", "a/".repeat(127));
        let long_repo = format!("example.com/{a255}");
        let sha512 = format!("sha512:{}", "f".repeat(128));
        // (input, error, Name(), domain, tag, digest)
        type Case<'a> = (String, Option<ReferenceError>, &'a str, &'a str, &'a str, &'a str);
        let cases: Vec<Case> = vec![
            ("test_com".into(), None, "test_com", "", "", ""),
            ("test.com:tag".into(), None, "test.com", "", "tag", ""),
            ("test.com:5000".into(), None, "test.com", "", "5000", ""),
            ("test.com/repo:tag".into(), None, "test.com/repo", "test.com", "tag", ""),
            ("test:5000/repo".into(), None, "test:5000/repo", "test:5000", "", ""),
            ("test:5000/repo:tag".into(), None, "test:5000/repo", "test:5000", "tag", ""),
            (format!("test:5000/repo@{ffs}"), None, "test:5000/repo", "test:5000", "", ffs),
            (format!("test:5000/repo:tag@{ffs}"), None, "test:5000/repo", "test:5000", "tag", ffs),
            ("".into(), Some(NameEmpty), "", "", "", ""),
            (":justtag".into(), Some(InvalidFormat), "", "", "", ""),
            (format!("@{ffs}"), Some(InvalidFormat), "", "", "", ""),
            ("repo@sha256:ffffffffffffffffffffffffffffffffff".into(), Some(DigestInvalidLength), "", "", "", ""),
            (format!("validname@invaliddigest:{}", "f".repeat(64)), Some(DigestUnsupported), "", "", "", ""),
            ("Uppercase:tag".into(), Some(NameContainsUppercase), "", "", "", ""),
            ("test:5000/Uppercase/lowercase:tag".into(), Some(NameContainsUppercase), "", "", "", ""),
            ("lowercase:Uppercase".into(), None, "lowercase", "", "Uppercase", ""),
            (format!("domain/{}:tag", "a".repeat(256)), Some(NameTooLong), "", "", "", ""),
            (format!("{long_path}:tag-puts-this-over-max"), None, &long_path, "a", "tag-puts-this-over-max", ""),
            ("aa/asdf$$^/aa".into(), Some(InvalidFormat), "", "", "", ""),
            ("sub-dom1.foo.com/bar/baz/quux".into(), None, "sub-dom1.foo.com/bar/baz/quux", "sub-dom1.foo.com", "", ""),
            ("sub-dom1.foo.com/bar/baz/quux:some-long-tag".into(), None, "sub-dom1.foo.com/bar/baz/quux", "sub-dom1.foo.com", "some-long-tag", ""),
            ("b.gcr.io/test.example.com/my-app:test.example.com".into(), None, "b.gcr.io/test.example.com/my-app", "b.gcr.io", "test.example.com", ""),
            ("xn--n3h.com/myimage:xn--n3h.com".into(), None, "xn--n3h.com/myimage", "xn--n3h.com", "xn--n3h.com", ""),
            (format!("xn--7o8h.com/myimage:xn--7o8h.com@{ffs}"), None, "xn--7o8h.com/myimage", "xn--7o8h.com", "xn--7o8h.com", ffs),
            ("foo_bar.com:8080".into(), None, "foo_bar.com", "", "8080", ""),
            ("foo/foo_bar.com:8080".into(), None, "foo/foo_bar.com", "foo", "8080", ""),
            ("192.168.1.1".into(), None, "192.168.1.1", "", "", ""),
            ("192.168.1.1:tag".into(), None, "192.168.1.1", "", "tag", ""),
            ("192.168.1.1:5000".into(), None, "192.168.1.1", "", "5000", ""),
            ("192.168.1.1/repo".into(), None, "192.168.1.1/repo", "192.168.1.1", "", ""),
            ("192.168.1.1:5000/repo".into(), None, "192.168.1.1:5000/repo", "192.168.1.1:5000", "", ""),
            ("192.168.1.1:5000/repo:5050".into(), None, "192.168.1.1:5000/repo", "192.168.1.1:5000", "5050", ""),
            ("[2001:db8::1]".into(), Some(InvalidFormat), "", "", "", ""),
            ("[2001:db8::1]:5000".into(), Some(InvalidFormat), "", "", "", ""),
            ("[2001:db8::1]:tag".into(), Some(InvalidFormat), "", "", "", ""),
            ("[2001:db8::1]/repo".into(), None, "[2001:db8::1]/repo", "[2001:db8::1]", "", ""),
            ("[2001:db8:1:2:3:4:5:6]/repo:tag".into(), None, "[2001:db8:1:2:3:4:5:6]/repo", "[2001:db8:1:2:3:4:5:6]", "tag", ""),
            ("[2001:db8::1]:5000/repo".into(), None, "[2001:db8::1]:5000/repo", "[2001:db8::1]:5000", "", ""),
            ("[2001:db8::1]:5000/repo:tag".into(), None, "[2001:db8::1]:5000/repo", "[2001:db8::1]:5000", "tag", ""),
            (format!("[2001:db8::1]:5000/repo@{ffs}"), None, "[2001:db8::1]:5000/repo", "[2001:db8::1]:5000", "", ffs),
            (format!("[2001:db8::1]:5000/repo:tag@{ffs}"), None, "[2001:db8::1]:5000/repo", "[2001:db8::1]:5000", "tag", ffs),
            ("[2001:db8::]:5000/repo".into(), None, "[2001:db8::]:5000/repo", "[2001:db8::]:5000", "", ""),
            ("[::1]:5000/repo".into(), None, "[::1]:5000/repo", "[::1]:5000", "", ""),
            ("[fe80::1%eth0]:5000/repo".into(), Some(InvalidFormat), "", "", "", ""),
            ("[fe80::1%@invalidzone]:5000/repo".into(), Some(InvalidFormat), "", "", "", ""),
            (format!("example.com/{a255}:tag"), None, &long_repo, "example.com", "tag", ""),
            // sha512 is registered in the kubelet (parsers.go imports crypto/sha512).
            (format!("validname@{sha512}"), None, "validname", "", "", &sha512),
        ];
        for (input, err, repository, domain, tag, digest) in cases {
            let got = ImageRef::parse(&input);
            match err {
                Some(e) => assert_eq!(got, Err(e), "{input:?}"),
                None => {
                    let r = got.unwrap_or_else(|e| panic!("{input:?}: {e}"));
                    assert_eq!(r.to_string(), input, "String() of {input:?}");
                    assert_eq!(r.name(), repository, "Name() of {input:?}");
                    assert_eq!(r.domain, domain, "domain of {input:?}");
                    assert_eq!(r.tag.as_deref().unwrap_or(""), tag, "tag of {input:?}");
                    assert_eq!(r.digest.as_deref().unwrap_or(""), digest, "digest of {input:?}");
                }
            }
        }
    }

    /// reference_test.go `TestDomainAndPath` / `TestSplitHostname`-style splits.
    #[test]
    fn domain_and_path() {
        for (input, domain, path) in [
            ("test.com/foo", "test.com", "foo"),
            ("test_com/foo", "", "test_com/foo"),
            ("test:8080/foo", "test:8080", "foo"),
            ("test.com:8080/foo", "test.com:8080", "foo"),
            ("test-com:8080/foo", "test-com:8080", "foo"),
            ("xn--n3h.com:18080/foo", "xn--n3h.com:18080", "foo"),
        ] {
            let r = ok(input);
            assert_eq!((r.domain.as_str(), r.path.as_str()), (domain, path), "{input}");
        }
    }

    /// normalize_test.go `TestValidateReferenceName`.
    #[test]
    fn validate_reference_name() {
        let valid = [
            "docker/docker",
            "library/debian",
            "debian",
            "localhost/library/debian",
            "localhost/debian",
            "LOCALDOMAIN/library/debian",
            "LOCALDOMAIN/debian",
            "docker.io/docker/docker",
            "docker.io/library/debian",
            "docker.io/debian",
            "index.docker.io/docker/docker",
            "index.docker.io/library/debian",
            "index.docker.io/debian",
            "127.0.0.1:5000/docker/docker",
            "127.0.0.1:5000/library/debian",
            "127.0.0.1:5000/debian",
            "192.168.0.1",
            "192.168.0.1:80",
            "192.168.0.1:8/debian",
            "192.168.0.2:25000/debian",
            "thisisthesongthatneverendsitgoesonandonandonthisisthesongthatnev",
            "[fc00::1]:5000/docker",
            "[fc00::1]:5000/docker/docker",
            "[fc00:1:2:3:4:5:6:7]:5000/library/debian",
            "docker.io/1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a",
            "Docker/docker",
            "DOCKER/docker",
        ];
        let invalid = [
            "https://github.com/docker/docker",
            "docker/Docker",
            "-docker",
            "-docker/docker",
            "-docker.io/docker/docker",
            "docker///docker",
            "docker.io/docker/Docker",
            "docker.io/docker///docker",
            "[fc00::1]",
            "[fc00::1]:5000",
            "fc00::1:5000/debian",
            "[fe80::1%eth0]:5000/debian",
            "[2001:db8:3:4::192.0.2.33]:5000/debian",
            "1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a",
        ];
        for s in valid {
            assert!(ImageRef::parse_normalized(s).is_ok(), "{s} should be valid: {:?}", ImageRef::parse_normalized(s));
        }
        for s in invalid {
            assert!(ImageRef::parse_normalized(s).is_err(), "{s} should be invalid");
        }
    }

    /// normalize_test.go `TestValidateRemoteName`.
    #[test]
    fn validate_remote_name() {
        for s in ["docker/docker", "thisisthesongthatneverendsitgoesonandonandonthisisthesongthatnev", "docker-rules/docker", "docker---rules/docker", "doc/docker", "d/docker", "jess/t", "dock__er/docker"] {
            assert!(ImageRef::parse_normalized(s).is_ok(), "{s}");
        }
        let long_ns = format!("{}/docker", "this_is_not_a_valid_namespace_because_its_lenth_is_greater_than_255_".repeat(4));
        for s in [
            "docker/Docker",
            "docker///docker",
            "1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a",
            "-docker/docker",
            "docker-/docker",
            "-docker-/docker",
            "____/____",
            "_docker/_docker",
            "dock..er/docker",
            "dock_.er/docker",
            "dock-.er/docker",
            "docker/",
            long_ns.as_str(),
        ] {
            assert!(ImageRef::parse_normalized(s).is_err(), "{s} should be invalid");
        }
    }

    /// normalize_test.go `TestParseRepositoryInfo`: familiar name, full name, ambiguous
    /// spellings, domain and remote name.
    #[test]
    fn parse_repository_info() {
        let cases = [
            ("fooo", "localhost/fooo", "localhost/fooo", "localhost/fooo", "localhost"),
            ("fooo/bar", "localhost/fooo/bar", "localhost/fooo/bar", "localhost/fooo/bar", "localhost"),
            ("fooo", "LOCALDOMAIN/fooo", "LOCALDOMAIN/fooo", "LOCALDOMAIN/fooo", "LOCALDOMAIN"),
            ("fooo/bar", "LOCALDOMAIN/fooo/bar", "LOCALDOMAIN/fooo/bar", "LOCALDOMAIN/fooo/bar", "LOCALDOMAIN"),
            ("fooo/bar", "fooo/bar", "docker.io/fooo/bar", "index.docker.io/fooo/bar", "docker.io"),
            ("library/ubuntu", "ubuntu", "docker.io/library/ubuntu", "library/ubuntu", "docker.io"),
            ("nonlibrary/ubuntu", "nonlibrary/ubuntu", "docker.io/nonlibrary/ubuntu", "", "docker.io"),
            ("other/library", "other/library", "docker.io/other/library", "", "docker.io"),
            ("private/moonbase", "127.0.0.1:8000/private/moonbase", "127.0.0.1:8000/private/moonbase", "", "127.0.0.1:8000"),
            ("privatebase", "127.0.0.1:8000/privatebase", "127.0.0.1:8000/privatebase", "", "127.0.0.1:8000"),
            ("private/moonbase", "example.com/private/moonbase", "example.com/private/moonbase", "", "example.com"),
            ("privatebase", "example.com/privatebase", "example.com/privatebase", "", "example.com"),
            ("private/moonbase", "example.com:8000/private/moonbase", "example.com:8000/private/moonbase", "", "example.com:8000"),
            ("privatebasee", "example.com:8000/privatebasee", "example.com:8000/privatebasee", "", "example.com:8000"),
            ("library/ubuntu-12.04-base", "ubuntu-12.04-base", "docker.io/library/ubuntu-12.04-base", "index.docker.io/library/ubuntu-12.04-base", "docker.io"),
            ("library/foo", "foo", "docker.io/library/foo", "docker.io/foo", "docker.io"),
            ("library/foo/bar", "library/foo/bar", "docker.io/library/foo/bar", "", "docker.io"),
            ("store/foo/bar", "store/foo/bar", "docker.io/store/foo/bar", "", "docker.io"),
            ("bar", "Foo/bar", "Foo/bar", "", "Foo"),
            ("bar", "FOO/bar", "FOO/bar", "", "FOO"),
        ];
        for (remote, familiar, full, ambiguous, domain) in cases {
            for s in [familiar, full, ambiguous] {
                if s.is_empty() {
                    continue;
                }
                let r = norm(s);
                assert_eq!(r.familiar_name(), familiar, "familiar name of {s}");
                assert_eq!(r.to_string(), full, "full name of {s}");
                assert_eq!(r.domain, domain, "domain of {s}");
                assert_eq!(r.path, remote, "remote name of {s}");
            }
        }
    }

    /// normalize_test.go `TestParseReferenceWithTagAndDigest`.
    #[test]
    fn tag_and_digest() {
        let short = "busybox:latest@sha256:86e0e091d0da6bde2456dbb48306f3956bbeb2eae1b5b9a43045843f69fe4aaa";
        let r = norm(short);
        assert_eq!(r.to_string(), format!("docker.io/library/{short}"));
        assert!(r.tag.is_some() && r.digest.is_some());
        assert_eq!(r.familiar(), short);
    }

    /// normalize_test.go `TestParseAnyReference` (the named cases) and
    /// `TestNormalizedSplitHostname`.
    #[test]
    fn normalized_names() {
        let d = "sha256:dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9c";
        for (input, equivalent) in [
            ("redis".to_string(), "docker.io/library/redis".to_string()),
            ("redis:latest".into(), "docker.io/library/redis:latest".into()),
            ("docker.io/library/redis:latest".into(), "docker.io/library/redis:latest".into()),
            (format!("redis@{d}"), format!("docker.io/library/redis@{d}")),
            (format!("docker.io/library/redis@{d}"), format!("docker.io/library/redis@{d}")),
            ("dmcgowan/myapp".into(), "docker.io/dmcgowan/myapp".into()),
            ("dmcgowan/myapp:latest".into(), "docker.io/dmcgowan/myapp:latest".into()),
            ("docker.io/mcgowan/myapp:latest".into(), "docker.io/mcgowan/myapp:latest".into()),
            (format!("dmcgowan/myapp@{d}"), format!("docker.io/dmcgowan/myapp@{d}")),
            ("dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9".into(), "docker.io/library/dbcc1c35ac38df41fd2f5e4130b32ffdb93ebae8b3dbe638c23575912276fc9".into()),
            ("dbcc1".into(), "docker.io/library/dbcc1".into()),
        ] {
            assert_eq!(norm(&input).to_string(), equivalent, "{input}");
        }
        for (input, domain, path) in [
            ("test.com/foo", "test.com", "foo"),
            ("test_com/foo", "docker.io", "test_com/foo"),
            ("docker/migrator", "docker.io", "docker/migrator"),
            ("test.com:8080/foo", "test.com:8080", "foo"),
            ("test-com:8080/foo", "test-com:8080", "foo"),
            ("foo", "docker.io", "library/foo"),
            ("xn--n3h.com/foo", "xn--n3h.com", "foo"),
            ("xn--n3h.com:18080/foo", "xn--n3h.com:18080", "foo"),
            ("docker.io/foo", "docker.io", "library/foo"),
            ("docker.io/library/foo", "docker.io", "library/foo"),
            ("docker.io/library/foo/bar", "docker.io", "library/foo/bar"),
        ] {
            let r = norm(input);
            assert_eq!((r.domain.as_str(), r.path.as_str()), (domain, path), "{input}");
        }
    }

    /// normalize_test.go `TestParseDockerRef` (ParseNormalizedNamed + the docker_ref rule).
    #[test]
    fn parse_docker_ref() {
        let d = "sha256:e6693c20186f837fc393390135d8a598a96a833917917789d63766cab6c59582";
        for (input, expected) in [
            ("busybox".to_string(), "docker.io/library/busybox:latest".to_string()),
            ("busybox:latest".into(), "docker.io/library/busybox:latest".into()),
            (format!("busybox@{d}"), format!("docker.io/library/busybox@{d}")),
            ("library/busybox".into(), "docker.io/library/busybox:latest".into()),
            ("docker.io/busybox".into(), "docker.io/library/busybox:latest".into()),
            ("docker.io/library/busybox".into(), "docker.io/library/busybox:latest".into()),
            ("docker.io/busybox:latest".into(), "docker.io/library/busybox:latest".into()),
            ("library/busybox:latest".into(), "docker.io/library/busybox:latest".into()),
            ("docker.io/library/busybox:latest".into(), "docker.io/library/busybox:latest".into()),
            ("gcr.io/library/busybox".into(), "gcr.io/library/busybox:latest".into()),
            (format!("gcr.io/library/busybox:latest@{d}"), format!("gcr.io/library/busybox@{d}")),
        ] {
            let out = norm(&input).docker_ref().to_string();
            assert_eq!(out, expected, "{input}");
            assert!(ImageRef::parse(&out).is_ok(), "{out} parses");
        }
    }

    #[test]
    fn default_tag_and_familiar() {
        let r = norm("nginx").with_default_tag();
        assert_eq!(r.to_string(), "docker.io/library/nginx:latest");
        assert_eq!(r.name(), "docker.io/library/nginx");
        assert_eq!(r.familiar(), "nginx:latest");
        let r = norm("nginx:1.27");
        assert_eq!(r.clone().with_default_tag(), r);
        assert_eq!(r.familiar(), "nginx:1.27");
        let with_digest = norm(&format!("nginx@{FFS}"));
        assert_eq!(with_digest.clone().with_default_tag(), with_digest);
        assert_eq!(norm("registry.k8s.io/pause:3.10").familiar(), "registry.k8s.io/pause:3.10");
        assert_eq!(norm("localhost:5000/app").familiar(), "localhost:5000/app");
        assert_eq!(norm("index.docker.io/library/redis").familiar(), "redis");
    }

    /// The texts of `ParseNormalizedNamed`'s errors, as they appear in kubelet events.
    #[test]
    fn error_texts() {
        let err = |s: &str| ImageRef::parse_normalized(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(err("Nginx"), "invalid reference format: repository name (library/Nginx) must be lowercase");
        assert_eq!(err("hfhugs/unsloth-gemma-3-4b-it-GGUF:Q4_K_XL"), "invalid reference format: repository name (hfhugs/unsloth-gemma-3-4b-it-GGUF) must be lowercase");
        assert_eq!(err("registry.hub.docker.com/library//nginx:latest"), "invalid reference format");
        assert_eq!(err(":sha-0b293ab"), "invalid reference format");
        assert_eq!(err("nginx:"), "invalid reference format");
        assert_eq!(err("nginx:-bad"), "invalid reference format");
        assert_eq!(err(""), "invalid reference format");
        assert_eq!(err("ghcr.io/${{ github.repository }}:latest"), "invalid reference format");
        assert_eq!(err("1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a"), "invalid repository name (1a3f5e7d9c1b3a5f7e9d1c3b5a7f9e1d3c5b7a9f1e3d5d7c9b1a3f5e7d9c1b3a), cannot specify 64-byte hexadecimal strings");
        assert_eq!(err("nginx@sha256:abc"), "invalid reference format");
        assert_eq!(err(&format!("nginx@sha256:{}", "f".repeat(40))), "invalid checksum digest length");
        assert_eq!(err(&format!("nginx@sha256:{}", "F".repeat(64))), "invalid checksum digest format");
        assert_eq!(err(&format!("nginx@md5:{}", "f".repeat(32))), "unsupported digest algorithm");
        assert_eq!(err(&format!("nginx@Sha256:{}", "f".repeat(64))), "invalid reference format: repository name (library/nginx@Sha256) must be lowercase");
        assert_eq!(err(&format!("example.com/nginx@Sha256:{}", "f".repeat(64))), "invalid reference format: repository name (nginx@Sha256) must be lowercase");
        assert_eq!(ImageRef::parse(&format!("example.com/nginx@Sha256:{}", "f".repeat(64))), Err(ReferenceError::DigestInvalidFormat));
        assert_eq!(err(&format!("nginx:{}", "a".repeat(129))), "invalid reference format");
        assert!(ImageRef::parse_normalized(&format!("nginx:{}", "a".repeat(128))).is_ok());
        assert_eq!(err(&format!("example.com/{}", "a".repeat(256))), "repository name must not be more than 255 characters");
        assert_eq!(ImageRef::parse("Example.com/Foo").err().map(|e| e.to_string()).unwrap_or_default(), "repository name must be lowercase");
        assert_eq!(ImageRef::parse("").err().map(|e| e.to_string()).unwrap_or_default(), "repository name must have at least one component");
    }

    /// The kubelet's InvalidImageName message, as seen in real events (see the module docs).
    #[test]
    fn kubelet_messages() {
        let msg = |s: &str| match apply_default_image_tag(s) {
            Ok(v) => v,
            Err(e) => invalid_image_name_message(s, &e),
        };
        assert_eq!(msg("THIS IS NOT A VALID IMAGE REFERENCE!!"), "Failed to apply default image tag \"THIS IS NOT A VALID IMAGE REFERENCE!!\": couldn't parse image name \"THIS IS NOT A VALID IMAGE REFERENCE!!\": invalid reference format: repository name (library/THIS IS NOT A VALID IMAGE REFERENCE!!) must be lowercase");
        assert_eq!(msg("server-<your student ID>"), "Failed to apply default image tag \"server-<your student ID>\": couldn't parse image name \"server-<your student ID>\": invalid reference format: repository name (library/server-<your student ID>) must be lowercase");
        assert_eq!(msg(":sha-0b293ab"), "Failed to apply default image tag \":sha-0b293ab\": couldn't parse image name \":sha-0b293ab\": invalid reference format");
        assert_eq!(msg("nginx"), "nginx:latest");
        assert_eq!(msg("nginx:1.27"), "nginx:1.27");
        assert_eq!(msg("docker.io/library/nginx"), "docker.io/library/nginx:latest");
        assert_eq!(msg("localhost:5000/app"), "localhost:5000/app:latest");
        assert_eq!(msg(&format!("nginx@{FFS}")), format!("nginx@{FFS}"));
        assert_eq!(msg(&format!("nginx:1.27@{FFS}")), format!("nginx:1.27@{FFS}"));
        assert_eq!(parse_image_name("nginx"), Ok(("docker.io/library/nginx".into(), "latest".into(), String::new())));
        assert_eq!(go_quote("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\x01é\"");
    }

    /// No input panics; whatever parses prints back and re-parses to itself.
    #[test]
    fn never_panics_and_round_trips() {
        let alphabet: Vec<char> = "aaabbc0129:/:/@..__--Z[]%$ é\u{130}\u{212a}".chars().collect();
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 24) as usize;
            let mut s = String::new();
            let mut x = seed;
            for _ in 0..len {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                s.push(alphabet[((x >> 33) % alphabet.len() as u64) as usize]);
            }
            if let Ok(r) = ImageRef::parse(&s) {
                assert_eq!(r.to_string(), s);
            }
            if let Ok(r) = ImageRef::parse_normalized(&s) {
                let full = r.to_string();
                assert_eq!(ImageRef::parse_normalized(&full).as_ref(), Ok(&r), "{s:?} → {full:?}");
                // A Docker Hub path whose first component looks like a domain has no familiar
                // form that parses back (upstream shares the ambiguity).
                if !r.path.split('/').next().unwrap_or("").contains(['.', ':']) {
                    assert_eq!(ImageRef::parse_normalized(&r.familiar()).as_ref(), Ok(&r), "{s:?} familiar");
                }
            }
            let _ = apply_default_image_tag(&s);
        }
    }
}
