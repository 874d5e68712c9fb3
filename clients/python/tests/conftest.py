"""Scripted servers for the hand-written layer: httpx.MockTransport answers from a list of handlers."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

Handler = Callable[[httpx.Request], httpx.Response]


class Script:
    """Answers request n with handler n (the last one repeats) and keeps every request it saw."""

    def __init__(self, *handlers: Handler | httpx.Response):
        self.handlers = handlers
        self.requests: list[httpx.Request] = []
        self.bodies: list[bytes] = []
        # a retried request is the same object with new headers: keep what each attempt carried
        self.headers: list[httpx.Headers] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        self.bodies.append(request.read())
        self.headers.append(httpx.Headers(request.headers))
        handler = self.handlers[min(len(self.requests), len(self.handlers)) - 1]
        return handler(request) if callable(handler) else handler

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)


class Sleeps(list):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


@pytest.fixture
def sleeps() -> Sleeps:
    return Sleeps()
