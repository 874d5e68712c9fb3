"""Receiving the API's webhooks and following its change feed.

`verify_webhook` checks a delivery's Standard Webhooks signature (`webhook-id`, `webhook-timestamp`,
`webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`) against the secret shown at
registration and returns the parsed event; verify the raw body, before any JSON parsing.
`changes` walks `GET /data/changes` from a position and hands each page's next position to
`on_position`, to be stored once the page's changes are processed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from funding_data_api_client.client import AuthenticatedClient

from .client import ApiError


class WebhookVerificationError(Exception):
    """The delivery is not signed by the secret, or was sent outside the tolerance."""


def _header(headers: Mapping[str, Any], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            text = value[0] if isinstance(value, (list, tuple)) else value
            if text:
                return str(text)
    raise WebhookVerificationError(f"missing {name} header")


def verify_webhook(
    headers: Mapping[str, Any],
    body: bytes | str,
    secret: str,
    *,
    tolerance_seconds: int = 300,
    now: float | None = None,
) -> dict[str, Any]:
    """Returns the event of a delivery one of whose `v1` signatures matches `secret`.

    Raises `WebhookVerificationError` otherwise.
    """
    msg_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if not timestamp.isdigit():
        raise WebhookVerificationError("invalid webhook-timestamp")
    if abs((time.time() if now is None else now) - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError("webhook-timestamp outside the tolerance")
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    key = base64.b64decode(secret[len("whsec_") :] if secret.startswith("whsec_") else secret)
    expected = hmac.new(key, f"{msg_id}.{timestamp}.{text}".encode(), hashlib.sha256).digest()
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version != "v1" or not value:
            continue
        try:
            given = base64.b64decode(value, validate=True)
        except ValueError:
            continue
        if hmac.compare_digest(given, expected):
            return json.loads(text)
    raise WebhookVerificationError("no matching signature")


def changes(
    client: AuthenticatedClient,
    *,
    after: str | None = None,
    from_: str = "oldest",
    types: Sequence[str] | None = None,
    kinds: Sequence[str] | None = None,
    include_record: bool = False,
    limit: int = 500,
    on_position: Callable[[str], None] | None = None,
    **params: Any,
) -> Iterator[dict[str, Any]]:
    """Yields every change after `after` (or from `from_`: "oldest" or "latest"), in commit order, until the feed's end.

    After each page's changes are yielded, `on_position(next_after)` gets the position to resume from.
    """
    query: dict[str, Any] = {"limit": limit, **params}
    if types:
        query["type"] = ",".join(types)
    if kinds:
        query["kind"] = ",".join(kinds)
    if include_record:
        query["include"] = "record"
    if after is None:
        query["from"] = from_
    while True:
        if after is not None:
            query.pop("from", None)
            query["after"] = after
        response = client.get_httpx_client().get("/data/changes", params=query)
        if response.status_code >= 400:
            raise ApiError.from_http(response)
        body = response.json()
        yield from body["data"]
        after = body["page"]["next_after"]
        if on_position is not None:
            on_position(after)
        if not body["page"]["has_more"]:
            return
