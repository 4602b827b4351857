"""Retrying HTTP fetches with exponential backoff."""

import random
import time
from dataclasses import dataclass
from urllib.request import urlopen


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently to retry a failed request."""

    max_attempts: int = 3
    base_delay: float = 0.5
    max_delay: float = 10.0

    def delay_for(self, attempt):
        """Seconds to wait before retry number ``attempt`` (1-based), with jitter."""
        delay = exponential_backoff(attempt, self.base_delay, self.max_delay)
        return delay * random.uniform(0.5, 1.0)


def exponential_backoff(attempt, base, cap):
    """Return ``base * 2 ** (attempt - 1)`` capped at ``cap`` seconds."""
    return min(cap, base * (2 ** (attempt - 1)))


def fetch_with_retry(url, policy=RetryPolicy(), opener=urlopen, sleep=time.sleep):
    """Fetch ``url`` and return the body as bytes, retrying on network errors.

    Raises the last error when every attempt fails.
    """
    last_error = None
    for attempt in range(1, policy.max_attempts + 1):
        try:
            with opener(url, timeout=10) as response:
                return response.read()
        except OSError as error:
            last_error = error
            if attempt < policy.max_attempts:
                sleep(policy.delay_for(attempt))
    raise last_error
