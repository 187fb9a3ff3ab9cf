//! Each kube-controller-manager controller talks to kube-apiserver through a client of its own
//! (`ControllerClientBuilder.ClientOrDie(name)`: a copy of the manager's kubeconfig, so a token
//! bucket of its own), rate-limited as client-go does at the manager's `--kube-api-qps` 20 and
//! `--kube-api-burst` 30 (`k8s.io/controller-manager/config/v1alpha1/defaults.go`): thirty
//! requests may go at once, then twenty a second. A ReplicaSet of 1,000 replicas therefore
//! creates its pods in about 50 s, as in a kind cluster — and a runaway workload costs the
//! simulation a bounded number of requests per simulated second.

use crate::vecmap::VecMap;

use crate::clock::Time;

/// `--kube-api-qps` (upstream's default, `k8s.io/controller-manager/config/v1alpha1/defaults.go`).
pub const QPS: u64 = 20;
/// `--kube-api-burst`.
pub const BURST: u64 = 30;

/// Tokens are counted in millionths; a client allowed `qps` requests a second gets
/// `qps × 1000` millionths a millisecond (`ClientConfig::milli_qps`).
const TOKEN: u64 = 1_000_000;

/// The manager's `--kube-api-qps` and `--kube-api-burst`, and the rate its clients are built
/// with from them as client-go's `RESTClientForConfigAndClient` reads them: a QPS of 0 is
/// client-go's `DefaultQPS` 5 and a burst of 0 its `DefaultBurst` 10; a negative QPS builds no
/// rate limiter at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientConfig {
    /// `--kube-api-qps` in thousandths (a float32 flag; negative: no limiter).
    pub flag_milli_qps: i64,
    /// `--kube-api-burst`.
    pub flag_burst: u64,
}

impl Default for ClientConfig {
    fn default() -> ClientConfig {
        ClientConfig { flag_milli_qps: QPS as i64 * 1000, flag_burst: BURST }
    }
}

impl ClientConfig {
    /// The flags' values, the QPS in thousandths (a burst below zero is refused: client-go's
    /// limiter would then refuse every request). At most a million requests a second.
    pub fn from_flags(milli_qps: i64, burst: i64) -> Result<ClientConfig, String> {
        if burst < 0 {
            return Err(format!("--kube-api-burst must not be negative, not {burst}"));
        }
        Ok(ClientConfig { flag_milli_qps: milli_qps.clamp(-1_000_000_000, 1_000_000_000), flag_burst: burst as u64 })
    }

    /// The clients' rate in thousandths of a request a second (None: not rate-limited).
    pub fn milli_qps(&self) -> Option<u64> {
        match self.flag_milli_qps {
            0 => Some(5_000),
            q if q > 0 => Some(q as u64),
            _ => None,
        }
    }

    /// How many requests may go at once.
    pub fn burst(&self) -> u64 {
        if self.flag_burst == 0 { 10 } else { self.flag_burst }
    }
}

/// `flowcontrol.NewTokenBucketRateLimiter` (`golang.org/x/time/rate`): full at the start, a
/// request that finds it empty waits for the tokens it needs (a reservation, in order).
#[derive(Debug, Clone)]
struct TokenBucket {
    /// Millionths of a token; negative while requests wait for tokens not yet refilled.
    tokens: i64,
    at: Time,
}

impl TokenBucket {
    fn new(at: Time, config: ClientConfig) -> TokenBucket {
        TokenBucket { tokens: config.burst().saturating_mul(TOKEN) as i64, at }
    }

    /// When `requests` requests asked for at `at` may go.
    fn reserve(&mut self, at: Time, requests: u64, config: ClientConfig) -> Time {
        let Some(milli_qps) = config.milli_qps() else { return at };
        let full = config.burst().saturating_mul(TOKEN) as i64;
        let at = at.max(self.at);
        let refilled = at.millis().saturating_sub(self.at.millis()).saturating_mul(milli_qps);
        self.tokens = (self.tokens.saturating_add(refilled.min(i64::MAX as u64) as i64)).min(full);
        self.at = at;
        self.tokens = self.tokens.saturating_sub(requests.saturating_mul(TOKEN) as i64);
        if self.tokens >= 0 {
            at
        } else {
            at.plus_millis(self.tokens.unsigned_abs().div_ceil(milli_qps))
        }
    }
}

