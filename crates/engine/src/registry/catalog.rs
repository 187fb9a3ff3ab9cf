//! The catalogue of the internet's registries: for each repository the tags that exist, each
//! with its repo digest (the manifest list / OCI index a `name@sha256:…` reference names), its
//! image id (the linux/amd64 config digest, what `crictl images` and a container's `imageID`
//! show), its compressed linux/amd64 size (what containerd reports as the image size and the
//! Node's `status.images[].sizeBytes`) and the image config the runtime starts containers from.
//!
//! Sources, per entry in the comments:
//! - `repo-info`: Docker's own records, `github.com/docker-library/repo-info`
//!   `repos/<name>/remote/<tag>.md` — index digest, amd64 "Total Size", "Image ID", the
//!   Dockerfile history (`ENV`, `ENTRYPOINT`, `CMD`, `EXPOSE`, `STOPSIGNAL`, `WORKDIR`, `USER`).
//!   Each record is one point in time (dated in the comment); tags move, so a tag's record may
//!   be a few months off the simulation's 2026-03 epoch.
//! - `pinned`: a repo digest pinned as `name:tag@sha256:…` in several public repositories or
//!   shown as a pod's `Image ID` for that tag in public `kubectl describe` output.
//! - `synthetic`: no public record found; the value is `sha256("podlife-synthetic/<kind>
//!   <name>:<tag>")` (kind `index` or `config`), computed once and pasted as a literal, marked
//!   `// digest: synthetic`.
//! - sizes marked `estimated` are plausible values for the image's amd64 layers, not records;
//!   configs marked `reconstructed` follow the image's Dockerfile, with version values guessed.
//! - `registry.podlife.dev` is fictional: images for lessons, every value synthetic.
//!
//! Everything is `'static` data: nothing is built at startup.

use super::reference::{DEFAULT_TAG, ImageRef};

/// The parts of an OCI image config (`config` object) the runtime uses. An empty
/// `working_dir` or `user` means the config does not set it (the runtime uses `/` and root).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageConfig {
    pub entrypoint: &'static [&'static str],
    pub cmd: &'static [&'static str],
    pub stop_signal: Option<&'static str>,
    /// TCP ports from `ExposedPorts` (`80/tcp`, …); no catalogued image exposes UDP.
    pub exposed_ports: &'static [u16],
    pub working_dir: &'static str,
    pub env: &'static [&'static str],
    pub user: &'static str,
}

/// One tag of one repository.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CatalogImage {
    /// The normalized repository name, `docker.io/library/nginx`.
    pub name: &'static str,
    pub tag: &'static str,
    /// `sha256:…` of the manifest list / index the tag points to.
    pub repo_digest: &'static str,
    /// `sha256:…` of the linux/amd64 image config.
    pub image_id: &'static str,
    /// Compressed size of the linux/amd64 layers, bytes.
    pub size_bytes: u64,
    pub config: ImageConfig,
}

/// What the catalogue's records say about a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<'a> {
    Found(&'a CatalogImage),
    /// No such repository in the catalogue (or on a registry the catalogue does not know).
    RepositoryNotFound,
    /// The repository exists; the tag does not.
    TagNotFound,
    /// The repository exists; no manifest has that digest.
    DigestNotFound,
}

/// Every catalogued image, grouped by repository.
pub fn all() -> &'static [CatalogImage] {
    CATALOG
}

/// Resolves a reference against the catalogue the way a registry answers
/// `HEAD /v2/<path>/manifests/<tag or digest>`: by digest when the reference has one (a
/// reference with both tag and digest is resolved by digest, as containerd's `ParseDockerRef`
/// does), else by tag (`latest` when it has neither).
pub fn lookup(r: &ImageRef) -> Answer<'static> {
    let name = r.name();
    let mut repo = CATALOG.iter().filter(|i| i.name == name).peekable();
    if repo.peek().is_none() {
        return Answer::RepositoryNotFound;
    }
    if let Some(d) = &r.digest {
        return repo.find(|i| i.repo_digest == d).map_or(Answer::DigestNotFound, Answer::Found);
    }
    let tag = r.tag.as_deref().unwrap_or(DEFAULT_TAG);
    repo.find(|i| i.tag == tag).map_or(Answer::TagNotFound, Answer::Found)
}

/// The tags of a repository (normalized name), in catalogue order.
pub fn tags(name: &str) -> impl Iterator<Item = &'static str> + '_ {
    CATALOG.iter().filter(move |i| i.name == name).map(|i| i.tag)
}

/// How a registry answers for a repository it does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingRepository {
    /// Docker Hub's token service refuses the pull scope: `pull access denied, repository does
    /// not exist or may require authorization: server message: insufficient_scope:
    /// authorization failed`. The fictional lesson registry behaves the same.
    AccessDenied,
    /// The manifest request answers 404: `<ref>: not found` (registry.k8s.io, seen in public
    /// events for `registry.k8s.io/kubedns:1.3.1`). Other well-known registries are modelled
    /// the same way without a record of their own.
    NotFound,
}

/// The registries that exist in the simulated internet, with their answer for a missing
/// repository; `None` for any other host (its name does not resolve).
pub fn registry(domain: &str) -> Option<MissingRepository> {
    match domain {
        "docker.io" | "registry.podlife.dev" => Some(MissingRepository::AccessDenied),
        "registry.k8s.io" | "k8s.gcr.io" | "gcr.io" | "us-docker.pkg.dev" | "quay.io" | "ghcr.io" | "mcr.microsoft.com" | "public.ecr.aws" | "registry.gitlab.com" | "docker.elastic.co" | "nvcr.io" => {
            Some(MissingRepository::NotFound)
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Configs

const PATH: &str = "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const ENV_PATH_ONLY: &[&str] = &[PATH];
const NONE: &[&str] = &[];

const fn config(entrypoint: &'static [&'static str], cmd: &'static [&'static str], env: &'static [&'static str]) -> ImageConfig {
    ImageConfig { entrypoint, cmd, stop_signal: None, exposed_ports: &[], working_dir: "", env, user: "" }
}

const fn nginx(env: &'static [&'static str]) -> ImageConfig {
    ImageConfig { stop_signal: Some("SIGQUIT"), exposed_ports: &[80], ..config(&["/docker-entrypoint.sh"], &["nginx", "-g", "daemon off;"], env) }
}

// repo-info nginx:mainline-trixie, build of 2026-02-24.
const NGINX_1_29_5: ImageConfig = nginx(&[PATH, "NGINX_VERSION=1.29.5", "NJS_VERSION=0.9.5", "NJS_RELEASE=1~trixie", "ACME_VERSION=0.3.1", "PKG_RELEASE=1~trixie", "DYNPKG_RELEASE=1~trixie"]);
// repo-info nginx:stable-trixie, build of 2026-04-07.
const NGINX_1_28_3: ImageConfig = nginx(&[PATH, "NGINX_VERSION=1.28.3", "NJS_VERSION=0.9.6", "NJS_RELEASE=1~trixie", "ACME_VERSION=0.3.1", "PKG_RELEASE=1~trixie", "DYNPKG_RELEASE=1~trixie"]);
// repo-info nginx:mainline (bookworm), build of 2025-04-16.
const NGINX_1_27_5: ImageConfig = nginx(&[PATH, "NGINX_VERSION=1.27.5", "NJS_VERSION=0.8.10", "NJS_RELEASE=1~bookworm", "PKG_RELEASE=1~bookworm", "DYNPKG_RELEASE=1~bookworm"]);
// repo-info nginx alpine 1.27.5 (alpine-slim ENVs from the record; NJS_* from the alpine Dockerfile).
const NGINX_1_27_5_ALPINE: ImageConfig = nginx(&[PATH, "NGINX_VERSION=1.27.5", "PKG_RELEASE=1", "DYNPKG_RELEASE=1", "NJS_VERSION=0.8.10", "NJS_RELEASE=1"]);
// repo-info nginx:mainline-alpine3.23, build of 2026-04-15 (NJS_*/ACME_VERSION reconstructed).
const NGINX_1_29_8_ALPINE: ImageConfig = nginx(&[PATH, "NGINX_VERSION=1.29.8", "PKG_RELEASE=1", "DYNPKG_RELEASE=1", "NJS_VERSION=0.9.6", "NJS_RELEASE=1", "ACME_VERSION=0.3.1"]);

const BUSYBOX: ImageConfig = config(NONE, &["sh"], ENV_PATH_ONLY);
const ALPINE: ImageConfig = config(NONE, &["/bin/sh"], ENV_PATH_ONLY);


// reconstructed from the httpd:2.4 Dockerfile (HTTPD_VERSION guessed; HTTPD_SHA256 left out).
const HTTPD: ImageConfig = ImageConfig {
    stop_signal: Some("SIGWINCH"),
    exposed_ports: &[80],
    working_dir: "/usr/local/apache2",
    ..config(NONE, &["httpd-foreground"], &["PATH=/usr/local/apache2/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HTTPD_PREFIX=/usr/local/apache2", "HTTPD_VERSION=2.4.66", "HTTPD_PATCHES="])
};

// reconstructed from the python 3.12-slim Dockerfile (PYTHON_VERSION guessed; PYTHON_SHA256 left out).
const PYTHON_3_12_SLIM: ImageConfig = config(
    NONE,
    &["python3"],
    &["PATH=/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8", "GPG_KEY=7169605F62C751356D054A26A821E680E5FA6305", "PYTHON_VERSION=3.12.12"],
);

// reconstructed from the node 22 alpine Dockerfile (NODE_VERSION guessed).
const NODE_22_ALPINE: ImageConfig = config(&["docker-entrypoint.sh"], &["node"], &[PATH, "NODE_VERSION=22.22.0", "YARN_VERSION=1.22.22"]);

// kubernetes build/pause: `ENTRYPOINT ["/pause"]`, `USER 65535:65535`, `WORKDIR /` (a
// FROM-scratch image; the builder still records Docker's default PATH).
const PAUSE: ImageConfig = ImageConfig { working_dir: "/", user: "65535:65535", ..config(&["/pause"], NONE, ENV_PATH_ONLY) };

