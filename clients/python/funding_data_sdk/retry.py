"""When to retry a request and how long to wait first.

429 means the server did not act on the request, so every method is retried, after `Retry-After`
when the server sends one. A 5xx or a dropped connection may come after the server acted, so only
idempotent methods are retried then: repeating a PATCH, or a POST without an `Idempotency-Key`,
could create or change twice. A POST with one (`keyed`; the transport sends one with every POST) is
run once by the server whatever the retries, and its 409 with `Retry-After` (the first attempt still
running) is waited out. A connection that was never opened sent nothing and is retried for every method.
"""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"})


def parse_retry_after(value: str | None, now: Callable[[], float] = time.time) -> float | None:
    """Seconds to wait from a `Retry-After` value (delay-seconds or an HTTP date); None if absent or unreadable."""
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - now())


@dataclass
class RetryPolicy:
    """Decides whether attempt `attempt` (0 for the first retry) is made and after what delay.

    `max_retries` bounds the retries of one request; `base_delay` doubles per retry up to `max_delay`,
    with full jitter. A `Retry-After` longer than `max_retry_after` is not waited for: the 429 is
    returned to the caller, who knows better whether to wait that long.
    """

    max_retries: int = 3
    base_delay: float = 0.25
    max_delay: float = 8.0
    max_retry_after: float = 60.0
    random: Callable[[], float] = field(default=random.random, repr=False)

    def backoff(self, attempt: int) -> float:
        return min(self.max_delay, self.base_delay * 2**attempt) * self.random()

    @staticmethod
    def _idempotent(method: str, keyed: bool) -> bool:
        return method.upper() in IDEMPOTENT_METHODS or (keyed and method.upper() == "POST")

    def after_response(
        self, attempt: int, method: str, response: httpx.Response, *, keyed: bool = False
    ) -> float | None:
        """Delay before retrying after `response`, or None to hand it to the caller."""
        if attempt >= self.max_retries:
            return None
        status = response.status_code
        if status == 409 and keyed and method.upper() == "POST" and "Retry-After" in response.headers:
            wait = parse_retry_after(response.headers.get("Retry-After"))
            return wait if wait is not None and wait <= self.max_retry_after else None
        if status == 429:
            wait = parse_retry_after(response.headers.get("Retry-After"))
            if wait is None:
                return self.backoff(attempt)
            return wait if wait <= self.max_retry_after else None
        if status >= 500 and self._idempotent(method, keyed):
            # a 503 may say when to come back too
            wait = parse_retry_after(response.headers.get("Retry-After"))
            if wait is not None and wait <= self.max_retry_after:
                return wait
            return self.backoff(attempt)
        return None

    def after_error(self, attempt: int, method: str, error: Exception, *, keyed: bool = False) -> float | None:
        """Delay before retrying after a transport error, or None to raise it."""
        if attempt >= self.max_retries or not isinstance(error, httpx.TransportError):
            return None
        never_sent = isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout))
        if never_sent or self._idempotent(method, keyed):
            return self.backoff(attempt)
        return None
