"""Plain strings where the generated operations take enums, through call, pages, rows and export_rows."""

from __future__ import annotations

import httpx
import pytest
from conftest import Script

from funding_data_api_client.api.analytics import get_aggregate
from funding_data_api_client.api.reference import list_filter_values
from funding_data_api_client.api.transactions import list_transactions
from funding_data_api_client.models.currency_code import CurrencyCode
from funding_data_sdk import ApiError, call, connect, export_rows, rows

BASE = "http://api.test"
PAGE = {
    "data": [],
    "page": {"limit": 1, "offset": 0, "next_cursor": None, "prev_cursor": None, "total": None},
    "currency": "EUR",
}


def api(script: Script):
    return connect(BASE, token="t", inner=script.transport())


def test_call_takes_a_currency_as_a_string_in_any_case():
    script = Script(httpx.Response(200, json=PAGE))
    call(list_transactions, api(script), currency="EUR", limit=1)
    call(list_transactions, api(script), currency="eur", limit=1)
    call(list_transactions, api(script), currency=CurrencyCode.EUR, limit=1)
    assert [r.url.params["currency"] for r in script.requests] == ["EUR", "EUR", "EUR"]


def test_rows_takes_strings_for_enums_and_a_filter_scope_too():
    values = {**PAGE, "key": "country", "scope": "funding", "data": [{"value": "7", "name": "Germany", "code": "DE"}]}
    script = Script(httpx.Response(200, json=PAGE), httpx.Response(200, json=values))
    assert list(rows(list_transactions, api(script), currency="GBP", limit=1)) == []
    assert script.requests[0].url.params["currency"] == "GBP"
    germany = call(list_filter_values, api(script), "country", scope="funding").data[0]
    assert (germany.value, germany.code) == ("7", "DE")
    assert script.requests[1].url.params["scope"] == "funding"


def test_lists_of_enums_and_positional_enums_take_strings():
    script = Script(httpx.Response(400, json={"error": {"code": "VALIDATION_ERROR", "message": "x", "details": None}}))
    with pytest.raises(ApiError):
        call(get_aggregate, api(script), "funding-rounds", group_by="country,round_year", metric="count")
    request = script.requests[0]
    assert request.url.path == "/analytics/aggregate/funding-rounds"
    assert request.url.params.get_list("group_by") in (["country", "round_year"], ["country,round_year"])
    assert request.url.params["metric"] == "count"


def test_an_unknown_value_is_refused_with_the_allowed_ones_before_any_request():
    script = Script(httpx.Response(200, json=PAGE))
    with pytest.raises(ValueError, match=r"currency='EURO' is not one of: .*EUR.*USD"):
        call(list_transactions, api(script), currency="EURO")
    assert script.requests == []


def test_export_rows_sends_an_enum_member_by_its_value():
    body = b'{"id": 1}\n{"_export": {"complete": true, "rows": 1}}\n'
    script = Script(httpx.Response(200, content=body, headers={"Content-Type": "application/x-ndjson"}))
    assert list(export_rows(api(script), "/data/transactions", currency=CurrencyCode.EUR)) == [{"id": 1}]
    assert script.requests[0].url.params["currency"] == "EUR"