// kubernetes test/images/agnhost/Dockerfile: `EXPOSE 80 8080 8081 9376`,
// `ENTRYPOINT ["/agnhost"]`, `CMD ["pause"]`.
const AGNHOST: ImageConfig = ImageConfig { exposed_ports: &[80, 8080, 8081, 9376], ..config(&["/agnhost"], &["pause"], ENV_PATH_ONLY) };

// kubernetes build/pause before 3.x: `ENTRYPOINT ["/pause"]` on scratch, no USER (the
// non-root USER came with the 3.x images).
const PAUSE_2: ImageConfig = config(&["/pause"], NONE, ENV_PATH_ONLY);

// kubernetes test/images/goproxy/Dockerfile: `FROM scratch`, `ADD goproxy goproxy`,
// `ENTRYPOINT ["/goproxy"]` (goproxy.go listens on :8080; the Dockerfile exposes nothing).
const GOPROXY: ImageConfig = config(&["/goproxy"], NONE, ENV_PATH_ONLY);

// GoogleCloudPlatform/kubernetes-engine-samples quickstarts/hello-app/Dockerfile: distroless
// static, `WORKDIR /`, `ENV PORT=8080`, `USER nonroot:nonroot`, `CMD ["/hello-app"]`
// (reconstructed: the 1.0 and 2.0 tags predate the file's current base pin).
const HELLO_APP: ImageConfig = ImageConfig { working_dir: "/", user: "nonroot:nonroot", ..config(NONE, &["/hello-app"], &[PATH, "PORT=8080"]) };

// gcr.io/google-samples/node-hello: `FROM node:4.4`, `EXPOSE 8080`, `COPY server.js .`,
// `CMD node server.js` (reconstructed; NODE_VERSION from the node:4.4 Dockerfile).
const NODE_HELLO: ImageConfig = ImageConfig { exposed_ports: &[8080], ..config(NONE, &["/bin/sh", "-c", "node server.js"], &[PATH, "NPM_CONFIG_LOGLEVEL=info", "NODE_VERSION=4.4.7"]) };

// alpine/socat (github.com/alpine-docker/socat): `FROM alpine`, `RUN apk add socat`,
// `ENTRYPOINT ["socat"]` (reconstructed).
const SOCAT: ImageConfig = config(&["socat"], NONE, ENV_PATH_ONLY);

// github.com/vishh/stress Dockerfile: `FROM scratch`, `COPY /stress /`,
// `ENTRYPOINT ["/stress", "-logtostderr"]`.
const VISH_STRESS: ImageConfig = config(&["/stress", "-logtostderr"], NONE, ENV_PATH_ONLY);

// kubernetes/ingress-nginx images/nginx-slim/Dockerfile (and kubernetes/contrib's before it):
// `EXPOSE 80 443`, `CMD ["nginx", "-g", "daemon off;"]`, no ENTRYPOINT, no STOPSIGNAL.
const NGINX_SLIM: ImageConfig = ImageConfig { exposed_ports: &[80, 443], ..config(NONE, &["nginx", "-g", "daemon off;"], ENV_PATH_ONLY) };

// quay.io/fluentd_elasticsearch/fluentd (github.com/monotek/fluentd-elasticsearch):
// debian-slim with fluentd, `EXPOSE 80`, `ENTRYPOINT ["/entrypoint.sh"]` which execs
// `/usr/local/bin/fluentd $FLUENTD_ARGS` (reconstructed; versions guessed).
const FLUENTD_ES: ImageConfig = ImageConfig { exposed_ports: &[80], ..config(&["/entrypoint.sh"], NONE, &[PATH, "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"]) };

// gb-frontend (kubernetes-engine-samples guestbook/php-redis): `FROM php:5-apache`, the
// php image's `STOPSIGNAL SIGWINCH`, `WORKDIR /var/www/html`, `EXPOSE 80`,
// `CMD ["apache2-foreground"]` (reconstructed).
const GB_FRONTEND: ImageConfig = ImageConfig {
    stop_signal: Some("SIGWINCH"),
    exposed_ports: &[80],
    working_dir: "/var/www/html",
    ..config(&["docker-php-entrypoint"], &["apache2-foreground"], &[PATH, "PHP_INI_DIR=/usr/local/etc/php", "APACHE_CONFDIR=/etc/apache2", "APACHE_ENVVARS=/etc/apache2/envvars"])
};

// hello-go-gke (a Go server on port 80) and hello-frontend (nginx with a proxy config), the
// images of "Connect a Frontend to a Backend Using Services" (reconstructed).
const HELLO_GO_GKE: ImageConfig = ImageConfig { exposed_ports: &[80], ..config(&["/hello"], NONE, ENV_PATH_ONLY) };
// bprashanth/nginxhttps:1.0, the HTTPS server of "Connecting Applications with Services":
// kubernetes/examples staging/https-nginx/Dockerfile built `FROM nginx` in 2015 — nginx 1.9 on
// Debian jessie, whose image had no ENTRYPOINT, `CMD ["nginx", "-g", "daemon off;"]`,
// `EXPOSE 80 443` and no STOPSIGNAL — adding index2.html, auto-reload-nginx.sh and
// inotify-tools, with no CMD of its own (reconstructed; the 1.9 patch release is estimated).
const NGINX_HTTPS: ImageConfig = ImageConfig { exposed_ports: &[80, 443], ..config(NONE, &["nginx", "-g", "daemon off;"], &[PATH, "NGINX_VERSION=1.9.2-1~jessie"]) };
const HELLO_FRONTEND: ImageConfig = ImageConfig { stop_signal: Some("SIGQUIT"), exposed_ports: &[80], ..config(NONE, &["nginx", "-g", "daemon off;"], &[PATH, "NGINX_VERSION=1.13.12"]) };

// event-exporter (k8s-stackdriver): `ENTRYPOINT ["/event-exporter"]`; node-problem-detector
// v0.1: `ENTRYPOINT ["/node-problem-detector"]` (reconstructed).
const EVENT_EXPORTER: ImageConfig = config(&["/event-exporter"], NONE, ENV_PATH_ONLY);
const NODE_PROBLEM_DETECTOR: ImageConfig = config(&["/node-problem-detector"], NONE, ENV_PATH_ONLY);

// kubernetes cluster/images/etcd/Dockerfile: distroless, `WORKDIR /`, `EXPOSE 2379 2380 4001
// 7001`, no ENTRYPOINT or CMD (pods give `command: [etcd, …]`, as kubeadm's manifest does).
const ETCD: ImageConfig = ImageConfig { exposed_ports: &[2379, 2380, 4001, 7001], working_dir: "/", ..config(NONE, NONE, ENV_PATH_ONLY) };

// reconstructed from envoy's ci/Dockerfile-envoy.
const ENVOY: ImageConfig = ImageConfig { exposed_ports: &[10000], ..config(&["/docker-entrypoint.sh"], &["envoy", "-c", "/etc/envoy/envoy.yaml"], ENV_PATH_ONLY) };

// reconstructed from fluent-bit's dockerfiles/Dockerfile (distroless production stage).
const fn fluent_bit(env: &'static [&'static str]) -> ImageConfig {
    ImageConfig { exposed_ports: &[2020], ..config(&["/fluent-bit/bin/fluent-bit"], &["/fluent-bit/bin/fluent-bit", "-c", "/fluent-bit/etc/fluent-bit.conf"], env) }
}
const FLUENT_BIT_3_2: ImageConfig = fluent_bit(&[PATH, "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt", "FLUENT_BIT_VERSION=3.2.10"]);
const FLUENT_BIT_4_2: ImageConfig = fluent_bit(&[PATH, "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt", "FLUENT_BIT_VERSION=4.2.2"]);
const FLUENT_BIT_4_0: ImageConfig = fluent_bit(&[PATH, "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt", "FLUENT_BIT_VERSION=4.0.3"]);
const FLUENT_BIT_4_1: ImageConfig = fluent_bit(&[PATH, "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt", "FLUENT_BIT_VERSION=4.1.1"]);

// istio's pilot/docker/Dockerfile.pilot: `USER 1337:1337`,
// `ENTRYPOINT ["/usr/local/bin/pilot-discovery"]` (the debug base: Ubuntu).
const ISTIO_PILOT: ImageConfig = ImageConfig { user: "1337:1337", working_dir: "/", ..config(&["/usr/local/bin/pilot-discovery"], NONE, ENV_PATH_ONLY) };
// istio's pilot/docker/Dockerfile.proxyv2: `ENTRYPOINT ["/usr/local/bin/pilot-agent"]`, no USER
// (the injected containers set their own); ISTIO_META_ISTIO_PROXY_SHA left out.
const ISTIO_PROXYV2: ImageConfig = ImageConfig { working_dir: "/", ..config(&["/usr/local/bin/pilot-agent"], NONE, ENV_PATH_ONLY) };

// github.com/pozgo/docker-stress Dockerfile: `ENV RELEASE_VERSION=1.0.4 SHELL=/bin/bash`, and
// `CMD ['/usr/local/bin/stress']` — single quotes are not JSON, so Docker stored the shell form.
const STRESS: ImageConfig = config(NONE, &["/bin/sh", "-c", "['/usr/local/bin/stress']"], &[PATH, "RELEASE_VERSION=1.0.4", "SHELL=/bin/bash"]);

// reconstructed from hashicorp/http-echo's Dockerfile (FROM scratch, `EXPOSE 5678`).
const HTTP_ECHO: ImageConfig = ImageConfig { exposed_ports: &[5678], ..config(&["/http-echo"], NONE, ENV_PATH_ONLY) };


// reconstructed from nicolaka/netshoot's Dockerfile (`WORKDIR /root`, `CMD ["zsh"]`).
const NETSHOOT: ImageConfig = ImageConfig { working_dir: "/root", ..config(NONE, &["zsh"], ENV_PATH_ONLY) };

