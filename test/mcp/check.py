"""
The MCP endpoint from a client that is not ours, as an agent uses it: the Python `mcp` package
connects to {BASE_URL}/mcp with no token, discovers the identity provider (RFC 9728 and RFC 8414),
registers itself (RFC 7591) and signs in with the authorization code flow and PKCE; a redirect handler
fills the sign-in page as a person would. Then: tools/list under 40 KB; the question "Series A rounds
in Germany since 2022 over $5M, with lead investors" in at most three tool calls, each result under
100 KB and equal to the HTTP answer; an unknown argument refused in under 2 s; a call the client cuts
off leaves no running request (the server's http_requests_running gauge). Last, the header setup: a
plain httpx2 client with the API key's token (no private helper).

    BASE_URL=... AUTH_URL=... TOKEN=... METRICS_TOKEN=... [CLIENT_ID=dev-client] python test/mcp/check.py
Exit code 0 when every check holds.
"""
import asyncio
import html.parser
import json
import os
import sys
import time
import urllib.parse

import httpx2
from mcp import ClientSession
from mcp.client.auth import AuthorizationCodeResult, OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

BASE_URL = os.environ["BASE_URL"].rstrip("/")
MCP_URL = f"{BASE_URL}/mcp"
REDIRECT_URI = "http://localhost:8976/callback"
USER = {"username": "premium@example.com", "password": "premium-password"}
KEY_HEADERS = {"Authorization": f"Bearer {os.environ['TOKEN']}", "X-Client-Id": os.environ.get("CLIENT_ID", "dev-client")}

failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


class MemoryStorage:
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


