"""httpx transports that authenticate, identify and pin every request, and retry per `RetryPolicy`.

Putting these under the generated client's `httpx.Client` and `httpx.AsyncClient` gives every
generated operation (sync and asyncio, and every page of a list) the same behaviour without
touching generated code. The two differ only in awaiting; the decisions are shared.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from typing import Literal

import httpx

from .auth import TokenSource
from .retry import RetryPolicy

Verdict = tuple[Literal["answer", "refresh", "wait"], float]


class _Policy:
    def __init__(
        self,
        tokens: TokenSource,
        *,
        client_id: str | None = None,
        api_version: str | None = None,
        retry: RetryPolicy | None = None,
    ):
        self.tokens = tokens
        self.client_id = client_id
        self.api_version = api_version
        self.retry = retry or RetryPolicy()

    def _sign(self, request: httpx.Request, token: str) -> None:
        request.headers["Authorization"] = f"Bearer {token}"
        if self.client_id:
            request.headers["X-Client-Id"] = self.client_id
        # an operation's own api_version argument wins over the client-wide pin
        if self.api_version and "API-Version" not in request.headers:
            request.headers["API-Version"] = self.api_version
        # every POST carries an Idempotency-Key (the caller's, else a new one), the same on each retry
        if request.method.upper() == "POST" and "Idempotency-Key" not in request.headers:
            request.headers["Idempotency-Key"] = str(uuid.uuid4())

    def _verdict(
        self,
        attempt: int,
        refreshed: bool,
        request: httpx.Request,
        token: str,
        response: httpx.Response | None,
        error: Exception | None,
    ) -> Verdict:
        """`answer`: hand back the response (or raise the error); `refresh`: repeat now with a new token; `wait`."""
        keyed = "Idempotency-Key" in request.headers
        if response is None:
            assert error is not None
            delay = self.retry.after_error(attempt, request.method, error, keyed=keyed)
        elif response.status_code == 401 and not refreshed and self.tokens.invalidate(token):
            # a token revoked or expired early: one fresh exchange, then the answer stands
            return ("refresh", 0.0)
        else:
            delay = self.retry.after_response(attempt, request.method, response, keyed=keyed)
        return ("answer", 0.0) if delay is None else ("wait", delay)


class FundingTransport(_Policy, httpx.BaseTransport):
    def __init__(
        self,
        tokens: TokenSource,
        *,
        inner: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        **policy,
    ):
        super().__init__(tokens, **policy)
        self.inner = inner or httpx.HTTPTransport()
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        # a body sent again on retry must be replayable: read into memory, unless it reads itself again
        if not getattr(request.stream, "replayable", False):
            request.read()
        attempt, refreshed = 0, False
        while True:
            token = self.tokens.token()
            self._sign(request, token)
            response, error = None, None
            try:
                response = self.inner.handle_request(request)
            except Exception as e:
                error = e
            verdict, delay = self._verdict(attempt, refreshed, request, token, response, error)
            if verdict == "answer":
                if response is None:
                    raise error  # type: ignore[misc]
                return response
            if response is not None:
                response.close()
            if verdict == "refresh":
                refreshed = True
                continue
            self._sleep(delay)
            attempt += 1

    def close(self) -> None:
        self.inner.close()


class AsyncFundingTransport(_Policy, httpx.AsyncBaseTransport):
    """The same for `httpx.AsyncClient`; a token exchange runs in a worker thread, off the event loop."""

    def __init__(
        self,
        tokens: TokenSource,
        *,
        inner: httpx.AsyncBaseTransport | None = None,
        sleep: Callable[[float], object] = asyncio.sleep,
        **policy,
    ):
        super().__init__(tokens, **policy)
        self.inner = inner or httpx.AsyncHTTPTransport()
        self._sleep = sleep

    async def _token(self) -> str:
        cached = getattr(self.tokens, "cached", None)
        token = cached() if cached else None
        return token or await asyncio.to_thread(self.tokens.token)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        attempt, refreshed = 0, False
        while True:
            token = await self._token()
            self._sign(request, token)
            response, error = None, None
            try:
                response = await self.inner.handle_async_request(request)
            except Exception as e:
                error = e
            verdict, delay = self._verdict(attempt, refreshed, request, token, response, error)
            if verdict == "answer":
                if response is None:
                    raise error  # type: ignore[misc]
                return response
            if response is not None:
                await response.aclose()
            if verdict == "refresh":
                refreshed = True
                continue
            await self._sleep(delay)  # type: ignore[misc]
            attempt += 1

    async def aclose(self) -> None:
        await self.inner.aclose()