// The kind node image's system images (`kind` v0.32.0, Kubernetes v1.36.0, kubeadm's pins:
// etcd 3.6.8-0, CoreDNS v1.14.2). The control plane images are built on go-runner
// (`ENTRYPOINT ["/go-runner"]`), kube-proxy on distroless-iptables (no ENTRYPOINT); kubeadm's
// manifests give each a `command`. CoreDNS's Dockerfile: `ENTRYPOINT ["/coredns"]`,
// `EXPOSE 53 53/udp`, `USER nonroot:nonroot`. kindnetd: `ENTRYPOINT ["/bin/kindnetd"]`.
// Reconstructed; only PATH in their environment.
const GO_RUNNER: ImageConfig = config(&["/go-runner"], NONE, ENV_PATH_ONLY);
const KUBE_PROXY: ImageConfig = config(NONE, NONE, ENV_PATH_ONLY);
const COREDNS: ImageConfig = ImageConfig { exposed_ports: &[53], user: "nonroot:nonroot", ..config(&["/coredns"], NONE, ENV_PATH_ONLY) };
const KINDNETD: ImageConfig = config(&["/bin/kindnetd"], NONE, ENV_PATH_ONLY);
// kind's storage images (`images/local-path-provisioner`, `images/local-path-helper`), both on
// distroless static-debian13: the provisioner's shell-form `ENTRYPOINT
// /usr/local/bin/local-path-provisioner` (kind's manifest gives a `command`), the helper
// with bash as `/bin/sh`, `rm` and `mkdir` staged in and no ENTRYPOINT or CMD.
const LOCAL_PATH_PROVISIONER: ImageConfig = config(&["/bin/sh", "-c", "/usr/local/bin/local-path-provisioner"], NONE, ENV_PATH_ONLY);
const LOCAL_PATH_HELPER: ImageConfig = config(NONE, NONE, ENV_PATH_ONLY);
// metrics-server's Dockerfile: distroless static, `USER 65534`, `ENTRYPOINT ["/metrics-server"]`.
const METRICS_SERVER: ImageConfig = ImageConfig { user: "65534", ..config(&["/metrics-server"], NONE, ENV_PATH_ONLY) };

// Fictional lesson images: small static Go servers on a distroless base, non-root.
const fn podlife(entrypoint: &'static [&'static str], cmd: &'static [&'static str], port: &'static [u16], env: &'static [&'static str]) -> ImageConfig {
    ImageConfig { exposed_ports: port, working_dir: "/", user: "65532:65532", ..config(entrypoint, cmd, env) }
}
const APP_1_0: ImageConfig = podlife(&["/app"], NONE, &[8080], &[PATH, "APP_VERSION=1.0.0", "PORT=8080"]);
const APP_2_0: ImageConfig = podlife(&["/app"], NONE, &[8080], &[PATH, "APP_VERSION=2.0.0", "PORT=8080"]);
const SLOW_START: ImageConfig = podlife(&["/slow-start"], &["--startup-delay=30s", "--listen=:8080"], &[8080], &[PATH, "APP_VERSION=1.0.0"]);
const BIG: ImageConfig = podlife(&["/model-server"], &["--model=/models/model.bin", "--listen=:8000"], &[8000], &[PATH, "MODEL_PATH=/models/model.bin"]);

// ---------------------------------------------------------------------------------------------
// The catalogue

const fn img(name: &'static str, tag: &'static str, repo_digest: &'static str, image_id: &'static str, size_bytes: u64, config: ImageConfig) -> CatalogImage {
    CatalogImage { name, tag, repo_digest, image_id, size_bytes, config }
}

const NGINX: &str = "docker.io/library/nginx";
const BUSYBOX_HUB: &str = "docker.io/library/busybox";
const ALPINE_HUB: &str = "docker.io/library/alpine";
const HTTPD_HUB: &str = "docker.io/library/httpd";
const PYTHON: &str = "docker.io/library/python";
const NODE: &str = "docker.io/library/node";
const PAUSE_K8S: &str = "registry.k8s.io/pause";
const BUSYBOX_K8S: &str = "registry.k8s.io/busybox";
const AGNHOST_K8S: &str = "registry.k8s.io/e2e-test-images/agnhost";
const ETCD_K8S: &str = "registry.k8s.io/etcd";
const ENVOY_HUB: &str = "docker.io/envoyproxy/envoy";
const FLUENT_BIT: &str = "docker.io/fluent/fluent-bit";
const ISTIO_PILOT_HUB: &str = "docker.io/istio/pilot";
const ISTIO_PROXYV2_HUB: &str = "docker.io/istio/proxyv2";
const STRESS_HUB: &str = "docker.io/polinux/stress";
const HTTP_ECHO_HUB: &str = "docker.io/hashicorp/http-echo";
const NETSHOOT_HUB: &str = "docker.io/nicolaka/netshoot";
const KUBE_APISERVER: &str = "registry.k8s.io/kube-apiserver";
const KUBE_CONTROLLER_MANAGER: &str = "registry.k8s.io/kube-controller-manager";
const KUBE_SCHEDULER: &str = "registry.k8s.io/kube-scheduler";
const KUBE_PROXY_K8S: &str = "registry.k8s.io/kube-proxy";
const COREDNS_K8S: &str = "registry.k8s.io/coredns/coredns";
const METRICS_SERVER_K8S: &str = "registry.k8s.io/metrics-server/metrics-server";
const KINDNETD_HUB: &str = "docker.io/kindest/kindnetd";
const LOCAL_PATH_PROVISIONER_HUB: &str = "docker.io/kindest/local-path-provisioner";
const LOCAL_PATH_HELPER_HUB: &str = "docker.io/kindest/local-path-helper";
const APP: &str = "registry.podlife.dev/app";
const SLOW_START_APP: &str = "registry.podlife.dev/slow-start";
const BIG_APP: &str = "registry.podlife.dev/big";
const GOPROXY_K8S: &str = "registry.k8s.io/goproxy";
const NGINX_SLIM_K8S: &str = "registry.k8s.io/nginx-slim";
const HELLO_APP_GCR: &str = "gcr.io/google-samples/hello-app";
const HELLO_APP_AR: &str = "us-docker.pkg.dev/google-samples/containers/gke/hello-app";
const NODE_HELLO_GCR: &str = "gcr.io/google-samples/node-hello";
const HELLO_GO_GKE_GCR: &str = "gcr.io/google-samples/hello-go-gke";
const HELLO_FRONTEND_GCR: &str = "gcr.io/google-samples/hello-frontend";
const NGINX_HTTPS_HUB: &str = "docker.io/bprashanth/nginxhttps";
const GB_FRONTEND_AR: &str = "us-docker.pkg.dev/google-samples/containers/gke/gb-frontend";
const SOCAT_HUB: &str = "docker.io/alpine/socat";
const CRIO_ARTIFACT: &str = "quay.io/crio/artifact";
const VISH_STRESS_HUB: &str = "docker.io/vish/stress";
const FLUENTD_ES_QUAY: &str = "quay.io/fluentd_elasticsearch/fluentd";
const EVENT_EXPORTER_K8S: &str = "registry.k8s.io/event-exporter";
const NODE_PROBLEM_DETECTOR_K8S: &str = "registry.k8s.io/node-problem-detector";

// nginx 1.29.5, repo-info nginx:mainline-trixie (build of 2026-02-24): index, image id, size.
const NGINX_1_29_5_INDEX: &str = "sha256:44d1be91d34f545895e9b422036782123c63e4cd4a11bbfc20bfe53ac59f7798";
const NGINX_1_29_5_ID: &str = "sha256:fd204fe2f75024354b1f979d38cc43def9e049cc2df1cda45074d1b84c4f9b3e";
// nginx 1.28.3, repo-info nginx:stable-trixie (build of 2026-04-07).
const NGINX_1_28_3_INDEX: &str = "sha256:146adea4768b83c607d0bdfa4188464e3da6e0a3ad4475db1d1d8f64f27c29cc";
const NGINX_1_28_3_ID: &str = "sha256:fda7399e8104578dd71a8491d53621a60c1c5ed6b7f3befb583d4f164244255e";
// nginx 1.27.5, repo-info nginx:mainline (bookworm, build of 2025-04-16); the 1.27 tag froze there.
const NGINX_1_27_5_INDEX: &str = "sha256:6784fb0834aa7dbbe12e3d7471e69c290df3e6ba810dc38b34ae33d3c1c05f7d";
const NGINX_1_27_5_ID: &str = "sha256:1e5f3c5b981a9f91ca91cf13ce87c2eedfc7a083f4f279552084dd08fc477512";
// nginx 1.27.5-alpine: image id and size from repo-info (build of 2025-04-16); the index is
// pinned as nginx:1.27-alpine@sha256:65645c7b… in public manifests alongside that image id.
const NGINX_1_27_5_ALPINE_INDEX: &str = "sha256:65645c7bb6a0661892a8b03b89d0743208a18dd2f3f17a54ef4b76fb8e2f2a10";
const NGINX_1_27_5_ALPINE_ID: &str = "sha256:6769dc3a703c719c1d2756bda113659be28ae16cf0da58dd5fd823d6b9a050ea";
// nginx 1.29.8-alpine, repo-info nginx:mainline-alpine3.23 (build of 2026-04-15).
const NGINX_1_29_8_ALPINE_INDEX: &str = "sha256:92d4ef2d8a108b26fa4ca52823e3086de65c3bc09c0630007248796e8abb1a30";
const NGINX_1_29_8_ALPINE_ID: &str = "sha256:812d47f806db497c53f9b47e76bdab38bcf5d724c69d3986df5ee4336c210559";

// busybox 1.37.0, repo-info busybox:1.37 (record of 2026-05; glibc variant on amd64).
const BUSYBOX_1_37_INDEX: &str = "sha256:9db7b59979c38555a39def84a31fb98b5296952f9e3afd4f6f11f05b07adfab0";
const BUSYBOX_1_37_ID: &str = "sha256:db287cb6be81219cd18c1d82b70908f5d33eb028568b456f78eedff2ff2930e4";

// alpine 3.23.6, repo-info alpine:3.23 (build of 2026-09-17).
const ALPINE_3_23_INDEX: &str = "sha256:075c2c1a4068c1e251228ca2b0ea8b163f835ca5d66e758b93c7fc89b1995616";
const ALPINE_3_23_ID: &str = "sha256:f6d31b983274a75183386cda3aac54849498fac0fc3e0d98f92ff56ed517d92b";



