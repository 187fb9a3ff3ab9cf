//! A simulated Istio 1.30.4 (sidecar mode): what `istioctl install --set profile=minimal`
//! creates (`install`), istiod's sidecar injector (`inject`), and istio-init's redirect rules
//! (`iptables`). istiod itself and the sidecar's Envoy are process models (`process::apps`,
//! `network`).
//!
//! Upstream: istio 1.30.3's sources (the templates of the 1.30.4 release podlife names are
//! taken to be the same) — `manifests/charts/istio-control/istio-discovery` (templates and
//! `values.yaml`), `manifests/profiles/minimal.yaml`, `operator/cmd/mesh/install.go`.

pub mod inject;
pub mod install;
pub mod iptables;

/// The release podlife models, and where its images live (istioctl's release builds set
/// `hub: docker.io/istio` and `tag: <version>`).
pub const TAG: &str = "1.30.4";
pub const HUB: &str = "docker.io/istio";

/// Envoy's ports in an istio-proxy: outbound capture, inbound capture, the agent's health and
/// merged metrics, Envoy's Prometheus stats, Envoy's admin (localhost only).
pub const OUTBOUND_PORT: u16 = 15001;
pub const INBOUND_PORT: u16 = 15006;
pub const HEALTH_PORT: u16 = 15021;
pub const AGENT_PORT: u16 = 15020;
pub const STATS_PORT: u16 = 15090;
pub const ADMIN_PORT: u16 = 15000;
/// istiod's webhook port (behind Service port 443) and its xDS/CA port.
pub const WEBHOOK_PORT: u16 = 15017;
pub const XDS_PORT: u16 = 15012;
