from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from conftest import Script, Sleeps

from funding_data_sdk import ClientCredentials, FundingTransport, RetryPolicy, StaticToken, TokenExchangeError

AUTH = "http://auth.test"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def issuer(lifetime: int = 86400):
    issued: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        issued.append(f"token-{len(issued) + 1}")
        return httpx.Response(200, json={"access_token": issued[-1], "token_type": "Bearer", "expires_in": lifetime})

    return handler, issued


def credentials(script: Script, clock: Clock | None = None, **kw) -> ClientCredentials:
    return ClientCredentials(
        AUTH + "/",
        "my-client",
        "my-secret",
        http=httpx.Client(transport=script.transport()),
        clock=clock or Clock(),
        sleep=Sleeps(),
        retry=RetryPolicy(random=lambda: 0.0),
        **kw,
    )


def test_exchange_sends_the_client_credentials_body():
    handler, _ = issuer()
    script = Script(handler)
    assert credentials(script).token() == "token-1"
    request = script.requests[0]
    assert (request.method, str(request.url)) == ("POST", "http://auth.test/oauth/token")
    assert request.headers["Content-Type"] == "application/json"
    assert json.loads(script.bodies[0]) == {
        "client_id": "my-client",
        "client_secret": "my-secret",
        "audience": "urn:funding-data-api",
        "grant_type": "client_credentials",
    }


def test_token_is_cached_until_shortly_before_expiry():
    handler, _ = issuer(lifetime=3600)
    clock = Clock()
    script = Script(handler)
    tokens = credentials(script, clock, refresh_skew=60)
    assert [tokens.token() for _ in range(5)] == ["token-1"] * 5
    clock.now += 3600 - 61
    assert tokens.token() == "token-1"
    clock.now += 1  # 60 s before expiry
    assert tokens.token() == "token-2"
    assert len(script.requests) == 2


def test_short_lived_token_is_kept_for_half_its_life():
    handler, _ = issuer(lifetime=40)
    clock = Clock()
    tokens = credentials(Script(handler), clock, refresh_skew=60)
    assert tokens.token() == "token-1"
    clock.now += 19
    assert tokens.token() == "token-1"
    clock.now += 1
    assert tokens.token() == "token-2"


def test_failed_exchange_raises_with_the_identity_providers_reason():
    script = Script(
        httpx.Response(401, json={"error": "invalid_client", "error_description": "Client authentication failed"})
    )
    with pytest.raises(TokenExchangeError) as raised:
        credentials(script).token()
    assert raised.value.status == 401
    assert raised.value.error == "invalid_client"
    assert "Client authentication failed" in str(raised.value)
    assert len(script.requests) == 1


def test_exchange_is_retried_on_503_and_429():
    handler, _ = issuer()
    script = Script(httpx.Response(503), httpx.Response(429, headers={"Retry-After": "1"}), handler)
    assert credentials(script).token() == "token-1"
    assert len(script.requests) == 3


def test_concurrent_callers_share_one_exchange():
    gate = threading.Event()
    handler, _ = issuer()

    def slow(request: httpx.Request) -> httpx.Response:
        gate.wait(5)
        return handler(request)

    script = Script(slow)
    tokens = credentials(script)
    results: list[str] = []
    threads = [threading.Thread(target=lambda: results.append(tokens.token())) for _ in range(8)]
    for t in threads:
        t.start()
    time.sleep(0.05)
    gate.set()
    for t in threads:
        t.join(5)
    assert results == ["token-1"] * 8
    assert len(script.requests) == 1


def test_requests_carry_token_client_id_and_pinned_version():
    handler, _ = issuer()
    tokens = credentials(Script(handler))
    api = Script(httpx.Response(200))
    transport = FundingTransport(tokens, client_id="my-client", api_version="2026-10-07", inner=api.transport())
    http = httpx.Client(base_url="http://api.test", transport=transport)
    http.get("/data/transactions")
    http.get("/data/transactions", headers={"API-Version": "2026-10-09"})
    first, second = api.headers
    assert first["Authorization"] == "Bearer token-1"
    assert first["X-Client-Id"] == "my-client"
    assert first["API-Version"] == "2026-10-07"
    # an operation's own api_version argument wins
    assert second["API-Version"] == "2026-10-09"


def test_static_token_never_exchanges_and_sends_no_client_id_unless_given():
    api = Script(httpx.Response(200))
    transport = FundingTransport(StaticToken("mock"), inner=api.transport())
    httpx.Client(base_url="http://api.test", transport=transport).get("/data/transactions")
    assert api.requests[0].headers["Authorization"] == "Bearer mock"
    assert "X-Client-Id" not in api.requests[0].headers
    assert "API-Version" not in api.requests[0].headers


def test_a_401_refreshes_the_token_once():
    handler, issued = issuer()
    tokens = credentials(Script(handler))
    api = Script(httpx.Response(401), httpx.Response(200))
    transport = FundingTransport(tokens, client_id="my-client", inner=api.transport(), sleep=Sleeps())
    res = httpx.Client(base_url="http://api.test", transport=transport).get("/data/transactions")
    assert res.status_code == 200
    assert [h["Authorization"] for h in api.headers] == ["Bearer token-1", "Bearer token-2"]
    # a second 401 in a row is the answer
    api = Script(httpx.Response(401))
    transport = FundingTransport(tokens, client_id="my-client", inner=api.transport(), sleep=Sleeps())
    assert httpx.Client(base_url="http://api.test", transport=transport).get("/x").status_code == 401
    assert len(api.requests) == 2
    assert issued == ["token-1", "token-2", "token-3"]


def test_a_401_with_a_static_token_is_not_retried():
    api = Script(httpx.Response(401), httpx.Response(200))
    transport = FundingTransport(StaticToken("bad"), inner=api.transport())
    assert httpx.Client(base_url="http://api.test", transport=transport).get("/x").status_code == 401
    assert len(api.requests) == 1
