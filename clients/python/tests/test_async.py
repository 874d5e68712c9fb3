"""The asyncio side: the generated `asyncio*` functions on a client from `connect` get the same rules."""

from __future__ import annotations

import asyncio

import httpx
from conftest import Script
from test_auth import credentials, issuer
from test_pages import page

from funding_data_api_client.api.transactions import list_transactions
from funding_data_sdk import AsyncFundingTransport, RetryPolicy, StaticToken, connect


class AsyncSleeps(list):
    async def __call__(self, seconds: float) -> None:
        self.append(seconds)


def run(transport: AsyncFundingTransport, method: str, url: str, **kw) -> httpx.Response:
    async def go() -> httpx.Response:
        async with httpx.AsyncClient(base_url="http://api.test", transport=transport) as http:
            return await http.request(method, url, **kw)

    return asyncio.run(go())


def transport(script: Script, sleeps: AsyncSleeps, tokens=None, **kw) -> AsyncFundingTransport:
    return AsyncFundingTransport(
        tokens or StaticToken("t"), inner=script.transport(), sleep=sleeps, retry=RetryPolicy(random=lambda: 1.0), **kw
    )


def test_429_is_retried_after_retry_after_even_for_post():
    sleeps = AsyncSleeps()
    script = Script(httpx.Response(429, headers={"Retry-After": "2"}), httpx.Response(201))
    assert run(transport(script, sleeps), "POST", "/platform/teams", json={"name": "A"}).status_code == 201
    assert sleeps == [2.0]
    assert script.bodies == [b'{"name":"A"}'] * 2


def test_5xx_is_retried_for_get_and_keyed_post_but_not_for_patch():
    sleeps = AsyncSleeps()
    script = Script(httpx.Response(503), httpx.Response(200))
    assert run(transport(script, sleeps), "GET", "/data/transactions").status_code == 200
    assert sleeps == [0.25]
    script = Script(httpx.Response(503), httpx.Response(201))
    assert run(transport(script, AsyncSleeps()), "POST", "/platform/teams", json={}).status_code == 201
    keys = [r.headers.get("Idempotency-Key") for r in script.requests]
    assert len(keys) == 2 and keys[0] is not None and keys[0] == keys[1]
    script = Script(httpx.Response(503), httpx.Response(200))
    assert run(transport(script, AsyncSleeps()), "PATCH", "/data/notes/1", json={}).status_code == 503
    assert len(script.requests) == 1


def test_exchanged_token_is_cached_and_a_401_refreshes_it_once():
    handler, issued = issuer()
    tokens = credentials(Script(handler))
    script = Script(httpx.Response(200), httpx.Response(401), httpx.Response(200))
    t = transport(script, AsyncSleeps(), tokens=tokens, client_id="my-client", api_version="2026-10-07")

    async def go() -> list[int]:
        async with httpx.AsyncClient(base_url="http://api.test", transport=t) as http:
            return [(await http.get("/x")).status_code for _ in range(2)]

    assert asyncio.run(go()) == [200, 200]
    assert [h["Authorization"] for h in script.headers] == ["Bearer token-1", "Bearer token-1", "Bearer token-2"]
    assert {h["X-Client-Id"] for h in script.headers} == {"my-client"}
    assert {h["API-Version"] for h in script.headers} == {"2026-10-07"}
    assert issued == ["token-1", "token-2"]


def test_generated_asyncio_functions_go_through_the_layer():
    script = Script(page(None))
    api = connect("http://api.test", token="mock", client_id="mock", async_inner=script.transport())
    response = asyncio.run(list_transactions.asyncio_detailed(client=api, limit=2))
    assert response.status_code == 200
    assert response.parsed.page.next_cursor is None
    assert script.headers[0]["Authorization"] == "Bearer mock"
    assert script.headers[0]["X-Client-Id"] == "mock"
