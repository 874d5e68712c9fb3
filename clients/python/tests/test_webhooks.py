from __future__ import annotations

import base64
import hashlib
import hmac

import httpx
import pytest
from conftest import Script

from funding_data_sdk import ApiError, WebhookVerificationError, changes, connect, verify_webhook

SECRET = "whsec_" + base64.b64encode(b"k" * 32).decode()
OTHER = "whsec_" + base64.b64encode(b"o" * 32).decode()
BODY = (
    '{"type":"transaction.created","timestamp":"2026-11-27T04:10:00Z",'
    '"data":{"type":"transaction","id":7,"kind":"created","fields":null,"at":"2026-11-27T04:10:00Z"}}'
)


def signature(secret: str, msg_id: str, ts: int, body: str) -> str:
    key = base64.b64decode(secret[len("whsec_") :])
    return "v1," + base64.b64encode(hmac.new(key, f"{msg_id}.{ts}.{body}".encode(), hashlib.sha256).digest()).decode()


def headers(ts: int = 1_800_000_000, *secrets: str) -> dict[str, str]:
    return {
        "Webhook-Id": "msg_1",
        "Webhook-Timestamp": str(ts),
        "Webhook-Signature": " ".join(signature(s, "msg_1", ts, BODY) for s in secrets or (SECRET,)),
    }


def test_verify_webhook_returns_the_event_of_a_signed_delivery_and_accepts_either_signature_of_a_rotation():
    assert verify_webhook(headers(), BODY.encode(), SECRET, now=1_800_000_010)["data"]["id"] == 7
    assert (
        verify_webhook(headers(1_800_000_000, OTHER, SECRET), BODY, SECRET, now=1_800_000_000)["type"]
        == "transaction.created"
    )


@pytest.mark.parametrize(
    "hdrs, body, secret, now",
    [
        (headers(), BODY, OTHER, 1_800_000_000),
        (headers(), BODY.replace("7", "8"), SECRET, 1_800_000_000),
        (headers(), BODY, SECRET, 1_800_000_301),
        ({"webhook-id": "msg_1", "webhook-timestamp": "1800000000"}, BODY, SECRET, 1_800_000_000),
        ({**headers(), "Webhook-Timestamp": "soon"}, BODY, SECRET, 1_800_000_000),
    ],
)
def test_verify_webhook_refuses_a_wrong_secret_a_changed_body_an_old_timestamp_and_missing_headers(
    hdrs, body, secret, now
):
    with pytest.raises(WebhookVerificationError):
        verify_webhook(hdrs, body, secret, now=now)


def feed(data: list[int], after: str, more: bool) -> httpx.Response:
    return httpx.Response(
        200,
        json={
            "data": [{"id": i} for i in data],
            "page": {"limit": 2, "next_after": after, "has_more": more},
            "currency": "USD",
        },
    )


def test_changes_walks_from_a_position_and_reports_each_next_position():
    script = Script(feed([1, 2], "p2", True), feed([3], "p3", False))
    positions: list[str] = []
    got = [
        c["id"]
        for c in changes(
            connect("http://api.test", token="t", inner=script.transport()),
            after="p0",
            types=["transaction"],
            limit=2,
            on_position=positions.append,
        )
    ]
    assert got == [1, 2, 3]
    assert positions == ["p2", "p3"]
    params = [dict(r.url.params) for r in script.requests]
    assert [p["after"] for p in params] == ["p0", "p2"]
    assert all(p["type"] == "transaction" and "from" not in p for p in params)


def test_changes_raises_the_api_error_of_an_expired_position():
    error = {
        "error": {
            "code": "VALIDATION_ERROR",
            "message": "The position is older than the change feed's retention",
            "details": None,
        }
    }
    script = Script(httpx.Response(400, json=error))
    with pytest.raises(ApiError) as e:
        list(changes(connect("http://api.test", token="t", inner=script.transport()), after="old"))
    assert e.value.status == 400