/// The controllers' clients, by controller, and the rate they are built with.
#[derive(Debug, Clone, Default)]
pub struct Clients {
    buckets: VecMap<&'static str, TokenBucket>,
    config: ClientConfig,
}

impl Clients {
    /// When a controller's `requests` requests, ready at `at`, leave its client.
    pub fn reserve(&mut self, controller: &'static str, at: Time, requests: u64) -> Time {
        let config = self.config;
        self.buckets.entry(controller).or_insert_with(|| TokenBucket::new(at, config)).reserve(at, requests, config)
    }

    /// A restarted kube-controller-manager starts with full buckets.
    pub fn reset(&mut self) {
        self.buckets.clear();
    }

    /// The rate the clients are built with (the process's flags: they outlive a restart).
    pub fn config(&self) -> ClientConfig {
        self.config
    }

    pub fn set_config(&mut self, config: ClientConfig) {
        self.config = config;
        self.buckets.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_at_once_then_twenty_a_second() {
        let mut c = Clients::default();
        let t0 = Time(1_000_000);
        let times: Vec<u64> = (0..70).map(|_| c.reserve("replicaset-controller", t0, 1).millis() - t0.millis()).collect();
        assert!(times[..30].iter().all(|&t| t == 0));
        assert_eq!(times[30], 50);
        assert_eq!(times[31], 100);
        assert_eq!(times[69], 2000);
        // Another controller has its own bucket.
        assert_eq!(c.reserve("job-controller", t0, 1), t0);
        // An idle second refills twenty tokens.
        let later = Time(t0.millis() + 2000 + 1000);
        let next: Vec<u64> = (0..21).map(|_| c.reserve("replicaset-controller", later, 1).millis() - later.millis()).collect();
        assert!(next[..20].iter().all(|&t| t == 0));
        assert_eq!(next[20], 50);
    }

    #[test]
    fn flags_as_client_go_reads_them() {
        assert_eq!(ClientConfig::from_flags(20_000, 30), Ok(ClientConfig::default()));
        // `RESTClientForConfigAndClient`: 0 is the default (5 a second, 10 at once); a
        // negative QPS builds no limiter.
        let zero = ClientConfig::from_flags(0, 0).unwrap();
        assert_eq!((zero.milli_qps(), zero.burst()), (Some(5_000), 10));
        assert_eq!(ClientConfig::from_flags(-1_000, 30).map(|c| c.milli_qps()), Ok(None));
        assert!(ClientConfig::from_flags(20_000, -1).is_err());
        assert_eq!(ClientConfig::from_flags(500, 1).map(|c| c.milli_qps()), Ok(Some(500)));
    }

    #[test]
    fn a_faster_client_and_an_unlimited_one() {
        let t0 = Time(1_000_000);
        let mut c = Clients::default();
        c.set_config(ClientConfig::from_flags(200_000, 300).unwrap());
        let times: Vec<u64> = (0..302).map(|_| c.reserve("replicaset-controller", t0, 1).millis() - t0.millis()).collect();
        assert!(times[..300].iter().all(|&t| t == 0));
        assert_eq!((times[300], times[301]), (5, 10));
        let mut c = Clients::default();
        c.set_config(ClientConfig::from_flags(500, 1).unwrap());
        assert_eq!(c.reserve("job-controller", t0, 1), t0);
        assert_eq!(c.reserve("job-controller", t0, 1).millis() - t0.millis(), 2000);
        let mut c = Clients::default();
        c.set_config(ClientConfig::from_flags(-1_000, 0).unwrap());
        assert!((0..10_000).all(|_| c.reserve("job-controller", t0, 1) == t0));
    }
}
