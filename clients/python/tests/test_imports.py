from __future__ import annotations

import httpx
import pytest
from conftest import Script, Sleeps

from funding_data_api_client.client import AuthenticatedClient
from funding_data_sdk import (
    ApiError,
    FileStream,
    FundingTransport,
    ImportFailed,
    RetryPolicy,
    StaticToken,
    connect,
    upload_import,
    wait_for_import,
)

BASE = "http://api.test"


def run(status: str, **extra) -> httpx.Response:
    data = {
        "id": "imp_1",
        "status": status,
        "source": "ndjson",
        "mode": "all-or-nothing",
        "dry_run": False,
        "bytes": 10,
    }
    return httpx.Response(
        202 if status == "queued" else 200, json={"data": {**data, "error": None, "report": None, **extra}}
    )


def api(script: Script) -> AuthenticatedClient:
    return connect(BASE, token="t", inner=script.transport())


def retrying(script: Script, sleeps: Sleeps) -> AuthenticatedClient:
    transport = FundingTransport(
        StaticToken("t"), retry=RetryPolicy(random=lambda: 1.0), inner=script.transport(), sleep=sleeps
    )
    client = AuthenticatedClient(base_url=BASE, token="")
    client.set_httpx_client(httpx.Client(base_url=BASE, transport=transport))
    return client


def test_upload_streams_the_file_with_its_length_and_the_options(tmp_path):
    body = b"".join(b'{"type":"company","key":"k%d","data":{"name":"C%d"}}\n' % (i, i) for i in range(5000))
    path = tmp_path / "changes.ndjson"
    path.write_bytes(body)
    script = Script(run("queued"))
    got = upload_import(api(script), path, mode="skip-invalid", dry_run=True, source="partner", type_="records")
    assert got["status"] == "queued"
    request = script.requests[0]
    assert request.method == "POST" and request.url.path == "/platform/imports"
    assert dict(request.url.params) == {
        "mode": "skip-invalid",
        "source": "partner",
        "type": "records",
        "dry_run": "true",
    }
    assert request.headers["Content-Type"] == "application/x-ndjson"
    assert request.headers["Content-Length"] == str(len(body))
    assert "Idempotency-Key" in request.headers
    assert script.bodies[0] == body


def test_the_transport_hands_the_file_on_unread(tmp_path):
    path = tmp_path / "changes.ndjson"
    path.write_bytes(b'{"type":"company","key":"k","data":{"name":"C"}}\n')
    streams: list[object] = []

    class Inner(httpx.BaseTransport):
        # httpx.MockTransport reads every body before its handler sees it
        def handle_request(self, request: httpx.Request) -> httpx.Response:
            streams.append(request.stream)
            assert b"".join(request.stream) == path.read_bytes()
            return run("queued")

    upload_import(connect(BASE, token="t", inner=Inner()), path)
    assert len(streams) == 1 and isinstance(streams[0], FileStream)


def test_a_retried_upload_sends_the_whole_file_again_under_the_same_key(tmp_path, sleeps):
    path = tmp_path / "export.ndjson"
    path.write_bytes(b'{"id":1}\n{"_export":{"rows":1,"complete":true,"credits":1}}\n')
    script = Script(httpx.Response(503), run("queued"))
    upload_import(retrying(script, sleeps), path, type_="transactions", idempotency_key="key-1")
    assert script.bodies[0] == script.bodies[1] == path.read_bytes()
    assert [h["Idempotency-Key"] for h in script.headers] == ["key-1", "key-1"]
    assert dict(script.requests[1].url.params) == {"type": "transactions"}


def test_upload_of_bytes_and_an_error_answer():
    error = {
        "error": {"code": "PAYLOAD_TOO_LARGE", "message": "The import body is larger than 10 bytes", "details": None}
    }
    script = Script(httpx.Response(413, json=error))
    with pytest.raises(ApiError) as raised:
        upload_import(api(script), b'{"type":"round"}\n')
    assert raised.value.status == 413 and raised.value.code == "PAYLOAD_TOO_LARGE"
    assert script.bodies[0] == b'{"type":"round"}\n'


def test_wait_polls_until_the_import_finished():
    report = {"committed": True, "rejected_total": 0}
    script = Script(run("queued"), run("running"), run("succeeded", report=report))
    sleeps = Sleeps()
    got = wait_for_import(api(script), "imp_1", interval=0.5, sleep=sleeps)
    assert got["status"] == "succeeded" and got["report"] == report
    assert [r.url.path for r in script.requests] == ["/platform/imports/imp_1"] * 3
    assert sleeps == [0.5, 0.5]


def test_wait_raises_for_a_failed_import_unless_told_not_to():
    failed = run("failed", error="The process running this import stopped before it finished")
    with pytest.raises(ImportFailed) as raised:
        wait_for_import(api(Script(failed)), "imp_1", sleep=Sleeps())
    assert "stopped before it finished" in str(raised.value)
    assert raised.value.run["status"] == "failed"
    assert wait_for_import(api(Script(failed)), "imp_1", raise_on_failure=False, sleep=Sleeps())["status"] == "failed"


def test_wait_gives_up_after_the_timeout():
    now = [0.0]
    sleeps = Sleeps()

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    with pytest.raises(TimeoutError):
        wait_for_import(api(Script(run("running"))), "imp_1", timeout=3, interval=1, sleep=sleep, clock=lambda: now[0])
    assert sleeps == [1, 1, 1]


def test_wait_raises_api_errors():
    error = {"error": {"code": "NOT_FOUND", "message": "Import imp_x not found", "details": None}}
    with pytest.raises(ApiError) as raised:
        wait_for_import(api(Script(httpx.Response(404, json=error))), "imp_x", sleep=Sleeps())
    assert raised.value.code == "NOT_FOUND"
