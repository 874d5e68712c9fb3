from __future__ import annotations

import email.utils

import httpx
import pytest
from conftest import Script, Sleeps

from funding_data_sdk import FundingTransport, RetryPolicy, StaticToken, parse_retry_after

BASE = "http://api.test"


def policy(**kw) -> RetryPolicy:
    # random() = 1 makes the backoff its upper bound: base * 2**attempt
    return RetryPolicy(random=lambda: 1.0, **kw)


def client(script: Script, sleeps: Sleeps, **kw) -> httpx.Client:
    transport = FundingTransport(StaticToken("t"), retry=policy(**kw), inner=script.transport(), sleep=sleeps)
    return httpx.Client(base_url=BASE, transport=transport)


def test_parse_retry_after_reads_seconds_and_http_dates():
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after(" 0 ") == 0.0
    now = 1_800_000_000.0
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert parse_retry_after(date, now=lambda: now) == pytest.approx(30.0)
    assert parse_retry_after(email.utils.formatdate(now - 30, usegmt=True), now=lambda: now) == 0.0
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    assert parse_retry_after("-1") is None


def test_429_waits_retry_after_then_succeeds_even_for_post(sleeps):
    script = Script(httpx.Response(429, headers={"Retry-After": "2"}), httpx.Response(201, json={"ok": True}))
    res = client(script, sleeps).post("/platform/teams", json={"name": "A", "slug": "a"})
    assert res.status_code == 201
    assert sleeps == [2.0]
    # the body goes out again unchanged
    assert script.bodies[0] == script.bodies[1] == b'{"name":"A","slug":"a"}'


def test_429_without_retry_after_backs_off_exponentially_and_gives_up(sleeps):
    script = Script(httpx.Response(429))
    res = client(script, sleeps, max_retries=3).get("/data/transactions")
    assert res.status_code == 429
    assert len(script.requests) == 4
    assert sleeps == [0.25, 0.5, 1.0]


def test_retry_after_beyond_the_limit_is_handed_back_not_waited_for(sleeps):
    script = Script(httpx.Response(429, headers={"Retry-After": "3600"}))
    res = client(script, sleeps, max_retry_after=60).get("/data/transactions")
    assert res.status_code == 429
    assert res.headers["Retry-After"] == "3600"
    assert len(script.requests) == 1
    assert sleeps == []


@pytest.mark.parametrize("method", ["GET", "HEAD", "PUT", "DELETE"])
def test_5xx_is_retried_for_idempotent_methods(method, sleeps):
    script = Script(httpx.Response(503), httpx.Response(500), httpx.Response(200))
    res = client(script, sleeps).request(method, "/data/notes/1")
    assert res.status_code == 200
    assert len(script.requests) == 3
    assert sleeps == [0.25, 0.5]


@pytest.mark.parametrize("status", [500, 502, 503, 504])
def test_5xx_is_not_retried_for_patch(status, sleeps):
    script = Script(httpx.Response(status), httpx.Response(200))
    res = client(script, sleeps).request("PATCH", "/data/notes/1", json={"body": "x"})
    assert res.status_code == status
    assert len(script.requests) == 1
    assert sleeps == []


def test_post_carries_one_idempotency_key_and_is_retried_on_5xx_drop_and_409_in_progress(sleeps):
    script = Script(
        httpx.Response(503),
        fail(httpx.ReadTimeout),
        httpx.Response(409, headers={"Retry-After": "1"}),
        httpx.Response(201, json={"ok": True}),
    )
    res = client(script, sleeps).post("/data/notes", json={"body": "x"})
    assert res.status_code == 201
    keys = {r.headers.get("Idempotency-Key") for r in script.requests}
    assert len(script.requests) == 4 and len(keys) == 1 and None not in keys
    assert sleeps == [0.25, 0.5, 1.0]
    # the caller's own key is kept; a 409 without Retry-After (a taken slug) is an answer
    script = Script(httpx.Response(409), httpx.Response(201))
    res = client(script, sleeps).post("/platform/teams", json={}, headers={"Idempotency-Key": "mine-1"})
    assert res.status_code == 409
    assert [r.headers["Idempotency-Key"] for r in script.requests] == ["mine-1"]


def test_503_retry_after_is_honoured_on_get(sleeps):
    script = Script(httpx.Response(503, headers={"Retry-After": "5"}), httpx.Response(200))
    assert client(script, sleeps).get("/data/transactions").status_code == 200
    assert sleeps == [5.0]


def test_5xx_gives_up_after_max_retries(sleeps):
    script = Script(httpx.Response(500))
    res = client(script, sleeps, max_retries=2).get("/data/transactions")
    assert res.status_code == 500
    assert len(script.requests) == 3


@pytest.mark.parametrize("status", [400, 401, 402, 403, 404, 422])
def test_client_errors_are_not_retried(status, sleeps):
    script = Script(httpx.Response(status), httpx.Response(200))
    assert client(script, sleeps).get("/data/transactions").status_code == status
    assert len(script.requests) == 1


def fail(error: type[httpx.TransportError]):
    def handler(request: httpx.Request) -> httpx.Response:
        raise error("boom", request=request)

    return handler


def test_connection_never_opened_is_retried_even_for_post(sleeps):
    script = Script(fail(httpx.ConnectError), httpx.Response(201))
    assert client(script, sleeps).post("/platform/teams", json={}).status_code == 201
    assert len(script.requests) == 2


def test_dropped_answer_is_retried_for_get_and_post_not_patch(sleeps):
    script = Script(fail(httpx.ReadTimeout), httpx.Response(200))
    assert client(script, sleeps).get("/data/transactions").status_code == 200
    script = Script(fail(httpx.ReadTimeout), httpx.Response(201))
    assert client(script, sleeps).post("/platform/teams", json={}).status_code == 201
    script = Script(fail(httpx.ReadTimeout), httpx.Response(200))
    with pytest.raises(httpx.ReadTimeout):
        client(script, sleeps).patch("/data/notes/1", json={})
    assert len(script.requests) == 1


def test_jitter_stays_within_the_backoff_bound():
    p = RetryPolicy(base_delay=0.25, max_delay=8.0)
    for attempt in range(8):
        for _ in range(20):
            assert 0 <= p.backoff(attempt) <= min(8.0, 0.25 * 2**attempt)
