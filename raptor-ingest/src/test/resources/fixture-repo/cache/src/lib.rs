//! tinyroute-cache: the caching layer of tinyroute.
//!
//! The main type is [`ttl_cache::TtlCache`], a bounded map whose entries expire.

pub mod ttl_cache;

pub use ttl_cache::{Clock, SystemClock, TtlCache};

/// The default time to live of cached responses, in seconds.
pub const DEFAULT_TTL_SECS: u64 = 30;

/// Builds the cache key of a request from its method and path, e.g. `GET /users/7`.
pub fn cache_key(method: &str, path: &str) -> String {
    format!("{} {}", method.to_ascii_uppercase(), normalize_path(path))
}

/// Collapses repeated slashes and drops a trailing slash, so `/a//b/` and `/a/b` share a key.
fn normalize_path(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    format!("/{}", segments.join("/"))
}
