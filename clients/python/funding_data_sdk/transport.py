"""An httpx transport that authenticates, identifies and pins every request, and retries per `RetryPolicy`.

Putting this under the generated client's `httpx.Client` gives every generated operation (and
every page of a list) the same behaviour without touching generated code.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from .auth import TokenSource
from .retry import RetryPolicy


class FundingTransport(httpx.BaseTransport):
    def __init__(
        self,
        tokens: TokenSource,
        *,
        client_id: str | None = None,
        api_version: str | None = None,
        retry: RetryPolicy | None = None,
        inner: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ):
        self.tokens = tokens
        self.client_id = client_id
        self.api_version = api_version
        self.retry = retry or RetryPolicy()
        self.inner = inner or httpx.HTTPTransport()
        self._sleep = sleep

    def _prepare(self, request: httpx.Request) -> str:
        token = self.tokens.token()
        request.headers["Authorization"] = f"Bearer {token}"
        if self.client_id:
            request.headers["X-Client-Id"] = self.client_id
        # an operation's own api_version argument wins over the client-wide pin
        if self.api_version and "API-Version" not in request.headers:
            request.headers["API-Version"] = self.api_version
        return token

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()  # a body sent again on retry must be replayable
        refreshed = False
        attempt = 0
        while True:
            token = self._prepare(request)
            try:
                response = self.inner.handle_request(request)
            except Exception as error:
                delay = self.retry.after_error(attempt, request.method, error)
                if delay is None:
                    raise
            else:
                # a token revoked or expired early: one fresh exchange, then the answer stands
                if response.status_code == 401 and not refreshed and self.tokens.invalidate(token):
                    refreshed = True
                    response.close()
                    continue
                delay = self.retry.after_response(attempt, request.method, response)
                if delay is None:
                    return response
                response.close()
            self._sleep(delay)
            attempt += 1

    def close(self) -> None:
        self.inner.close()
