//! The node lifecycle controller's rate-limited timed queue (upstream
//! `pkg/controller/nodelifecycle/scheduler/rate_limited_queue.go`): a unique queue of node
//! names ordered by when each may be processed, drained by `Try` behind a token bucket of
//! burst 1 (`EvictionRateLimiterBurst`) — at `--node-eviction-rate` 0.1/s one node is tainted
//! every 10 s at most.

use crate::clock::Time;

/// `flowcontrol.NewTokenBucketRateLimiter(qps, 1)`, or the never-accepting limiter a zone in
/// disruption gets (`NewFakeNeverRateLimiter`, qps 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenBucket {
    /// Milliseconds to refill the one token (1000 / qps); None never accepts.
    period_ms: Option<u64>,
    /// When the bucket holds its token again.
    full_at: Time,
}

impl TokenBucket {
    /// A full bucket refilling `per_mille` thousandths of a token a second (100 = 0.1 qps).
    pub fn new(per_mille: u32) -> TokenBucket {
        TokenBucket { period_ms: (per_mille > 0).then(|| 1_000_000 / u64::from(per_mille)), full_at: Time::ZERO }
    }

    pub fn per_mille(&self) -> u32 {
        self.period_ms.map_or(0, |p| (1_000_000 / p) as u32)
    }

    /// `TryAccept`: takes the token if it is there.
    pub fn try_accept(&mut self, now: Time) -> bool {
        match self.period_ms {
            Some(p) if now >= self.full_at => {
                self.full_at = now.plus_millis(p);
                true
            }
            _ => false,
        }
    }

    /// When a `try_accept` can next succeed (None: never).
    pub fn ready_at(&self) -> Option<Time> {
        self.period_ms.map(|_| self.full_at)
    }
}

/// One queued node (`TimedValue`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimedValue {
    pub value: String,
    pub uid: String,
    pub added_at: Time,
    pub process_at: Time,
    /// Insertion order, so that equal `process_at`s keep a fixed order.
    seq: u64,
}

/// `RateLimitedTimedQueue`: the queue, the set that keeps a value from being added twice until
/// it is `remove`d, and the limiter.
#[derive(Debug, Clone)]
pub struct RateLimitedTimedQueue {
    queue: Vec<TimedValue>,
    set: crate::vecmap::VecSet<String>,
    pub limiter: TokenBucket,
    next_seq: u64,
}

impl RateLimitedTimedQueue {
    pub fn new(limiter: TokenBucket) -> RateLimitedTimedQueue {
        RateLimitedTimedQueue { queue: Vec::new(), set: Default::default(), limiter, next_seq: 0 }
    }

    /// `Add`: false when the value is already there (queued, or processed and not removed).
    pub fn add(&mut self, value: &str, uid: &str, now: Time) -> bool {
        if !self.set.insert(value.to_string()) {
            return false;
        }
        self.next_seq += 1;
        self.queue.push(TimedValue { value: value.to_string(), uid: uid.to_string(), added_at: now, process_at: now, seq: self.next_seq });
        true
    }

    /// `Remove`: out of the queue and the set (it may be added again).
    pub fn remove(&mut self, value: &str) -> bool {
        if !self.set.remove(value) {
            return false;
        }
        self.queue.retain(|v| v.value != value);
        true
    }

    /// The value to process next (the lowest `process_at`).
    pub fn head(&self) -> Option<TimedValue> {
        self.queue.iter().min_by_key(|v| (v.process_at, v.seq)).cloned()
    }

    /// After a successful `Try` action: out of the queue, still in the set (`RemoveFromQueue`).
    pub fn done(&mut self, value: &str) {
        self.queue.retain(|v| v.value != value);
    }

    /// After a failed `Try` action: tried again no sooner than `at` (`Replace`).
    pub fn retry_at(&mut self, value: &str, at: Time) {
        if let Some(v) = self.queue.iter_mut().find(|v| v.value == value) {
            v.process_at = at;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// `SwapLimiter`: a new bucket when the rate changes; a bucket that was waiting leaves the
    /// new one empty too (the "drain" for burst 1).
    pub fn swap_limiter(&mut self, per_mille: u32, now: Time) {
        if self.limiter.per_mille() == per_mille {
            return;
        }
        let mut fresh = TokenBucket::new(per_mille);
        if per_mille > 0 {
            fresh.full_at = now;
            if !self.limiter.try_accept(now) {
                fresh.try_accept(now);
            }
        }
        self.limiter = fresh;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_token_every_ten_seconds() {
        let mut b = TokenBucket::new(100);
        assert!(b.try_accept(Time(5_000)));
        assert!(!b.try_accept(Time(5_100)));
        assert!(!b.try_accept(Time(14_999)));
        assert!(b.try_accept(Time(15_000)));
        assert_eq!(b.ready_at(), Some(Time(25_000)));
        let mut never = TokenBucket::new(0);
        assert!(!never.try_accept(Time(1_000_000)));
        assert_eq!(never.ready_at(), None);
    }

    /// `rate_limited_queue_test.go`'s `TestAddNode` / `TestDel` / `TestTryRemovingWhileTry`
    /// in spirit: unique values, removal re-allows an add, a processed value stays in the set.
    #[test]
    fn unique_queue() {
        let mut q = RateLimitedTimedQueue::new(TokenBucket::new(100));
        assert!(q.add("first", "1", Time(0)));
        assert!(q.add("second", "2", Time(0)));
        assert!(!q.add("first", "1", Time(1)));
        assert_eq!(q.head().map(|v| v.value), Some("first".to_string()));
        q.done("first");
        assert!(!q.add("first", "1", Time(2)), "processed but not removed");
        assert!(q.remove("first"));
        assert!(q.add("first", "1", Time(3)));
        q.retry_at("second", Time(10));
        assert_eq!(q.head().map(|v| v.value), Some("first".to_string()));
    }

    #[test]
    fn swapping_to_zero_stops_and_back_drains() {
        let mut q = RateLimitedTimedQueue::new(TokenBucket::new(100));
        q.swap_limiter(0, Time(1_000));
        assert!(!q.limiter.try_accept(Time(100_000)));
        // The never limiter was "waiting": the new bucket starts empty.
        q.swap_limiter(100, Time(100_000));
        assert!(!q.limiter.try_accept(Time(100_000)));
        assert!(q.limiter.try_accept(Time(110_000)));
    }
}
