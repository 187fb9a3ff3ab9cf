//! Each kube-controller-manager controller talks to kube-apiserver through a client of its own
//! (`ControllerClientBuilder.ClientOrDie(name)`: a copy of the manager's kubeconfig, so a token
//! bucket of its own), rate-limited as client-go does at the manager's `--kube-api-qps` 20 and
//! `--kube-api-burst` 30 (`k8s.io/controller-manager/config/v1alpha1/defaults.go`): thirty
//! requests may go at once, then twenty a second. A ReplicaSet of 1,000 replicas therefore
//! creates its pods in about 50 s, as in a kind cluster — and a runaway workload costs the
//! simulation a bounded number of requests per simulated second.

use crate::vecmap::VecMap;

use crate::clock::Time;

/// `--kube-api-qps`.
pub const QPS: u64 = 20;
/// `--kube-api-burst`.
pub const BURST: u64 = 30;

/// Tokens are counted in thousandths, refilled by `QPS` thousandths per millisecond.
const TOKEN: u64 = 1000;

/// `flowcontrol.NewTokenBucketRateLimiter` (`golang.org/x/time/rate`): full at the start, a
/// request that finds it empty waits for the tokens it needs (a reservation, in order).
#[derive(Debug, Clone)]
struct TokenBucket {
    /// Thousandths of a token; negative while requests wait for tokens not yet refilled.
    tokens: i64,
    at: Time,
}

impl TokenBucket {
    fn new(at: Time) -> TokenBucket {
        TokenBucket { tokens: (BURST * TOKEN) as i64, at }
    }

    /// When `requests` requests asked for at `at` may go.
    fn reserve(&mut self, at: Time, requests: u64) -> Time {
        let at = at.max(self.at);
        let refilled = at.millis().saturating_sub(self.at.millis()).saturating_mul(QPS);
        self.tokens = (self.tokens.saturating_add(refilled as i64)).min((BURST * TOKEN) as i64);
        self.at = at;
        self.tokens -= (requests * TOKEN) as i64;
        if self.tokens >= 0 {
            at
        } else {
            at.plus_millis((-self.tokens as u64).div_ceil(QPS))
        }
    }
}

/// The controllers' clients, by controller.
#[derive(Debug, Clone, Default)]
pub struct Clients {
    buckets: VecMap<&'static str, TokenBucket>,
}

impl Clients {
    /// When a controller's `requests` requests, ready at `at`, leave its client.
    pub fn reserve(&mut self, controller: &'static str, at: Time, requests: u64) -> Time {
        self.buckets.entry(controller).or_insert_with(|| TokenBucket::new(at)).reserve(at, requests)
    }

    /// A restarted kube-controller-manager starts with full buckets.
    pub fn reset(&mut self) {
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
}
