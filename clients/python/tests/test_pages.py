from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from conftest import Script

from funding_data_api_client.api.transactions import list_transactions
from funding_data_api_client.errors import UnexpectedStatus
from funding_data_sdk import ApiError, MissingModelError, RetryPolicy, call, connect, pages, rows

BASE = "http://api.test"


def page(next_cursor: str | None, data: list[Any] | None = None, offset: int = 0) -> httpx.Response:
    return httpx.Response(
        200,
        json={
            "data": data or [],
            "page": {"limit": 2, "offset": offset, "next_cursor": next_cursor, "prev_cursor": None, "total": None},
            "currency": "USD",
        },
    )


def api(script: Script):
    return connect(BASE, token="t", inner=script.transport())


def test_pages_sends_each_next_cursor_back_unchanged_with_the_same_filter_and_sort():
    script = Script(page("c1/+=="), page("c2 x", offset=2), page(None, offset=4))
    seen = list(pages(list_transactions, api(script), filter_="year[in_any]:[2024,2025]", sort="-date", limit=2))
    assert [p.page.offset for p in seen] == [0, 2, 4]
    params = [dict(r.url.params) for r in script.requests]
    assert [p.get("cursor") for p in params] == [None, "c1/+==", "c2 x"]
    for p in params:
        assert (p["filter"], p["sort"], p["limit"]) == ("year[in_any]:[2024,2025]", "-date", "2")


def test_pages_stops_at_max_pages():
    script = Script(page("more"))
    assert len(list(pages(list_transactions, api(script), max_pages=3))) == 3
    assert len(script.requests) == 3


def test_pages_fetches_lazily():
    script = Script(page("more"))
    iterator = pages(list_transactions, api(script))
    next(iterator)
    assert len(script.requests) == 1


def test_pages_refuses_a_starting_cursor():
    with pytest.raises(TypeError):
        next(pages(list_transactions, api(Script(page(None))), cursor="x"))


def test_an_error_page_raises_api_error_with_code_and_details():
    error = {"error": {"code": "VALIDATION_ERROR", "message": "invalid cursor for this sort order", "details": None}}
    script = Script(page("c1"), httpx.Response(400, json=error, headers={"X-Request-Id": "req-1"}))
    iterator = pages(list_transactions, api(script))
    next(iterator)
    with pytest.raises(ApiError) as raised:
        next(iterator)
    assert (raised.value.status, raised.value.code, raised.value.request_id) == (400, "VALIDATION_ERROR", "req-1")
    assert raised.value.details is None


def fake_operation(build):
    """An operation module's two halves, as generated: request arguments, then the parsed response."""

    def _get_kwargs(**params: Any) -> dict[str, Any]:
        return {"method": "get", "url": "/things", "params": {k: v for k, v in params.items() if v is not None}}

    return SimpleNamespace(__name__="fake.list_things", _get_kwargs=_get_kwargs, _build_response=build)


def test_rows_flattens_pages():
    def build(*, client, response):
        body = json.loads(response.content)
        parsed = SimpleNamespace(data=body["data"], page=SimpleNamespace(next_cursor=body["page"]["next_cursor"]))
        return SimpleNamespace(parsed=parsed)

    script = Script(page("a", [1, 2]), page("b", [3, 4]), page(None, [5]))
    assert list(rows(fake_operation(build), api(script))) == [1, 2, 3, 4, 5]


def test_a_success_the_client_has_no_model_for_is_a_loud_error():
    def build(*, client, response):
        raise UnexpectedStatus(response.status_code, response.content)

    with pytest.raises(MissingModelError, match="fake.list_things: the generated client has no model for its 200"):
        call(fake_operation(build), api(Script(page(None))))


def test_a_body_the_model_cannot_read_is_a_loud_error():
    def build(*, client, response):
        raise ModuleNotFoundError("No module named 'funding_data_api_client.models.x'")

    with pytest.raises(MissingModelError, match="could not read the 200 response"):
        call(fake_operation(build), api(Script(page(None))))


def test_an_error_without_the_envelope_still_raises_api_error():
    with pytest.raises(ApiError) as raised:
        call(
            list_transactions,
            connect(
                BASE,
                token="t",
                retry=RetryPolicy(max_retries=0),
                inner=Script(httpx.Response(502, text="Bad Gateway")).transport(),
            ),
        )
    assert (raised.value.status, raised.value.code, raised.value.message) == (502, None, "Bad Gateway")


def test_connect_needs_a_token_or_a_key():
    with pytest.raises(ValueError):
        connect(BASE, client_id="only-an-id")
    with pytest.raises(ValueError):
        connect(BASE, auth_url="http://auth.test", client_id="id")
