//! client-go's `workqueue.DefaultTypedControllerRateLimiter` as the controllers' `AddRateLimited`
//! uses it: per key, 5 ms after the first failure, doubling to 1000 s
//! (`ItemExponentialFailureRateLimiter`), forgotten when the key syncs again without error. A
//! controller with its own base delay (the EndpointSlice controller's 1 s) builds it with
//! `exponential`.
//! The overall token bucket it is combined with (10 qps, burst 100) only matters beyond a
//! hundred failing keys at once and is not modelled.

use crate::vecmap::VecMap;

const BASE_DELAY_MS: u64 = 5;
const MAX_DELAY_MS: u64 = 1_000_000;

#[derive(Debug, Clone)]
pub struct RateLimiter {
    failures: VecMap<String, u32>,
    base_ms: u64,
    max_ms: u64,
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter::exponential(BASE_DELAY_MS, MAX_DELAY_MS)
    }
}

impl RateLimiter {
    /// `NewTypedItemExponentialFailureRateLimiter(base, max)`.
    pub fn exponential(base_ms: u64, max_ms: u64) -> RateLimiter {
        RateLimiter { failures: VecMap::new(), base_ms, max_ms }
    }

    /// `When`: the delay before the key's next try, counting this failure.
    pub fn when(&mut self, key: &str) -> u64 {
        let n = self.failures.entry(key.to_string()).or_insert(0);
        let delay = self.base_ms.saturating_mul(1u64.checked_shl(*n).unwrap_or(u64::MAX)).min(self.max_ms);
        *n = n.saturating_add(1);
        delay
    }

    /// `NumRequeues`.
    pub fn requeues(&self, key: &str) -> u32 {
        self.failures.get(key).copied().unwrap_or(0)
    }

    /// `Forget`.
    pub fn forget(&mut self, key: &str) {
        self.failures.remove(key);
    }

    /// A restarted process starts with no failures.
    pub fn reset(&mut self) {
        self.failures.clear();
    }
}

#[cfg(test)]
mod tests {
    /// `default_rate_limiters_test.go` `TestItemExponentialFailureRateLimiter` with 5 ms / 1000 s.
    #[test]
    fn doubles_from_five_ms_and_forgets() {
        let mut r = super::RateLimiter::default();
        let delays: Vec<u64> = (0..5).map(|_| r.when("ns/a")).collect();
        assert_eq!(delays, [5, 10, 20, 40, 80]);
        assert_eq!(r.when("ns/b"), 5);
        r.forget("ns/a");
        assert_eq!(r.when("ns/a"), 5);
        for _ in 0..40 {
            r.when("ns/c");
        }
        assert_eq!(r.when("ns/c"), 1_000_000);
    }
}
