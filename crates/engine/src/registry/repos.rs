//! The repositories with tag rules (see `rules.rs`): their released series, variants, named
//! tags and configs, each with its sources. Sizes are from the cited records (one recent
//! build per flavour, used for every version).

use super::image::Config;
#[allow(unused_imports)]
use super::rules::{BASH, CURL, Os, Repo, Series, Variant, WGET, compare};

const PATH: &str = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// An image config: ENTRYPOINT, CMD, ENV.
fn cfg(entrypoint: &[&str], cmd: &[&str], env: &[&str]) -> Config {
    Config { entrypoint: strings(entrypoint), cmd: strings(cmd), env: strings(env), ..Config::default() }
}

impl Config {
    fn ports(mut self, ports: &[u16]) -> Config {
        self.exposed_ports = ports.to_vec();
        self
    }
    fn workdir(mut self, dir: &str) -> Config {
        self.working_dir = dir.to_string();
        self
    }
    #[allow(dead_code)]
    fn user(mut self, user: &str) -> Config {
        self.user = user.to_string();
        self
    }
    fn stop(mut self, signal: &str) -> Config {
        self.stop_signal = Some(signal.to_string());
        self
    }
}

pub(super) static REPOS: &[Repo] = &[PERL, NGINX, HTTPD, PYTHON, NODE, DEBIAN, UBUNTU, FEDORA, ALPINE, BUSYBOX, BASH_REPO];

// perl — github.com/perl/docker-perl. Tags: docker-library/official-images library/perl history
// (2014-07 … 2026-02-23 @1860ca85, the last change on or before 2026-03-02). Records: repo-info
// repos/perl/remote/latest.md @1a818c8c (5.44.0 trixie, 395233378 B), slim.md @11d78d14 (61960148 B):
// sizes of a later build.
const PERL: Repo = Repo {
    name: "docker.io/library/perl",
    series: &[
        Series::set("5.8", &[9]),
        Series::set("5.10", &[1]),
        Series::set("5.12", &[5]),
        Series::set("5.14", &[4]),
        Series::set("5.16", &[3]),
        Series::set("5.18", &[2, 4]),
        Series::range("5.20", 0, 3),
        Series::range("5.22", 0, 4),
        Series::range("5.24", 0, 4),
        Series::range("5.26", 0, 3),
        Series::range("5.28", 0, 3),
        Series::range("5.30", 0, 3),
        Series::range("5.32", 0, 1),
        Series::set("5.34", &[0, 1, 3]),
        Series::set("5.36", &[0, 1, 3]),
        Series::range("5.37", 8, 11),
        Series::set("5.38", &[0, 2, 3, 4, 5]),
        Series::range("5.39", 1, 10),
        Series::range("5.40", 0, 3),
        Series::set("5.41", &[1, 2, 3, 4, 5, 6, 8, 10, 12, 13]),
        Series::set("5.42", &[0]),
        Series::set("5.43", &[1, 2, 4, 5, 6, 7, 8]),
    ],
    flavors: &[
        Variant::flavor("", "", "", 395_233_378, Os::Debian, BASH | CURL | WGET, true),
        Variant::flavor("threaded", "", "", 395_233_378, Os::Debian, BASH | CURL | WGET, true),
        Variant::flavor("slim", "5.24.4", "", 61_960_148, Os::Debian, BASH | CURL, true),
        Variant::flavor("slim-threaded", "5.24.4", "", 61_960_148, Os::Debian, BASH | CURL, true),
    ],
    dists: &[Variant::dist("trixie", "5.38.5", ""), Variant::dist("bookworm", "5.36.1", ""), Variant::dist("bullseye", "5.30.3", ""), Variant::dist("buster", "", "5.40.0"), Variant::dist("stretch", "", "5.32.1")],
    // as of 2026-03-02
    named: &[("latest", "5.42"), ("stable", "5.42"), ("5", "5.42"), ("devel", "5.43")],
    prefix_tags: true,
    config: perl,
};

/// `CMD ["perl<version>", "-de0"]`; WORKDIR `/usr/src/app` in builds since 2023-07, `/` in
/// the last builds of older versions.
fn perl(version: &str, _flavor: &str, _dist: &str) -> Config {
    let modern = compare(version, "5.36.3").is_ge() && !version.starts_with("5.37.");
    cfg(&[], &[&format!("perl{version}"), "-de0"], &[PATH]).workdir(if modern { "/usr/src/app" } else { "/" })
}

