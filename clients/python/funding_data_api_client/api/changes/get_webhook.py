from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.webhook_response import WebhookResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/platform/webhooks/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | WebhookResponse | None:
    if response.status_code == 200:
        response_200 = WebhookResponse.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

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
) -> Response[Any | ApiError | WebhookResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | WebhookResponse]:
    """One of the team's webhooks

     Its target, events, saved search and state (`disabled` with `disabled_reason` once its deliveries
    failed for the set time); the secret is never returned here.

    Args:
        id (str):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | WebhookResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | WebhookResponse | None:
    """One of the team's webhooks

     Its target, events, saved search and state (`disabled` with `disabled_reason` once its deliveries
    failed for the set time); the secret is never returned here.

    Args:
        id (str):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | WebhookResponse
    """

    return sync_detailed(
        id=id,
        client=client,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | WebhookResponse]:
    """One of the team's webhooks

     Its target, events, saved search and state (`disabled` with `disabled_reason` once its deliveries
    failed for the set time); the secret is never returned here.

    Args:
        id (str):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | WebhookResponse]
    """

    kwargs = _get_kwargs(
        id=id,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | WebhookResponse | None:
    """One of the team's webhooks

     Its target, events, saved search and state (`disabled` with `disabled_reason` once its deliveries
    failed for the set time); the secret is never returned here.

    Args:
        id (str):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | WebhookResponse
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            api_version=api_version,
        )
    ).parsed