// httpd 2.4: pinned as httpd:2.4@sha256:41163d51… .
const HTTPD_2_4_INDEX: &str = "sha256:41163d514c02ac205161c1549b499bc11adfdeb6291735b433d706af7e64382a";
const HTTPD_2_4_ID: &str = "sha256:1544e7b2628d0a61d3aac400958467304fc5c0c5035d15bc9668456ae4f0e7ad"; // digest: synthetic

// registry.k8s.io/pause 3.10: index pinned widely; image id from `crictl images`
// (873ed75102791…) and download URLs; size from a Node's status.images (sizeBytes 320368).
const PAUSE_3_10_INDEX: &str = "sha256:ee6521f290b2168b6e0935a181d4cff9be1ac3f505666ef0e3c98fae8199917a";
const PAUSE_3_10_ID: &str = "sha256:873ed75102791e5b0b8a7fcd41606c92fcec98d56d05ead4ac5131650004c136";
// registry.k8s.io/pause 3.10.1 (kubeadm's PauseVersion since 1.34, containerd 2.2's sandbox
// image): index pinned widely; image id from `ctr images ls` output (cd073f4c5f6a8…).
const PAUSE_3_10_1_INDEX: &str = "sha256:278fb9dbcca9518083ad1e11276933a2e96f23de604a3a08cc3c80002767d24c";
const PAUSE_3_10_1_ID: &str = "sha256:cd073f4c5f6a8e9dc6f3125ba00cf60819cae95c1ec84a1f146ee4a9cf9e803f";

// hashicorp/http-echo 1.0: the digest pinned for hashicorp/http-echo in public manifests (its
// tag association with 1.0/latest is assumed).
const HTTP_ECHO_INDEX: &str = "sha256:fcb75f691c8b0414d670ae570240cbf95502cc18a9ba57e982ecac589760a186";
const HTTP_ECHO_ID: &str = "sha256:b8f34f5c25da20140bfe98f9393d2954b41d18b78e29245dee7cbb34653ba691"; // digest: synthetic


const FLUENT_BIT_4_2_INDEX: &str = "sha256:625db8f1311071f05fe4d937a14fbbdd40ed71292baa479baa0041eacc500ee6"; // digest: synthetic
const FLUENT_BIT_4_2_ID: &str = "sha256:309859f865b07ddd7c295bf59f4c276aa6bc3052cff6a8a942850768bc986bc3"; // digest: synthetic

const APP_2_0_INDEX: &str = "sha256:69bb869a2a48273f008bd948a1727dc4de800076dac0acff08099eb2bf0bcc35"; // digest: synthetic
const APP_2_0_ID: &str = "sha256:d3f17f819d60abb5722560fcc0e692f78e76cd48f63e202f0701aaa1868d3a71"; // digest: synthetic

// hello-app: see the catalogue entries.
const HELLO_APP_1_0_INDEX: &str = "sha256:b1455e1c4fcc5ea1023c9e3b584cd84b64eb920e332feff690a2829696e379e7";
const HELLO_APP_1_0_ID: &str = "sha256:37432c004051dae8586a8c3b907378161b4beeea5b389d755a2967132e09d7be"; // digest: synthetic
const HELLO_APP_2_0_INDEX: &str = "sha256:c4b0d869bd22cb3d1207848b385c389f7a4ab7a481184476ee7b98e7876ee594";
const HELLO_APP_2_0_ID: &str = "sha256:e85a9758b5917b4aacf44360384bae4d2716d296bdc98fb03c6eb3ef8c207b8f"; // digest: synthetic

