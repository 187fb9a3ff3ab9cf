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

pub(super) static REPOS: &[Repo] = &[PERL, NGINX, HTTPD, PYTHON, NODE, DEBIAN, UBUNTU, FEDORA, ALPINE, BUSYBOX, BASH_REPO, REDIS, POSTGRES, MYSQL, MARIADB, MONGO, MEMCACHED, GOLANG, RABBITMQ, TRAEFIK, HAPROXY, CURL_IMAGE];

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


// redis — github.com/docker-library/redis (2014 … 2024-07), then github.com/redis/docker-library-redis
// (7.4.0 on; 8.x from its `debian`/`alpine` directories). Tags: docker-library/official-images
// library/redis history (2014-06-04 … 2026-02-23 @55e2ed7e, the last change on or before 2026-03-02:
// 8.6.1 = 8 = latest on trixie and alpine3.23, 8.4.2, 8.2.5, 8.0.6, 7.4.8 = 7, 7.2.13, 6.2.21 = 6).
// Every variant below is the exact set of versions that carried it (one entry per run of versions;
// Docker Hub keeps a tag after it stops moving). Records (repo-info repos/redis/remote, linux/amd64):
// maxmood96/repo-info (a mirror of docker-library/repo-info) 8.6.0.md @a46e9989 (trixie, 53223493 B),
// 8.6.0-alpine.md @a46e9989 (alpine 3.23, 34424372 B), both builds of 2026-02-10; 32bit: the
// `redis:32bit` record of a 2019 build (5.0 on buster, 40509189 B). Left out: the Windows tags
// (`3.0.504-windowsservercore`, `3.2.100-nanoserver`, 2017), and every pre-release (`rc`,
// `5.0-rc3`, `7.4-rc2-alpine`, `8.0-M04-bookworm`, `8.6-rc1-trixie`, …), which have no patch
// version; none was current on 2026-03-02. `32bit`, `32bit-buster`, `alpine3.21`, `8-alpine3.21`,
// `alpine3.22` and `8-alpine3.22` stand here for the newest build with the variant (5.0.14, 8.0.6,
// 8.4.2); Docker Hub's froze when `latest` moved on (5.0.9 in 2020-04, 8.0.3 in 2025-07, 8.4.0 in
// 2026-01).
const REDIS: Repo = Repo {
    name: "docker.io/library/redis",
    series: &[
        Series::range("2.6", 17, 17), Series::range("2.8", 6, 23), Series::range("3.0", 0, 7), Series::range("3.2", 0, 12),
        Series::set("4.0", &[0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]), Series::range("5.0", 0, 14), Series::range("6.0", 0, 20),
        Series::set("6.2", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21]), Series::range("7.0", 0, 15),
        Series::range("7.2", 0, 13), Series::range("7.4", 0, 8), Series::range("8.0", 0, 6), Series::range("8.2", 0, 5), Series::range("8.4", 0, 2),
        Series::range("8.6", 0, 1),
    ],
    flavors: &[
        Variant::flavor("", "", "", 53_223_493, Os::Debian, BASH, true),
        Variant::flavor("32bit", "3.0.2", "5.0.14", 40_509_189, Os::Debian, BASH, true),
        Variant::flavor("32bit", "2.8.21", "2.8.23", 40_509_189, Os::Debian, BASH, true),
        Variant::flavor("32bit", "2.6.17", "2.6.17", 40_509_189, Os::Debian, BASH, true),
        Variant::flavor("alpine", "3.0.6", "", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "8.6.0", "", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "8.2.0", "8.4.2", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "7.4.2", "8.0.6", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.21", "7.2.7", "7.2.13", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "6.2.17", "6.2.21", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "7.4.0", "7.4.1", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.20", "7.2.5", "7.2.6", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "7.0.15", "7.0.15", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.20", "6.2.14", "6.2.16", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "7.2.3", "7.2.5", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.19", "7.0.14", "7.0.15", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "6.2.14", "6.2.14", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.19", "6.0.20", "6.0.20", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "7.2.0", "7.2.3", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.18", "7.0.11", "7.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "6.2.12", "6.2.14", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.18", "6.0.19", "6.0.20", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "7.0.5", "7.0.11", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.17", "6.2.7", "6.2.12", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "6.0.16", "6.0.19", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "7.0.0", "7.0.5", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.16", "6.2.7", "6.2.7", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "6.0.16", "6.0.16", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.16", "5.0.14", "5.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "7.0.0", "7.0.0", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.15", "6.2.6", "6.2.7", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "6.0.16", "6.0.16", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.15", "5.0.14", "5.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "6.2.4", "6.2.6", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.14", "6.0.14", "6.0.16", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "5.0.12", "5.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "6.2.0", "6.2.4", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.13", "6.0.10", "6.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "5.0.10", "5.0.12", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.12", "6.0.4", "6.0.10", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.12", "5.0.9", "5.0.10", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.11", "6.0.0", "6.0.4", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.11", "5.0.7", "5.0.9", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.11", "4.0.14", "4.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.10", "5.0.5", "5.0.7", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.10", "4.0.14", "4.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.9", "5.0.3", "5.0.5", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.9", "4.0.12", "4.0.14", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.8", "5.0.0", "5.0.3", REDIS_ALPINE, Os::Alpine, WGET, false), Variant::flavor("alpine3.8", "4.0.10", "4.0.12", REDIS_ALPINE, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.8", "3.2.12", "3.2.12", REDIS_ALPINE, Os::Alpine, WGET, false),
    ],
    // Newest run first: the first entry of a suffix that covers a candidate decides.
    dists: &[
        Variant::dist("trixie", "8.4.1", ""),
        Variant::dist("bookworm", "7.0.11", "8.4.0"), Variant::dist("bookworm", "6.2.12", "6.2.21"), Variant::dist("bookworm", "6.0.19", "6.0.20"),
        Variant::dist("bullseye", "7.0.0", "7.0.11"), Variant::dist("bullseye", "6.2.6", "6.2.12"), Variant::dist("bullseye", "6.0.16", "6.0.19"),
        Variant::dist("bullseye", "5.0.14", "5.0.14"),
        Variant::dist("buster", "6.2.0", "6.2.6"), Variant::dist("buster", "5.0.5", "6.0.16"), Variant::dist("buster", "4.0.14", "4.0.14"),
        Variant::dist("stretch", "4.0.10", "5.0.5"), Variant::dist("stretch", "3.2.12", "3.2.12"),
    ],
    // as of 2026-03-02 (8.6.1; `8`, `7`, `6` … by the prefix rule).
    named: &[("latest", "8.6")],
    prefix_tags: true,
    config: redis,
};

const REDIS_ALPINE: u64 = 34_424_372;

/// The `GOSU_VERSION` of a redis build (series, patch), as in the Dockerfile at the tag's last
/// official-images GitCommit; alpine builds used su-exec (no gosu) from 3.0.7 until the 2023-11
/// rebuilds, and 8.x uses setpriv.
fn redis_gosu(series: &str, p: u32, alpine: bool) -> Option<&'static str> {
    if alpine {
        return match (series, p) {
            ("3.0", 6) => Some("1.7"),
            ("6.0", 20) | ("6.2", 14..) | ("7.0", 14..) | ("7.2", 3..) | ("7.4", _) => Some("1.17"),
            _ => None,
        };
    }
    Some(match (series, p) {
        ("2.8", 23) | ("3.2", ..=8) => "1.7",
        ("3.0", 7) | ("3.2", _) | ("4.0", ..=13) | ("5.0", ..=4) => "1.10",
        ("5.0", ..=7) => "1.11",
        ("4.0", _) | ("5.0", ..=13) | ("6.0", ..=15) | ("6.2", ..=5) => "1.12",
        ("5.0", _) | ("6.0", 16) | ("6.2", ..=9) | ("7.0", ..=7) => "1.14",
        ("6.0", ..=19) | ("6.2", ..=13) | ("7.0", ..=13) | ("7.2", ..=2) => "1.16",
        ("6.0" | "6.2" | "7.0" | "7.2" | "7.4", _) => "1.17",
        _ => return None,
    })
}

