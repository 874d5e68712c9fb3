"""Iterating a cursor-paged list (the `Page` schema of openapi.yaml): send each `page.next_cursor` back as `cursor`.

The same `filter` and `sort` go with every page (the cursor is bound to them) and the cursor is
passed on unchanged, never built or decoded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from funding_data_api_client.client import AuthenticatedClient
from funding_data_api_client.types import Unset

from .client import call


def pages(operation: Any, client: AuthenticatedClient, *, max_pages: int | None = None, **params: Any) -> Iterator[Any]:
    """Yields the parsed page models of a list operation (a generated module), first page first.

    Stops after the page whose `page.next_cursor` is null, or after `max_pages` pages.
    """
    if "cursor" in params:
        raise TypeError("pages() starts from the first page; it sends the cursors itself")
    cursor: str | None = None
    fetched = 0
    while max_pages is None or fetched < max_pages:
        page = call(operation, client, **params, **({"cursor": cursor} if cursor else {}))
        fetched += 1
        yield page
        next_cursor = page.page.next_cursor
        if next_cursor is None or isinstance(next_cursor, Unset):
            return
        cursor = next_cursor


def rows(operation: Any, client: AuthenticatedClient, *, max_pages: int | None = None, **params: Any) -> Iterator[Any]:
    """Yields every row (`data[]` item) of a cursor-paged list, fetching pages as they are needed."""
    for page in pages(operation, client, max_pages=max_pages, **params):
        yield from page.data
