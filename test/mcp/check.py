"""
The MCP endpoint from a client that is not ours: the Python `mcp` package connects to
{BASE_URL}/mcp with a development-key token, lists the tools, calls listTransactions with a filter
and compares the rows with the HTTP answer to the same request; the call must cost one credit.

    BASE_URL=... TOKEN=... [CLIENT_ID=dev-client] python test/mcp/check.py
Exit code 0 when every check holds.
"""
import asyncio
import json
import os
import sys
import urllib.parse
import urllib.request

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

BASE_URL = os.environ["BASE_URL"].rstrip("/")
HEADERS = {"Authorization": f"Bearer {os.environ['TOKEN']}", "X-Client-Id": os.environ.get("CLIENT_ID", "dev-client")}
FILTER = "and(year[gte]:2020,amount[gt]:1000000)"
EXPECTED_TOOLS = ["listTransactions", "listCompanies", "listFounders", "listInvestors", "getFundingHeatmap", "getFundingFunnel", "listTaxonomy"]


def http_get(path: str, query: dict) -> dict:
    req = urllib.request.Request(f"{BASE_URL}{path}?{urllib.parse.urlencode(query)}", headers=HEADERS)
    with urllib.request.urlopen(req) as res:
        return json.load(res)


async def main() -> int:
    failures = []

    def check(ok: bool, what: str) -> None:
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            failures.append(what)

    async with create_mcp_http_client(headers=HEADERS) as http:
        async with streamable_http_client(f"{BASE_URL}/mcp", http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                init = await session.initialize()
                check(init.server_info.name == "funding-data-api", f"initialize: {init.server_info.name} {init.protocol_version}")
                names = [t.name for t in (await session.list_tools()).tools]
                missing = [n for n in EXPECTED_TOOLS if n not in names]
                check(not missing, f"list_tools: {len(names)} tools" + (f", missing {missing}" if missing else ""))
                result = await session.call_tool("listTransactions", {"filter": FILTER, "limit": 25})
                check(not result.is_error, "listTransactions answered without error")
                body = result.structured_content or {}
                http_body = http_get("/data/transactions", {"filter": FILTER, "limit": 25})
                rows = body.get("data", [])
                check(len(rows) > 0 and rows == http_body["data"], f"{len(rows)} rows equal the HTTP response's {len(http_body['data'])}")
                check(body.get("page") == http_body["page"], "page (next_cursor included) equals the HTTP response's")
                credits = (result.meta or {}).get("credits_used")
                check(credits == 1, f"_meta.credits_used = {credits}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