class FormFields(html.parser.HTMLParser):
    """The fields of the sign-in page's first form (the email and password one)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append({})
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1][a["name"] or ""] = a.get("value") or ""


class SignIn:
    """Follows the authorization URL the way a browser and a person would; keeps the code it yields."""

    def __init__(self) -> None:
        self.result: AuthorizationCodeResult | None = None

    async def redirect(self, authorization_url: str) -> None:
        async with httpx2.AsyncClient(follow_redirects=False) as http:
            page = await http.get(authorization_url)
            check(page.status_code == 200 and "Sign in" in page.text, f"sign-in page shown ({page.status_code})")
            parser = FormFields()
            parser.feed(page.text)
            form = {**parser.forms[0], **USER}
            action = urllib.parse.urljoin(authorization_url, "/authorize")
            answer = await http.post(action, data=form)
            location = answer.headers.get("location", "")
            check(answer.status_code == 302 and location.startswith(REDIRECT_URI), f"signed in, redirected to the client ({answer.status_code})")
            query = urllib.parse.parse_qs(urllib.parse.urlparse(location).query)
            self.result = AuthorizationCodeResult(code=query["code"][0], state=query.get("state", [None])[0])

    async def callback(self) -> AuthorizationCodeResult:
        assert self.result is not None
        return self.result


def text_of(result) -> str:
    return result.content[0].text if result.content else ""


async def running(http: httpx2.AsyncClient) -> float:
    res = await http.get(f"{BASE_URL}/system/metrics", headers={"Authorization": f"Bearer {os.environ['METRICS_TOKEN']}"})
    for line in res.text.splitlines():
        if line.startswith("http_requests_running "):
            return float(line.split()[1])
    return -1


async def agent_checks(session: ClientSession, http: httpx2.AsyncClient, token: str) -> None:
    listed = await session.list_tools()
    size = len(json.dumps(listed.model_dump(mode="json", by_alias=True, exclude_none=True)["tools"]).encode())
    check(size < 40_000, f"tools/list: {len(listed.tools)} tools, {size} bytes")
    check(all(t.annotations and t.annotations.read_only_hint and t.title for t in listed.tools), "every tool has a title and readOnlyHint")

    calls = 0
    sizes: list[int] = []

    async def call(name: str, args: dict):
        nonlocal calls
        calls += 1
        result = await session.call_tool(name, args)
        sizes.append(len(text_of(result).encode()))
        check(not result.is_error, f"{name} answered without error ({sizes[-1]} bytes)")
        return json.loads(text_of(result))

    places = await call("filter_values", {"key": "company.country", "q": "germany"})
    germany = next((v for v in places["data"] if "germany" in v["name"].lower()), None)
    check(germany is not None, f"filter_values found Germany: {germany}")
    flt = f"and(standardized_round[eq]:series_a,date[gte]:2022,amount[gt]:5000000,company.country[eq]:{germany['value'] if germany else 0})"
    rounds = await call("list_records", {"type": "transactions", "filter": flt, "fields": ["amount", "announced_date", "company.name", "investors"], "limit": 25})
    res = await http.get(f"{BASE_URL}/data/transactions", params={"filter": flt, "limit": 25}, headers={"Authorization": f"Bearer {token}"})
    expected = [r["id"] for r in res.json()["data"]]
    check([r["id"] for r in rounds["data"]] == expected, f"{len(expected)} Series A rounds, the HTTP answer's rows")
    leads = [i for r in rounds["data"] for i in (r.get("investors") or []) if i.get("is_lead")]
    check(all("investor" in i for i in leads), f"lead investors named ({len(leads)})")
    check(calls <= 3 and max(sizes) < 100_000, f"answered in {calls} calls, largest result {max(sizes)} bytes")

    started = time.monotonic()
    bad = await session.call_tool("list_records", {"type": "transactions", "format": "ndjson"})
    took = time.monotonic() - started
    code = json.loads(text_of(bad)).get("error", {}).get("code") if bad.is_error else None
    check(bad.is_error and code == "VALIDATION_ERROR" and took < 2, f"unknown argument: {code} in {took:.2f} s")

    try:
        await session.call_tool("funding_aggregate", {"source": "funding-rounds", "group_by": ["country", "round_year"], "metric": "median_amount"}, read_timeout_seconds=0.001)
        check(False, "the cut-off call was cut off")
    except Exception as e:  # the SDK's timeout error
        check(True, f"call cut off by the client ({type(e).__name__})")
    left = -1.0
    for _ in range(40):
        left = await running(http)
        if left == 0:
            break
        await asyncio.sleep(0.05)
    check(left == 0, f"no request left running after the cut-off call ({left})")


async def main() -> int:
    signin = SignIn()
    storage = MemoryStorage()
    provider = OAuthClientProvider(
        server_url=MCP_URL,
        client_metadata=OAuthClientMetadata(client_name="mcp-check", redirect_uris=[REDIRECT_URI], grant_types=["authorization_code"], response_types=["code"], token_endpoint_auth_method="none"),
        storage=storage,
        redirect_handler=signin.redirect,
        callback_handler=signin.callback,
    )
    async with httpx2.AsyncClient() as plain:
        async with httpx2.AsyncClient(auth=provider) as http:
            async with streamable_http_client(MCP_URL, http_client=http) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    init = await session.initialize()
                    check(init.server_info.name == "funding-data-api", f"initialize after discovery and sign-in: {init.server_info.name} {init.protocol_version}")
                    check(storage.client is not None and storage.client.client_id.startswith("mcp-"), "registered itself (RFC 7591)")
                    check(storage.tokens is not None, "signed in without a pasted token")
                    await agent_checks(session, plain, storage.tokens.access_token if storage.tokens else "")

        # the header setup: a plain client with the API key's token, the full toolset
        async with httpx2.AsyncClient(headers=KEY_HEADERS) as http:
            async with streamable_http_client(f"{MCP_URL}?toolset=full", http_client=http) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    result = await session.call_tool("listTransactions", {"filter": "and(year[gte]:2020,amount[gt]:1000000)", "limit": 5})
                    credits = (result.meta or {}).get("credits_used")
                    check(not result.is_error and credits == 1, f"header setup: listTransactions answered, _meta.credits_used = {credits}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
