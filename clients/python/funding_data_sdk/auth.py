"""Access tokens: the client-credentials exchange (`POST /oauth/token` on the auth server) with a cache,
or a fixed token."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

import httpx

from .retry import RetryPolicy

DEFAULT_AUDIENCE = "urn:funding-data-api"


class TokenSource(Protocol):
    def token(self) -> str: ...

    def invalidate(self, token: str) -> bool:
        """Forget `token` if it is the cached one; True when a fresh token can be fetched."""
        ...


class TokenExchangeError(Exception):
    def __init__(self, status: int, error: str | None, description: str | None):
        super().__init__(f"token exchange failed ({status}): {error or 'error'}: {description or 'no description'}")
        self.status = status
        self.error = error
        self.description = description


class StaticToken:
    """A token obtained elsewhere (or any string for a mock server such as Prism): no exchange."""

    def __init__(self, token: str):
        self._token = token

    def token(self) -> str:
        return self._token

    def cached(self) -> str | None:
        return self._token

    def invalidate(self, token: str) -> bool:
        return False


class ClientCredentials:
    """Exchanges a key for a token at `{auth_url}/oauth/token` and reuses it until shortly before it expires.

    The token is refreshed `refresh_skew` seconds before `expires_in` runs out (or at half its
    lifetime when that is shorter), so a request never leaves with a token about to expire. One
    exchange at a time: threads that need a token while one is under way wait for it.
    """

    def __init__(
        self,
        auth_url: str,
        client_id: str,
        client_secret: str,
        audience: str = DEFAULT_AUDIENCE,
        *,
        refresh_skew: float = 60.0,
        http: httpx.Client | None = None,
        retry: RetryPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.url = auth_url.rstrip("/") + "/oauth/token"
        self.client_id = client_id
        self._secret = client_secret
        self.audience = audience
        self.refresh_skew = refresh_skew
        self._http = http or httpx.Client(timeout=30.0)
        self._retry = retry or RetryPolicy()
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._token: str | None = None
        self._refresh_at = 0.0
        self.exchanges = 0

    def token(self) -> str:
        with self._lock:
            if self._token is None or self._clock() >= self._refresh_at:
                self._exchange()
            assert self._token is not None
            return self._token

    def cached(self) -> str | None:
        """The token if it is fresh, without waiting for an exchange under way (for the event loop)."""
        # _exchange sets the token before its refresh time: reading in the other order never pairs
        # a new refresh time with an old token
        refresh_at = self._refresh_at
        token = self._token
        return token if token is not None and self._clock() < refresh_at else None

    def invalidate(self, token: str) -> bool:
        with self._lock:
            if self._token == token:
                self._token = None
            return True

    def _exchange(self) -> None:
        body = {
            "client_id": self.client_id,
            "client_secret": self._secret,
            "audience": self.audience,
            "grant_type": "client_credentials",
        }
        attempt = 0
        while True:
            started = self._clock()
            try:
                res = self._http.post(self.url, json=body)
            except httpx.TransportError as error:
                # the exchange changes nothing on the server, so it is retried like a GET
                delay = self._retry.after_error(attempt, "GET", error)
                if delay is None:
                    raise
            else:
                delay = self._retry.after_response(attempt, "GET", res)
                if delay is None:
                    break
            self._sleep(delay)
            attempt += 1
        try:
            payload = res.json()
        except ValueError:
            payload = {}
        if res.status_code != 200 or not isinstance(payload.get("access_token"), str):
            raise TokenExchangeError(res.status_code, payload.get("error"), payload.get("error_description"))
        lifetime = float(payload.get("expires_in") or 3600)
        self._token = payload["access_token"]
        self._refresh_at = started + max(lifetime - self.refresh_skew, lifetime / 2)
        self.exchanges += 1