// nginx — github.com/nginx/docker-nginx. Tags: docker-library/official-images library/nginx history
// (2014-06 … 2026-02-04 @85705ae9, the last change on or before 2026-03-02: mainline 1.29.5, stable
// 1.28.2). Records (repo-info repos/nginx/remote, linux/amd64; sizes of a later build): 1.31.6.md
// @55ff5fbc (66322074 B), 1.31.6-perl.md @55ff5fbc (80869946 B), 1.31.6-otel.md @55ff5fbc
// (70119694 B), 1.31.6-alpine.md @073c780c (26310566 B), 1.31.6-alpine-slim.md @08b3b898 (8252739 B),
// 1.31.6-alpine-perl.md @55ff5fbc (39065954 B), 1.31.6-alpine-otel.md @55ff5fbc (45766047 B). Config
// history: docker-nginx 4d1f7f8 (EXPOSE 80, STOPSIGNAL SIGQUIT, 2017-04-13), 16ec71e (SIGTERM,
// 2017-05-30), 3fb70dd (SIGQUIT, 2020-11-24), e36b4f5 (entrypoint, 2020-05-26), 87f9340 (curl,
// 2020-04-21: older builds have no curl).
// Ranges are approximate where stable and mainline interleave (e.g. alpine3.23 also accepts 1.29.0–1.29.3).
const NGINX: Repo = Repo {
    name: "docker.io/library/nginx",
    series: &[
        Series::set("1.7", &[1, 5, 6, 7, 8, 9, 10, 11, 12]), Series::set("1.8", &[1]), Series::set("1.9", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15]),
        Series::range("1.10", 0, 3), Series::set("1.11", &[0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13]), Series::range("1.12", 0, 2),
        Series::set("1.13", &[0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12]), Series::range("1.14", 0, 2), Series::range("1.15", 0, 12), Series::range("1.16", 0, 1),
        Series::range("1.17", 0, 10), Series::range("1.18", 0, 0), Series::range("1.19", 0, 10), Series::range("1.20", 0, 2), Series::set("1.21", &[0, 1, 3, 4, 5, 6]),
        Series::range("1.22", 0, 1), Series::range("1.23", 0, 4), Series::range("1.24", 0, 0), Series::range("1.25", 0, 5), Series::range("1.26", 0, 3),
        Series::range("1.27", 0, 5), Series::range("1.28", 0, 2), Series::range("1.29", 0, 5),
    ],
    flavors: &[
        Variant::flavor("", "", "", 66_322_074, Os::Debian, BASH | CURL, true),
        Variant::flavor("perl", "1.12.0", "", 80_869_946, Os::Debian, BASH | CURL, false),
        Variant::flavor("otel", "1.25.4", "", 70_119_694, Os::Debian, BASH | CURL, false),
        Variant::flavor("bullseye-perl", "1.22.1", "1.25.0", 80_869_946, Os::Debian, BASH | CURL, false),
        Variant::flavor("bookworm-perl", "1.25.1", "1.29.1", 80_869_946, Os::Debian, BASH | CURL, false),
        Variant::flavor("bookworm-otel", "1.25.4", "1.29.1", 70_119_694, Os::Debian, BASH | CURL, false),
        Variant::flavor("trixie-perl", "1.28.1", "", 80_869_946, Os::Debian, BASH | CURL, false),
        Variant::flavor("trixie-otel", "1.28.1", "", 70_119_694, Os::Debian, BASH | CURL, false),
        Variant::flavor("alpine", "1.8.1", "", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine-perl", "1.12.0", "", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine-slim", "1.22.1", "", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine-otel", "1.25.4", "", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.17", "1.22.1", "1.25.1", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.17-perl", "1.22.1", "1.25.1", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.17-slim", "1.22.1", "1.25.1", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "1.25.2", "1.25.4", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.18-perl", "1.25.2", "1.25.4", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.18-slim", "1.25.2", "1.25.4", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18-otel", "1.25.4", "1.25.4", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.19", "1.25.5", "1.27.0", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.19-perl", "1.25.5", "1.27.0", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.19-slim", "1.25.5", "1.27.0", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19-otel", "1.25.5", "1.27.0", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.20", "1.26.2", "1.27.3", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.20-perl", "1.26.2", "1.27.3", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.20-slim", "1.26.2", "1.27.3", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20-otel", "1.26.2", "1.27.3", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.21", "1.27.4", "1.28.0", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.21-perl", "1.27.4", "1.28.0", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.21-slim", "1.27.4", "1.28.0", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21-otel", "1.27.4", "1.28.0", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.22", "1.29.0", "1.29.3", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.22-perl", "1.29.0", "1.29.3", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.22-slim", "1.29.0", "1.29.3", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22-otel", "1.29.0", "1.29.3", 45_766_047, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.23", "1.28.1", "", 26_310_566, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.23-perl", "1.28.1", "", 39_065_954, Os::Alpine, CURL | WGET, false),
        Variant::flavor("alpine3.23-slim", "1.28.1", "", 8_252_739, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23-otel", "1.28.1", "", 45_766_047, Os::Alpine, CURL | WGET, false),
    ],
    dists: &[Variant::dist("trixie", "1.28.1", ""), Variant::dist("bookworm", "1.25.1", "1.29.1"), Variant::dist("bullseye", "1.22.1", "1.25.0")],
    // as of 2026-03-02 (latest/mainline/1 = 1.29.5, stable = 1.28.2).
    named: &[("latest", "1.29"), ("mainline", "1.29"), ("1", "1.29"), ("stable", "1.28")],
    prefix_tags: true,
    config: nginx,
};

/// `CMD ["nginx", "-g", "daemon off;"]`; ENTRYPOINT `/docker-entrypoint.sh` since the 1.18.0
/// rebuild / 1.19.0; EXPOSE `80 443` before the 1.11.13 stretch rebuild, `80` since; STOPSIGNAL none
/// before 1.11.13, SIGQUIT for 1.11.13 and 1.13.0, SIGTERM 1.12.x–1.19.4 (not 1.18.0), SIGQUIT again
/// from 1.18.0's rebuild and 1.19.5. ENV as the 1.29.5/1.28.2 builds current on 2026-03-02 (docker-nginx
/// @ffe72978: NJS 0.9.5, ACME 0.3.1, OTEL 0.1.2, release `1~trixie`, the codename of a
/// `bookworm`/`bullseye` tag instead); older builds had fewer and other values
/// (1.23.3: NGINX_VERSION, NJS_VERSION=0.7.9, PKG_RELEASE=1~bullseye): not modelled.
fn nginx(version: &str, flavor: &str, dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    let mut env = vec![PATH.to_string(), format!("NGINX_VERSION={version}")];
    if flavor.starts_with("alpine") {
        env.extend(["PKG_RELEASE=1".to_string(), "DYNPKG_RELEASE=1".to_string()]);
        if !flavor.ends_with("slim") {
            env.extend(["NJS_VERSION=0.9.5".to_string(), "NJS_RELEASE=1".to_string(), "ACME_VERSION=0.3.1".to_string()]);
        }
    } else {
        let deb = ["bullseye", "bookworm"].into_iter().find(|c| dist == *c || flavor.starts_with(c)).unwrap_or("trixie");
        env.extend([
            "NJS_VERSION=0.9.5".to_string(),
            format!("NJS_RELEASE=1~{deb}"),
            "ACME_VERSION=0.3.1".to_string(),
            format!("PKG_RELEASE=1~{deb}"),
            format!("DYNPKG_RELEASE=1~{deb}"),
        ]);
    }
    if flavor.ends_with("otel") {
        env.push("OTEL_VERSION=0.1.2".to_string());
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint: &[&str] = if ge("1.18.0") { &["/docker-entrypoint.sh"] } else { &[] };
    let c = cfg(entrypoint, &["nginx", "-g", "daemon off;"], &env).ports(if ge("1.11.13") { &[80] } else { &[80, 443] });
    if !ge("1.11.13") {
        c
    } else if matches!(version, "1.11.13" | "1.13.0" | "1.18.0") || ge("1.19.5") {
        c.stop("SIGQUIT")
    } else {
        c.stop("SIGTERM")
    }
}

// httpd — github.com/docker-library/httpd. Tags: docker-library/official-images library/httpd history
// (2014-10 … 2025-12-04 @4bc080d0, the last change on or before 2026-03-02); patch numbers Apache
// never released or Docker never tagged are absent. Records (repo-info repos/httpd/remote,
// linux/amd64): 2.4.68.md @157d4000 (trixie, 45292773 B), 2.4.68-alpine.md @48ea2422 (alpine 3.24,
// 20676053 B): sizes of a later build. `alpine` from 2.2.31 also accepts
// 2.4.10–2.4.20 (-alpine began with 2.4.23).
const HTTPD: Repo = Repo {
    name: "docker.io/library/httpd",
    series: &[
        Series::set("2.2", &[29, 31, 32, 34]),
        Series::set(
            "2.4",
            &[10, 12, 16, 17, 18, 20, 23, 25, 27, 28, 29, 32, 33, 34, 35, 37, 38, 39, 41, 43, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63],
        ),
        // Patch numbers from 64 on do not fit the patch bits: one series per version (the prefix
        // rule makes `2.4` and `2` take them, newest first).
        Series::only("2.4.64"),
        Series::only("2.4.65"),
        Series::only("2.4.66"),
    ],
    flavors: &[
        Variant::flavor("", "", "", 45_292_773, Os::Debian, BASH, true),
        Variant::flavor("alpine", "2.2.31", "", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "2.4.48", "2.4.48", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "2.4.48", "2.4.51", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "2.4.51", "2.4.53", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "2.4.53", "2.4.54", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "2.4.54", "2.4.57", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "2.4.57", "2.4.58", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "2.4.58", "2.4.59", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "2.4.59", "2.4.62", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "2.4.62", "2.4.63", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "2.4.63", "2.4.66", 20_676_053, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "2.4.66", "", 20_676_053, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "2.4.65", ""),
        Variant::dist("bookworm", "2.4.57", "2.4.65"),
        Variant::dist("bullseye", "2.4.51", "2.4.57"),
        Variant::dist("buster", "2.4.48", "2.4.51"),
    ],
    // as of 2026-03-02 (2.4 = 2.4.66)
    named: &[("latest", "2.4")],
    prefix_tags: true,
    config: httpd,
};

/// `CMD ["httpd-foreground"]`, EXPOSE 80, WORKDIR `/usr/local/apache2`; STOPSIGNAL SIGWINCH since
/// the 2.4.41 builds (none before). ENV is the list of builds since 2019-07 (2.4.39+); older builds
/// had other lists (HTTPD_SHA1/…, APACHE_DIST_URLS, NGHTTP2_VERSION, OPENSSL_VERSION): not modelled.
/// HTTPD_SHA256 is the tarball hash of 2.4.66 (the newest version as of 2026-03-02; docker-library/httpd
/// 2.4/Dockerfile @b8bf24de) for every version.
fn httpd(version: &str, _flavor: &str, _dist: &str) -> Config {
    let v = format!("HTTPD_VERSION={version}");
    let env: [&str; 5] = [
        "HTTPD_PREFIX=/usr/local/apache2",
        "PATH=/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        &v,
        "HTTPD_SHA256=94d7ff2b42acbb828e870ba29e4cbad48e558a79c623ad3596e4116efcfea25a",
        "HTTPD_PATCHES=",
    ];
    let c = cfg(&[], &["httpd-foreground"], &env).ports(&[80]).workdir("/usr/local/apache2");
    if compare(version, "2.4.41").is_ge() { c.stop("SIGWINCH") } else { c }
}

// python — github.com/docker-library/python. Tags: docker-library/official-images library/python history
// (2014-06 … 2026-02-11 @145d2ee3, the last change on or before 2026-03-02; Windows tags left out).
// Records (repo-info repos/python/remote, linux/amd64; sizes of a later build): latest.md @0c376450
// (3.14.7 trixie, 414967043 B), slim.md @34fa04a4 (3.14.7 slim-trixie, 43437809 B), alpine.md
// @27b27367 (3.14.7 alpine3.24, 17774999 B).
// Pre-release tags (3.14.0rc3, 3.15.0a1 …, `3.14-rc`, `rc`) cannot be series: they order equal to
// X.Y.0. Only the rc channel current on 2026-03-02 is kept, 3.15.0a6 (`3.15-rc`; the prefix rule
// then also accepts `3.15`, never tagged), and `3` is a named word so that it skips it. Ranges of frozen pins
// end at their last final.
const PYTHON: Repo = Repo {
    name: "docker.io/library/python",
    series: &[
        Series::range("2.7", 7, 18), Series::range("3.2", 6, 6), Series::range("3.3", 5, 7), Series::range("3.4", 1, 10), Series::range("3.5", 0, 10),
        Series::range("3.6", 0, 15), Series::range("3.7", 0, 17), Series::range("3.8", 0, 20), Series::range("3.9", 0, 25),
        Series::range("3.10", 0, 19), Series::range("3.11", 0, 14), Series::range("3.12", 0, 12), Series::range("3.13", 0, 12),
        Series::range("3.14", 0, 3), Series::only("3.15.0a6"),
    ],
    flavors: &[
        Variant::flavor("", "", "", 414_967_043, Os::Debian, BASH | CURL | WGET, true),
        Variant::flavor("slim", "2.7.8", "", 43_437_809, Os::Debian, BASH, true),
        Variant::flavor("alpine", "2.7.11", "", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("onbuild", "2.7.8", "3.6.6", 414_967_043, Os::Debian, BASH | CURL | WGET, false), // estimated (as the full image)
        Variant::flavor("alpine3.4", "2.7.13", "3.6.5", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.6", "2.7.13", "3.6.8", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.7", "2.7.14", "3.7.2", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.8", "2.7.15", "3.7.3", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.9", "2.7.15", "3.7.6", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.10", "2.7.16", "3.8.3", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.11", "2.7.17", "3.8.7", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.12", "3.5.9", "3.9.5", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "3.6.12", "3.10.0", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "3.6.13", "3.10.4", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "3.6.15", "3.11.0", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "3.7.13", "3.11.3", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "3.7.15", "3.12.0", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "3.7.16", "3.12.3", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "3.8.18", "3.13.1", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "3.8.19", "3.13.3", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "3.9.21", "3.14.1", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "3.9.22", "", 17_774_999, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "3.10.19", "", 17_774_999, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "3.9.23", ""),
        Variant::dist("bookworm", "3.7.17", ""),
        Variant::dist("bullseye", "3.6.14", "3.13.6"),
        Variant::dist("buster", "2.7.16", "3.11.4"),
        Variant::dist("stretch", "2.7.13", "3.7.11"),
        Variant::dist("jessie", "2.7.13", "3.6.9"),
        Variant::dist("wheezy", "2.7.8", "3.4.10"),
    ],
    // as of 2026-03-02
    named: &[("latest", "3.14"), ("3", "3.14"), ("3.15-rc", "3.15.0a6")],
    prefix_tags: true,
    config: python,
};

/// `CMD ["python3"]` (`["python2"]` for 2.7); `-onbuild` adds WORKDIR `/usr/src/app`. ENV per series as
/// in the last Dockerfiles (docker-library/python; 3.10–3.14 as the current ones): PATH with
/// `/usr/local/bin` prepended (builds since 2016-08), LANG below 3.13 (since 2014-09),
/// PYTHONIOENCODING for 2.7.14+, GPG_KEY below 3.14 (builds since 2016-01), PYTHON_VERSION, and
/// PYTHON_SHA256 for 3.9+ (3.14.3's hash, docker-library/python 3.14/trixie/Dockerfile @ce782e24, the
/// newest final as of 2026-03-02, for every version). Builds before 2024-09 also
/// had PYTHON_PIP_VERSION, PYTHON_SETUPTOOLS_VERSION, PYTHON_GET_PIP_URL/SHA256 (per-build values):
/// not modelled.
fn python(version: &str, flavor: &str, _dist: &str) -> Config {
    let lt = |v: &str| compare(version, v).is_lt();
    let py2 = version.starts_with("2.");
    let minor: u32 = version.split('.').nth(1).and_then(|m| m.parse().ok()).unwrap_or(0);
    let before_2016_08 = lt("2.7.12") || (!lt("3") && lt("3.3.6")) || (!lt("3.4") && lt("3.4.5")) || (!lt("3.5") && lt("3.5.2"));
    let before_2016_01 = lt("2.7.11") || (!lt("3.3") && lt("3.3.6")) || (!lt("3.4") && lt("3.4.4")) || (!lt("3.5") && lt("3.5.1"));
    let mut env = vec![if before_2016_08 { PATH.to_string() } else { "PATH=/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".to_string() }];
    if minor < 13 && version != "2.7.7" {
        env.push("LANG=C.UTF-8".to_string());
    }
    if py2 && !lt("2.7.14") {
        env.push("PYTHONIOENCODING=UTF-8".to_string());
    }
    let key = match (py2, minor) {
        (true, _) => "C01E1CAD5EA2C4F0B8E3571504C367C218ADD4FF",
        (_, 2) => "26DEA9D4613391EF3E25C9FF0A5B101836580288",
        (_, 3 | 6 | 7) => "0D96DF4D4110E5C43FBFB17F2D347EA6AA65421D",
        (_, 4 | 5) => "97FC712E4C024BBEA48A61ED3A5CA953F73C700D",
        (_, 8 | 9) => "E3FF2839C048B25C084DEBE9B26995E310250568",
        (_, 10 | 11) => "A035C8C19219BA821ECEA86B64E628F8D684696D",
        (_, 12 | 13) => "7169605F62C751356D054A26A821E680E5FA6305",
        _ => "",
    };
    if !key.is_empty() && !before_2016_01 {
        env.push(format!("GPG_KEY={key}"));
    }
    env.push(format!("PYTHON_VERSION={version}"));
    if !py2 && minor >= 9 {
        env.push("PYTHON_SHA256=a97d5549e9ad81fe17159ed02c68774ad5d266c72f8d9a0b5a9c371fe85d902b".to_string());
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let c = cfg(&[], &[if py2 { "python2" } else { "python3" }], &env);
    if flavor == "onbuild" { c.workdir("/usr/src/app") } else { c }
}

// node — github.com/nodejs/docker-node. Tags: docker-library/official-images library/node history
// (2014-06 … 2026-02-25 change 9c4ea7d9, the last change on or before 2026-03-02: current 25.7.0,
// lts 24.14.0; chakracore-* and `docs` left out); 0.10.29, 9.11.0, 13.9.x, 13.10.0, 17.7.0 and 19.8.0
// were never tagged. Records (repo-info repos/node/remote, linux/amd64; sizes of a later build):
// latest.md @0833c0d0 (26.5.0 trixie, 442394221 B), slim.md @0833c0d0 (26.5.0 trixie-slim,
// 84626114 B), alpine.md @0833c0d0 (26.5.0 alpine3.24, 62808818 B), lts.md @2534b852 (24.19.0 bookworm). Variant ranges span several majors (alpine3.10: 8.16.2–15.14.0 also accepts 9.x
// and 11.x, which never had it); `alpine` from 4.6.2 also accepts 5.x and 6.0–6.9.0.
const NODE: Repo = Repo {
    name: "docker.io/library/node",
    series: &[
        Series::range("0.8", 28, 28), Series::set("0.10", &[28, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48]),
        Series::range("0.11", 13, 16), Series::range("0.12", 0, 18), Series::range("4.0", 0, 0), Series::range("4.1", 0, 2),
        Series::range("4.2", 0, 6), Series::range("4.3", 0, 2), Series::range("4.4", 0, 7), Series::range("4.5", 0, 0), Series::range("4.6", 0, 2),
        Series::range("4.7", 0, 3), Series::range("4.8", 0, 7), Series::range("4.9", 0, 1), Series::range("5.0", 0, 0), Series::range("5.1", 0, 1),
        Series::range("5.2", 0, 0), Series::range("5.3", 0, 0), Series::range("5.4", 0, 1), Series::range("5.5", 0, 0), Series::range("5.6", 0, 0),
        Series::range("5.7", 0, 1), Series::range("5.8", 0, 0), Series::range("5.9", 0, 1), Series::range("5.10", 0, 1), Series::range("5.11", 0, 1),
        Series::range("5.12", 0, 0), Series::range("6.0", 0, 0), Series::range("6.1", 0, 0), Series::range("6.2", 0, 2), Series::range("6.3", 0, 1),
        Series::range("6.4", 0, 0), Series::range("6.5", 0, 0), Series::range("6.6", 0, 0), Series::range("6.7", 0, 0), Series::range("6.8", 0, 1),
        Series::range("6.9", 0, 5), Series::range("6.10", 0, 3), Series::range("6.11", 0, 5), Series::range("6.12", 0, 3),
        Series::range("6.13", 0, 1), Series::range("6.14", 0, 4), Series::range("6.15", 0, 1), Series::range("6.16", 0, 0),
        Series::range("6.17", 0, 1), Series::range("7.0", 0, 0), Series::range("7.1", 0, 0), Series::range("7.2", 0, 1), Series::range("7.3", 0, 0),
        Series::range("7.4", 0, 0), Series::range("7.5", 0, 0), Series::range("7.6", 0, 0), Series::range("7.7", 0, 4), Series::range("7.8", 0, 0),
        Series::range("7.9", 0, 0), Series::range("7.10", 0, 1), Series::range("8.0", 0, 0), Series::range("8.1", 0, 4), Series::range("8.2", 0, 1),
        Series::range("8.3", 0, 0), Series::range("8.4", 0, 0), Series::range("8.5", 0, 0), Series::range("8.6", 0, 0), Series::range("8.7", 0, 0),
        Series::range("8.8", 0, 1), Series::range("8.9", 0, 4), Series::range("8.10", 0, 0), Series::range("8.11", 0, 4), Series::range("8.12", 0, 0),
        Series::range("8.13", 0, 0), Series::range("8.14", 0, 1), Series::range("8.15", 0, 1), Series::range("8.16", 0, 2),
        Series::range("8.17", 0, 0), Series::range("9.0", 0, 0), Series::range("9.1", 0, 0), Series::range("9.2", 0, 1), Series::range("9.3", 0, 0),
        Series::range("9.4", 0, 0), Series::range("9.5", 0, 0), Series::range("9.6", 0, 1), Series::range("9.7", 0, 1), Series::range("9.8", 0, 0),
        Series::range("9.9", 0, 0), Series::range("9.10", 0, 1), Series::range("9.11", 1, 2), Series::range("10.0", 0, 0),
        Series::range("10.1", 0, 0), Series::range("10.2", 0, 1), Series::range("10.3", 0, 0), Series::range("10.4", 0, 1),
        Series::range("10.5", 0, 0), Series::range("10.6", 0, 0), Series::range("10.7", 0, 0), Series::range("10.8", 0, 0),
        Series::range("10.9", 0, 0), Series::range("10.10", 0, 0), Series::range("10.11", 0, 0), Series::range("10.12", 0, 0),
        Series::range("10.13", 0, 0), Series::range("10.14", 0, 2), Series::range("10.15", 0, 3), Series::range("10.16", 0, 3),
        Series::range("10.17", 0, 0), Series::range("10.18", 0, 1), Series::range("10.19", 0, 0), Series::range("10.20", 0, 1),
        Series::range("10.21", 0, 0), Series::range("10.22", 0, 1), Series::range("10.23", 0, 3), Series::range("10.24", 0, 1),
        Series::range("11.0", 0, 0), Series::range("11.1", 0, 0), Series::range("11.2", 0, 0), Series::range("11.3", 0, 0),
        Series::range("11.4", 0, 0), Series::range("11.5", 0, 0), Series::range("11.6", 0, 0), Series::range("11.7", 0, 0),
        Series::range("11.8", 0, 0), Series::range("11.9", 0, 0), Series::range("11.10", 0, 1), Series::range("11.11", 0, 0),
        Series::range("11.12", 0, 0), Series::range("11.13", 0, 0), Series::range("11.14", 0, 0), Series::range("11.15", 0, 0),
        Series::range("12.0", 0, 0), Series::range("12.1", 0, 0), Series::range("12.2", 0, 0), Series::range("12.3", 0, 1),
        Series::range("12.4", 0, 0), Series::range("12.5", 0, 0), Series::range("12.6", 0, 0), Series::range("12.7", 0, 0),
        Series::range("12.8", 0, 1), Series::range("12.9", 0, 1), Series::range("12.10", 0, 0), Series::range("12.11", 0, 1),
        Series::range("12.12", 0, 0), Series::range("12.13", 0, 1), Series::range("12.14", 0, 1), Series::range("12.15", 0, 0),
        Series::range("12.16", 0, 3), Series::range("12.17", 0, 0), Series::range("12.18", 0, 4), Series::range("12.19", 0, 1),
        Series::range("12.20", 0, 2), Series::range("12.21", 0, 0), Series::range("12.22", 0, 12), Series::range("13.0", 0, 1),
        Series::range("13.1", 0, 0), Series::range("13.2", 0, 0), Series::range("13.3", 0, 0), Series::range("13.4", 0, 0),
        Series::range("13.5", 0, 0), Series::range("13.6", 0, 0), Series::range("13.7", 0, 0), Series::range("13.8", 0, 0),
        Series::range("13.10", 1, 1), Series::range("13.11", 0, 0), Series::range("13.12", 0, 0), Series::range("13.13", 0, 0),
        Series::range("13.14", 0, 0), Series::range("14.0", 0, 0), Series::range("14.1", 0, 0), Series::range("14.2", 0, 0),
        Series::range("14.3", 0, 0), Series::range("14.4", 0, 0), Series::range("14.5", 0, 0), Series::range("14.6", 0, 0),
        Series::range("14.7", 0, 0), Series::range("14.8", 0, 0), Series::range("14.9", 0, 0), Series::range("14.10", 0, 1),
        Series::range("14.11", 0, 0), Series::range("14.12", 0, 0), Series::range("14.13", 0, 1), Series::range("14.14", 0, 0),
        Series::range("14.15", 0, 5), Series::range("14.16", 0, 1), Series::range("14.17", 0, 6), Series::range("14.18", 0, 3),
        Series::range("14.19", 0, 3), Series::range("14.20", 0, 1), Series::range("14.21", 0, 3), Series::range("15.0", 0, 1),
        Series::range("15.1", 0, 0), Series::range("15.2", 0, 1), Series::range("15.3", 0, 0), Series::range("15.4", 0, 0),
        Series::range("15.5", 0, 1), Series::range("15.6", 0, 0), Series::range("15.7", 0, 0), Series::range("15.8", 0, 0),
        Series::range("15.9", 0, 0), Series::range("15.10", 0, 0), Series::range("15.11", 0, 0), Series::range("15.12", 0, 0),
        Series::range("15.13", 0, 0), Series::range("15.14", 0, 0), Series::range("16.0", 0, 0), Series::range("16.1", 0, 0),
        Series::range("16.2", 0, 0), Series::range("16.3", 0, 0), Series::range("16.4", 0, 2), Series::range("16.5", 0, 0),
        Series::range("16.6", 0, 2), Series::range("16.7", 0, 0), Series::range("16.8", 0, 0), Series::range("16.9", 0, 1),
        Series::range("16.10", 0, 0), Series::range("16.11", 0, 1), Series::range("16.12", 0, 0), Series::range("16.13", 0, 2),
        Series::range("16.14", 0, 2), Series::range("16.15", 0, 1), Series::range("16.16", 0, 0), Series::range("16.17", 0, 1),
        Series::range("16.18", 0, 1), Series::range("16.19", 0, 1), Series::range("16.20", 0, 2), Series::range("17.0", 0, 1),
        Series::range("17.1", 0, 0), Series::range("17.2", 0, 0), Series::range("17.3", 0, 1), Series::range("17.4", 0, 0),
        Series::range("17.5", 0, 0), Series::range("17.6", 0, 0), Series::range("17.7", 1, 2), Series::range("17.8", 0, 0),
        Series::range("17.9", 0, 1), Series::range("18.0", 0, 0), Series::range("18.1", 0, 0), Series::range("18.2", 0, 0),
        Series::range("18.3", 0, 0), Series::range("18.4", 0, 0), Series::range("18.5", 0, 0), Series::range("18.6", 0, 0),
        Series::range("18.7", 0, 0), Series::range("18.8", 0, 0), Series::range("18.9", 0, 1), Series::range("18.10", 0, 0),
        Series::range("18.11", 0, 0), Series::range("18.12", 0, 1), Series::range("18.13", 0, 0), Series::range("18.14", 0, 2),
        Series::range("18.15", 0, 0), Series::range("18.16", 0, 1), Series::range("18.17", 0, 1), Series::range("18.18", 0, 2),
        Series::range("18.19", 0, 1), Series::range("18.20", 0, 8), Series::range("19.0", 0, 1), Series::range("19.1", 0, 0),
        Series::range("19.2", 0, 0), Series::range("19.3", 0, 0), Series::range("19.4", 0, 0), Series::range("19.5", 0, 0),
        Series::range("19.6", 0, 1), Series::range("19.7", 0, 0), Series::range("19.8", 1, 1), Series::range("19.9", 0, 0),
        Series::range("20.0", 0, 0), Series::range("20.1", 0, 0), Series::range("20.2", 0, 0), Series::range("20.3", 0, 1),
        Series::range("20.4", 0, 0), Series::range("20.5", 0, 1), Series::range("20.6", 0, 1), Series::range("20.7", 0, 0),
        Series::range("20.8", 0, 1), Series::range("20.9", 0, 0), Series::range("20.10", 0, 0), Series::range("20.11", 0, 1),
        Series::range("20.12", 0, 2), Series::range("20.13", 0, 1), Series::range("20.14", 0, 0), Series::range("20.15", 0, 1),
        Series::range("20.16", 0, 0), Series::range("20.17", 0, 0), Series::range("20.18", 0, 3), Series::range("20.19", 0, 6),
        Series::range("20.20", 0, 0), Series::range("21.0", 0, 0), Series::range("21.1", 0, 0), Series::range("21.2", 0, 0),
        Series::range("21.3", 0, 0), Series::range("21.4", 0, 0), Series::range("21.5", 0, 0), Series::range("21.6", 0, 2),
        Series::range("21.7", 0, 3), Series::range("22.0", 0, 0), Series::range("22.1", 0, 0), Series::range("22.2", 0, 0),
        Series::range("22.3", 0, 0), Series::range("22.4", 0, 1), Series::range("22.5", 0, 1), Series::range("22.6", 0, 0),
        Series::range("22.7", 0, 0), Series::range("22.8", 0, 0), Series::range("22.9", 0, 0), Series::range("22.10", 0, 0),
        Series::range("22.11", 0, 0), Series::range("22.12", 0, 0), Series::range("22.13", 0, 1), Series::range("22.14", 0, 0),
        Series::range("22.15", 0, 1), Series::range("22.16", 0, 0), Series::range("22.17", 0, 1), Series::range("22.18", 0, 0),
        Series::range("22.19", 0, 0), Series::range("22.20", 0, 0), Series::range("22.21", 0, 1), Series::range("22.22", 0, 0),
        Series::range("23.0", 0, 0), Series::range("23.1", 0, 0), Series::range("23.2", 0, 0), Series::range("23.3", 0, 0),
        Series::range("23.4", 0, 0), Series::range("23.5", 0, 0), Series::range("23.6", 0, 1), Series::range("23.7", 0, 0),
        Series::range("23.8", 0, 0), Series::range("23.9", 0, 0), Series::range("23.10", 0, 0), Series::range("23.11", 0, 1),
        Series::range("24.0", 0, 2), Series::range("24.1", 0, 0), Series::range("24.2", 0, 0), Series::range("24.3", 0, 0),
        Series::range("24.4", 0, 1), Series::range("24.5", 0, 0), Series::range("24.6", 0, 0), Series::range("24.7", 0, 0),
        Series::range("24.8", 0, 0), Series::range("24.9", 0, 0), Series::range("24.10", 0, 0), Series::range("24.11", 0, 1),
        Series::range("24.12", 0, 0), Series::range("24.13", 0, 1), Series::range("24.14", 0, 0), Series::range("25.0", 0, 0),
        Series::range("25.1", 0, 0), Series::range("25.2", 0, 1), Series::range("25.3", 0, 0), Series::range("25.4", 0, 0),
        Series::range("25.5", 0, 0), Series::range("25.6", 0, 1), Series::range("25.7", 0, 0),
    ],
    flavors: &[
        Variant::flavor("", "", "", 442_394_221, Os::Debian, BASH | CURL | WGET, true),
        Variant::flavor("slim", "0.8.28", "", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("trixie-slim", "20.19.4", "", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("bookworm-slim", "16.20.0", "", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("bullseye-slim", "12.22.5", "", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("buster-slim", "8.16.0", "20.15.0", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("stretch-slim", "6.15.0", "17.9.1", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("jessie-slim", "6.15.0", "10.22.0", 84_626_114, Os::Debian, BASH, false),
        Variant::flavor("onbuild", "0.8.28", "9.11.2", 442_394_221, Os::Debian, BASH | CURL | WGET, false), // estimated (as the full image)
        Variant::flavor("alpine", "4.6.2", "", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.9", "8.16.2", "12.20.1", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.10", "8.16.2", "15.14.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.11", "8.17.0", "16.13.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.12", "12.18.0", "17.3.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "12.22.3", "17.3.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "12.22.3", "18.3.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "12.22.8", "19.2.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "14.19.3", "20.2.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "14.21.1", "21.4.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "16.20.0", "22.2.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "18.19.0", "23.3.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "18.20.3", "24.1.0", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "18.20.5", "25.2.1", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "20.19.2", "", 62_808_818, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "20.19.6", "", 62_808_818, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "20.19.4", ""),
        Variant::dist("bookworm", "16.20.0", ""),
        Variant::dist("bullseye", "12.22.5", ""),
        Variant::dist("buster", "8.16.0", "20.15.0"),
        Variant::dist("stretch", "4.8.4", "17.9.1"),
        Variant::dist("jessie", "6.14.2", "10.22.0"),
        Variant::dist("wheezy", "0.8.28", "10.1.0"),
    ],
    named: &[
        // as of 2026-03-02
        ("latest", "25.7"),
        ("current", "25.7"),
        ("lts", "24.14"),
        ("krypton", "24.14"),
        ("jod", "22.22"),
        ("iron", "20.20"),
        ("hydrogen", "18.20"),
        ("gallium", "16.20"),
        ("fermium", "14.21"),
        ("erbium", "12.22"),
        ("dubnium", "10.24"),
        ("carbon", "8.17"),
        ("boron", "6.17"),
        ("argon", "4.9"),
        ("lts-krypton", "24.14"),
        ("lts-jod", "22.21.0"),
        ("lts-iron", "20.18.0"),
        ("lts-hydrogen", "18.18.2"),
        ("lts-gallium", "16.18.0"),
        ("lts-fermium", "14.18.1"),
    ],
    prefix_tags: true,
    config: node,
};

/// `CMD ["node"]`; ENTRYPOINT `docker-entrypoint.sh` in builds since 2019-05-23 (8.16.0+, 10.16.0+,
/// 11.15.0, 12.4.0+, 13+). ENV: PATH, NPM_CONFIG_LOGLEVEL=info (builds 2015-09 … 2017-10-03: 4.0.0–4.8.4,
/// 5.x, 6.0.0–6.11.4, 7.x, 8.0.0–8.7.0), NODE_VERSION, YARN_VERSION (added 2017-02-23: 4.8.0+, 6.10.0+,
/// 7.6.0+, 8–25; dropped for 26+), per the Dockerfile at each version's last official-images GitCommit.
/// YARN_VERSION is the newest records' 1.22.22 for every version (older builds had 0.21.3 … 1.22.x).
/// `-onbuild` (FROM node:<version>) adds WORKDIR `/usr/src/app` and `CMD ["npm", "start"]`.
fn node(version: &str, flavor: &str, _dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    let major: u32 = version.split('.').next().and_then(|m| m.parse().ok()).unwrap_or(0);
    let loglevel = match major {
        4 => !ge("4.8.5"),
        5 | 7 => true,
        6 => !ge("6.11.5"),
        8 => !ge("8.8.0"),
        _ => false,
    };
    let yarn = match major {
        4 => ge("4.8.0"),
        6 => ge("6.10.0"),
        7 => ge("7.6.0"),
        8..=25 => true,
        _ => false,
    };
    let entrypoint = match major {
        8 => ge("8.16.0"),
        10 => ge("10.16.0"),
        11 => ge("11.15.0"),
        12 => ge("12.4.0"),
        m => m >= 13,
    };
    let v = format!("NODE_VERSION={version}");
    let mut env = vec![PATH];
    if loglevel {
        env.push("NPM_CONFIG_LOGLEVEL=info");
    }
    env.push(&v);
    if yarn {
        env.push("YARN_VERSION=1.22.22");
    }
    let ep: &[&str] = if entrypoint { &["docker-entrypoint.sh"] } else { &[] };
    if flavor == "onbuild" { cfg(ep, &["npm", "start"], &env).workdir("/usr/src/app") } else { cfg(ep, &["node"], &env) }
}

// debian — github.com/debuerreotype/docker-debian-artifacts (rootfs via debuerreotype). Tags:
// docker-library/official-images library/debian history (2013-10-15 … @ee0c246f 2026-08-04). Capped
// at 2026-03-02 (state of library/debian @1e99ad35 2026-02-24: 13 → 13.3, 12 → 12.13, 11 → 11.11);
// later point releases (12.14, 12.15, 13.4–13.6) dropped. Records: repo-info
// repos/debian/remote/latest.md @05f354f0 (trixie 20260803, 49312314 B), trixie-slim.md @05f354f0
// (29780765 B): sizes of a later build. Config: debuerreotype examples/oci-image.sh @11df5b4b (Env
// PATH, Cmd bash; the older docker-built images recorded the same default PATH). Gaps: 9.10 and
// 12.3 were never published. Numeric `-slim` tags start 2018-01 (7.11, 8.10, 9.3); the range from
// 7.11 also accepts 8.0–8.9-slim and 9.0–9.2-slim, and the engine accepts `slim`/`latest-slim`,
// which never existed. Not modelled: dated snapshots (`bookworm-20240211`, `-20240211-slim`; no
// rule can express them), suites with no version number (`testing`/`forky`, `unstable`/`sid`,
// `experimental`, `rc-buggy`, and their `-slim`, `-backports`), and `<codename|suite>-backports` (a
// flavour would also admit `12-backports`).
const DEBIAN: Repo = Repo {
    name: "docker.io/library/debian",
    series: &[
        Series::range("6.0", 8, 10), Series::range("7", 2, 11), Series::range("8", 0, 11), Series::set("9", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13]),
        Series::range("10", 0, 13), Series::range("11", 0, 11), Series::set("12", &[0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), Series::range("13", 0, 3),
    ],
    flavors: &[
        Variant::flavor("", "", "", 49_312_314, Os::Debian, BASH, false),
        Variant::flavor("slim", "7.11", "", 29_780_765, Os::Debian, BASH, false),
    ],
    dists: &[],
    // as of 2026-03-02 (unchanged since 2025-08-11)
    named: &[
        ("latest", "13"), ("stable", "13"), ("oldstable", "12"), ("oldoldstable", "11"),
        ("squeeze", "6.0"), ("wheezy", "7"), ("jessie", "8"), ("stretch", "9"), ("buster", "10"), ("bullseye", "11"), ("bookworm", "12"), ("trixie", "13"),
    ],
    prefix_tags: true,
    config: debian,
};

/// `CMD ["bash"]`, Docker's default PATH; unchanged since 2013.
fn debian(_version: &str, _flavor: &str, _dist: &str) -> Config {
    cfg(&[], &["bash"], &[PATH])
}

// ubuntu — git.launchpad.net/cloud-images/+oci/ubuntu-base (earlier
// tianon/docker-brew-ubuntu-core). Tags: docker-library/official-images library/ubuntu history
// (2013-09-17 … @39013452 2026-08-18). Capped at 2026-03-02 (state of library/ubuntu @c8083af9
// 2026-02-17: 22.04, 24.04 = latest, 25.10 = rolling, 26.04 = devel); 26.10 dropped. Size:
// repo-info repos/ubuntu/remote/24.04.md @1c2b9d92 (29764116 B; size of a later build of 24.04,
// `latest` as of 2026-03-02; latest.md @01470af9 has the rockcraft-built 26.04 at 41568664 B).
// Point tags only for 12.04.5 and 14.04.1–14.04.5. Not modelled: dated tags (`noble-20260810`,
// `jammy-20250415.1`); no rule can express them.
const UBUNTU: Repo = Repo {
    name: "docker.io/library/ubuntu",
    series: &[
        Series::only("10.04"), Series::set("12.04", &[5]), Series::only("12.10"), Series::only("13.04"), Series::only("13.10"), Series::range("14.04", 1, 5),
        Series::only("14.10"), Series::only("15.04"), Series::only("15.10"), Series::only("16.04"), Series::only("16.10"), Series::only("17.04"),
        Series::only("17.10"), Series::only("18.04"), Series::only("18.10"), Series::only("19.04"), Series::only("19.10"), Series::only("20.04"),
        Series::only("20.10"), Series::only("21.04"), Series::only("21.10"), Series::only("22.04"), Series::only("22.10"), Series::only("23.04"),
        Series::only("23.10"), Series::only("24.04"), Series::only("24.10"), Series::only("25.04"), Series::only("25.10"), Series::only("26.04"),
    ],
    flavors: &[Variant::flavor("", "", "", 29_764_116, Os::Ubuntu, BASH, false)],
    dists: &[],
    named: &[
        // as of 2026-03-02
        ("latest", "24.04"), ("rolling", "25.10"), ("devel", "26.04"),
        ("lucid", "10.04"), ("precise", "12.04"), ("quantal", "12.10"), ("raring", "13.04"), ("saucy", "13.10"), ("trusty", "14.04"), ("utopic", "14.10"),
        ("vivid", "15.04"), ("wily", "15.10"), ("xenial", "16.04"), ("yakkety", "16.10"), ("zesty", "17.04"), ("artful", "17.10"), ("bionic", "18.04"),
        ("cosmic", "18.10"), ("disco", "19.04"), ("eoan", "19.10"), ("focal", "20.04"), ("groovy", "20.10"), ("hirsute", "21.04"), ("impish", "21.10"),
        ("jammy", "22.04"), ("kinetic", "22.10"), ("lunar", "23.04"), ("mantic", "23.10"), ("noble", "24.04"), ("oracular", "24.10"), ("plucky", "25.04"),
        ("questing", "25.10"), ("resolute", "26.04"),
    ],
    prefix_tags: false,
    config: ubuntu,
};

/// `CMD ["/bin/bash"]`, no ENTRYPOINT; PATH is Docker's default in the Launchpad builds (24.04
/// and older) and set explicitly, to the same value, by the rockcraft builds (26.04).
fn ubuntu(_version: &str, _flavor: &str, _dist: &str) -> Config {
    cfg(&[], &["/bin/bash"], &[PATH])
}

// fedora — github.com/fedora-cloud/docker-brew-fedora (a branch per release). Tags:
// docker-library/official-images library/fedora history (2013-12-24 … @04606934 2026-05-28; mirror
// HEAD 2026-08-22). Capped at 2026-03-02: state of library/fedora @865a0685 (2026-02-09: 42, 43 =
// latest, 44, 45 = rawhide); 44 became latest only on 2026-04-27. Record: repo-info
// repos/fedora/remote/latest.md @4d7f688a (44, build of 2026-08-26, 69396734 B: size of a later
// build). Only release numbers 20–45 (no point releases, no dated tags); `26-modular`, `modular`,
// `latest-modular` (2017) are the flavour `modular`.
const FEDORA: Repo = Repo {
    name: "docker.io/library/fedora",
    series: &[
        Series::only("20"), Series::only("21"), Series::only("22"), Series::only("23"), Series::only("24"), Series::only("25"), Series::only("26"),
        Series::only("27"), Series::only("28"), Series::only("29"), Series::only("30"), Series::only("31"), Series::only("32"), Series::only("33"),
        Series::only("34"), Series::only("35"), Series::only("36"), Series::only("37"), Series::only("38"), Series::only("39"), Series::only("40"),
        Series::only("41"), Series::only("42"), Series::only("43"), Series::only("44"), Series::only("45"),
    ],
    flavors: &[
        // curl: the container base ships curl(-minimal) (release history, not from a record).
        Variant::flavor("", "", "", 69_396_734, Os::Rpm, BASH | CURL, false),
        Variant::flavor("modular", "26", "26", 69_396_734, Os::Rpm, BASH | CURL, false), // size estimated
    ],
    dists: &[],
    // as of 2026-03-02
    named: &[("latest", "43"), ("rawhide", "45"), ("heisenbug", "20"), ("branched", "28")],
    prefix_tags: false,
    config: fedora,
};

/// `CMD ["/bin/bash"]`, `ENV DISTTAG=f<N>container FGC=f<N> FBR=f<N>` (rawhide: its number).
/// The ENV line dates from 2017 (F26); the last builds of older releases are given the same
/// pattern (not checked).
fn fedora(version: &str, _flavor: &str, _dist: &str) -> Config {
    let (tag, fgc, fbr) = (format!("DISTTAG=f{version}container"), format!("FGC=f{version}"), format!("FBR=f{version}"));
    cfg(&[], &["/bin/bash"], &[PATH, &tag, &fgc, &fbr])
}

// alpine — github.com/alpinelinux/docker-alpine. Tags: docker-library/official-images
// library/alpine history (2015-03-16 … @edde679d 2026-08-06), capped at 2026-03-02: state of
// @11469a99 (2026-01-27: 3.23.3 = 3 = latest, 3.22.3, 3.21.6, 3.20.9, edge = 20260127); later
// patches (3.20.10, 3.21.7+, 3.22.4+, 3.23.4+), 3.24 and later edge snapshots dropped. Records:
// repo-info repos/alpine/remote/latest.md @1746b587 (3.24.2, 3849738 B: size of a later build); the
// catalogue's alpine:3.23, 3.22, 3.21 records (builds of 2026-09-17). `edge` and the `YYYYMMDD`
// edge snapshots are one-version series. Left out: the one-day release candidates `3.15.0-rc.4` and
// `3.17.0_rc1`.
const ALPINE: Repo = Repo {
    name: "docker.io/library/alpine",
    series: &[
        Series::only("2.6"), Series::only("2.7"), Series::only("3.1"), Series::only("3.2"), Series::only("3.3"), Series::only("3.4"), Series::only("3.5"),
        Series::set("3.6", &[5]), Series::set("3.7", &[3]), Series::set("3.8", &[4, 5]), Series::range("3.9", 2, 6), Series::range("3.10", 0, 9),
        Series::set("3.11", &[0, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]), Series::range("3.12", 0, 12), Series::range("3.13", 0, 12), Series::range("3.14", 0, 10),
        Series::range("3.15", 0, 11), Series::range("3.16", 0, 9), Series::range("3.17", 0, 10), Series::set("3.18", &[0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        Series::range("3.19", 0, 9), Series::range("3.20", 0, 9), Series::range("3.21", 0, 6), Series::range("3.22", 0, 3), Series::set("3.23", &[0, 2, 3]),
        // edge snapshots
        Series::only("20190228"), Series::only("20190408"), Series::only("20190508"), Series::only("20190707"), Series::only("20190809"), Series::only("20190925"),
        Series::only("20191114"), Series::only("20191219"), Series::only("20200122"), Series::only("20200319"), Series::only("20200428"), Series::only("20200626"),
        Series::only("20200917"), Series::only("20201218"), Series::only("20210212"), Series::only("20210730"), Series::only("20210804"), Series::only("20220316"),
        Series::only("20220328"), Series::only("20220715"), Series::only("20221110"), Series::only("20230208"), Series::only("20230329"), Series::only("20230901"),
        Series::only("20231219"), Series::only("20240315"), Series::only("20240329"), Series::only("20240606"), Series::only("20240807"), Series::only("20240923"),
        Series::only("20250108"), Series::only("20251224"), Series::only("20260127"),
    ],
    flavors: &[Variant::flavor("", "", "", 3_849_738, Os::Alpine, WGET, false)],
    dists: &[],
    // as of 2026-03-02
    named: &[("latest", "3.23"), ("3", "3.23"), ("edge", "20260127")],
    // Only `3` (a named word here) exists as a one-part tag: no `2`.
    prefix_tags: false,
    config: alpine,
};

/// `CMD ["/bin/sh"]`, no ENV but the default PATH; unchanged since 2015.
fn alpine(_version: &str, _flavor: &str, _dist: &str) -> Config {
    cfg(&[], &["/bin/sh"], &[PATH])
}

// busybox — github.com/docker-library/busybox. Tags: docker-library/official-images library/busybox
// history (2013-09-17 … @aea914b4 2026-07-31), capped at 2026-03-02: state of @ed7f844a
// (2026-02-26: 1.37.0 = 1 = unstable = latest, 1.36.1 = stable); 1.38 dropped. Records: repo-info
// repos/busybox/remote/{latest,musl,uclibc}.md @01a70542 (1.38.0: glibc 2226327 B, musl 886160 B,
// uclibc 773906 B: sizes of a later build). `-ubuntu` (1.21.0, 2015): docker-library/busybox
// ubuntu/Dockerfile @3bf65558 (Ubuntu's busybox-static on scratch). `latest`, `1`, `unstable` are
// 1.37 and `stable` is 1.36 as of 2026-03-02. Left out: `ubuntu-12.04`, `ubuntu-14.04`,
// `buildroot-2013.08.1`, `buildroot-2014.02` (2014–2015 tags with no version).
const BUSYBOX: Repo = Repo {
    name: "docker.io/library/busybox",
    series: &[
        Series::set("1.21", &[0]), Series::set("1.23", &[2]), Series::range("1.24", 0, 2), Series::range("1.25", 0, 1), Series::range("1.26", 0, 2),
        Series::range("1.27", 0, 2), Series::range("1.28", 0, 4), Series::range("1.29", 1, 3), Series::range("1.30", 0, 1), Series::range("1.31", 0, 1),
        Series::range("1.32", 0, 1), Series::range("1.33", 0, 1), Series::range("1.34", 0, 1), Series::set("1.35", &[0]), Series::range("1.36", 0, 1),
        Series::set("1.37", &[0]),
    ],
    flavors: &[
        // The default is the glibc build since 2022-12 (uclibc before).
        Variant::flavor("", "1.23.2", "", 2_226_327, Os::Busybox, WGET, false),
        Variant::flavor("glibc", "1.24.1", "", 2_226_327, Os::Busybox, WGET, false),
        Variant::flavor("musl", "1.24.1", "", 886_160, Os::Busybox, WGET, false),
        Variant::flavor("uclibc", "1.24.1", "", 773_906, Os::Busybox, WGET, false),
        Variant::flavor("ubuntu", "1.21.0", "1.21.0", 1_200_000, Os::Busybox, WGET, false), // size estimated
    ],
    dists: &[],
    // as of 2026-03-02
    named: &[("latest", "1.37"), ("1", "1.37"), ("unstable", "1.37"), ("stable", "1.36")],
    // Only `1` (a named word here) exists as a one-part tag.
    prefix_tags: false,
    config: busybox,
};

/// `CMD ["sh"]`, no ENV but the default PATH; every flavour, every version.
fn busybox(_version: &str, _flavor: &str, _dist: &str) -> Config {
    cfg(&[], &["sh"], &[PATH])
}

// bash — github.com/tianon/docker-bash (every image FROM alpine). Tags:
// docker-library/official-images library/bash history (2016-10-04 … @39bccf8e 2026-08-18), capped
// at 2026-03-02: state of @47a0a57a (2026-02-24: 5.3.9 = 5 = latest on alpine3.23, the older series
// on alpine3.22); 5.3.12+ and `-alpine3.24` dropped. Record: repo-info repos/bash/remote/latest.md
// @168b4fdb (5.3.20 on alpine 3.24.1, 6796233 B: size of a later build, used for every flavour).
// Config: tianon/docker-bash @cd784eb5 */Dockerfile and the history of their ENV lines (templating
// 7d80c7c, entrypoint bdf5b9d 2017-02-08). Plain tags are the image of the version's current
// `-alpine3.N` tag. Left out: `devel`, `devel-alpine3.N` and the dated `devel-YYYYMMDD[-alpine3.N]`
// snapshots, and the pre-releases (`5.2-rc1`, `5.3-alpha-alpine3.21`, `rc`, `rc-alpine3.N`, …),
// which have no patchlevel version.
const BASH_REPO: Repo = Repo {
    name: "docker.io/library/bash",
    series: &[
        Series::set("3.0", &[22]), Series::set("3.1", &[23]), Series::set("3.2", &[57]), Series::set("4.0", &[44]), Series::set("4.1", &[17]),
        Series::set("4.2", &[53]), Series::set("4.3", &[48]), Series::set("4.4", &[0, 5, 7, 11, 12, 18, 19, 23]),
        Series::set("5.0", &[0, 2, 3, 7, 9, 11, 16, 17, 18]), Series::set("5.1", &[0, 4, 8, 12, 16]),
        Series::set("5.2", &[0, 2, 9, 12, 15, 21, 26, 32, 37]), Series::set("5.3", &[0, 3, 8, 9]),
    ],
    // `-alpine3.N` since 2021-08; each covers the versions built on it (the old series' one
    // version each, then 5.x as listed), so a few old patchlevels are accepted too.
    flavors: &[
        Variant::flavor("", "", "", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.12", "", "5.1.8", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.14", "", "5.1.16", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.15", "", "5.2.9", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.16", "", "5.2.15", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.17", "", "5.2.15", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.18", "", "5.2.21", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.19", "", "5.2.26", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.20", "", "5.2.37", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.21", "", "5.2.37", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.22", "", "5.3.8", 6_796_233, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.23", "5.3.8", "", 6_796_233, Os::Alpine, BASH | WGET, false),
    ],
    dists: &[],
    named: &[("latest", "5.3")], // as of 2026-03-02 (5.3.9)
    prefix_tags: true,
    config: bash,
};

/// `ENTRYPOINT ["docker-entrypoint.sh"]` (not in builds before 2017-02-08: 4.4.0–4.4.11),
/// `CMD ["bash"]`. ENV: `_BASH_VERSION=<version>`, `_BASH_BASELINE` (the newest
/// `bash-X.Y.P` tarball at or below the patchlevel, else `X.Y`), `_BASH_BASELINE_PATCH` (with a
/// patchlevel tarball), `_BASH_LATEST_PATCH` (patchlevel > 0). Builds frozen before the
/// 2020-09 templating (4.4.0–4.4.19, 5.0.0–5.0.17) carry the old ENV: `_BASH_GPG_KEY`,
/// `_BASH_VERSION=X.Y`, `_BASH_PATCH_LEVEL`, `_BASH_LATEST_PATCH`.
fn bash(version: &str, _flavor: &str, _dist: &str) -> Config {
    let (series, patch) = version.rsplit_once('.').unwrap_or((version, "0"));
    let p: u32 = patch.parse().unwrap_or(0);
    let tarballs: &[u32] = match series {
        "3.0" => &[16],
        "3.2" => &[57],
        "4.2" => &[53],
        "4.3" => &[30],
        "4.4" => &[12, 18],
        "5.1" => &[8, 12, 16],
        "5.2" => &[9, 15, 21, 32, 37],
        _ => &[],
    };
    let base = tarballs.iter().rev().copied().find(|t| *t <= p);
    let mut env = vec![PATH.to_string()];
    if (series == "4.4" && p < 23) || (series == "5.0" && p < 18) {
        env.push("_BASH_GPG_KEY=7C0135FB088AAF6C66C650B9BB5869F064EA74AB".to_string());
        env.push(format!("_BASH_VERSION={series}"));
        env.push(format!("_BASH_PATCH_LEVEL={}", base.unwrap_or(0)));
        env.push(format!("_BASH_LATEST_PATCH={p}"));
    } else {
        env.push(format!("_BASH_VERSION={version}"));
        match base {
            Some(b) => env.extend([format!("_BASH_BASELINE={series}.{b}"), format!("_BASH_BASELINE_PATCH={b}")]),
            None => env.push(format!("_BASH_BASELINE={series}")),
        }
        if p > 0 {
            env.push(format!("_BASH_LATEST_PATCH={p}"));
        }
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint: &[&str] = if series == "4.4" && p < 12 { &[] } else { &["docker-entrypoint.sh"] };
    cfg(entrypoint, &["bash"], &env)
}
