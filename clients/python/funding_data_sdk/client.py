"""Building an authenticated generated client, and calling generated operations with errors raised."""

from __future__ import annotations

import json
from typing import Any

import httpx

from funding_data_api_client.client import AuthenticatedClient
from funding_data_api_client.errors import UnexpectedStatus

from .auth import DEFAULT_AUDIENCE, ClientCredentials, StaticToken, TokenSource
from .enums import with_enums
from .retry import RetryPolicy
from .transport import AsyncFundingTransport, FundingTransport


def connect(
    base_url: str,
    *,
    auth_url: str | None = None,
    client_id: str | None = None,
    client_secret: str | None = None,
    audience: str = DEFAULT_AUDIENCE,
    token: str | None = None,
    api_version: str | None = None,
    retry: RetryPolicy | None = None,
    timeout: float = 30.0,
    inner: httpx.BaseTransport | None = None,
    async_inner: httpx.AsyncBaseTransport | None = None,
) -> AuthenticatedClient:
    """A generated `AuthenticatedClient` whose requests, sync and asyncio, go through the SDK's transports.

    Give `auth_url`, `client_id` and `client_secret` for a key (the token is exchanged and cached),
    or `token` for a fixed token (a browser-app token, or anything when pointing at a mock).
    `client_id` is sent as `X-Client-Id` either way; `api_version` pins `API-Version`.
    """
    retry = retry or RetryPolicy()
    tokens: TokenSource
    if token is not None:
        tokens = StaticToken(token)
    elif auth_url and client_id and client_secret:
        tokens = ClientCredentials(auth_url, client_id, client_secret, audience, retry=retry)
    else:
        raise ValueError("give either token, or auth_url, client_id and client_secret")
    policy = {"client_id": client_id, "api_version": api_version, "retry": retry}
    # raise_on_unexpected_status: a status the document does not list is a contract break, not None
    client = AuthenticatedClient(base_url=base_url, token="", raise_on_unexpected_status=True)
    client.set_httpx_client(
        httpx.Client(base_url=base_url, transport=FundingTransport(tokens, inner=inner, **policy), timeout=timeout)
    )
    client.set_async_httpx_client(
        httpx.AsyncClient(
            base_url=base_url, transport=AsyncFundingTransport(tokens, inner=async_inner, **policy), timeout=timeout
        )
    )
    return client


class ApiError(Exception):
    """An error answer (the `{"error": {"code", "message", "details"}}` envelope): switch on `code`."""

    def __init__(self, status: int, code: str | None, message: str, details: Any, request_id: str | None):
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.request_id = request_id

    @classmethod
    def from_http(cls, response: httpx.Response) -> ApiError:
        try:
            error = json.loads(response.content)["error"]
            code, message, details = error.get("code"), error.get("message", ""), error.get("details")
        except (ValueError, KeyError, TypeError, AttributeError):
            code, message, details = None, response.content[:200].decode("utf-8", "replace"), None
        return cls(response.status_code, code, message, details, response.headers.get("X-Request-Id"))


class MissingModelError(Exception):
    """The generated client has no model for this success response (the generator omitted it)."""


def call(operation: Any, client: AuthenticatedClient, *args: Any, **kwargs: Any) -> Any:
    """Runs a generated operation (its module, e.g. `api.companies.get_company`) and returns the parsed 2xx model.

    Enum arguments take plain strings too (`currency="EUR"`, `scope="funding"`; funding_data_sdk.enums).

    Raises `ApiError` on an error status, read from the raw body so that errors stay readable
    whatever the generated error model looks like, and `MissingModelError` when the generated
    client has no model for a success body or its model cannot read it. Uses the module's
    `_get_kwargs` and `_build_response`, the two halves of its `sync_detailed`, so that a
    response is only handed to the generated parser once it is known to be a success.
    """
    name = getattr(operation, "__name__", repr(operation))
    args, kwargs = with_enums(operation._get_kwargs, args, kwargs)
    request = operation._get_kwargs(*args, **kwargs)
    http = client.get_httpx_client().request(**request)
    if http.status_code >= 400:
        raise ApiError.from_http(http)
    try:
        parsed = operation._build_response(client=client, response=http).parsed
    except UnexpectedStatus:
        parsed = None
    except (ImportError, AttributeError, KeyError, TypeError, ValueError) as broken:
        raise MissingModelError(
            f"{name}: the generated model could not read the {http.status_code} response: {broken!r}"
        ) from broken
    if parsed is None:
        raise MissingModelError(
            f"{name}: the generated client has no model for its {http.status_code} response; "
            "regenerate clients/python (make generate) from a document the generator takes whole"
        )
    return parsed