/// `ENTRYPOINT ["docker-entrypoint.sh"]` (`/entrypoint.sh` in the 2.6.17–2.8.22 and 3.0.0–3.0.6
/// builds), `CMD ["redis-server"]`, EXPOSE 6379, WORKDIR `/data`; every variant. ENV, per the
/// Dockerfile at each tag's last GitCommit (docker-library/redis, redis/docker-library-redis; the
/// 2025–2026 commits of the latter from the repo-info records of their builds): up to 7.4, PATH,
/// GOSU_VERSION (see `redis_gosu`; alpine 3.0.6 also GOSU_GPG_KEY), REDIS_VERSION,
/// REDIS_DOWNLOAD_URL (download.redis.io) and REDIS_DOWNLOAD_SHA1 (builds before 2016-02: up to
/// 3.0.6 and 3.2.0–3.2.8) or REDIS_DOWNLOAD_SHA. 8.x: no REDIS_VERSION and no gosu; 8.0.0–8.0.5,
/// 8.2.0–8.2.3 and 8.4.0 set REDIS_DOWNLOAD_URL (the GitHub archive) and REDIS_DOWNLOAD_SHA, the
/// builds of 2026-02-10 on (8.0.6, 8.2.4+, 8.4.1+, 8.6) only PATH (ARGs instead; 8.2.4 inferred
/// from its batch). The hash is one version's for every version of its kind: 7.4.8's
/// (redis 7-bookworm record, build of 2026-02-24), 3.2.8's SHA1 (docker-library/redis
/// 3.2/Dockerfile @3f926a47), 8.4.0's (records of its builds). The last `-stretch` builds kept
/// gosu 1.10, the last `-buster` ones 1.12, and `-alpine3.18` had none.
fn redis(version: &str, flavor: &str, dist: &str) -> Config {
    let (series, patch) = version.rsplit_once('.').unwrap_or((version, "0"));
    let p: u32 = patch.parse().unwrap_or(0);
    let alpine = flavor.starts_with("alpine");
    let old_entrypoint = series == "2.6" || (series == "2.8" && p < 23) || (series == "3.0" && p < 7);
    let mut env = vec![PATH.to_string()];
    if series.starts_with("8.") {
        if matches!((series, p), ("8.0", ..=5) | ("8.2", ..=3) | ("8.4", 0)) {
            env.push(format!("REDIS_DOWNLOAD_URL=https://github.com/redis/redis/archive/refs/tags/{version}.tar.gz"));
            env.push("REDIS_DOWNLOAD_SHA=b947d9015622669b5bee8ec954f658b3278d42dbefae23a92d9b7704bfe143f9".to_string());
        }
    } else {
        if alpine && version == "3.0.6" {
            env.push("GOSU_GPG_KEY=B42F6819007F00F88E364FD4036A9C25BF357DD4".to_string());
        }
        // The `-stretch`/`-buster` builds froze before the next gosu; `-alpine3.18` ones before
        // alpine got gosu.
        let gosu = match (redis_gosu(series, p, alpine), dist) {
            _ if flavor == "alpine3.18" => None,
            (Some(_), "stretch") => Some("1.10"),
            (Some("1.14"), "buster") => Some("1.12"),
            (g, _) => g,
        };
        if let Some(gosu) = gosu {
            env.push(format!("GOSU_VERSION={gosu}"));
        }
        env.push(format!("REDIS_VERSION={version}"));
        env.push(format!("REDIS_DOWNLOAD_URL=http://download.redis.io/releases/redis-{version}.tar.gz"));
        let sha1 = compare(version, "3.0.7").is_lt() || (series == "3.2" && p <= 8);
        env.push(if sha1 {
            "REDIS_DOWNLOAD_SHA1=6780d1abb66f33a97aad0edbe020403d0a15b67f".to_string()
        } else {
            "REDIS_DOWNLOAD_SHA=f6773cb7d63be236c59c2917a82f1f08e47b77d89b2f0c9f53becb22b8ea4172".to_string()
        });
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint = if old_entrypoint { "/entrypoint.sh" } else { "docker-entrypoint.sh" };
    cfg(&[entrypoint], &["redis-server"], &env).ports(&[6379]).workdir("/data")
}


// postgres — github.com/docker-library/postgres. Tags: docker-library/official-images library/postgres
// history (2014-06-04 … 2026-02-26 @a7e62f56, the last change on or before 2026-03-02: 18.3 = 18 =
// latest, 17.9, 16.13, 15.17, 14.22, each on trixie, bookworm, alpine3.23 and alpine3.22; 13 reached
// its end at 13.23 in 2025-11). Versions are X.Y.Z up to 9.6 and X.Y from 10. Every variant below is the
// exact set of versions that carried it (one entry per run of versions, newest first). 10.22–10.23
// and 11.17–11.22 had no plain tag (`10` stopped at 10.21, `11` at 11.16), only `-bullseye`
// (and `-bookworm` for 11.20–11.22): the flavours `bullseye`/`bookworm` before the older default
// runs carry them. Records (linux/amd64): maxmood96/repo-info (a mirror of docker-library/repo-info)
// repos/postgres/remote/18.3.md @26d1fa58 (trixie, build of 2026-04-22, 162293153 B); the
// `postgres:alpine` record of the build of 2025-09-08 (17.6 on alpine 3.22, 113071635 B): sizes of
// other builds. Left out: pre-releases (`9.5-alpha1`, `9.6-beta4`, `10-rc1`, `18beta3-trixie`,
// `18rc1-alpine3.22`, …; none current on 2026-03-02). `9-alpine` and `8-alpine` never existed but
// the prefix rule accepts them.
const POSTGRES: Repo = Repo {
    name: "docker.io/library/postgres",
    series: &[
        Series::range("8.4", 22, 22), Series::range("9.0", 18, 22), Series::range("9.1", 14, 24), Series::range("9.2", 9, 23), Series::range("9.3", 4, 25),
        Series::range("9.4", 0, 26), Series::range("9.5", 0, 25), Series::range("9.6", 0, 24), Series::range("10", 0, 23), Series::range("11", 0, 22),
        Series::range("12", 0, 22), Series::range("13", 0, 23), Series::range("14", 0, 22), Series::range("15", 0, 17), Series::range("16", 0, 13),
        Series::range("17", 0, 9), Series::range("18", 0, 3),
    ],
    flavors: &[
        Variant::flavor("", "12.0", "", 162_293_153, Os::Debian, BASH, true),
        Variant::flavor("bullseye", "11.17", "11.22", 162_293_153, Os::Debian, BASH, false),
        Variant::flavor("bookworm", "11.20", "11.22", 162_293_153, Os::Debian, BASH, false),
        Variant::flavor("bullseye", "10.22", "10.23", 162_293_153, Os::Debian, BASH, false),
        Variant::flavor("", "11.0", "11.16", 162_293_153, Os::Debian, BASH, true),
        Variant::flavor("", "8.4.22", "10.21", 162_293_153, Os::Debian, BASH, true),
        Variant::flavor("alpine", "9.6.1", "", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine", "9.5.5", "9.5.25", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine", "9.4.10", "9.4.26", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine", "9.3.15", "9.3.25", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine", "9.2.19", "9.2.23", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.23", "18.1", "", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.23", "17.7", "17.9", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.23", "16.11", "16.13", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.23", "15.15", "15.17", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.23", "14.20", "14.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.22", "17.5", "", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.22", "16.9", "16.13", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.22", "15.13", "15.17", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.22", "14.18", "14.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.22", "13.21", "13.23", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.21", "18.0", "18.1", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.21", "17.2", "17.7", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.21", "16.6", "16.11", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.21", "15.10", "15.15", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.21", "14.15", "14.20", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.21", "13.18", "13.23", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.21", "12.22", "12.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.20", "17.0", "17.5", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.20", "16.3", "16.9", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.20", "15.7", "15.13", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.20", "14.12", "14.18", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.20", "13.15", "13.21", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.20", "12.19", "12.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.19", "17.0", "17.2", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.19", "16.1", "16.6", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.19", "15.5", "15.10", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.19", "14.10", "14.15", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.19", "13.13", "13.18", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.19", "12.17", "12.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.19", "11.22", "11.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.18", "16.0", "16.3", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.18", "15.3", "15.7", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.18", "14.8", "14.12", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.18", "13.11", "13.15", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.18", "12.15", "12.19", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.18", "11.20", "11.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.17", "16.0", "16.1", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.17", "15.1", "15.5", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.17", "14.6", "14.10", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.17", "13.9", "13.13", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.17", "12.13", "12.17", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.17", "11.18", "11.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.16", "15.0", "15.1", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.16", "14.3", "14.6", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.16", "13.7", "13.9", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.16", "12.11", "12.13", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.16", "11.16", "11.18", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.16", "10.21", "10.23", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.15", "14.1", "14.3", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.15", "13.5", "13.7", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.15", "12.9", "12.11", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.15", "11.14", "11.16", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.15", "10.19", "10.21", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.15", "9.6.24", "9.6.24", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.14", "14.0", "14.1", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.14", "13.3", "13.5", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.14", "12.7", "12.9", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.14", "11.12", "11.14", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.14", "10.17", "10.19", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.14", "9.6.22", "9.6.24", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.13", "13.3", "13.3", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.13", "12.7", "12.7", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.13", "11.12", "11.12", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false), Variant::flavor("alpine3.13", "10.17", "10.17", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
        Variant::flavor("alpine3.13", "9.6.22", "9.6.22", POSTGRES_ALPINE, Os::Alpine, BASH | WGET, false),
    ],
    // Newest run first: the first entry of a suffix that covers a candidate decides.
    dists: &[
        Variant::dist("trixie", "17.5", ""), Variant::dist("trixie", "16.9", "16.13"), Variant::dist("trixie", "15.13", "15.17"), Variant::dist("trixie", "14.18", "14.22"),
        Variant::dist("trixie", "13.21", "13.23"),
        Variant::dist("bookworm", "15.3", ""), Variant::dist("bookworm", "14.8", "14.22"), Variant::dist("bookworm", "13.11", "13.23"), Variant::dist("bookworm", "12.15", "12.22"),
        Variant::dist("bookworm", "11.20", "11.22"),
        Variant::dist("bullseye", "17.0", "17.5"), Variant::dist("bullseye", "16.0", "16.9"), Variant::dist("bullseye", "15.0", "15.13"), Variant::dist("bullseye", "14.0", "14.18"),
        Variant::dist("bullseye", "13.4", "13.21"), Variant::dist("bullseye", "12.8", "12.22"), Variant::dist("bullseye", "11.13", "11.22"), Variant::dist("bullseye", "10.18", "10.23"),
        Variant::dist("bullseye", "9.6.23", "9.6.24"),
        Variant::dist("buster", "13.3", "13.4"), Variant::dist("buster", "12.7", "12.8"), Variant::dist("buster", "11.12", "11.13"), Variant::dist("buster", "10.17", "10.18"),
        Variant::dist("buster", "9.6.22", "9.6.23"),
        Variant::dist("stretch", "11.12", "11.16"), Variant::dist("stretch", "10.17", "10.21"), Variant::dist("stretch", "9.6.22", "9.6.24"),
    ],
    // as of 2026-03-02 (18.3; `17` … `8`, `9.6` … by the prefix rule).
    named: &[("latest", "18")],
    prefix_tags: true,
    config: postgres,
};

const POSTGRES_ALPINE: u64 = 113_071_635;

/// Whether `version` is at or after its series' entry in `firsts` (the first version of each series
/// built after a Dockerfile change); a series newer than every entry is after it, an older one before.
fn since_first(version: &str, firsts: &[&str]) -> bool {
    let series = |v: &str| v.rsplit_once('.').map_or(v, |(s, _)| s).to_string();
    match firsts.iter().find(|f| series(f) == series(version)) {
        Some(first) => compare(version, first).is_ge(),
        None => firsts.last().is_some_and(|last| compare(version, last).is_gt()),
    }
}

/// The first value of `levels` (newest first) whose change the version's build has.
fn postgres_level(version: &str, levels: &[(&'static str, &[&str])]) -> Option<&'static str> {
    levels.iter().find(|(_, firsts)| since_first(version, firsts)).map(|(value, _)| *value)
}

const POSTGRES_GOSU_1_19: &[&str] = &["13.22", "14.19", "15.14", "16.10", "17.6", "18.0"];

/// `ENTRYPOINT ["docker-entrypoint.sh"]` (`/docker-entrypoint.sh` before the 2017-02 builds),
/// `CMD ["postgres"]`, EXPOSE 5432, STOPSIGNAL SIGINT since the 2020-08 builds (9.5.23, 9.6.19,
/// 10.14, 11.9, 12.4, 13+). ENV per the Dockerfile at each tag's last official-images GitCommit
/// (docker-library/postgres), the change points as the first version of each series that had them:
/// PATH (`/usr/lib/postgresql/<major>/bin` first before the 2017-08 builds, last after; alpine: not at
/// all after), GOSU_VERSION (debian 1.7 … 1.19; alpine only since 2024-05), LANG, PG_MAJOR,
/// PG_VERSION (debian: `<v>-1.pgdg<N>+1`, N the Debian release of the build, `13`/`12` instead of
/// `130`/`120` since 2025-08; the package revisions `-2.`, `+2` of some builds are not modelled;
/// alpine: the version), alpine PG_SHA256 (18.3's, docker-library/postgres
/// 18/alpine3.23/Dockerfile @6edb0a8c, for every version), OSSP_UUID_VERSION/SHA256 (alpine 9.2.20+,
/// 9.3.16+), DOCKER_PG_LLVM_DEPS (alpine since 2023-05), PGDATA (`/var/lib/postgresql/18/docker` for
/// 18). 9.3.4 (2014, built from source): PATH, PGDATA, WORKDIR `/usr/src/postgres`.
fn postgres(version: &str, flavor: &str, dist: &str) -> Config {
    const P: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    let since = |firsts: &[&str]| since_first(version, firsts);
    let major = version.rsplit_once('.').map_or(version, |(s, _)| s);
    let alpine = flavor.starts_with("alpine");
    let pgdata = if major == "18" { "PGDATA=/var/lib/postgresql/18/docker".to_string() } else { "PGDATA=/var/lib/postgresql/data".to_string() };
    let entrypoint = if since(&["9.2.20", "9.3.16", "9.4.11", "9.5.6", "9.6.2"]) { "docker-entrypoint.sh" } else { "/docker-entrypoint.sh" };
    if version == "9.3.4" {
        let path = format!("PATH={P}:/usr/local/pgsql/bin:/usr/local/mysql/scripts");
        return cfg(&["/usr/src/postgres/docker-entrypoint.sh"], &["postgres"], &[&path, &pgdata]).ports(&[5432]).workdir("/usr/src/postgres");
    }
    let path_last = since(&["9.3.19", "9.4.14", "9.5.9", "9.6.5"]);
    let mut env = vec![match (alpine, path_last) {
        (_, false) => format!("PATH=/usr/lib/postgresql/{major}/bin:{P}"),
        (true, true) => format!("PATH={P}"),
        (false, true) => format!("PATH={P}:/usr/lib/postgresql/{major}/bin"),
    }];
    let gosu = if flavor == "alpine3.18" {
        None // frozen before alpine got gosu
    } else if alpine {
        postgres_level(version, &[("1.19", POSTGRES_GOSU_1_19), ("1.17", &["12.19", "13.15", "14.12", "15.7", "16.3", "17.0"])])
    } else {
        postgres_level(
            version,
            &[
                ("1.19", POSTGRES_GOSU_1_19),
                ("1.17", &["12.18", "13.14", "14.11", "15.6", "16.2", "17.0"]),
                ("1.16", &["11.18", "12.13", "13.9", "14.6", "15.1", "16.0"]),
                ("1.14", &["9.6.24", "10.19", "11.14", "12.9", "13.5", "14.1", "15.0"]),
                ("1.12", &["9.5.21", "9.6.17", "10.12", "11.7", "12.2", "13.0", "14.0"]),
                ("1.11", &["9.4.20", "9.5.15", "9.6.11", "10.6", "11.1", "12.0"]),
                ("1.10", &["9.2.23", "9.3.19", "9.4.14", "9.5.9", "9.6.5", "10.0", "11.0"]),
                ("1.7", &["9.1.20", "9.2.15", "9.3.11", "9.4.6", "9.5.1", "9.6.0"]),
            ],
        )
    };
    if let Some(g) = gosu {
        env.push(format!("GOSU_VERSION={g}"));
    }
    env.push("LANG=en_US.utf8".to_string());
    env.push(format!("PG_MAJOR={major}"));
    if alpine {
        env.push(format!("PG_VERSION={version}"));
        env.push("PG_SHA256=d95663fbbf3a80f81a9d98d895266bdcb74ba274bcc04ef6d76630a72dee016f".to_string());
        if since(&["9.2.20", "9.3.16"]) && compare(version, "9.4").is_lt() {
            env.push("OSSP_UUID_VERSION=1.6.2".to_string());
            env.push("OSSP_UUID_SHA256=11a615225baa5f8bb686824423f50e4427acd3f70d394765bdff32801f0fd5b0".to_string());
        }
        let llvm = postgres_level(
            version,
            &[("llvm19-dev \t\tclang19", &["12.22", "13.18", "14.15", "15.10", "16.6", "17.2", "18.0"]), ("llvm15-dev \t\tclang15", &["11.20", "12.15", "13.11", "14.8", "15.3", "16.0"])],
        );
        if let Some(l) = llvm {
            env.push(format!("DOCKER_PG_LLVM_DEPS={l}"));
        }
    } else {
        let deb = if dist.is_empty() { flavor } else { dist };
        let code = match deb {
            "trixie" => "130",
            "bookworm" => "120",
            "bullseye" => "110",
            "buster" => "100",
            "stretch" => "90",
            _ => postgres_level(
                version,
                &[
                    ("130", &["13.21", "14.18", "15.13", "16.9", "17.5", "18.0"]),
                    ("120", &["11.20", "12.15", "13.11", "14.8", "15.3", "16.0"]),
                    ("110", &["10.22", "11.17", "12.8", "13.4", "14.0", "15.0"]),
                    ("100", &["12.0", "13.0"]),
                    ("90", &["9.3.22", "9.4.17", "9.5.12", "9.6.8", "10.0", "11.0"]),
                    ("80", &["9.0.22", "9.1.18", "9.2.13", "9.3.9", "9.4.4", "9.5.0"]),
                ],
            )
            .unwrap_or("70"),
        };
        let code = match code {
            "130" | "120" if since(POSTGRES_GOSU_1_19) => &code[..2],
            c => c,
        };
        env.push(format!("PG_VERSION={version}-1.pgdg{code}+1"));
    }
    env.push(pgdata);
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let c = cfg(&[entrypoint], &["postgres"], &env).ports(&[5432]);
    if since(&["9.5.23", "9.6.19", "10.14", "11.9", "12.4", "13.0"]) { c.stop("SIGINT") } else { c }
}


// mysql — github.com/docker-library/mysql (2014: docker-library/docker-mysql). Tags:
// docker-library/official-images library/mysql history (2014-06-04 … 2026-01-21 @aa826be4, the last
// change on or before 2026-03-02: 9.6.0 = 9 = innovation = latest, 8.4.8 = 8 = lts, 8.0.45; the default
// builds are on Oracle Linux 9 (`-oracle`, `-oraclelinux9`), 8.0 also on Debian (`-bookworm`,
// `-debian`)). The default tags were Debian builds up to 5.7.37 and 8.0.28 and Oracle Linux ones since
// (5.7.38, 8.0.29). Every variant below is the exact set of versions that carried it. Records
// (linux/amd64): maxmood96/repo-info (a mirror of docker-library/repo-info) repos/mysql/remote/9.6.0.md
// @081bf72f (Oracle Linux 9, build of 2026-01-21, 266374976 B); a `mysql:8.0-debian` record (bookworm,
// 179125891 B). Left out: the pre-release suffixes of 2014–2018 (`5.7.4-m14`, `5.7.5-m15`,
// `5.7.6-m16`, `5.7.7-rc`, `5.7.8-rc`, `8.0.4-rc`; their plain version tags are kept). `debian`,
// `8-debian` and `5-debian` stand here for the newest build with the variant; Docker Hub's froze on
// 2023-07-21 (8.0.34, 5.7.43). `innovation-oraclelinux8` (8.3.0, 2024) is not accepted: `innovation`
// names 9.x only.
const MYSQL: Repo = Repo {
    name: "docker.io/library/mysql",
    series: &[
        Series::range("5.5", 40, 62),
        Series::set("5.6", &[17, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51]),
        Series::range("5.7", 4, 44),
        Series::set("8.0", &[0, 1, 2, 3, 4, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]),
        Series::range("8.1", 0, 0), Series::range("8.2", 0, 0), Series::range("8.3", 0, 0), Series::range("8.4", 0, 8), Series::range("9.0", 0, 1),
        Series::range("9.1", 0, 0), Series::range("9.2", 0, 0), Series::range("9.3", 0, 0), Series::range("9.4", 0, 0), Series::range("9.5", 0, 0),
        Series::range("9.6", 0, 0),
    ],
    flavors: &[
        Variant::flavor("", "8.0.29", "", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("", "8.0.0", "8.0.28", MYSQL_DEBIAN, Os::Debian, BASH, false),
        Variant::flavor("", "5.7.38", "5.7.44", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("", "5.5.40", "5.7.37", MYSQL_DEBIAN, Os::Debian, BASH, false),
        Variant::flavor("oracle", "8.0.28", "", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oracle", "5.7.37", "5.7.44", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oraclelinux9", "8.4.0", "", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oraclelinux9", "8.0.37", "8.0.45", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oraclelinux8", "8.2.0", "8.4.0", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oraclelinux8", "8.0.35", "8.0.37", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("oraclelinux7", "5.7.44", "5.7.44", MYSQL_ORACLE, Os::Rpm, BASH | CURL, false),
        Variant::flavor("debian", "8.0.28", "8.0.45", MYSQL_DEBIAN, Os::Debian, BASH, false),
        Variant::flavor("debian", "5.7.37", "5.7.42", MYSQL_DEBIAN, Os::Debian, BASH, false),
        Variant::flavor("bookworm", "8.0.36", "8.0.45", MYSQL_DEBIAN, Os::Debian, BASH, false),
        Variant::flavor("bullseye", "8.0.35", "8.0.36", MYSQL_DEBIAN, Os::Debian, BASH, false),
    ],
    dists: &[],
    // as of 2026-03-02 (`8` is 8.4.8 and `5` 5.7.44 by the prefix rule).
    named: &[("latest", "9.6"), ("innovation", "9.6"), ("lts", "8.4")],
    prefix_tags: true,
    config: mysql,
};

const MYSQL_ORACLE: u64 = 266_374_976;
const MYSQL_DEBIAN: u64 = 179_125_891;


/// `ENTRYPOINT ["docker-entrypoint.sh"]` (`/entrypoint.sh` before the 2016-02 builds: 5.5.47,
/// 5.6.28, 5.7.10 and older), `CMD ["mysqld"]`, EXPOSE 3306, and 33060 since 5.7.23 / 8.0.12. The
/// first builds (5.5.40, 5.6.17–5.6.21, 5.7.4; 2014) ran `mysqld --datadir=/var/lib/mysql
/// --user=mysql` in WORKDIR `/usr/local/mysql` with the MySQL tarball's `bin` and `scripts` on PATH
/// (which 5.5 kept). ENV per the Dockerfile at each tag's last official-images GitCommit
/// (docker-library/mysql): PATH, GOSU_VERSION (1.7 … 1.19 by build date), MYSQL_MAJOR (`innovation`
/// for 8.1–8.3 and 9.x), MYSQL_VERSION (Debian builds `<v>-1debian<N>`, `-m14`…`-rc` and `-dmr`
/// for the pre-release versions; Oracle Linux builds `<v>-1.el<N>`), MYSQL_SHELL_VERSION (Oracle
/// Linux builds). Not modelled: the `-2debian9` package of 8.0.16.
fn mysql(version: &str, flavor: &str, _dist: &str) -> Config {
    const P: &str = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    let since = |firsts: &[&str]| since_first(version, firsts);
    let series = version.rsplit_once('.').map_or(version, |(s, _)| s);
    let oracle = flavor.starts_with("oracle") || (flavor.is_empty() && since(&["5.7.38", "8.0.29"]));
    let tarball = matches!(version, "5.5.40" | "5.6.17" | "5.6.18" | "5.6.19" | "5.6.20" | "5.6.21" | "5.7.4");
    let mut env = vec![if tarball || series == "5.5" { format!("PATH={P}:/usr/local/mysql/bin:/usr/local/mysql/scripts") } else { format!("PATH={P}") }];
    let gosu = [
        ("1.19", &["8.0.43", "8.4.6", "9.4.0"][..]),
        ("1.17", &["8.0.36", "8.3.0", "8.4.0", "9.0.0"][..]),
        ("1.16", &["5.7.41", "8.0.32", "8.1.0", "8.2.0"][..]),
        ("1.14", &["5.7.37", "8.0.28"][..]),
        ("1.12", &["5.6.47", "5.7.29", "8.0.19"][..]),
        ("1.7", &["5.5.49", "5.6.30", "5.7.12", "8.0.0"][..]),
    ]
    .into_iter()
    .find(|(_, firsts)| since(firsts))
    .map(|(g, _)| if flavor == "bullseye" { "1.16" } else { g }); // `-bullseye` froze in 2024-01
    if let Some(g) = gosu {
        env.push(format!("GOSU_VERSION={g}"));
    }
    if version != "5.6.17" {
        let major = if series == "8.4" || compare(series, "8.0").is_le() { series } else { "innovation" };
        env.push(format!("MYSQL_MAJOR={major}"));
        let el = match flavor {
            "oraclelinux7" => "7",
            "oraclelinux8" => "8",
            "oraclelinux9" => "9",
            _ if series == "5.7" => "7",
            _ if matches!(series, "8.1" | "8.2" | "8.3") || (series == "8.0" && !since(&["8.0.37"])) => "8",
            _ => "9",
        };
        let debian = match flavor {
            "bookworm" => "12",
            "bullseye" => "11",
            "debian" if since(&["8.0.36"]) => "12",
            "debian" if since(&["8.0.29"]) => "11",
            _ if since(&["5.7.29", "8.0.19"]) => "10",
            _ if since(&["5.6.39", "5.7.21", "8.0.4"]) => "9",
            _ => "8",
        };
        env.push(match version {
            _ if oracle => format!("MYSQL_VERSION={version}-1.el{el}"),
            "5.7.4" => "MYSQL_VERSION=5.7.4-m14".to_string(),
            "5.7.5" => "MYSQL_VERSION=5.7.5-m15".to_string(),
            "5.7.6" => "MYSQL_VERSION=5.7.6-m16".to_string(),
            "5.7.7" | "5.7.8" => format!("MYSQL_VERSION={version}-rc"),
            "8.0.0" | "8.0.1" | "8.0.2" => format!("MYSQL_VERSION={version}-dmr-1debian8"),
            "8.0.3" | "8.0.4" => format!("MYSQL_VERSION={version}-rc-1debian{debian}"),
            _ if series == "5.5" || !since(&["5.6.27", "5.7.9", "8.0.0"]) => format!("MYSQL_VERSION={version}"),
            _ => format!("MYSQL_VERSION={version}-1debian{debian}"),
        });
        if oracle {
            let shell = match version {
                "5.7.37" => "8.0.28",
                "5.7.38" => "8.0.29",
                "5.7.39" => "8.0.30",
                "5.7.40" => "8.0.31",
                "5.7.41" => "8.0.32",
                "5.7.42" | "5.7.43" => "8.0.34",
                "5.7.44" => "8.0.35",
                "8.0.39" => "8.0.38",
                "8.1.0" => "8.0.34",
                "8.2.0" => "8.2.1",
                "8.4.2" => "8.4.1",
                v => v,
            };
            env.push(format!("MYSQL_SHELL_VERSION={shell}-1.el{el}"));
        }
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint = if since(&["5.5.48", "5.6.29", "5.7.11"]) { "docker-entrypoint.sh" } else { "/entrypoint.sh" };
    let ports: &[u16] = if since(&["5.7.23", "8.0.12"]) { &[3306, 33060] } else { &[3306] };
    if tarball {
        cfg(&[entrypoint], &["mysqld", "--datadir=/var/lib/mysql", "--user=mysql"], &env).ports(ports).workdir("/usr/local/mysql")
    } else {
        cfg(&[entrypoint], &["mysqld"], &env).ports(ports)
    }
}


// mariadb — github.com/MariaDB/mariadb-docker (until 2021 github.com/docker-library/mariadb, the same
// history). Tags: docker-library/official-images library/mariadb history (2014-11-25 … 2026-02-17
// @37217f7e, the last change on or before 2026-03-02: 12.2.2 = 12 = latest (noble), 11.8.6 = 11 = lts,
// 11.4.10, 10.11.16 = 10 (jammy), 10.6.25, each also `-ubi` (ubi9; ubi10 for 12.x); the 12.3 release
// candidate `12.3.1-rc`, `-noble-rc`, `-ubi-rc`, `-ubi10-rc`). The OS suffixes stand alone (`-noble`,
// `-jammy`, …, never combined). Every variant below is the exact set of versions that carried it.
// Records (linux/amd64): a `mariadb:latest` record (noble, build of 2024-09-03, 125009176 B), a
// `mariadb:lts-ubi` record (ubi9, 147609761 B): sizes of other builds. The default builds were on Debian
// (wheezy, jessie) until 2018 (5.5.59, 10.0.34, 10.1.33, 10.2.15, 10.3.7), Ubuntu since; all are given
// the Ubuntu OS here. Left out: the release-candidate tags before 12.3 (`10.9.1-rc`, `11.4.1-rc-jammy`,
// `rc`, `rc-focal`, …; their version numbers are left out of the series too) and the versionless
// `alpha`, `beta`, `beta-bionic`, …. The prefix rule also accepts `12-rc`, never tagged. The plain
// codenames, `10-bionic`, `10-focal` and `lts-jammy` name the newest build with the suffix; Docker
// Hub's froze earlier, when the default moved on (`bionic` and `10-bionic` at 10.4.13, `focal` and
// `10-focal` at 10.7.3, `lts-jammy` at 10.11.8).
const MARIADB: Repo = Repo {
    name: "docker.io/library/mariadb",
    series: &[
        // 5.5.64: patch numbers from 64 on do not fit the patch bits.
        Series::range("5.5", 40, 63), Series::only("5.5.64"),
        Series::set("10.0", &[15, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38]),
        Series::set("10.1", &[1, 2, 3, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 43, 44, 45, 46, 47, 48]),
        Series::set("10.2", &[5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 43, 44]),
        Series::set("10.3", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 38, 39]),
        Series::set("10.4", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34]),
        Series::set("10.5", &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]),
        Series::set("10.6", &[0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]),
        Series::set("10.7", &[1, 3, 4, 5, 6, 7, 8]), Series::range("10.8", 2, 8), Series::range("10.9", 2, 8), Series::range("10.10", 2, 7),
        Series::set("10.11", &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16]), Series::range("11.0", 2, 6), Series::range("11.1", 2, 6),
        Series::range("11.2", 2, 6), Series::range("11.3", 2, 2), Series::set("11.4", &[2, 3, 4, 5, 7, 8, 9, 10]), Series::range("11.5", 2, 2),
        Series::range("11.6", 2, 2), Series::range("11.7", 2, 2), Series::range("11.8", 2, 6), Series::range("12.0", 2, 2), Series::range("12.1", 2, 2),
        Series::range("12.2", 2, 2), Series::range("12.3", 1, 1),
    ],
    flavors: &[
        Variant::flavor("", "", "12.2.2", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("noble", "11.4.2", "12.2.2", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("jammy", "10.8.3", "11.3.2", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("jammy", "10.6.22", "10.6.25", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("focal", "10.7.1", "10.8.2", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("focal", "10.5.3", "10.6.22", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("focal", "10.4.13", "10.4.34", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("focal", "10.3.23", "10.3.39", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "10.5.1", "10.5.3", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "10.4.0", "10.4.13", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "10.3.8", "10.3.23", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "10.2.16", "10.2.44", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "10.1.34", "10.1.48", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("xenial", "10.0.35", "10.0.38", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("trusty", "5.5.60", "5.5.64", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("wheezy", "5.5.60", "5.5.60", MARIADB_UBUNTU, Os::Debian, BASH, false),
        Variant::flavor("jessie", "10.3.8", "10.3.8", MARIADB_UBUNTU, Os::Debian, BASH, false),
        Variant::flavor("jessie", "10.2.16", "10.2.16", MARIADB_UBUNTU, Os::Debian, BASH, false),
        Variant::flavor("jessie", "10.1.34", "10.1.34", MARIADB_UBUNTU, Os::Debian, BASH, false),
        Variant::flavor("jessie", "10.0.35", "10.0.35", MARIADB_UBUNTU, Os::Debian, BASH, false),
        Variant::flavor("ubi", "11.4.2", "12.2.2", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi", "10.11.8", "10.11.16", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi", "10.6.18", "10.6.25", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi9", "11.4.2", "11.8.6", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi9", "10.11.8", "10.11.16", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi9", "10.6.18", "10.6.25", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi10", "12.0.2", "12.2.2", MARIADB_UBI, Os::Rpm, BASH, false),
        // The release candidate current on 2026-03-02.
        Variant::flavor("rc", "12.3.1", "", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("noble-rc", "12.3.1", "", MARIADB_UBUNTU, Os::Ubuntu, BASH, false),
        Variant::flavor("ubi-rc", "12.3.1", "", MARIADB_UBI, Os::Rpm, BASH, false),
        Variant::flavor("ubi10-rc", "12.3.1", "", MARIADB_UBI, Os::Rpm, BASH, false),
    ],
    dists: &[],
    // as of 2026-03-02 (`12`, `11`, `10` by the prefix rule: 12.2.2, 11.8.6, 10.11.16).
    named: &[("latest", "12.2"), ("lts", "11.8")],
    prefix_tags: true,
    config: mariadb,
};

const MARIADB_UBUNTU: u64 = 125_009_176;
const MARIADB_UBI: u64 = 147_609_761;


/// `ENTRYPOINT ["docker-entrypoint.sh"]` (`/docker-entrypoint.sh` before the 2016-05 builds: 5.5.48,
/// 10.0.24, 10.1.13 and older), `CMD ["mariadbd"]` since 10.6.5 (`mysqld` before), EXPOSE 3306; the
/// ubi builds run as USER mysql (since 10.6.19, 10.11.9, 11.4.3). ENV per the Dockerfile at each
/// tag's last official-images GitCommit: PATH, GOSU_VERSION (1.7 … 1.19 by build date), GPG_KEYS
/// (2016-12 … 2021-06 builds; an ARG since), LANG=C.UTF-8 (since the 2022-11 builds), MARIADB_MAJOR
/// (up to 10.8), MARIADB_VERSION (the Debian/Ubuntu package version: `[1:]<v>+maria[-1]~<codename>`,
/// `ubu2004`/`ubu2204`/`ubu2404` since the 2022-08 builds; ubi: the version, since 10.6.19 etc.).
fn mariadb(version: &str, flavor: &str, _dist: &str) -> Config {
    const P: &str = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    let since = |firsts: &[&str]| since_first(version, firsts);
    let (series, patch) = version.rsplit_once('.').unwrap_or((version, "0"));
    let p: u32 = patch.parse().unwrap_or(0);
    let ubi = flavor.starts_with("ubi");
    let mut env = vec![P.to_string()];
    let gosu = [
        ("1.19", &["10.6.24", "10.11.15", "11.4.9", "11.8.4", "12.0.2"][..]),
        ("1.17", &["10.4.32", "10.5.23", "10.6.16", "10.10.7", "10.11.6", "11.0.4", "11.1.3", "11.2.2"][..]),
        ("1.14", &["10.2.41", "10.3.32", "10.4.22", "10.5.13", "10.6.5", "10.7.1"][..]),
        ("1.13", &["10.2.39", "10.3.30", "10.4.20", "10.5.11", "10.6.3"][..]),
        ("1.12", &["10.1.44", "10.2.31", "10.3.22", "10.4.12", "10.5.2", "10.6.0"][..]),
        ("1.10", &["5.5.58", "10.0.33", "10.1.29", "10.2.10", "10.3.2", "10.4.0", "10.5.1"][..]),
        ("1.7", &["5.5.49", "10.0.25", "10.1.14", "10.2.5", "10.3.0"][..]),
    ]
    .into_iter()
    .find(|(_, firsts)| since(firsts));
    if let Some((g, _)) = gosu {
        env.push(format!("GOSU_VERSION={g}"));
    }
    let user_mysql = ubi && since(&["10.6.19", "10.11.9", "11.4.3"]);
    if ubi {
        if user_mysql {
            env.push(format!("MARIADB_VERSION={version}"));
        }
    } else {
        const K1993: &str = "199369E5404BD5FC7D2FE43BCBCB082A1BB943DB";
        const K177F: &str = "177F4010FE56CA3336300305F1656F24C74CD1D8";
        const K430B: &str = "430BDF5C56E7C94E848EE60C1C4CBDCDCD2EFD2A";
        const K4D1B: &str = "4D1BB29D63D98E422B2113B19334A25F8507EFA5";
        let keys: &[&str] = if since(&["10.2.39", "10.3.30", "10.4.20", "10.5.11", "10.6.3"]) {
            &[]
        } else if since(&["10.1.40", "10.2.24", "10.3.15", "10.4.5", "10.5.0"]) {
            &[K177F]
        } else if since(&["5.5.60", "10.0.35", "10.1.34", "10.2.16", "10.3.8", "10.4.0"]) {
            &[K1993, K177F, K430B, K4D1B]
        } else if since(&["5.5.54", "10.0.28", "10.1.20", "10.2.5", "10.3.0"]) {
            &[K1993, K430B, K4D1B]
        } else {
            &[]
        };
        if !keys.is_empty() {
            env.push(format!("GPG_KEYS={}", keys.join(" \t")));
        }
        if since(&["10.3.37", "10.4.27", "10.5.18", "10.6.11", "10.7.7", "10.8.6", "10.9.4", "10.10.2"]) {
            env.push("LANG=C.UTF-8".to_string());
        }
        if compare(series, "10.8").is_le() {
            // 10.6.22-jammy came from a separate `10.6-jammy` directory.
            let jammy = if flavor == "jammy" && version == "10.6.22" { "-jammy" } else { "" };
            env.push(format!("MARIADB_MAJOR={series}{jammy}"));
        }
        let codename = match (series, p) {
            _ if !matches!(flavor, "" | "rc" | "noble-rc") => flavor.trim_end_matches("-rc"),
            ("5.5", ..=59) | ("10.0", ..=19) | ("10.1", ..=9) => "wheezy",
            ("5.5", _) => "trusty",
            ("10.0", ..=34) | ("10.1", ..=33) | ("10.2", ..=15) | ("10.3", ..=7) => "jessie",
            ("10.0", _) => "xenial",
            ("10.1" | "10.2", _) | ("10.3", ..=22) | ("10.4", ..=12) | ("10.5", ..=2) => "bionic",
            ("10.3" | "10.4" | "10.5" | "10.7", _) | ("10.6", ..=22) | ("10.8", ..=2) => "focal",
            _ if compare(version, "11.4").is_lt() => "jammy",
            _ => "noble",
        };
        let ubu = match codename {
            "focal" => "ubu2004",
            "jammy" => "ubu2204",
            "noble" => "ubu2404",
            c => c,
        };
        let codename = if since(&["10.3.36", "10.4.26", "10.5.17", "10.6.9", "10.7.5", "10.8.4"]) { ubu } else { codename };
        // The jessie packages of 10.1 and 10.2 had no epoch.
        let epoch = if since(&["10.1.34", "10.2.16", "10.3.6"]) && !(flavor == "jessie" && compare(series, "10.3").is_lt()) { "1:" } else { "" };
        let dash = if compare(series, "10.1").is_le() { "-1" } else { "" };
        env.push(format!("MARIADB_VERSION={epoch}{version}+maria{dash}~{codename}"));
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint = if since(&["5.5.49", "10.0.25", "10.1.14"]) { "docker-entrypoint.sh" } else { "/docker-entrypoint.sh" };
    let cmd = if since(&["10.6.5"]) { "mariadbd" } else { "mysqld" };
    let c = cfg(&[entrypoint], &[cmd], &env).ports(&[3306]);
    if user_mysql { c.user("mysql") } else { c }
}


// mongo — github.com/docker-library/mongo. Tags: docker-library/official-images library/mongo history
// (2014-06-04 … 2026-02-20 @32ea1f9e, the last change on or before 2026-03-02: 8.2.5 = 8 = latest and
// 8.0.19 on noble, 7.0.30 = 7 on jammy). The codename suffixes stand alone (`-noble`, `-jammy`, …).
// Every variant below is the exact set of versions that carried it. Record (linux/amd64):
// maxmood96/repo-info (a mirror of docker-library/repo-info) repos/mongo/remote/8.2.5-noble.md @4af50913
// (build of 2026-02-17, 335306722 B; older series are smaller). The default builds were on Debian
// (wheezy, jessie, stretch) before 3.4.20 / 3.6.11 / 3.7.9 and on Ubuntu since; all are given the
// Ubuntu OS here. The major tags are words, as each one froze when its series ended: `5` at 5.0.31
// (2025-02-15) and `4` at 4.4.29 (2024-05-02) although 5.0.32 and 4.4.30 followed, `3` at 3.6.23,
// `2` at 2.6.12. Left out: the Windows tags (`-windowsservercore-ltsc2022`, `-nanoserver-1809`, …),
// the release candidates (`8.2.6-rc0`, `8.2-rc-noble`, `7.0-rc`, …, current on 2026-03-02 too; their
// version numbers are left out of the series) and the versionless `rc`, `unstable`, `*-xenial`…
// channels of 2016–2019. The plain codenames and `4-xenial` name the newest build with the suffix;
// Docker Hub's froze when the default moved on (`jammy` at 7.0.14, `xenial` and `4-xenial` at 4.0.12,
// `jessie` at 3.6.5).
const MONGO: Repo = Repo {
    name: "docker.io/library/mongo",
    series: &[
        Series::range("2.2", 7, 7), Series::range("2.4", 10, 14), Series::set("2.6", &[1, 4, 5, 6, 7, 8, 9, 10, 11, 12]), Series::range("2.7", 5, 8),
        Series::range("2.8", 0, 0), Series::range("3.0", 0, 15), Series::range("3.1", 4, 9),
        Series::set("3.2", &[0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]), Series::set("3.3", &[5, 6, 8, 9, 10, 11, 12, 14, 15]),
        Series::range("3.4", 0, 24), Series::range("3.5", 5, 13), Series::range("3.6", 0, 23), Series::set("3.7", &[1, 2, 3, 5, 7, 8, 9]),
        Series::range("4.0", 0, 28), Series::range("4.1", 1, 13), Series::range("4.2", 0, 24), Series::range("4.4", 0, 30), Series::range("5.0", 0, 32),
        Series::range("6.0", 1, 27),
        Series::set("7.0", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30]),
        Series::set("8.0", &[0, 1, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]), Series::range("8.2", 1, 5),
    ],
    flavors: &[
        Variant::flavor("", "", "", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("noble", "8.0.0", "", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("jammy", "6.0.4", "7.0.30", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("focal", "4.4.7", "6.0.4", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "4.2.5", "4.4.6", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "4.1.9", "4.2.3", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "4.1.2", "4.1.2", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("bionic", "4.0.1", "4.0.1", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("xenial", "3.7.9", "4.1.9", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("xenial", "3.6.11", "3.6.23", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("xenial", "3.4.20", "3.4.24", 335_306_722, Os::Ubuntu, BASH, false),
        Variant::flavor("stretch", "3.6.7", "3.6.11", 335_306_722, Os::Debian, BASH, false),
        Variant::flavor("jessie", "3.7.1", "3.7.9", 335_306_722, Os::Debian, BASH, false),
        Variant::flavor("jessie", "3.5.13", "3.6.7", 335_306_722, Os::Debian, BASH, false),
        Variant::flavor("jessie", "3.4.9", "3.4.20", 335_306_722, Os::Debian, BASH, false),
        Variant::flavor("jessie", "3.2.16", "3.2.21", 335_306_722, Os::Debian, BASH, false),
        Variant::flavor("wheezy", "3.0.15", "3.0.15", 335_306_722, Os::Debian, BASH, false),
    ],
    dists: &[],
    // as of 2026-03-02
    named: &[("latest", "8.2"), ("8", "8.2"), ("7", "7.0"), ("6", "6.0"), ("5", "5.0.31"), ("4", "4.4.29"), ("3", "3.6"), ("2", "2.6")],
    prefix_tags: false,
    config: mongo,
};


/// `ENTRYPOINT ["docker-entrypoint.sh"]` (`/entrypoint.sh` before 3.0.14, 3.2.12, 3.4.2; all 2.x,
/// 3.1, 3.3), `CMD ["mongod"]` (`mongod --bind_ip_all` for 3.5.7–3.5.13), EXPOSE 27017. ENV per the
/// Dockerfile at each tag's last official-images GitCommit (docker-library/mongo): PATH,
/// GOSU_VERSION (1.7 … 1.19 by build date), JSYAML_VERSION, JSYAML_CHECKSUM (builds since
/// 2024-09), GPG_KEYS (3.0.14 … 4.4.5), MONGO_PACKAGE (`-unstable` for the development series),
/// MONGO_REPO, MONGO_MAJOR (3.0 on), MONGO_VERSION (2.8.0: `2.8.0-rc5`), HOME=/data/db (builds since
/// 2022-04), GLIBC_TUNABLES (8.0.5+, 8.2); 2.4.12, 2.6.5–2.6.8 and 2.8.0 had MONGO_RELEASE_FINGERPRINT.
/// Before MONGO_REPO (3.0.15, 3.2.14, 3.4.5, 3.5.8) MONGO_PACKAGE came after MONGO_VERSION.
fn mongo(version: &str, flavor: &str, _dist: &str) -> Config {
    // The last build of a codename that the default then left kept the earlier gosu and js-yaml.
    let frozen = matches!((flavor, version), ("jessie", "3.4.20") | ("stretch", "3.6.11") | ("xenial", "4.1.9"));
    let since = |firsts: &[&str]| since_first(version, firsts);
    let series = version.rsplit_once('.').map_or(version, |(s, _)| s);
    let mut env = vec![PATH.to_string()];
    let gosu = [
        ("1.19", &["4.4.30", "5.0.32", "6.0.26", "7.0.24", "8.0.14", "8.2.0"][..]),
        ("1.18", &["7.0.23", "8.0.13"][..]),
        ("1.17", &["4.4.28", "5.0.24", "6.0.13", "7.0.5", "8.0.0"][..]),
        ("1.16", &["4.2.23", "4.4.18", "5.0.14", "6.0.4", "7.0.0"][..]),
        ("1.12", &["3.6.17", "4.0.18", "4.2.5", "4.4.0", "5.0.0", "6.0.0"][..]),
        ("1.11", &["3.4.20", "3.6.11", "4.0.8", "4.1.9", "4.2.0"][..]),
        ("1.10", &["3.0.15", "3.2.18", "3.4.10", "3.6.0", "3.7.0", "4.0.0", "4.1.0"][..]),
        ("1.7", &["2.2.7", "2.4.14", "2.6.11", "3.0.9", "3.1.9", "3.2.3", "3.3.0", "3.4.0", "3.5.0"][..]),
    ]
    .into_iter()
    .find(|(g, firsts)| since(firsts) && !(frozen && *g == "1.11"));
    if let Some((g, _)) = gosu {
        env.push(format!("GOSU_VERSION={g}"));
    }
    let jsyaml = [
        ("3.13.1", &["3.6.17", "4.0.18", "4.2.5", "4.4.0"][..]),
        ("3.13.0", &["3.4.20", "3.6.11", "4.0.8", "4.1.9", "4.2.0"][..]),
        ("3.10.0", &["3.0.15", "3.2.18", "3.4.10", "3.6.0", "3.7.0", "4.0.0", "4.1.0"][..]),
    ]
    .into_iter()
    .find(|(j, firsts)| since(firsts) && !(frozen && *j == "3.13.0"));
    if let Some((j, _)) = jsyaml {
        env.push(format!("JSYAML_VERSION={j}"));
    }
    if since(&["4.4.30", "5.0.29", "6.0.18", "7.0.14", "8.0.1"]) {
        env.push("JSYAML_CHECKSUM=662e32319bdd378e91f67578e56a34954b0a2e33aca11d70ab9f4826af24b941".to_string());
    }
    let fingerprint = match version {
        "2.4.12" => Some("CEA1E18DDA77EF4E67884FF2A6982D0160456C5A"),
        "2.6.5" | "2.6.6" | "2.6.7" | "2.6.8" => Some("DFFA3DCF326E302C4787673A01C4E7FAAAB2461C"),
        "2.8.0" => Some("BDC0DB28022D7DEA1490DC3E7085801C857FD301"),
        _ => None,
    };
    if let Some(f) = fingerprint {
        env.push(format!("MONGO_RELEASE_FINGERPRINT={f}"));
    }
    if since(&["3.0.14", "3.2.0", "3.4.1", "3.5.0"]) && !since(&["4.0.24", "4.2.14", "4.4.6", "5.0.0"]) {
        let keys = match series {
            "3.0" => "492EAFE8CD016A07919F1D2B9ECBEC467F0CEB10",
            "3.2" => "DFFA3DCF326E302C4787673A01C4E7FAAAB2461C \t42F3E95A2C4F08279C4960ADD68FA50FEA312927",
            "3.4" => "0C49F3730359A14518585931BC711F9BA15703C6",
            "3.5" | "3.6" => "2930ADAE8CAF5059EE73BB4B58712A2291FA4AD5",
            "3.7" => "BD8C80D9C729D00524E068E03DAB71713396F72B",
            "4.0" => "9DA31620334BD75D9DCB49F368818C72E52529D4",
            "4.1" | "4.2" => "E162F504A20CDF15827F718D4B7C549A058F8B6B",
            _ => "20691EEC35216C63CAF66CE1656408E390CFB1F5",
        };
        env.push(format!("GPG_KEYS={keys}"));
    }
    let package = since(&["3.0.13", "3.2.10", "3.3.15", "3.4.0", "3.5.0"]).then(|| {
        let odd = matches!(series, "3.3" | "3.5" | "3.7" | "4.1");
        format!("MONGO_PACKAGE=mongodb-org{}", if odd { "-unstable" } else { "" })
    });
    let repo = since(&["3.0.15", "3.2.14", "3.4.5", "3.5.8", "3.6.0"]);
    if repo {
        env.extend(package.clone());
        env.push("MONGO_REPO=repo.mongodb.org".to_string());
    }
    if compare(series, "3.0").is_ge() {
        env.push(format!("MONGO_MAJOR={series}"));
    }
    env.push(if version == "2.8.0" { "MONGO_VERSION=2.8.0-rc5".to_string() } else { format!("MONGO_VERSION={version}") });
    if !repo {
        env.extend(package);
    }
    if since(&["4.0.28", "4.2.20", "4.4.14", "5.0.8", "6.0.0"]) {
        env.push("HOME=/data/db".to_string());
    }
    if since(&["8.0.5", "8.2.0"]) {
        env.push("GLIBC_TUNABLES=glibc.pthread.rseq=0".to_string());
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint = if since(&["3.0.14", "3.2.12", "3.4.2", "3.5.0"]) { "docker-entrypoint.sh" } else { "/entrypoint.sh" };
    let cmd: &[&str] = if series == "3.5" && since(&["3.5.7"]) { &["mongod", "--bind_ip_all"] } else { &["mongod"] };
    cfg(&[entrypoint], cmd, &env).ports(&[27017])
}


// memcached — github.com/docker-library/memcached. Tags: docker-library/official-images
// library/memcached history (2014-12-31 … 2025-12-17 @a4afc926, the last change on or before
// 2026-03-02: 1.6.40 = 1.6 = 1 = latest on trixie, `-alpine` on alpine3.23). Every variant below is
// the exact set of versions that carried it. Records (linux/amd64): maxmood96/repo-info (a mirror of
// docker-library/repo-info) repos/memcached/remote/1.6.40.md @0178330f (trixie, build of 2026-01-13,
// 32190619 B); the `memcached:1-alpine` record of the build of 2026-04-15 (alpine 3.23, 5959872 B: size
// of a later build).
const MEMCACHED: Repo = Repo {
    name: "docker.io/library/memcached",
    series: &[
        Series::range("1.4", 21, 39),
        Series::set("1.5", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22]),
        Series::set("1.6", &[0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40]),
    ],
    flavors: &[
        Variant::flavor("", "", "", 32_190_619, Os::Debian, BASH, true),
        Variant::flavor("alpine", "1.4.26", "", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "1.6.39", "", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "1.6.38", "1.6.39", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "1.6.33", "1.6.38", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "1.6.27", "1.6.33", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "1.6.22", "1.6.27", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "1.6.19", "1.6.22", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "1.6.17", "1.6.19", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "1.6.15", "1.6.17", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "1.6.12", "1.6.15", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "1.6.9", "1.6.12", 5_959_872, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "1.6.9", "1.6.9", 5_959_872, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "1.6.39", ""),
        Variant::dist("bookworm", "1.6.20", "1.6.39"),
        Variant::dist("bullseye", "1.6.12", "1.6.20"),
        Variant::dist("buster", "1.6.9", "1.6.12"),
    ],
    // as of 2026-03-02 (1.6.40; `1` by the prefix rule).
    named: &[("latest", "1.6")],
    prefix_tags: true,
    config: memcached,
};

/// `CMD ["memcached"]`, USER memcache, EXPOSE 11211; ENTRYPOINT `docker-entrypoint.sh` since 1.4.26
/// (`/entrypoint.sh` for 1.4.24–1.4.25, none before). ENV (docker-library/memcached, every variant):
/// PATH, MEMCACHED_VERSION, MEMCACHED_URL (builds since 1.6.22, not `1.6.22-alpine3.18`), MEMCACHED_SHA1 (1.6.40's,
/// 1/debian/Dockerfile @0cae68bd, for every version).
fn memcached(version: &str, flavor: &str, _dist: &str) -> Config {
    let v = format!("MEMCACHED_VERSION={version}");
    let url = format!("MEMCACHED_URL=https://memcached.org/files/memcached-{version}.tar.gz");
    let sha = "MEMCACHED_SHA1=f2513db7079ee4c6558eb11fabb55e1adf1fdf38";
    let env: &[&str] = if compare(version, "1.6.22").is_ge() && flavor != "alpine3.18" { &[PATH, &v, &url, sha] } else { &[PATH, &v, sha] };
    let entrypoint: &[&str] = if compare(version, "1.4.26").is_ge() {
        &["docker-entrypoint.sh"]
    } else if compare(version, "1.4.24").is_ge() {
        &["/entrypoint.sh"]
    } else {
        &[]
    };
    cfg(entrypoint, &["memcached"], env).ports(&[11211]).user("memcache")
}


// golang — github.com/docker-library/golang. Tags: docker-library/official-images library/golang
// history (2014-08-04 … 2026-03-02 @fcc507b3, the last change on or before 2026-03-02: latest = 1 =
// 1.26 = 1.26.0 since 2026-02-10 @4c068257, 1.25 = 1.25.7; 1.24 frozen at 1.24.13 on 2026-02-09
// @658e867d). Windows tags (`-windowsservercore-*`, `-nanoserver-*`) left out; so are the
// pre-releases (`1.26rc3`, `1.14beta1`, `rc`, `rc-alpine`, … order as x.y.0) and `tip`,
// `tip-YYYYMMDD[-variant]` (no version). Records (repo-info repos/golang/remote, linux/amd64; sizes
// of a later build): 1-trixie.md @01b535c0 (1.26.5 trixie, 312305560 B), 1-alpine3.23.md @274d39a5
// (1.27.1 alpine 3.23.5, 75167522 B). Config: golang 1.26/trixie/Dockerfile @0a8424b3 and the
// Dockerfile at each version's last official-images GitCommit. Variant ranges are the first and
// last final version with the suffix; they interleave across series (alpine3.21 1.22.10–1.25.5 also
// accepts 1.23.0–1.23.3, which had alpine3.20), and the engine accepts `alpine3.4` alone (only
// `1.7.6-alpine3.4`, `1.7-alpine3.4` existed).
const GOLANG: Repo = Repo {
    name: "docker.io/library/golang",
    series: &[
        Series::range("1.2", 0, 2), Series::range("1.3", 0, 3), Series::range("1.4", 0, 3), Series::range("1.5", 0, 4), Series::range("1.6", 0, 4),
        Series::set("1.7", &[0, 1, 3, 4, 5, 6]), Series::range("1.8", 0, 7), Series::range("1.9", 0, 7), Series::range("1.10", 0, 8), Series::range("1.11", 0, 13),
        Series::range("1.12", 0, 17), Series::range("1.13", 0, 15), Series::range("1.14", 0, 15), Series::range("1.15", 0, 15), Series::range("1.16", 0, 15),
        Series::range("1.17", 0, 13), Series::range("1.18", 0, 10), Series::range("1.19", 0, 13), Series::range("1.20", 0, 14), Series::range("1.21", 0, 13),
        Series::range("1.22", 0, 12), Series::range("1.23", 0, 12), Series::range("1.24", 0, 13), Series::range("1.25", 0, 7), Series::range("1.26", 0, 0),
    ],
    flavors: &[
        // buildpack-deps:<suite>-scm (debian:wheezy for 1.2.0–1.4.0: no curl there, not modelled).
        Variant::flavor("", "", "", 312_305_560, Os::Debian, BASH | CURL | WGET, true),
        Variant::flavor("alpine", "1.4.3", "", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("onbuild", "1.2.0", "1.8.7", 312_305_560, Os::Debian, BASH | CURL | WGET, false), // estimated (as the full image)
        Variant::flavor("cross", "1.2.0", "1.4.3", 312_305_560, Os::Debian, BASH | CURL | WGET, false), // estimated (as the full image)
        Variant::flavor("alpine3.4", "1.7.6", "1.7.6", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.5", "1.7.4", "1.8.7", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.6", "1.7.6", "1.9.7", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.7", "1.9.2", "1.11.5", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.8", "1.9.7", "1.11.11", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.9", "1.10.8", "1.12.14", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.10", "1.11.11", "1.13.11", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.11", "1.12.14", "1.14.15", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.12", "1.13.12", "1.16.5", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.13", "1.14.13", "1.17.3", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "1.15.13", "1.18.2", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "1.16.10", "1.19.3", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "1.17.10", "1.20.4", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "1.18.8", "1.21.5", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "1.19.9", "1.22.3", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "1.20.12", "1.23.4", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "1.21.10", "1.24.3", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "1.22.10", "1.25.5", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "1.23.9", "", 75_167_522, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "1.24.11", "", 75_167_522, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "1.24.6", ""),
        Variant::dist("bookworm", "1.19.10", ""),
        Variant::dist("bullseye", "1.16.7", "1.24.6"),
        Variant::dist("buster", "1.11.12", "1.20.5"),
        Variant::dist("stretch", "1.8.0", "1.18.3"),
        Variant::dist("jessie", "1.7.6", "1.8.7"),
        Variant::dist("wheezy", "1.3.3", "1.7.6"),
    ],
    // as of 2026-03-02 (`1` = 1.26.0 by the prefix rule)
    named: &[("latest", "1.26")],
    prefix_tags: true,
    config: golang,
};

/// No ENTRYPOINT; CMD inherited from the base (`["bash"]` from debian via buildpack-deps,
/// `["/bin/sh"]` from alpine); WORKDIR `/go`. ENV: PATH with `/go/bin` and the Go tree prepended
/// (`/usr/src/go/bin` in the source-built Debian images before 1.5, `/usr/local/go/bin` since),
/// `GOLANG_VERSION` (Go's own name: `1.20` for 1.20.0, full `1.21.0` from 1.21), `GOTOOLCHAIN=local`
/// (builds of 1.21.1 and later), `GOPATH=/go`. Builds 1.4.2–1.7.4 also had
/// `GOLANG_DOWNLOAD_URL`/`GOLANG_DOWNLOAD_SHA1|SHA256` (alpine: `GOLANG_SRC_*`, `GOLANG_BOOTSTRAP_*`)
/// between GOLANG_VERSION and GOPATH (per-build hashes): not modelled. `-onbuild` (FROM
/// golang:<version>): WORKDIR `/go/src/app`, `CMD ["go-wrapper", "run"]`; `-cross` adds
/// `GOLANG_CROSSPLATFORMS` (per series) and `GOARM=5`.
fn golang(version: &str, flavor: &str, _dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    let alpine = flavor.starts_with("alpine");
    let path = if ge("1.5") || alpine {
        "PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    } else {
        "PATH=/go/bin:/usr/src/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    };
    let name = if !ge("1.21") { version.strip_suffix(".0").unwrap_or(version) } else { version };
    let v = format!("GOLANG_VERSION={name}");
    let mut env = vec![path, &v];
    if ge("1.21.1") {
        env.push("GOTOOLCHAIN=local");
    }
    env.push("GOPATH=/go");
    if flavor == "cross" {
        env.push(if version.starts_with("1.2.") {
            "GOLANG_CROSSPLATFORMS=darwin/386 darwin/amd64 dragonfly/386 dragonfly/amd64 freebsd/386 freebsd/amd64 freebsd/arm linux/386 linux/amd64 linux/arm netbsd/386 netbsd/amd64 netbsd/arm openbsd/386 openbsd/amd64 plan9/386 plan9/amd64 windows/386 windows/amd64"
        } else if version.starts_with("1.3.") {
            "GOLANG_CROSSPLATFORMS=darwin/386 darwin/amd64 dragonfly/386 dragonfly/amd64 freebsd/386 freebsd/amd64 freebsd/arm linux/386 linux/amd64 linux/arm nacl/386 nacl/amd64p32 netbsd/386 netbsd/amd64 netbsd/arm openbsd/386 openbsd/amd64 plan9/386 plan9/amd64 solaris/amd64 windows/386 windows/amd64"
        } else {
            "GOLANG_CROSSPLATFORMS=darwin/386 darwin/amd64 dragonfly/386 dragonfly/amd64 freebsd/386 freebsd/amd64 freebsd/arm linux/386 linux/amd64 linux/arm nacl/386 nacl/amd64p32 nacl/arm netbsd/386 netbsd/amd64 netbsd/arm openbsd/386 openbsd/amd64 plan9/386 plan9/amd64 solaris/amd64 windows/386 windows/amd64"
        });
        env.push("GOARM=5");
    }
    match flavor {
        "onbuild" => cfg(&[], &["go-wrapper", "run"], &env).workdir("/go/src/app"),
        _ if alpine => cfg(&[], &["/bin/sh"], &env).workdir("/go"),
        _ => cfg(&[], &["bash"], &env).workdir("/go"),
    }
}


// rabbitmq — github.com/docker-library/rabbitmq. Tags: docker-library/official-images library/rabbitmq
// history (2014-12-31 … 2026-02-24 @d3ae671f, the last change on or before 2026-03-02: latest = 4 =
// 4.2 = 4.2.4, 4.1 = 4.1.8, 4.0 = 4.0.9; 3 = 3.13 = 3.13.7, frozen 2025-12-01 @3cff54bc). Left out:
// the pre-releases (`4.2.0-rc.1`, `3.8.0-beta.7-management-alpine`, …: they order as the final).
// Records (repo-info repos/rabbitmq/remote, linux/amd64; 4.2.9 builds, sizes of a later build):
// 4.2.md @0fdff64b (ubuntu 24.04, 113755792 B), 4.2-management.md @0639f311 (118272274 B),
// 4.2-alpine.md @086a3736 (alpine 3.23, 84322264 B), 4.2-management-alpine.md @0639f311 (88700114 B).
// Config: rabbitmq 4.2/ubuntu/Dockerfile and 4.2/ubuntu/management/Dockerfile @812cf821/@b5ae37fa,
// and the Dockerfile at each version's last official-images GitCommit. The default image was
// Debian-based up to 3.7.8 (wheezy, jessie, stretch-slim) and Ubuntu since 3.7.9: Os::Ubuntu for all.
const RABBITMQ: Repo = Repo {
    name: "docker.io/library/rabbitmq",
    series: &[
        Series::range("3.4", 2, 4), Series::range("3.5", 0, 7), Series::set("3.6", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16]),
        Series::range("3.7", 0, 28), Series::range("3.8", 0, 34),
        Series::set("3.9", &[0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]),
        Series::set("3.10", &[0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18, 19, 20, 21, 22, 23, 24, 25]),
        Series::set("3.11", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28]),
        Series::range("3.12", 0, 14), Series::range("3.13", 0, 7), Series::range("4.0", 0, 9), Series::range("4.1", 0, 8), Series::range("4.2", 0, 4),
    ],
    flavors: &[
        Variant::flavor("", "", "", 113_755_792, Os::Ubuntu, BASH, false),
        Variant::flavor("management", "", "", 118_272_274, Os::Ubuntu, BASH, false),
        // `apk add bash`: the alpine images have bash too.
        Variant::flavor("alpine", "3.6.6", "", 84_322_264, Os::Alpine, BASH | WGET, false),
        Variant::flavor("management-alpine", "3.6.6", "", 88_700_114, Os::Alpine, BASH | WGET, false),
    ],
    dists: &[],
    // as of 2026-03-02 (`4` = 4.2.4 and `3` = 3.13.7 by the prefix rule)
    named: &[("latest", "4.2")],
    prefix_tags: true,
    config: rabbitmq,
};

/// `CMD ["rabbitmq-server"]`, ENTRYPOINT `/docker-entrypoint.sh` (before 3.6.3) or
/// `docker-entrypoint.sh`; EXPOSE 5672 (before 3.5.6), 4369 5671 5672 25672 (to 3.8.6), plus
/// 15691 15692 (3.8.7+); `-management` (FROM rabbitmq:<version>) adds 15672 (to 3.5.5) or 15671 15672.
/// ENV as each version's last build: up to 3.7.8 the Debian-package images (RABBITMQ_VERSION the
/// package version before 3.6.0, GOSU_VERSION from 3.6.1, RABBITMQ_GPG_KEY/RABBITMQ_GITHUB_TAG from
/// 3.6.12; alpine from 3.6.6 with RABBITMQ_HOME=/opt/rabbitmq); from 3.7.9 the generic-unix builds
/// with RABBITMQ_DATA_DIR, RABBITMQ_HOME, LANG/LANGUAGE/LC_ALL, the /opt/erlang and /opt/openssl
/// prefixes once rebuilt on the 2023 multi-stage Dockerfile (3.9.29, 3.10.25, 3.11.22+, 3.12.4+,
/// 3.13+), RUNNING_UNDER_SYSTEMD=true in builds since 2025 (3.13.7, 4.0.9, 4.1.6+, 4.2.1+). The
/// single-stage builds (3.7.9–3.9.26, 3.10.0–3.10.12, 3.11.0–3.11.4) also had OPENSSL_VERSION,
/// OPENSSL_SOURCE_SHA256, OPENSSL_PGP_KEY_ID(S), OTP_VERSION, OTP_SOURCE_SHA256 first (per-build
/// values): not modelled.
fn rabbitmq(version: &str, flavor: &str, _dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    let in_series = |s: &str, from: &str| version.strip_prefix(s).is_some_and(|r| r.starts_with('.')) && ge(from);
    let alpine = flavor.ends_with("alpine");
    const KEY: &str = "0A9AF2115F4687BD29803A206B73A36E6026DFCA";
    let mut env: Vec<String> = Vec::new();
    if !ge("3.7.9") {
        // Debian packages (and, from 3.6.6, the alpine generic-unix build).
        let mut push = |s: String| env.push(s);
        if alpine {
            push("PATH=/opt/rabbitmq/sbin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".into());
            push("RABBITMQ_LOGS=-".into());
            push("RABBITMQ_SASL_LOGS=-".into());
            push("RABBITMQ_HOME=/opt/rabbitmq".into());
            push(format!("{}={KEY}", if ge("3.6.12") { "RABBITMQ_GPG_KEY" } else { "GPG_KEY" }));
            push(format!("RABBITMQ_VERSION={version}"));
        } else {
            let path = if ge("3.5") { "PATH=/usr/lib/rabbitmq/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" } else { PATH };
            push(path.into());
            if ge("3.6.1") {
                push(format!("GOSU_VERSION={}", if ge("3.6.10") { "1.10" } else { "1.7" }));
            }
            if ge("3.5.2") {
                push("RABBITMQ_LOGS=-".into());
                push("RABBITMQ_SASL_LOGS=-".into());
            }
            if ge("3.6.12") {
                push(format!("RABBITMQ_GPG_KEY={KEY}"));
            }
            if ge("3.6") {
                push(format!("RABBITMQ_VERSION={version}"));
            } else {
                push(format!("RABBITMQ_VERSION={version}-{}", if version == "3.5.5" { 3 } else { 1 }));
            }
            if version == "3.4.2" {
                push("RABBITMQ_SERVER_START_ARGS=-eval error_logger:tty(true).".into());
            }
        }
        if ge("3.6.12") {
            let tag = if ge("3.7") { format!("v{version}") } else { format!("rabbitmq_v{}", version.replace('.', "_")) };
            env.push(format!("RABBITMQ_GITHUB_TAG={tag}"));
        }
        if !alpine && ge("3.6") {
            env.push(format!("RABBITMQ_DEBIAN_VERSION={version}-1"));
        }
        if !alpine && ge("3.7") {
            env.push("LANG=C.UTF-8".into());
        }
        if ge("3.6") {
            env.push("HOME=/var/lib/rabbitmq".into());
        }
    } else {
        let prefixes = in_series("3.9", "3.9.29") || in_series("3.10", "3.10.25") || in_series("3.11", "3.11.22") || in_series("3.12", "3.12.4") || ge("3.13");
        if prefixes {
            env.push("PATH=/opt/rabbitmq/sbin:/opt/erlang/bin:/opt/openssl/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".into());
            env.push("ERLANG_INSTALL_PATH_PREFIX=/opt/erlang".into());
            env.push("OPENSSL_INSTALL_PATH_PREFIX=/opt/openssl".into());
        } else {
            env.push("PATH=/opt/rabbitmq/sbin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".into());
        }
        env.push("RABBITMQ_DATA_DIR=/var/lib/rabbitmq".into());
        env.push(format!("RABBITMQ_VERSION={version}"));
        env.push(format!("RABBITMQ_PGP_KEY_ID=0x{KEY}"));
        env.push("RABBITMQ_HOME=/opt/rabbitmq".into());
        if !ge("3.9.14") {
            env.push("RABBITMQ_LOGS=-".into());
            if !ge("3.7.23") || (ge("3.8") && !ge("3.8.2")) {
                env.push("RABBITMQ_SASL_LOGS=-".into());
            }
        }
        env.extend(["HOME=/var/lib/rabbitmq", "LANG=C.UTF-8", "LANGUAGE=C.UTF-8", "LC_ALL=C.UTF-8"].map(String::from));
        if matches!(version, "3.13.7" | "4.0.9") || in_series("4.1", "4.1.6") || ge("4.2.1") {
            env.push("RUNNING_UNDER_SYSTEMD=true".into());
        }
    }
    let env: Vec<&str> = env.iter().map(String::as_str).collect();
    let entrypoint = if ge("3.6.3") { "docker-entrypoint.sh" } else { "/docker-entrypoint.sh" };
    let management = flavor.starts_with("management");
    let ports: &[u16] = match (ge("3.5.6"), ge("3.8.7"), management) {
        (false, _, false) => &[5672],
        (false, _, true) => &[5672, 15672],
        (true, false, false) => &[4369, 5671, 5672, 25672],
        (true, false, true) => &[4369, 5671, 5672, 15671, 15672, 25672],
        (true, true, false) => &[4369, 5671, 5672, 15691, 15692, 25672],
        (true, true, true) => &[4369, 5671, 5672, 15671, 15672, 15691, 15692, 25672],
    };
    cfg(&[entrypoint], &["rabbitmq-server"], &env).ports(ports)
}


// traefik — github.com/traefik/traefik-library-image (before 2020-08
// github.com/containous/traefik-library-image). Tags: docker-library/official-images library/traefik
// history (2016-04-06 … 2026-02-23 @55cf023c, the last change on or before 2026-03-02: latest = v3 = 3
// = v3.6 = 3.6 = ramequin = v3.6.9, v2 = 2 = v2.11 = mimolette = v2.11.38). Every version is tagged
// with and without the `v` (`v3.3.4`, `3.3.4`; the series are written `v3.3`, see `rules.rs`), except
// 1.0.0–1.1.1 (only `v…`) and 1.0 (no `v1.0`/`1.0`), which the rules also accept. `v2`/`2`/`v3`/`3`
// exist since 2024-09-16, never `v1`/`1`. Codenames name the series' last version; `faisselle`
// (2.0 betas only) is left out, like every pre-release (`v3.6.0-rc1`, `v2.0.0-beta1-alpine`) and so
// the `v2.0-alpine`/`montdor-alpine` tags that only ever named 2.0 release candidates. Windows tags
// left out. Up to 1.7 the default image is FROM scratch (no shell) with an `-alpine` variant (from
// 1.1.0); since 2.0 the default is alpine and there is no suffix. `alpine` alone last named
// v1.7.16-alpine (2019-09-16); the rules give 1.7.34. Records (repo-info repos/traefik/remote,
// linux/amd64): 3.6.md @25a9fbf8 (3.6.25 on alpine 3.24, 54744622 B: size of a later build),
// 1.7.md and 1.7-alpine.md @72e4be79 (1.7.34: 22605595 B, 25662747 B). Config: v3.6/alpine/Dockerfile
// @75f26cef; scratch/ and alpine/ Dockerfiles in containous/traefik-library-image (@b8acd616 …).
const TRAEFIK: Repo = Repo {
    name: "docker.io/library/traefik",
    series: &[
        Series::range("v1.0", 0, 3), Series::range("v1.1", 0, 2), Series::range("v1.2", 0, 3), Series::range("v1.3", 0, 8), Series::range("v1.4", 0, 6),
        Series::range("v1.5", 0, 4), Series::range("v1.6", 0, 6),
        Series::set("v1.7", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29, 30, 31, 32, 33, 34]),
        Series::set("v2.0", &[0, 1, 2, 4, 5, 6, 7]), Series::set("v2.1", &[0, 1, 2, 3, 4, 6, 7, 8, 9]), Series::set("v2.2", &[0, 1, 2, 4, 5, 6, 7, 8, 10, 11]),
        Series::range("v2.3", 0, 7), Series::set("v2.4", &[0, 1, 2, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14]), Series::range("v2.5", 0, 7),
        Series::set("v2.6", &[0, 1, 2, 3, 6, 7]), Series::range("v2.7", 0, 3), Series::set("v2.8", &[0, 1, 2, 3, 4, 5, 7, 8]),
        Series::set("v2.9", &[1, 4, 5, 6, 7, 8, 9, 10]), Series::set("v2.10", &[0, 1, 3, 4, 5, 6, 7]),
        Series::set("v2.11", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38]),
        Series::range("v3.0", 0, 4), Series::range("v3.1", 0, 7), Series::range("v3.2", 0, 5), Series::range("v3.3", 0, 7), Series::set("v3.4", &[0, 1, 3, 4, 5]),
        Series::set("v3.5", &[0, 1, 2, 3, 4, 6]), Series::set("v3.6", &[0, 1, 2, 4, 5, 6, 7, 8, 9]),
    ],
    // Two default flavours by version (the first that has the version wins): alpine since 2.0,
    // scratch before.
    flavors: &[
        Variant::flavor("", "2.0.0", "", 54_744_622, Os::Alpine, WGET, false),
        Variant::flavor("", "", "1.7.34", 22_605_595, Os::NoShell, 0, false),
        Variant::flavor("alpine", "1.1.0", "1.7.34", 25_662_747, Os::Alpine, WGET, false),
    ],
    dists: &[],
    named: &[
        // as of 2026-03-02
        ("latest", "v3.6"), ("v3", "v3.6"), ("3", "v3.6"), ("v2", "v2.11"), ("2", "v2.11"),
        ("reblochon", "v1.0"), ("camembert", "v1.1"), ("morbier", "v1.2"), ("raclette", "v1.3"), ("roquefort", "v1.4"), ("cancoillotte", "v1.5"),
        ("tetedemoine", "v1.6"), ("maroilles", "v1.7"), ("montdor", "v2.0"), ("cantal", "v2.1"), ("chevrotin", "v2.2"), ("picodon", "v2.3"),
        ("livarot", "v2.4"), ("brie", "v2.5"), ("rocamadour", "v2.6"), ("epoisses", "v2.7"), ("vacherin", "v2.8"), ("banon", "v2.9"),
        ("saintmarcelin", "v2.10"), ("mimolette", "v2.11"), ("beaufort", "v3.0"), ("comte", "v3.1"), ("munster", "v3.2"),
        ("saintnectaire", "v3.3"), ("chaource", "v3.4"), ("chabichou", "v3.5"), ("ramequin", "v3.6"),
    ],
    prefix_tags: false,
    config: traefik,
};

/// EXPOSE 80, no ENV but the default PATH (FROM scratch images get Docker's default too). Since
/// 2.0 and in the 1.x `-alpine` images: ENTRYPOINT `/entrypoint.sh` (prepends `traefik` to flag
/// arguments), `CMD ["traefik"]` (`["--help"]` in the alpine builds of 1.1.0–1.3.7); the 1.x
/// scratch images: ENTRYPOINT `/traefik`, no CMD.
fn traefik(version: &str, flavor: &str, _dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    if flavor.is_empty() && !ge("2.0.0") {
        return cfg(&["/traefik"], &[], &[PATH]).ports(&[80]);
    }
    let cmd = if flavor == "alpine" && !ge("1.3.8") { "--help" } else { "traefik" };
    cfg(&["/entrypoint.sh"], &[cmd], &[PATH]).ports(&[80])
}


// haproxy — github.com/docker-library/haproxy. Tags: docker-library/official-images library/haproxy
// history (2014-12-29 … 2026-02-19 @338296c7, the last change on or before 2026-03-02: latest = 3.3 =
// 3.3.4, lts = 3.2 = 3.2.13, 3.1.15, 3.0.17, 2.8.18, 2.6.23, 2.4.30, all trixie and alpine3.23). `1`
// and `1-alpine` last named 1.9.16 (2020-07-31); no other one-part tag ever existed. Left out: the
// development tags (`3.4-dev5`, `3.4-dev`, `2.0-dev7-alpine`, …), `-rc` tags and `rc`, `rc-alpine`.
// Records (repo-info repos/haproxy/remote, linux/amd64; 3.3.15 builds, sizes of a later build):
// 3.3.md @0ed0a0ed (trixie-slim, 46054898 B), 3.3-alpine.md @0ed0a0ed (alpine 3.24, 19362684 B).
// Config: haproxy 3.3/Dockerfile @989ae8d4 and the Dockerfile at each version's last official-images
// GitCommit. The `-alpine3.N` and distribution ranges are the first and last version with the
// suffix; they interleave across series (alpine3.20 2.4.26–3.1.1 also accepts 2.5–2.9 patches that
// never had it), and `1-buster`, `lts-…` combinations the rules allow may not all have existed.
const HAPROXY: Repo = Repo {
    name: "docker.io/library/haproxy",
    series: &[
        Series::range("1.4", 25, 27), Series::range("1.5", 9, 19), Series::range("1.6", 1, 15), Series::range("1.7", 0, 14),
        Series::set("1.8", &[0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]),
        Series::range("1.9", 0, 16), Series::range("2.0", 0, 35), Series::set("2.1", &[0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]), Series::range("2.2", 0, 34),
        Series::set("2.3", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]),
        Series::set("2.4", &[0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]),
        Series::range("2.5", 0, 14), Series::range("2.6", 0, 23), Series::range("2.7", 0, 12),
        Series::set("2.8", &[0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]), Series::range("2.9", 0, 15), Series::range("3.0", 0, 17),
        Series::set("3.1", &[0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]), Series::range("3.2", 0, 13), Series::range("3.3", 0, 4),
    ],
    flavors: &[
        // debian:<suite>-slim with ca-certificates and socat: no curl, no wget.
        Variant::flavor("", "", "", 46_054_898, Os::Debian, BASH, true),
        Variant::flavor("alpine", "1.4.27", "", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.12", "1.7.14", "1.7.14", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.14", "1.8.30", "2.5.0", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.15", "1.8.30", "2.5.7", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.16", "1.8.30", "2.6.6", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.17", "2.2.25", "2.8.0", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.18", "2.2.29", "2.9.0", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.19", "2.2.31", "2.9.7", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.20", "2.4.26", "3.1.1", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.21", "2.4.28", "3.2.0", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.22", "2.4.29", "3.3.0", 19_362_684, Os::Alpine, WGET, false),
        Variant::flavor("alpine3.23", "2.4.30", "", 19_362_684, Os::Alpine, WGET, false),
    ],
    dists: &[
        Variant::dist("trixie", "2.4.29", ""),
        Variant::dist("bookworm", "2.4.24", "3.2.3"),
        Variant::dist("bullseye", "2.2.16", "2.9.0"),
        Variant::dist("buster", "1.7.14", "2.4.3"),
    ],
    // as of 2026-03-02
    named: &[("latest", "3.3"), ("lts", "3.2"), ("1", "1.9")],
    prefix_tags: false,
    config: haproxy,
};

/// `CMD ["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]`, no EXPOSE. ENTRYPOINT none in
/// 1.4.25–1.4.26, 1.5.9–1.5.15, 1.6.1–1.6.3, `/docker-entrypoint.sh`, then `docker-entrypoint.sh` in
/// builds since 2020-11 (1.7.12+, 1.8.27+, 2.0.19+, 2.1.10+, 2.2.6+, 2.3.2+, 2.4+). STOPSIGNAL SIGUSR1
/// with the `HAPROXY_URL` Dockerfiles (1.5.19, 1.6.14+, 1.7.11+, 1.8.13+, 1.9+); USER haproxy from
/// 2.4.0, WORKDIR /var/lib/haproxy from 2.7.2. ENV: `HAPROXY_VERSION`, `HAPROXY_URL`,
/// `HAPROXY_SHA256`; older builds `HAPROXY_MAJOR`, `HAPROXY_VERSION`, `HAPROXY_MD5` (1.8.12–1.8.13:
/// `HAPROXY_SHA256`). The hashes are per release: HAPROXY_SHA256 is 3.3.4's (3.3/Dockerfile
/// @989ae8d4) and HAPROXY_MD5 1.8.9's (the last MD5 build) for every version; the alpine builds'
/// `LUA_VERSION`/`LUA_SHA1` (1.6.11–1.8.7) are not modelled.
fn haproxy(version: &str, _flavor: &str, _dist: &str) -> Config {
    let ge = |v: &str| compare(version, v).is_ge();
    let within = |from: &str, until: &str| ge(from) && compare(version, until).is_le();
    let minor = version.rsplit_once('.').map_or(version, |(m, _)| m);
    let url = within("1.5.19", "1.5.19") || within("1.6.14", "1.6.99") || within("1.7.11", "1.7.99") || ge("1.8.14");
    let (k1, k2, k3) = if url {
        (
            format!("HAPROXY_VERSION={version}"),
            format!("HAPROXY_URL=https://www.haproxy.org/download/{minor}/src/haproxy-{version}.tar.gz"),
            "HAPROXY_SHA256=5063eccd818a0bb131a7529ca9824da952697fbf777de0c8376ad610a66173ac".to_string(),
        )
    } else if within("1.8.12", "1.8.13") {
        (
            format!("HAPROXY_MAJOR={minor}"),
            format!("HAPROXY_VERSION={version}"),
            "HAPROXY_SHA256=5063eccd818a0bb131a7529ca9824da952697fbf777de0c8376ad610a66173ac".to_string(),
        )
    } else {
        (format!("HAPROXY_MAJOR={minor}"), format!("HAPROXY_VERSION={version}"), "HAPROXY_MD5=1466cf8c1c036e376265b86df43efc89".to_string())
    };
    let no_slash = within("1.7.12", "1.7.99") || within("1.8.27", "1.8.99") || within("2.0.19", "2.0.99") || within("2.1.10", "2.1.99")
        || within("2.2.6", "2.2.99") || within("2.3.2", "2.3.99") || ge("2.4");
    let entrypoint: &[&str] = if within("1.4", "1.4.26") || within("1.5", "1.5.15") || within("1.6", "1.6.3") {
        &[]
    } else if no_slash {
        &["docker-entrypoint.sh"]
    } else {
        &["/docker-entrypoint.sh"]
    };
    let mut c = cfg(entrypoint, &["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"], &[PATH, &k1, &k2, &k3]);
    if url || version == "1.8.13" {
        c = c.stop("SIGUSR1");
    }
    if ge("2.4") {
        c = c.user("haproxy");
    }
    if ge("2.7.2") { c.workdir("/var/lib/haproxy") } else { c }
}


// curlimages/curl — not an official image. Tags: one per release, full versions only (no `8.18`,
// no `8`), and `latest`. 7.65.3 … 8.1.1: github.com/curl/curl-docker, the `curlimages/curl:<version>`
// tags its Makefiles pushed (2019-08 … 2023-05-24 @03664e1; `8.00.0`, `8.00.1` are spelled so).
// 8.1.2 … 8.18.0: github.com/curl/curl-container release tags (2023-06-06 @b7d5398 … 8.18.0
// 2026-01-08 @57b8ef9; rebuild tags `8.1.2-1`…`-5`, `8.5.0-1` re-push the same image tag, git tag
// `8.16` published 8.16.0; 8.19.0 came 2026-04-08): latest = 8.18.0 as of 2026-03-02. Size: no
// record; estimated, the catalogue's 8.18.0 figure for every version. Config: curl-docker
// alpine/latest/Dockerfile history (ENV CURL_CA_BUNDLE from 2019-11-27 @a9663b8) and a public
// `docker inspect` of 7.71.1; curl-container create_base_image.sh and create_appliance_image.sh @57b8ef9
// (WORKDIR since @84479e4, 2023-06-13, in the rebuilt 8.1.2).
const CURL_IMAGE: Repo = Repo {
    name: "docker.io/curlimages/curl",
    series: &[
        Series::only("7.65.3"), Series::only("7.66.0"), Series::only("7.67.0"), Series::only("7.68.0"), Series::only("7.69.0"), Series::only("7.69.1"),
        Series::only("7.70.0"), Series::only("7.71.0"), Series::only("7.71.1"), Series::only("7.72.0"), Series::only("7.73.0"), Series::only("7.74.0"),
        Series::only("7.75.0"), Series::only("7.76.0"), Series::only("7.76.1"), Series::only("7.77.0"), Series::only("7.78.0"), Series::only("7.79.1"),
        Series::only("7.80.0"), Series::only("7.81.0"), Series::only("7.82.0"), Series::only("7.83.0"), Series::only("7.83.1"), Series::only("7.84.0"),
        Series::only("7.85.0"), Series::only("7.86.0"), Series::only("7.87.0"), Series::only("7.88.1"), Series::only("8.00.0"), Series::only("8.00.1"),
        Series::only("8.1.0"), Series::only("8.1.1"), Series::only("8.1.2"), Series::only("8.2.0"), Series::only("8.2.1"), Series::only("8.3.0"),
        Series::only("8.4.0"), Series::only("8.5.0"), Series::only("8.6.0"), Series::only("8.7.1"), Series::only("8.8.0"), Series::only("8.9.0"),
        Series::only("8.9.1"), Series::only("8.10.0"), Series::only("8.10.1"), Series::only("8.11.0"), Series::only("8.11.1"), Series::only("8.12.0"),
        Series::only("8.12.1"), Series::only("8.13.0"), Series::only("8.14.1"), Series::only("8.15.0"), Series::only("8.16.0"), Series::only("8.17.0"),
        Series::only("8.18.0"),
    ],
    flavors: &[Variant::flavor("", "", "", 10_804_337, Os::Alpine, CURL | WGET, false)], // size estimated
    dists: &[],
    named: &[("latest", "8.18.0")], // as of 2026-03-02
    prefix_tags: false,
    config: curl_image,
};

/// ENTRYPOINT `/entrypoint.sh` (runs `curl` when the first argument is a flag or no command),
/// `CMD ["curl"]`, USER curl_user. curl-docker builds (to 8.1.1): ENV `CURL_VERSION` and
/// `CURL_RELEASE_TAG` (`7_71_1`, `curl-7_71_1`), `CURL_GIT_REPO`, `CURL_CA_BUNDLE=/cacert.pem` (from
/// 7.68.0), no WORKDIR. curl-container builds (8.1.2+): ENV `CURL_CA_BUNDLE=/cacert.pem` only,
/// WORKDIR `/home/curl_user`.
fn curl_image(version: &str, _flavor: &str, _dist: &str) -> Config {
    let c = if compare(version, "8.1.2").is_ge() {
        cfg(&["/entrypoint.sh"], &["curl"], &[PATH, "CURL_CA_BUNDLE=/cacert.pem"]).workdir("/home/curl_user")
    } else {
        let u = version.replace('.', "_");
        let (v, t) = (format!("CURL_VERSION={u}"), format!("CURL_RELEASE_TAG=curl-{u}"));
        let mut env = vec![PATH, &v, &t, "CURL_GIT_REPO=https://github.com/curl/curl.git"];
        if compare(version, "7.68.0").is_ge() {
            env.push("CURL_CA_BUNDLE=/cacert.pem");
        }
        cfg(&["/entrypoint.sh"], &["curl"], &env)
    };
    c.user("curl_user")
}
