//! A time-to-live cache with least-recently-used eviction.
//!
//! Entries expire `ttl` after insertion; when the cache is full the least
//! recently used entry is evicted first.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// A source of the current time, so tests can control expiry.
pub trait Clock {
    /// The current instant.
    fn now(&self) -> Instant;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// One cached value with its expiry and the tick of its last use.
#[derive(Debug, Clone)]
struct Entry<V> {
    value: V,
    expires_at: Instant,
    last_used: u64,
}

/// A bounded cache whose entries expire after a fixed time to live.
pub struct TtlCache<K, V, C: Clock = SystemClock> {
    entries: HashMap<K, Entry<V>>,
    capacity: usize,
    ttl: Duration,
    clock: C,
    tick: u64,
}

impl<K: Hash + Eq + Clone, V: Clone, C: Clock> TtlCache<K, V, C> {
    /// Creates an empty cache holding at most `capacity` entries, each for `ttl`, on the given clock.
    pub fn with_clock(capacity: usize, ttl: Duration, clock: C) -> Self {
        TtlCache {
            entries: HashMap::with_capacity(capacity),
            capacity,
            ttl,
            clock,
            tick: 0,
        }
    }

    /// Returns the value for `key` if present and not expired, marking it as recently used.
    pub fn get(&mut self, key: &K) -> Option<V> {
        let now = self.clock.now();
        self.tick += 1;
        let tick = self.tick;
        match self.entries.get_mut(key) {
            Some(entry) if entry.expires_at > now => {
                entry.last_used = tick;
                Some(entry.value.clone())
            }
            Some(_) => {
                self.entries.remove(key);
                None
            }
            None => None,
        }
    }

    /// Inserts or replaces `key`, evicting the least recently used entry when the cache is full.
    pub fn insert(&mut self, key: K, value: V) {
        self.evict_expired();
        if self.entries.len() >= self.capacity && !self.entries.contains_key(&key) {
            self.evict_least_recently_used();
        }
        self.tick += 1;
        let entry = Entry {
            value,
            expires_at: self.clock.now() + self.ttl,
            last_used: self.tick,
        };
        self.entries.insert(key, entry);
    }

    /// Drops every entry whose time to live has passed and returns how many were dropped.
    pub fn evict_expired(&mut self) -> usize {
        let now = self.clock.now();
        let before = self.entries.len();
        self.entries.retain(|_, entry| entry.expires_at > now);
        before - self.entries.len()
    }

    /// Removes the entry with the smallest `last_used` tick.
    fn evict_least_recently_used(&mut self) {
        let oldest = self
            .entries
            .iter()
            .min_by_key(|(_, entry)| entry.last_used)
            .map(|(key, _)| key.clone());
        if let Some(key) = oldest {
            self.entries.remove(&key);
        }
    }

    /// Number of entries, including expired ones not yet evicted.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
}

impl<K: Hash + Eq + Clone, V: Clone> TtlCache<K, V, SystemClock> {
    /// Creates a cache on the system clock.
    pub fn new(capacity: usize, ttl: Duration) -> Self {
        Self::with_clock(capacity, ttl, SystemClock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    struct FakeClock {
        now: Cell<Instant>,
    }

    impl Clock for FakeClock {
        fn now(&self) -> Instant {
            self.now.get()
        }
    }

    #[test]
    fn expired_entries_are_not_returned() {
        let start = Instant::now();
        let clock = FakeClock { now: Cell::new(start) };
        let mut cache = TtlCache::with_clock(2, Duration::from_secs(30), clock);
        cache.insert("a", 1);
        cache.clock.now.set(start + Duration::from_secs(31));
        assert_eq!(cache.get(&"a"), None);
    }
}
