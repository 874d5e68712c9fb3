from __future__ import annotations

import json

import httpx
import pytest
from conftest import Script

from funding_data_api_client.api.transactions import list_transactions
from funding_data_sdk import ApiError, ExportIncomplete, changed_since, connect, export_rows

BASE = "http://api.test"


def api(script: Script):
    return connect(BASE, token="t", inner=script.transport())


def ndjson(*lines: dict) -> httpx.Response:
    return httpx.Response(
        200,
        content="".join(json.dumps(x) + "\n" for x in lines).encode(),
        headers={"Content-Type": "application/x-ndjson"},
    )


def page(data: list[dict], next_cursor: str | None) -> httpx.Response:
    return httpx.Response(
        200,
        json={
            "data": data,
            "page": {"limit": 1, "offset": 0, "next_cursor": next_cursor, "prev_cursor": None, "total": None},
            "currency": "USD",
        },
    )


def test_export_rows_yields_each_row_and_checks_the_trailer():
    script = Script(ndjson({"id": 1}, {"id": 2}, {"_export": {"rows": 2, "complete": True, "credits": 1}}))
    rows = list(export_rows(api(script), "/data/transactions", filter="year[eq]:2024", include_deleted=True))
    assert rows == [{"id": 1}, {"id": 2}]
    params = dict(script.requests[0].url.params)
    assert params == {"filter": "year[eq]:2024", "include_deleted": "true", "format": "ndjson"}
    assert script.requests[0].url.path == "/data/exports/transactions"
    assert script.requests[0].headers["Accept"] == "application/x-ndjson"
    # the export operation's own path is taken as it is
    own = Script(ndjson({"_export": {"rows": 0, "complete": True, "credits": 1}}))
    assert list(export_rows(api(own), "/data/exports/gov-ngo")) == []
    assert own.requests[0].url.path == "/data/exports/gov-ngo"


def test_export_rows_raises_after_the_rows_of_an_incomplete_export():
    error = {"code": "CREDITS_EXHAUSTED", "message": "out", "details": None}
    script = Script(ndjson({"id": 1}, {"_export": {"rows": 1, "complete": False, "credits": 1, "error": error}}))
    seen = []
    with pytest.raises(ExportIncomplete) as raised:
        for row in export_rows(api(script), "/data/companies"):
            seen.append(row)
    assert seen == [{"id": 1}]
    assert raised.value.trailer["error"]["code"] == "CREDITS_EXHAUSTED"


def test_export_rows_without_a_trailer_is_incomplete():
    with pytest.raises(ExportIncomplete):
        list(export_rows(api(Script(ndjson({"id": 1}))), "/data/news"))


def test_export_rows_raises_the_error_answer():
    body = {"error": {"code": "UNKNOWN_FILTER", "message": "no key nope", "details": {"filter": "nope"}}}
    with pytest.raises(ApiError) as raised:
        list(export_rows(api(Script(httpx.Response(400, json=body))), "/data/news", filter="nope[eq]:1"))
    assert raised.value.code == "UNKNOWN_FILTER"


def test_changed_since_walks_updated_at_after_the_mark_with_deletions():
    script = Script(page([], "c1"), page([], None))
    list(changed_since(list_transactions, api(script), "2026-11-01T00:00:00.000Z", include_deleted=True, limit=1))
    params = [dict(r.url.params) for r in script.requests]
    assert params[0]["filter"] == "updated_at[gt]:2026-11-01T00:00:00.000Z"
    assert (params[0]["sort"], params[0]["include_deleted"], params[0]["limit"]) == ("updated_at", "true", "1")
    assert params[1]["cursor"] == "c1"


def test_changed_since_combines_with_a_filter():
    script = Script(page([], None))
    list(changed_since(list_transactions, api(script), "2026-11-01T00:00:00Z", filter_="year[eq]:2024"))
    assert dict(script.requests[0].url.params)["filter"] == "and(updated_at[gt]:2026-11-01T00:00:00Z,year[eq]:2024)"