static CATALOG: &[CatalogImage] = &[
    // nginx — repo-info records (see the constants above); the `latest`, `mainline`, `1`,
    // `1.29`, `1.29.5` tags name the same index, as do `stable`, `1.28`, `1.28.3`.
    img(NGINX, "1.29", NGINX_1_29_5_INDEX, NGINX_1_29_5_ID, 62_923_184, NGINX_1_29_5),
    img(NGINX, "1.29.5", NGINX_1_29_5_INDEX, NGINX_1_29_5_ID, 62_923_184, NGINX_1_29_5),
    img(NGINX, "mainline", NGINX_1_29_5_INDEX, NGINX_1_29_5_ID, 62_923_184, NGINX_1_29_5),
    img(NGINX, "1", NGINX_1_29_5_INDEX, NGINX_1_29_5_ID, 62_923_184, NGINX_1_29_5),
    img(NGINX, "latest", NGINX_1_29_5_INDEX, NGINX_1_29_5_ID, 62_923_184, NGINX_1_29_5),
    img(NGINX, "1.28", NGINX_1_28_3_INDEX, NGINX_1_28_3_ID, 62_895_013, NGINX_1_28_3),
    img(NGINX, "1.28.3", NGINX_1_28_3_INDEX, NGINX_1_28_3_ID, 62_895_013, NGINX_1_28_3),
    img(NGINX, "stable", NGINX_1_28_3_INDEX, NGINX_1_28_3_ID, 62_895_013, NGINX_1_28_3),
    img(NGINX, "1.27", NGINX_1_27_5_INDEX, NGINX_1_27_5_ID, 72_385_735, NGINX_1_27_5),
    img(NGINX, "1.27.5", NGINX_1_27_5_INDEX, NGINX_1_27_5_ID, 72_385_735, NGINX_1_27_5),
    img(NGINX, "1.27-alpine", NGINX_1_27_5_ALPINE_INDEX, NGINX_1_27_5_ALPINE_ID, 20_960_631, NGINX_1_27_5_ALPINE),
    img(NGINX, "1.27.5-alpine", NGINX_1_27_5_ALPINE_INDEX, NGINX_1_27_5_ALPINE_ID, 20_960_631, NGINX_1_27_5_ALPINE),
    img(NGINX, "alpine", NGINX_1_29_8_ALPINE_INDEX, NGINX_1_29_8_ALPINE_ID, 25_988_195, NGINX_1_29_8_ALPINE),
    img(NGINX, "mainline-alpine", NGINX_1_29_8_ALPINE_INDEX, NGINX_1_29_8_ALPINE_ID, 25_988_195, NGINX_1_29_8_ALPINE),
    // busybox — 1.37 (= latest): repo-info; 1.36 (= stable: busybox's stable branch): repo-info
    // busybox:1.36 (record of 2023-01-04, BusyBox 1.36.0).
    img(BUSYBOX_HUB, "1.37", BUSYBOX_1_37_INDEX, BUSYBOX_1_37_ID, 2_211_507, BUSYBOX),
    img(BUSYBOX_HUB, "1.37.0", BUSYBOX_1_37_INDEX, BUSYBOX_1_37_ID, 2_211_507, BUSYBOX),
    img(BUSYBOX_HUB, "latest", BUSYBOX_1_37_INDEX, BUSYBOX_1_37_ID, 2_211_507, BUSYBOX),
    img(BUSYBOX_HUB, "1.36", "sha256:7b3ccabffc97de872a30dfd234fd972a66d247c8cfc69b0550f276481852627c", "sha256:66ba00ad3de8677a3fa4bc4ea0fc46ebca0f14db46ca365e7f60833068dd0148", 2_592_863, BUSYBOX),
    img(BUSYBOX_HUB, "stable", "sha256:7b3ccabffc97de872a30dfd234fd972a66d247c8cfc69b0550f276481852627c", "sha256:66ba00ad3de8677a3fa4bc4ea0fc46ebca0f14db46ca365e7f60833068dd0148", 2_592_863, BUSYBOX),
    // busybox:1.28, used throughout kubernetes.io task pages. Size estimated.
    img(
        BUSYBOX_HUB,
        "1.28",
        "sha256:26948dccb83c71ab7e14a7d00a92e26fccbd18f638019f23ec27c77239c884ea", // digest: synthetic
        "sha256:5874745566a49ceae446aacfc18f512d2c0c60fc8fc13ad99e05f02c35b114a1", // digest: synthetic
        727_869,
        BUSYBOX,
    ),
    // alpine — 3.23 (= 3, latest), 3.22, 3.21: repo-info (builds of 2026-09-17: 3.23.6, 3.22.6,
    // 3.21.8). 3.20: index pinned as alpine:3.20@sha256:d9e853e8… (and shown as the tag's
    // RepoDigest in a public 2026-04 walkthrough); image id synthetic, size estimated.
    img(ALPINE_HUB, "3.23", ALPINE_3_23_INDEX, ALPINE_3_23_ID, 3_848_507, ALPINE),
    img(ALPINE_HUB, "3", ALPINE_3_23_INDEX, ALPINE_3_23_ID, 3_848_507, ALPINE),
    img(ALPINE_HUB, "latest", ALPINE_3_23_INDEX, ALPINE_3_23_ID, 3_848_507, ALPINE),
    img(ALPINE_HUB, "3.22", "sha256:365499d9dccb7c8cfaffef995a6c382e71174585e0556f6476ead1c5971c39fb", "sha256:c83674e1999044d33d751661371b873539f47e5b5c5ca3320c7e0377acca6238", 3_792_075, ALPINE),
    img(ALPINE_HUB, "3.21", "sha256:81ec32e1e073303f1591af7725ca32446d44d12907c1f4e2851a95031faaec99", "sha256:9cb701c20b595f4442ba074b2ec924f396f4c474084608116901ce3098ebfe3d", 3_626_020, ALPINE),
    img(
        ALPINE_HUB,
        "3.20",
        "sha256:d9e853e87e55526f6b2917df91a2115c36dd7c696a35be12163d44e6e2a4b6bc",
        "sha256:025683525633de15423c180e6ced06b9d9d5eeffc6f1b2e5452cab4b9b67c09d", // digest: synthetic
        3_625_811,
        ALPINE,
    ),
    // httpd — index pinned; image id synthetic, size estimated.
    img(HTTPD_HUB, "2.4", HTTPD_2_4_INDEX, HTTPD_2_4_ID, 45_112_690, HTTPD),
    img(HTTPD_HUB, "latest", HTTPD_2_4_INDEX, HTTPD_2_4_ID, 45_112_690, HTTPD),
    // python — index pinned as python:3.12-slim@sha256:78387bc3…; image id synthetic, size estimated.
    img(
        PYTHON,
        "3.12-slim",
        "sha256:78387bc3881b8273120a12ebe6c1ab22b018ccc2c9adf565ae1ac9b536e184ea",
        "sha256:5605ab43e0b78e2f0f7f5f59aa42045ba360982ae615ddfa45772db89ca5d68c", // digest: synthetic
        41_527_946,
        PYTHON_3_12_SLIM,
    ),
    // node — index pinned as node:22-alpine@sha256:8094c002…; image id synthetic, size estimated.
    img(
        NODE,
        "22-alpine",
        "sha256:8094c002d08262dba12645a3b4a15cd6cd627d30bc782f53229a2ec13ee22a00",
        "sha256:3f6296aa6225f4b58e1093c5a2ed6e3231d66a0252dc2641e0a98b5aded3aea4", // digest: synthetic
        52_604_389,
        NODE_22_ALPINE,
    ),
    // registry.k8s.io/pause — see the constants; the 3.10.1 size is estimated from crictl's
    // "320kB".
    // pause 3.1 (the debug-running-pod page's image): index as k8s.gcr.io/pause:3.1 is pinned
    // and pulled (`Digest: sha256:f78411e1…`), containerd's sizeBytes 317164 from a Node's
    // status.images (Docker's node reports 742472, unpacked); image id docker's `da86e6ba6ca1`;
    // before the non-root USER.
    img(PAUSE_K8S, "3.1", "sha256:f78411e19d84a252e53bff71a4407a5686c46983a2c2eeed83929b888179acea", "sha256:da86e6ba6ca197bf6bc5e9d900febd906b133eaa4750e6bed647b0fbe50ed43e", 317_164, PAUSE_2),
    img(PAUSE_K8S, "3.10", PAUSE_3_10_INDEX, PAUSE_3_10_ID, 320_368, PAUSE),
    img(PAUSE_K8S, "3.10.1", PAUSE_3_10_1_INDEX, PAUSE_3_10_1_ID, 320_448, PAUSE),
    // The kind node image's system images (see their configs above). Indexes pinned as
    // `registry.k8s.io/kube-apiserver:v1.36.0@sha256:4ae8c24a…` (and the same for the
    // controller manager, scheduler and kube-proxy) in renovate-kept public manifests; etcd's as
    // the etcd pods' imageID `registry.k8s.io/etcd:3.6.8-0@sha256:39718941…`; CoreDNS's as
    // `coredns:v1.14.2@sha256:e7e6440c…`; kindnetd's as `kindnetd:v20260528-9350166c@sha256:92f49a1b…`.
    // Image ids synthetic, sizes estimated.
    img(
        KUBE_APISERVER,
        "v1.36.0",
        "sha256:4ae8c24a97630f8cfc9eed02fb95e2371d172bb231915e83d27f6ea0e64fa297",
        "sha256:a09b6a20a1bfa15a3dd1bc8b799640c43bbc56c0f06d7db0a8526d549c94bf00", // digest: synthetic
        30_117_462,
        GO_RUNNER,
    ),
    img(
        KUBE_CONTROLLER_MANAGER,
        "v1.36.0",
        "sha256:886b5c5623206b7bddf0303484cf632e3f5514a20ef1a1b685f38634b42531dd",
        "sha256:61945156feb8804b2534f7930d4b692d21c7b9ed32690864a71000bd4709bf8f", // digest: synthetic
        27_926_311,
        GO_RUNNER,
    ),
    img(
        KUBE_SCHEDULER,
        "v1.36.0",
        "sha256:00b57dfadc2e99fe85481f56ea15f391d5447ebc3ac243896f0e7afd869ef60e",
        "sha256:75321b2216b3308c19f9b89a8daa7156a91f7c5568ae7c14470ab877ef5821c2", // digest: synthetic
        21_861_089,
        GO_RUNNER,
    ),
    img(
        KUBE_PROXY_K8S,
        "v1.36.0",
        "sha256:0585504d29fee419791fdbc36c88a9d39773376a565d6f0c688673243df139fc",
        "sha256:35595d7fad3b04cd4bbd33ef75a5f546924f0fc32b0c3b3aa24f2d05d463fa3d", // digest: synthetic
        31_552_707,
        KUBE_PROXY,
    ),
    img(
        ETCD_K8S,
        "3.6.8-0",
        "sha256:397189418d1a00e500c0605ad18d1baf3b541a1004d768448c367e48071622e5",
        "sha256:ca7578584f2d940ee2c21e4f83aa49914d342f7193a94891edb742761184cea1", // digest: synthetic
        58_938_112,
        ETCD,
    ),
    img(
        COREDNS_K8S,
        "v1.14.2",
        "sha256:e7e6440cfd1e919280958f5b5a6ab2b184d385bba774c12ad2a9e1e4183f90d9",
        "sha256:5f034fd2d96f038c3d347bc1e9d1c74c0fdb76b237a9fe881978fd043625d357", // digest: synthetic
        22_815_476,
        COREDNS,
    ),
    img(
        METRICS_SERVER_K8S,
        "v0.8.0",
        "sha256:89258156d0e9af60403eafd44da9676fd66f600c7934d468ccc17e42b199aee2", // digest: synthetic
        "sha256:b9a4bd1b63d2a8e7a53e64c9e3dbc06b1c5ec51327b07ee1eb4b2a5e5e6a4d53", // digest: synthetic
        19_456_300,
        METRICS_SERVER,
    ),
    img(
        KINDNETD_HUB,
        "v20260528-9350166c",
        "sha256:92f49a1b2c9242058481fc3e13412c19a62cfeb090717dad4598719d32351f1f",
        "sha256:8fe3990ab09fb92d4a49f8dcea8b205eee93961f900ecaeab01e86b9741e6d78", // digest: synthetic
        38_213_950,
        KINDNETD,
    ),
    // kind v0.32.0's storage images (`pkg/build/nodeimage/const_storage.go`); digests
    // synthetic, sizes estimated.
    img(
        LOCAL_PATH_PROVISIONER_HUB,
        "v20260521-9fb22683",
        "sha256:a7ba9e79f61b2ae422f112668c28550a1b5f845a76dca302901d60cac1ccc8c4", // digest: synthetic
        "sha256:3d3a2dc43a702df16a1c23b2c60da637ff71526316770538e99d8c4e8d34b806", // digest: synthetic
        22_541_875,
        LOCAL_PATH_PROVISIONER,
    ),
    img(
        LOCAL_PATH_HELPER_HUB,
        "v20260131-7181c60a",
        "sha256:d657cf038e92e1513cc5ddee788b8e9c3021b69d8b4dc3b04b3d4b1cce268696", // digest: synthetic
        "sha256:09ba923cbd7f7d09c53761033a6cf4fe65f569b2013c3976c9329433608d76f0", // digest: synthetic
        3_084_211,
        LOCAL_PATH_HELPER,
    ),
    // registry.k8s.io/busybox — the image kubernetes.io task pages use. Indexes from public
    // `kubectl describe` output (Image ID of registry.k8s.io/busybox:1.27.2) and pod status
    // (imageID of registry.k8s.io/busybox:latest); image ids synthetic, sizes estimated.
    img(
        BUSYBOX_K8S,
        "latest",
        "sha256:d8d3bc2c183ed2f9f10e7258f84971202325ee6011ba137112e01e30f206de67",
        "sha256:8fcf469ce646457c0ebf7f0ebe4e3a18b55395cc18085c764007b3bd366c9e6b", // digest: synthetic
        1_144_547,
        config(NONE, &["/bin/sh"], ENV_PATH_ONLY),
    ),
    img(
        BUSYBOX_K8S,
        "1.27.2",
        "sha256:545e6a6310a27636260920bc07b994a299b6708a1b26910cfefd335fdfb60d2b",
        "sha256:90aa6152452fc941747b6f6207a2361260c4a3567dddd85b94366d516192a64f", // digest: synthetic
        723_146,
        BUSYBOX,
    ),
    // agnhost — indexes from public `kubectl describe` output (2.40) and pins (2.53); image
    // ids synthetic, sizes estimated. 2.53 is the tag kubernetes.io's hello-node tutorial uses.
    img(
        AGNHOST_K8S,
        "2.40",
        "sha256:af7e3857d87770ddb40f5ea4f89b5a2709504ab1ee31f9ea4ab5823c045f2146",
        "sha256:f54211ef5b350b64b32b0956ee2909871fd2c7a8ce6e1f8867188528be0505bd", // digest: synthetic
        51_205_316,
        AGNHOST,
    ),
    img(
        AGNHOST_K8S,
        "2.53",
        "sha256:99c6b4bb4a1e1df3f0b3752168c89358794d02258ebebc26bf21c29399011a85",
        "sha256:06f7e9a2da30bbec0a7f5e15284239814051792f63aafaff9642e2f7b5e8682b", // digest: synthetic
        52_047_783,
        AGNHOST,
    ),
    // envoy — v1.38.0's index pinned as envoyproxy/envoy:v1.38.0@sha256:8146b97e…; image id
    // synthetic; v1.37-latest synthetic. Sizes estimated.
    img(
        ENVOY_HUB,
        "v1.38.0",
        "sha256:8146b97ee61a42cd216514709e4e3198af75f014974e3d9f310aef9c901fcbdf",
        "sha256:2e05ae43a801402ac8f70c9ad9bb9a73d96ead0bf7890fb6b55ed35448f8bcf3", // digest: synthetic
        64_218_530,
        ENVOY,
    ),
    img(
        ENVOY_HUB,
        "v1.38-latest",
        "sha256:673628d595bbc6234d9c5667fdc5c4325c9bbc696a998dc992431e2c3b3fb6ee", // digest: synthetic
        "sha256:c3fa1652e812f04da172f0e7c528b75df19be34a78bd060ac626ca549763fb57", // digest: synthetic
        64_230_884,
        ENVOY,
    ),
    img(
        ENVOY_HUB,
        "v1.36-latest",
        "sha256:ce818cd3b88af7018c51320335a6a20527bb0e6eda930f3a54f4983c388e69ad", // digest: synthetic
        "sha256:7bb43d1109775a0cf8b4db63bfcd56dab27e210fa5e2a51f3e0278d412727542", // digest: synthetic
        63_112_706,
        ENVOY,
    ),
    img(
        ENVOY_HUB,
        "v1.35-latest",
        "sha256:cdeb0cbfde7c5984199dd73f365364f036eeb49c07d7c1e54c70fc8e97430f90", // digest: synthetic
        "sha256:3abc37e87abdcf0078fe9fce0e68157948d779bbd3898488a6ba857e26cb260c", // digest: synthetic
        62_804_417,
        ENVOY,
    ),
    img(
        ENVOY_HUB,
        "v1.37-latest",
        "sha256:e5a2018447d843cefc1ee6a52678bc512e9b9ba3244e11b64c7ce7a86f5dac66", // digest: synthetic
        "sha256:77db9924d6d685519339513d258903af00d23dd545e679bf79f02b2bf437856e", // digest: synthetic
        63_880_104,
        ENVOY,
    ),
    // fluent-bit — synthetic digests, estimated sizes.
    img(
        FLUENT_BIT,
        "3.2",
        "sha256:5689d2094ee3c20c156d4c284acc760197d4ad6b13291110f90f79e120d7c35e", // digest: synthetic
        "sha256:33e5ad59751fc1d47d71a1bc733243a010a1e8fabaae328ec1e7fedf2553f02b", // digest: synthetic
        32_457_201,
        FLUENT_BIT_3_2,
    ),
    img(
        FLUENT_BIT,
        "4.0",
        "sha256:26c4c2801bf73a52a0b1f1dd424a7797f3c127e8c895473f66a275cb9d316421", // digest: synthetic
        "sha256:1219fbb1638ad49e56f89ca55e7af6d73e036a77abf38245505a065af6939041", // digest: synthetic
        34_502_118,
        FLUENT_BIT_4_0,
    ),
    img(
        FLUENT_BIT,
        "4.0.3",
        "sha256:cdd7fb6d22c3e86c8a4b2ede9f235850e7399cc1b061c307ec8f76c0d9636b49", // digest: synthetic
        "sha256:ed8c90899391d5e34f6b81e963473b8ac89a6973c391b31031d89145552e68d5", // digest: synthetic
        34_502_118,
        FLUENT_BIT_4_0,
    ),
    img(
        FLUENT_BIT,
        "4.1",
        "sha256:fa3e605b9d556be409542ce7926d303d83227ab30179878bb72117d51ede16ab", // digest: synthetic
        "sha256:58122dcd01521644e11c7baf912834d09307d3b772aea1071632aed48c948452", // digest: synthetic
        34_877_530,
        FLUENT_BIT_4_1,
    ),
    img(FLUENT_BIT, "4.2", FLUENT_BIT_4_2_INDEX, FLUENT_BIT_4_2_ID, 35_118_642, FLUENT_BIT_4_2),
    img(FLUENT_BIT, "latest", FLUENT_BIT_4_2_INDEX, FLUENT_BIT_4_2_ID, 35_118_642, FLUENT_BIT_4_2),
    // istio — 1.30.4's indexes pinned as `docker.io/istio/pilot:1.30.4@sha256:c236c1df…` and
    // `docker.io/istio/proxyv2:1.30.4@sha256:43b6aeab…` in public notes (2026-09); image ids
    // synthetic, sizes estimated. 1.23.0 (an older tag tutorials name): synthetic.
    img(
        ISTIO_PILOT_HUB,
        "1.30.4",
        "sha256:c236c1df5cc127fe193e5a17d8ece9cdd0dc17c5d89b4e20baf01d464f029dce",
        "sha256:29fc2620f54e59a04d6e8862b42f5663a70eafc2dbb99e290ef037ca147d8901", // digest: synthetic
        78_114_562,
        ISTIO_PILOT,
    ),
    img(
        ISTIO_PROXYV2_HUB,
        "1.30.4",
        "sha256:43b6aeab7428470d3d0ea6b6f0bc217e5b36df2b279bba337643df48590226d9",
        "sha256:a187146823d996249865227e6c4d084152b0bd44d4ef59d9366afe5034b8fab0", // digest: synthetic
        101_460_233,
        ISTIO_PROXYV2,
    ),
    img(
        ISTIO_PILOT_HUB,
        "1.23.0",
        "sha256:7b36d306600a7671cf8ca8edbb5740b2d6b14b72f63369de619fed851d4da913", // digest: synthetic
        "sha256:864ecb099da3b34e83c291a24f6fc207d3104ad7d55afeeda26dfdebe06de0d9", // digest: synthetic
        69_883_014,
        ISTIO_PILOT,
    ),
    img(
        ISTIO_PROXYV2_HUB,
        "1.23.0",
        "sha256:8bbb849ee65c90f00447e33238753b49bb734083b3a37b4423bc3e67ecd93598", // digest: synthetic
        "sha256:baedcb65ea6f45b7ba6f77b948d28d78776a2fd33e6c3438318f131e0fe89fa2", // digest: synthetic
        95_210_774,
        ISTIO_PROXYV2,
    ),
    // polinux/stress — index from public `kubectl describe` output (Image ID of the memory
    // limit exercise on kubernetes.io); image id synthetic, size estimated.
    img(
        STRESS_HUB,
        "latest",
        "sha256:b6144f84f9c15dac80deb48d3a646b55c7043ab1d83ea0a697c09097aaad21aa",
        "sha256:1cc9ea248840ca402a88eb9ad227cf6d9f2298761258954eb598175561b5325f", // digest: synthetic
        4_460_216,
        STRESS,
    ),
    // hashicorp/http-echo — see the constants; size estimated.
    img(HTTP_ECHO_HUB, "1.0", HTTP_ECHO_INDEX, HTTP_ECHO_ID, 3_432_884, HTTP_ECHO),
    img(HTTP_ECHO_HUB, "1.0.0", HTTP_ECHO_INDEX, HTTP_ECHO_ID, 3_432_884, HTTP_ECHO),
    img(HTTP_ECHO_HUB, "latest", HTTP_ECHO_INDEX, HTTP_ECHO_ID, 3_432_884, HTTP_ECHO),
    // nicolaka/netshoot — the digest pinned for it in several public repositories (tag
    // association with latest assumed); image id synthetic, size estimated.
    img(
        NETSHOOT_HUB,
        "latest",
        "sha256:7f08c4aff13ff61a35d30e30c5c1ea8396eac6ab4ce19fd02d5a4b3b5d0d09a2",
        "sha256:eaaab539fdd9a6d5c6e5ce7be26ca4460be6edebcbd4e426608b04a57b384a48", // digest: synthetic
        198_631_457,
        NETSHOOT,
    ),
    // registry.k8s.io/pause, the tags kubernetes.io's examples name. 3.6: index as
    // `--pod-infra-container-image=registry.k8s.io/pause:3.6@sha256:3d380ca8…` in public
    // kubelet flags, image id from `ctr images ls` output (6270bb60…). 3.8: index, image id
    // and the amd64 layer's size from its manifest list and manifest, quoted in public test
    // fixtures of registry.k8s.io/pause:3.8. 3.9: index pinned as
    // `registry.k8s.io/pause:3.9@sha256:7031c1b2…` (Cilium's Dockerfile), image id from
    // containerd's ImageCreate events and blob fetches (e6f18168…). 2.0: index as minikube
    // pins `pause:2.0@sha256:9ce5316f…`; image id synthetic. Sizes estimated but 3.8's.
    img(
        PAUSE_K8S,
        "2.0",
        "sha256:9ce5316f9752b8347484ab0f6778573af15524124d52b93230b9a0dcc987e73e",
        "sha256:ba9c4212917bff0aba9f01628e344459e7f39cb1f43bbf88013f7b97ee77dacc", // digest: synthetic
        350_152,
        PAUSE_2,
    ),
    img(
        PAUSE_K8S,
        "3.6",
        "sha256:3d380ca8864549e74af4b29c10f9cb0956236dfb01c40ca076fb6c37253234db",
        "sha256:6270bb605e12e581514ada5fd5b3216f727db55dc87d5889c790e4c760683fee",
        301_773,
        PAUSE,
    ),
    img(
        PAUSE_K8S,
        "3.8",
        "sha256:9001185023633d17a2f98ff69b6ff2615b8ea02a825adffa40422f51dfdcde9d",
        "sha256:4873874c08efc72e9729683a83ffbb7502ee729e9a5ac097723806ea7fa13517",
        307_026,
        PAUSE,
    ),
    img(
        PAUSE_K8S,
        "3.9",
        "sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097",
        "sha256:e6f1816883972d4be47bd48879a08919b96afcd344132622e4d444987919323c",
        321_520,
        PAUSE,
    ),
    // etcd 3.5.1-0 (the gRPC liveness probe example): index as the etcd pods' Image ID
    // `k8s.gcr.io/etcd@sha256:64b9ea35…` in public `kubectl describe` output, image id as
    // their imageID in pod status (25f8c7f3…); size estimated.
    img(
        ETCD_K8S,
        "3.5.1-0",
        "sha256:64b9ea357325d5db9f8a723dcf503b5a449177b17ac87d69481e126bb724c263",
        "sha256:25f8c7f3da61c2a810effe5fa779cf80ca171afb0adf94c7cb51eb9a8546629d",
        98_888_614,
        ETCD,
    ),
    // agnhost 2.45 (the security context task's pods): synthetic digests, size estimated.
    img(
        AGNHOST_K8S,
        "2.45",
        "sha256:cfacf26bb00b76a2be0db5ad5df1ecf07b8e182c3a235426adcadec5582a0101", // digest: synthetic
        "sha256:872a6d080003f366c95c511a5ce7415321b7b2590cd83231d8b51cc8ecdb21a0", // digest: synthetic
        51_620_377,
        AGNHOST,
    ),
    // goproxy 0.1 (the TCP liveness/readiness probe example): index as the pod's Image ID
    // `registry.k8s.io/goproxy@sha256:5334c7ad…` in public `kubectl describe` output; image
    // id synthetic, size estimated (one static binary).
    img(
        GOPROXY_K8S,
        "0.1",
        "sha256:5334c7ad43048e3538775cb09aaf184f5e8acf4b0ea60e3bc8f1d93c209865a5",
        "sha256:cb90e00bce0c90dea0d92d9af2aa59544c0a4f2c4222a39245d5dae87e977c50", // digest: synthetic
        2_489_360,
        GOPROXY,
    ),
    // nginx-slim, the StatefulSet tutorial's image: 0.8's index as pods' imageID
    // `registry.k8s.io/nginx-slim@sha256:8b4501fe…` in public pod status; everything else
    // synthetic, sizes estimated (0.7/0.8 on ubuntu-slim, the 0.2x builds on alpine).
    img(
        NGINX_SLIM_K8S,
        "0.7",
        "sha256:d19a8e283326b5fbcab0518cf9afab2725ed0de6b70d8730784980634d3b4be6", // digest: synthetic
        "sha256:24b74c38bf9085adabaa1b4997c62a3dd6119ab8b2eca5aa3e2911e7db74d6b3", // digest: synthetic
        37_851_072,
        NGINX_SLIM,
    ),
    img(
        NGINX_SLIM_K8S,
        "0.8",
        "sha256:8b4501fe0fe221df663c22e16539f399e89594552f400408303c42f3dd8d0e52",
        "sha256:102e38366c8c2e198a28b129e22bedab664f69ca4b12764673d40ad5abc434f3", // digest: synthetic
        37_867_460,
        NGINX_SLIM,
    ),
    img(
        NGINX_SLIM_K8S,
        "0.21",
        "sha256:778493613b80ba0fb63f6407f73875d518b0627c95bab88c926d4f114ae2702f", // digest: synthetic
        "sha256:3b8f2349558f8c4b788f462cbec5ea0c8af0273fc32de04fdf864848bee5b754", // digest: synthetic
        39_206_533,
        NGINX_SLIM,
    ),
    img(
        NGINX_SLIM_K8S,
        "0.24",
        "sha256:5c19296ee4eb6e1d74026a2ad028f4c03a94abe2282cf0a1513f4db510dd96f1", // digest: synthetic
        "sha256:22bb6d24efd98aba54993d3caa1240e8c0c4aa4c979377c20e3c2bdcdc0f983e", // digest: synthetic
        40_114_862,
        NGINX_SLIM,
    ),
    img(
        NGINX_SLIM_K8S,
        "0.27",
        "sha256:f68c1432bf6e2a13eaab394da145c0e73e84acf6cd063129cf5d6210043816d5", // digest: synthetic
        "sha256:44edb4626ea5fdb82601974373ae080c663e332057aaa376ac3c71ebd0ac4a93", // digest: synthetic
        40_572_118,
        NGINX_SLIM,
    ),
    // hello-app (GKE's quickstart, kubernetes.io's Service and env-var pages). gcr.io 1.0:
    // index as a pod's imageID in public containerd pod status (b1455e1c…; an older build,
    // c62ead5b…, is pinned in older pages); 2.0: pinned as
    // `gcr.io/google-samples/hello-app:2.0@sha256:c4b0d869…`. The Artifact Registry
    // repository GKE's docs now name is assumed to hold the same manifests. Image ids
    // synthetic, sizes estimated.
    img(HELLO_APP_GCR, "1.0", HELLO_APP_1_0_INDEX, HELLO_APP_1_0_ID, 4_263_419, HELLO_APP),
    img(HELLO_APP_GCR, "2.0", HELLO_APP_2_0_INDEX, HELLO_APP_2_0_ID, 4_263_431, HELLO_APP),
    img(HELLO_APP_AR, "1.0", HELLO_APP_1_0_INDEX, HELLO_APP_1_0_ID, 4_263_419, HELLO_APP),
    img(HELLO_APP_AR, "2.0", HELLO_APP_2_0_INDEX, HELLO_APP_2_0_ID, 4_263_431, HELLO_APP),
    // node-hello 1.0 (older security-context and envFrom examples): synthetic, size estimated.
    img(
        NODE_HELLO_GCR,
        "1.0",
        "sha256:db9d61bc06d417c20ba4e95091d2699a23e1aeaec652a1224abca2f62cd14f23", // digest: synthetic
        "sha256:f2e20d93a4c2644cc60698368851fe3f766821aa90e5195d89bea50aa5af9c4b", // digest: synthetic
        253_109_562,
        NODE_HELLO,
    ),
    // The frontend/backend Service tutorial's images: synthetic, sizes estimated.
    img(
        HELLO_GO_GKE_GCR,
        "1.0",
        "sha256:443bbf0190a7a663fc7b99ec60355644ed1c5449945540f81342cbb329974b14", // digest: synthetic
        "sha256:5c61caf20e3c3a036ede8571eed243ad40d91bf1b153b6a06fc15b4b6e97c6cf", // digest: synthetic
        3_119_274,
        HELLO_GO_GKE,
    ),
    // bprashanth/nginxhttps 1.0: synthetic digests, size estimated (nginx 1.9 on jessie with
    // inotify-tools and the apt lists its build left).
    img(
        NGINX_HTTPS_HUB,
        "1.0",
        "sha256:5412cd59e18538f011e31cb1affd5734e5a189e2c1afbeef1b5ce5179ba68f6f", // digest: synthetic
        "sha256:f9d0d7f0e0d11d4100cf64c617905f3715454adce202afb4949076a39563901e", // digest: synthetic
        58_204_510,
        NGINX_HTTPS,
    ),
    img(
        HELLO_FRONTEND_GCR,
        "1.0",
        "sha256:73cf083461e398fe97b9294d7ed521d49a00bafc9c3cc78af6d743bf576922b5", // digest: synthetic
        "sha256:230ee6e550f01cbc9beb5872f8c96c9a196807a57c456f70f3cf1125901a8e7d", // digest: synthetic
        44_216_907,
        HELLO_FRONTEND,
    ),
    // gb-frontend v5 (the ReplicaSet page's frontend): synthetic, size estimated.
    img(
        GB_FRONTEND_AR,
        "v5",
        "sha256:48b9ebcc91d15bcf3ab579b8d96bf41ad3522526333b7d03b194f39ede364b43", // digest: synthetic
        "sha256:6f971be6abc3b8c261cce46dc58dbc191947cfacbd9ba03b2aa427cb73a6c605", // digest: synthetic
        142_380_155,
        GB_FRONTEND,
    ),
    // quay.io/crio/artifact v2 (the image volume page's volume: /dir/file and /file, see
    // containerd/image_files.rs; an image config and no command): synthetic, size estimated.
    img(
        CRIO_ARTIFACT,
        "v2",
        "sha256:3b1c043742dc933bf44773f0e24663eaaec3e4c8d3cadac3aa984357eb63376b", // digest: synthetic
        "sha256:be18cf2108df3d28ffc95b5e1dba97080bbb162da097f5c31697b153b52114bf", // digest: synthetic
        1_536,
        config(NONE, NONE, NONE),
    ),
    // alpine/socat 1.8.0.3 (the ambassador sidecar example): synthetic, size estimated.
    img(
        SOCAT_HUB,
        "1.8.0.3",
        "sha256:4d95a15a38ff3b659b03217191a4167da531726e66c69ad6d9178bf9f267e42d", // digest: synthetic
        "sha256:22f058def4fc8494bf9154520f8bb44df097e44429a383eba647f5107d9fead4", // digest: synthetic
        4_891_533,
        SOCAT,
    ),
    // vish/stress (the CPU resource pages): index as the pods' Image ID
    // `docker.io/vish/stress@sha256:b6456a3d…` in public `kubectl describe` output and pod
    // status; image id synthetic, size estimated.
    img(
        VISH_STRESS_HUB,
        "latest",
        "sha256:b6456a3df6db5e063e1783153627947484a3db387be99e49708c70a9a15e7177",
        "sha256:076f8da109d97f0aa833232d6ed5c83919fcf9bbe3bae73e33540ca95293ec48", // digest: synthetic
        1_558_319,
        VISH_STRESS,
    ),
    // hashicorp/http-echo 0.2.3 (the seccomp tutorial's older manifests): synthetic.
    img(
        HTTP_ECHO_HUB,
        "0.2.3",
        "sha256:7eac39e5d28091647ada79ecd8712f99fa9ccd54333ef1709f0b9cd517c4ab62", // digest: synthetic
        "sha256:130ed20ae00345a69fdf7efb822a2e70a7df0e3c09b6ba2d19ada4ab95127fed", // digest: synthetic
        2_955_310,
        HTTP_ECHO,
    ),
    // fluentd-elasticsearch (the DaemonSet pages): synthetic, sizes estimated.
    img(
        FLUENTD_ES_QUAY,
        "v5.0.1",
        "sha256:8b4845294825af4d7a91fcc5c1612359b380a204e6c2439404c058e6785f4966", // digest: synthetic
        "sha256:15edcd8af55e600ab479265051876c5bd5afb572c5ea03c8e7d6a2d24b2199f5", // digest: synthetic
        181_504_227,
        FLUENTD_ES,
    ),
    img(
        FLUENTD_ES_QUAY,
        "v2.5.2",
        "sha256:1e97871cc29b45e192acb4a137aebb015612592f6c4bcc6149f039480a4e8df1", // digest: synthetic
        "sha256:0d91c1cec021bfadd346b13e07a1d1a1f93dae015f21a4ca42c6b16e659ef1d2", // digest: synthetic
        140_771_095,
        FLUENTD_ES,
    ),
    img(
        FLUENTD_ES_QUAY,
        "v2.6.0",
        "sha256:4e8af0d7ec30f654cc29f8a2e410115ae28cd572c18918cd0be6303c724a169e", // digest: synthetic
        "sha256:52383f9ad158ae13c9bef6f4cdf26de1e3dfff9def69a82582861bf0d7b619d1", // digest: synthetic
        141_058_412,
        FLUENTD_ES,
    ),
    // The debug pages' legacy add-ons: synthetic, sizes estimated.
    img(
        EVENT_EXPORTER_K8S,
        "v0.2.3",
        "sha256:e5beede8742f016f6b6aad93f419bc6a335f0a503c2274e9079938b8b0875b6e", // digest: synthetic
        "sha256:be57b75135107e45c5debe53f0740db9ec4a1dde4c94ec714af960a9937d0a07", // digest: synthetic
        16_403_311,
        EVENT_EXPORTER,
    ),
    img(
        NODE_PROBLEM_DETECTOR_K8S,
        "v0.1",
        "sha256:e9083262135c794e417c614027b347d0844568954ef2440ab4daa5306b02dd90", // digest: synthetic
        "sha256:51e34a91f95b3482de1aac628784c1a2e7deb2990722f28fe2a4e76eb68ebd2f", // digest: synthetic
        22_684_005,
        NODE_PROBLEM_DETECTOR,
    ),
    // registry.podlife.dev — fictional lesson images; everything synthetic.
    img(
        APP,
        "1.0",
        "sha256:5785f72391befe3c0f4765897cb4e64c4b910a16a96760d611982b4f56b8bf8a", // digest: synthetic
        "sha256:390362d0a57019e99884c0ea2772f0e3d33e1ac0ad71c844cb278a77171aca3d", // digest: synthetic
        8_912_345,
        APP_1_0,
    ),
    img(APP, "2.0", APP_2_0_INDEX, APP_2_0_ID, 9_204_113, APP_2_0),
    img(APP, "latest", APP_2_0_INDEX, APP_2_0_ID, 9_204_113, APP_2_0),
    img(
        SLOW_START_APP,
        "1.0",
        "sha256:1d6f2d1d2f31f4b3474458647c53a7cc296fa0a4a45e1673b097707ed1101482", // digest: synthetic
        "sha256:1df312193d679cfcec6926146615c2975dd83cabf50372b0198322980e2a0f2e", // digest: synthetic
        8_650_231,
        SLOW_START,
    ),
    // A large image for lessons on pull time (about a minute at the modelled bandwidth).
    img(
        BIG_APP,
        "1.0",
        "sha256:b0360d0ea1e4bfb0501b0c22e699d2079dad508a0f51f94c21b450b515091a93", // digest: synthetic
        "sha256:133f40d26ce8c264969a64f5774f1aa6d89ba45891cb9f9dd0f6f79a0078fd4b", // digest: synthetic
        1_612_904_377,
        BIG,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vecmap::VecMap;

    fn parse(s: &str) -> ImageRef {
        match ImageRef::parse_normalized(s) {
            Ok(r) => r,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    fn is_digest(d: &str) -> bool {
        d.strip_prefix("sha256:").is_some_and(|h| h.len() == 64 && h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
    }

    #[test]
    fn every_entry_parses_normalized() {
        for i in all() {
            let r = parse(&format!("{}:{}", i.name, i.tag));
            assert_eq!(r.name(), i.name, "{} is not in normalized form", i.name);
            assert_eq!(r.tag.as_deref(), Some(i.tag));
            let by_digest = parse(&format!("{}@{}", i.name, i.repo_digest));
            assert_eq!(by_digest.digest.as_deref(), Some(i.repo_digest));
        }
    }

    #[test]
    fn digests_are_sha256_hex() {
        for i in all() {
            assert!(is_digest(i.repo_digest), "{}:{} repo digest {}", i.name, i.tag, i.repo_digest);
            assert!(is_digest(i.image_id), "{}:{} image id {}", i.name, i.tag, i.image_id);
            assert!(i.size_bytes > 0);
            assert!(i.config.env.iter().all(|e| e.contains('=')), "{}:{} env", i.name, i.tag);
            // An image mounted only as a volume (image volumes) runs nothing and needs no PATH.
            if i.name == CRIO_ARTIFACT {
                continue;
            }
            assert!(i.config.env.iter().any(|e| e.starts_with("PATH=")), "{}:{} has no PATH", i.name, i.tag);
            // etcd's, kube-proxy's and kind's local-path helper's images set no command: their
            // pods name one (kubeadm's manifests and DaemonSet, the provisioner's helper pods).
            let named = [ETCD_K8S, KUBE_PROXY_K8S, LOCAL_PATH_HELPER_HUB];
            assert!(!i.config.entrypoint.is_empty() || !i.config.cmd.is_empty() || named.contains(&i.name), "{}:{} runs nothing", i.name, i.tag);
        }
    }

    #[test]
    fn no_duplicate_tags() {
        let mut seen = VecMap::new();
        for i in all() {
            assert!(seen.insert((i.name, i.tag), ()).is_none(), "duplicate {}:{}", i.name, i.tag);
        }
    }

    /// Tags naming one index name one image: same id, size and config. One id never belongs
    /// to two indexes of one repository.
    #[test]
    fn aliases_agree() {
        let mut by_index: VecMap<(&str, &str), &CatalogImage> = VecMap::new();
        let mut by_id: VecMap<(&str, &str), &str> = VecMap::new();
        for i in all() {
            if let Some(first) = by_index.insert((i.name, i.repo_digest), i) {
                assert_eq!((first.image_id, first.size_bytes, first.config), (i.image_id, i.size_bytes, i.config), "{}:{} vs {}", i.name, i.tag, first.tag);
            }
            if let Some(index) = by_id.insert((i.name, i.image_id), i.repo_digest) {
                assert_eq!(index, i.repo_digest, "{}:{}", i.name, i.tag);
            }
        }
    }

    /// Repositories that publish `latest` upstream have it here too.
    #[test]
    fn latest_where_upstream_has_it() {
        for name in [
            NGINX,
            BUSYBOX_HUB,
            ALPINE_HUB,
            HTTPD_HUB,
            BUSYBOX_K8S,
            FLUENT_BIT,
            STRESS_HUB,
            HTTP_ECHO_HUB,
            NETSHOOT_HUB,
            APP,
        ] {
            assert!(tags(name).any(|t| t == "latest"), "{name} has no latest");
        }
        // Tags the brief and kubernetes.io rely on.
        for s in [
            "nginx:1.27",
            "nginx:1.27-alpine",
            "nginx:1.28",
            "nginx:1.29",
            "nginx:alpine",
            "nginx:stable",
            "busybox:1.36",
            "busybox:1.37",
            "busybox:1.28",
            "registry.k8s.io/busybox",
            "registry.k8s.io/busybox:1.27.2",
            "alpine:3.20",
            "alpine:3.21",
            "alpine:3.22",
            "registry.k8s.io/pause:3.10",
            "registry.k8s.io/pause:3.10.1",
            "registry.k8s.io/e2e-test-images/agnhost:2.40",
            "registry.k8s.io/e2e-test-images/agnhost:2.53",
            "envoyproxy/envoy:v1.38.0",
            "fluent/fluent-bit:3.2",
            "fluent/fluent-bit:4.0",
            "istio/proxyv2:1.30.4",
            "istio/pilot:1.30.4",
            "polinux/stress",
            "httpd",
            "python:3.12-slim",
            "node:22-alpine",
            "hashicorp/http-echo",
            "nicolaka/netshoot",
            "registry.podlife.dev/app:1.0",
            "registry.podlife.dev/app:2.0",
            "registry.podlife.dev/slow-start:1.0",
            "registry.k8s.io/kube-apiserver:v1.36.0",
            "registry.k8s.io/kube-controller-manager:v1.36.0",
            "registry.k8s.io/kube-scheduler:v1.36.0",
            "registry.k8s.io/kube-proxy:v1.36.0",
            "registry.k8s.io/etcd:3.6.8-0",
            "registry.k8s.io/coredns/coredns:v1.14.2",
            "kindest/kindnetd:v20260528-9350166c",
            "kindest/local-path-provisioner:v20260521-9fb22683",
            "kindest/local-path-helper:v20260131-7181c60a",
        ] {
            assert!(matches!(lookup(&parse(s).with_default_tag()), Answer::Found(_)), "{s}");
        }
    }

    #[test]
    fn lookup_by_tag_and_digest() {
        let Answer::Found(latest) = lookup(&parse("nginx").with_default_tag()) else { panic!("nginx:latest") };
        assert_eq!(latest.tag, "latest");
        assert_eq!(latest.config.stop_signal, Some("SIGQUIT"));
        assert_eq!(latest.config.exposed_ports, &[80]);
        // Without a tag, lookup means latest.
        assert_eq!(lookup(&parse("nginx")), Answer::Found(latest));
        let Answer::Found(by_digest) = lookup(&parse(&format!("nginx@{}", latest.repo_digest))) else { panic!("by digest") };
        assert_eq!(by_digest.image_id, latest.image_id);
        // Tag and digest: the digest decides.
        let Answer::Found(old) = lookup(&parse(&format!("nginx:1.27@{}", latest.repo_digest))) else { panic!("tag+digest") };
        assert_eq!(old.repo_digest, latest.repo_digest);
        assert_eq!(lookup(&parse("nginx:1.99")), Answer::TagNotFound);
        assert_eq!(lookup(&parse(&format!("nginx@sha256:{}", "0".repeat(64)))), Answer::DigestNotFound);
        // The config digest is not a manifest digest.
        assert_eq!(lookup(&parse(&format!("nginx@{}", latest.image_id))), Answer::DigestNotFound);
        assert_eq!(lookup(&parse("nosuch")), Answer::RepositoryNotFound);
        assert_eq!(lookup(&parse("docker.io/nginx:1.29")), lookup(&parse("index.docker.io/library/nginx:1.29")));
        let Answer::Found(pause) = lookup(&parse("registry.k8s.io/pause:3.10")) else { panic!("pause") };
        assert_eq!((pause.size_bytes, pause.config.user), (320_368, "65535:65535"));
    }

    #[test]
    fn registries() {
        assert_eq!(registry("docker.io"), Some(MissingRepository::AccessDenied));
        assert_eq!(registry("registry.k8s.io"), Some(MissingRepository::NotFound));
        assert_eq!(registry("registry.example.com"), None);
        for i in all() {
            let domain = i.name.split('/').next().unwrap_or("");
            assert!(registry(domain).is_some(), "{} is on an unknown registry", i.name);
        }
    }
}
