from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.webhook_create import WebhookCreate
from ...models.webhook_with_secret_response import WebhookWithSecretResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: WebhookCreate,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/platform/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | WebhookWithSecretResponse | None:
    if response.status_code == 201:
        response_201 = WebhookWithSecretResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = ApiError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ApiError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | WebhookWithSecretResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | WebhookWithSecretResponse]:
    """Register a webhook

     Registers a URL to receive the team's chosen change events (`<type>.<created|updated|deleted>`, the
    change feed's types and kinds) as they are committed, optionally only for records a saved search
    matches: a filter in the lists' grammar (`filter` of `/data/transactions` for transaction events,
    of the entity lists for company, investor, university, gov_ngo and person events; money in USD),
    evaluated against each changed record right after its change commits. Each event type needs the
    scope of its record's endpoint.

    Deliveries are POSTs signed as Standard Webhooks do: `webhook-id` (the same on every attempt of
    one event), `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,<base64 HMAC-SHA256
    of "<id>.<timestamp>.<body>">` keyed with the bytes after `whsec_` of the secret (base64). The
    `secret` is returned once, here. A 2xx answer within the timeout is a delivery; anything else
    (a redirect included: redirects are not followed) is retried with exponential backoff for 25
    hours; a webhook whose deliveries all failed for 3 days is disabled and says why. The URL must
    be https and resolve to public addresses only. Deliveries cost no credits.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | WebhookWithSecretResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | WebhookWithSecretResponse | None:
    """Register a webhook

     Registers a URL to receive the team's chosen change events (`<type>.<created|updated|deleted>`, the
    change feed's types and kinds) as they are committed, optionally only for records a saved search
    matches: a filter in the lists' grammar (`filter` of `/data/transactions` for transaction events,
    of the entity lists for company, investor, university, gov_ngo and person events; money in USD),
    evaluated against each changed record right after its change commits. Each event type needs the
    scope of its record's endpoint.

    Deliveries are POSTs signed as Standard Webhooks do: `webhook-id` (the same on every attempt of
    one event), `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,<base64 HMAC-SHA256
    of "<id>.<timestamp>.<body>">` keyed with the bytes after `whsec_` of the secret (base64). The
    `secret` is returned once, here. A 2xx answer within the timeout is a delivery; anything else
    (a redirect included: redirects are not followed) is retried with exponential backoff for 25
    hours; a webhook whose deliveries all failed for 3 days is disabled and says why. The URL must
    be https and resolve to public addresses only. Deliveries cost no credits.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | WebhookWithSecretResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | WebhookWithSecretResponse]:
    """Register a webhook

     Registers a URL to receive the team's chosen change events (`<type>.<created|updated|deleted>`, the
    change feed's types and kinds) as they are committed, optionally only for records a saved search
    matches: a filter in the lists' grammar (`filter` of `/data/transactions` for transaction events,
    of the entity lists for company, investor, university, gov_ngo and person events; money in USD),
    evaluated against each changed record right after its change commits. Each event type needs the
    scope of its record's endpoint.

    Deliveries are POSTs signed as Standard Webhooks do: `webhook-id` (the same on every attempt of
    one event), `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,<base64 HMAC-SHA256
    of "<id>.<timestamp>.<body>">` keyed with the bytes after `whsec_` of the secret (base64). The
    `secret` is returned once, here. A 2xx answer within the timeout is a delivery; anything else
    (a redirect included: redirects are not followed) is retried with exponential backoff for 25
    hours; a webhook whose deliveries all failed for 3 days is disabled and says why. The URL must
    be https and resolve to public addresses only. Deliveries cost no credits.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | WebhookWithSecretResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | WebhookWithSecretResponse | None:
    """Register a webhook

     Registers a URL to receive the team's chosen change events (`<type>.<created|updated|deleted>`, the
    change feed's types and kinds) as they are committed, optionally only for records a saved search
    matches: a filter in the lists' grammar (`filter` of `/data/transactions` for transaction events,
    of the entity lists for company, investor, university, gov_ngo and person events; money in USD),
    evaluated against each changed record right after its change commits. Each event type needs the
    scope of its record's endpoint.

    Deliveries are POSTs signed as Standard Webhooks do: `webhook-id` (the same on every attempt of
    one event), `webhook-timestamp` (Unix seconds) and `webhook-signature`, `v1,<base64 HMAC-SHA256
    of "<id>.<timestamp>.<body>">` keyed with the bytes after `whsec_` of the secret (base64). The
    `secret` is returned once, here. A 2xx answer within the timeout is a delivery; anything else
    (a redirect included: redirects are not followed) is retried with exponential backoff for 25
    hours; a webhook whose deliveries all failed for 3 days is disabled and says why. The URL must
    be https and resolve to public addresses only. Deliveries cost no credits.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | WebhookWithSecretResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            api_version=api_version,
        )
    ).parsed
