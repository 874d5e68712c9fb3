"""Loading data over HTTP: stream a file into `POST /platform/imports` and wait for the import's result.

A pipeline posts change records (or one list's own `format=ndjson` export, with `type_`), gets the import
at once (`status` "queued"), then polls it until it `succeeded` or `failed` (docs/import.md).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from funding_data_api_client.client import AuthenticatedClient

from .client import ApiError

NDJSON = "application/x-ndjson"
FINISHED = frozenset({"succeeded", "failed"})


class FileStream(httpx.SyncByteStream):
    """A file's bytes, read from disk while they are sent, `chunk` at a time; a retry reads the file again.

    The SDK's transports send such a body as it is read (memory stays flat whatever the file size).
    """

    replayable = True  # the transport sends it as it is read, without buffering it for a retry

    def __init__(self, path: str | os.PathLike[str], chunk: int = 256 * 1024):
        self.path = os.fspath(path)
        self.chunk = chunk

    def __iter__(self) -> Iterator[bytes]:
        with open(self.path, "rb") as f:
            while block := f.read(self.chunk):
                yield block


class ImportFailed(Exception):
    """The import finished `failed`: nothing of it was written. `run` is the import (`error`, `report`)."""

    def __init__(self, run: dict[str, Any]):
        report = run.get("report") or {}
        why = run.get("error") or f"{report.get('rejected_total', 0)} rows rejected"
        super().__init__(f"import {run.get('id')} failed: {why}")
        self.run = run


def upload_import(
    client: AuthenticatedClient,
    body: str | os.PathLike[str] | bytes,
    *,
    mode: str | None = None,
    dry_run: bool | None = None,
    source: str | None = None,
    type_: str | None = None,
    idempotency_key: str | None = None,
) -> dict[str, Any]:
    """Posts an NDJSON body (a file path, streamed from disk, or bytes) and returns the import (`status` "queued").

    `type_` is "records" (change records, the default) or a list name ("transactions", "companies", ...)
    whose own export the body is. Raises `ApiError` for an error answer (413 past the server's cap).
    """
    params: dict[str, str] = {}
    for name, value in (("mode", mode), ("source", source), ("type", type_)):
        if value is not None:
            params[name] = value
    if dry_run is not None:
        params["dry_run"] = "true" if dry_run else "false"
    headers = {"Content-Type": NDJSON}
    if idempotency_key is not None:
        headers["Idempotency-Key"] = idempotency_key
    http = client.get_httpx_client()
    if isinstance(body, bytes):
        request = http.build_request("POST", "/platform/imports", params=params, headers=headers, content=body)
    else:
        headers["Content-Length"] = str(os.path.getsize(body))
        # the client's URL and headers, with a body read from disk as it is sent
        built = http.build_request("POST", "/platform/imports", params=params, headers=headers)
        request = httpx.Request("POST", built.url, headers=built.headers, stream=FileStream(body))
    response = http.send(request)
    if response.status_code >= 400:
        raise ApiError.from_http(response)
    return response.json()["data"]


def get_import(client: AuthenticatedClient, import_id: str) -> dict[str, Any]:
    """The import's status and, once it finished, its report."""
    response = client.get_httpx_client().get(f"/platform/imports/{import_id}")
    if response.status_code >= 400:
        raise ApiError.from_http(response)
    return response.json()["data"]


def wait_for_import(
    client: AuthenticatedClient,
    import_id: str,
    *,
    timeout: float = 600.0,
    interval: float = 1.0,
    raise_on_failure: bool = True,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """Polls the import every `interval` seconds until it finished; returns it.

    Raises `ImportFailed` when it `failed` (unless `raise_on_failure=False`) and `TimeoutError` when it
    has not finished after `timeout` seconds (it may still finish: poll again with `get_import`).
    """
    deadline = clock() + timeout
    while True:
        run = get_import(client, import_id)
        if run["status"] in FINISHED:
            if run["status"] == "failed" and raise_on_failure:
                raise ImportFailed(run)
            return run
        if clock() >= deadline:
            raise TimeoutError(f"import {import_id} still {run['status']} after {timeout} s")
        sleep(interval)
