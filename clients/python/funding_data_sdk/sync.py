"""Keeping a copy in sync: a changed-since walk over a list, and a reader of streamed exports.

A partner pulls everything once (`export_rows`), remembers the newest `updated_at` it saw, and from
then on asks only for what changed after it (`changed_since`), deletions included on the lists that
have soft deletes (`/data/transactions`, whose deleted rows carry `deleted_at`).
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator
from typing import Any

from funding_data_api_client.client import AuthenticatedClient

from .client import ApiError
from .pages import rows

NDJSON = "application/x-ndjson"


def changed_since(
    operation: Any,
    client: AuthenticatedClient,
    since: str,
    *,
    filter_: str | None = None,
    limit: int = 500,
    **params: Any,
) -> Iterator[Any]:
    """Yields every row of a list operation changed after `since` (ISO 8601), oldest change first.

    Keep the last row's `updated_at` as the next walk's `since`. Pass `include_deleted=True` to a list
    with soft deletes (`list_transactions`) to see the deletions in the same walk.
    """
    changed = f"updated_at[gt]:{since}"
    expression = f"and({changed},{filter_})" if filter_ else changed
    yield from rows(operation, client, filter_=expression, sort="updated_at", limit=limit, **params)


class ExportIncomplete(Exception):
    """The export ended before its last row: its trailer says why (`trailer["error"]["code"]`), or it has none."""

    def __init__(self, message: str, trailer: dict[str, Any] | None):
        super().__init__(message)
        self.trailer = trailer


def export_rows(
    client: AuthenticatedClient,
    path: str,
    *,
    model: Callable[[dict[str, Any]], Any] | None = None,
    **query: Any,
) -> Iterator[Any]:
    """Yields the rows of a `/data` list from its export operation (`/data/exports/...`, NDJSON) as they arrive.

    `path` is the list's (`/data/transactions`, or its export's `/data/exports/transactions`); `query`
    takes the export's parameters (`filter`, `sort`, `currency`, `include_deleted` ...). Rows are
    dicts, or `model(row)` when given (e.g. a generated model's `from_dict`). Raises `ApiError` for an
    error answer and `ExportIncomplete` after the last row when the export did not send every row.
    """
    params = {k: _param(v) for k, v in query.items() if v is not None}
    params["format"] = "ndjson"
    trailer: dict[str, Any] | None = None
    exported = path if path.startswith("/data/exports/") else path.replace("/data/", "/data/exports/", 1)
    with client.get_httpx_client().stream("GET", exported, params=params, headers={"Accept": NDJSON}) as response:
        if response.status_code >= 400:
            response.read()
            raise ApiError.from_http(response)
        for line in response.iter_lines():
            if not line:
                continue
            row = json.loads(line)
            if isinstance(row, dict) and "_export" in row:
                trailer = row["_export"]
                continue
            yield model(row) if model else row
    if trailer is None:
        raise ExportIncomplete("the export ended without its trailer line (connection lost)", None)
    if not trailer.get("complete"):
        code = (trailer.get("error") or {}).get("code", "incomplete")
        raise ExportIncomplete(f"the export ended after {trailer.get('rows')} rows: {code}", trailer)


def _param(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
