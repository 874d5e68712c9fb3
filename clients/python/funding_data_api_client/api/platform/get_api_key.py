from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_api_key_api_version import GetApiKeyAPIVersion
from ...models.get_api_key_response_200 import GetApiKeyResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    api_version: GetApiKeyAPIVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["API-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/platform/api-keys/{id}".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetApiKeyResponse200 | None:
    if response.status_code == 200:
        response_200 = GetApiKeyResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | GetApiKeyResponse200]:
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
    api_version: GetApiKeyAPIVersion | Unset = UNSET,
) -> Response[Error | GetApiKeyResponse200]:
    """Get an API key

     A key of the caller's team; keys of other teams are not found (404).

    Args:
        id (str):  Example: 1.
        api_version (GetApiKeyAPIVersion | Unset):  Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetApiKeyResponse200]
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
    api_version: GetApiKeyAPIVersion | Unset = UNSET,
) -> Error | GetApiKeyResponse200 | None:
    """Get an API key

     A key of the caller's team; keys of other teams are not found (404).

    Args:
        id (str):  Example: 1.
        api_version (GetApiKeyAPIVersion | Unset):  Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetApiKeyResponse200
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
    api_version: GetApiKeyAPIVersion | Unset = UNSET,
) -> Response[Error | GetApiKeyResponse200]:
    """Get an API key

     A key of the caller's team; keys of other teams are not found (404).

    Args:
        id (str):  Example: 1.
        api_version (GetApiKeyAPIVersion | Unset):  Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetApiKeyResponse200]
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
    api_version: GetApiKeyAPIVersion | Unset = UNSET,
) -> Error | GetApiKeyResponse200 | None:
    """Get an API key

     A key of the caller's team; keys of other teams are not found (404).

    Args:
        id (str):  Example: 1.
        api_version (GetApiKeyAPIVersion | Unset):  Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetApiKeyResponse200
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            api_version=api_version,
        )
    ).parsed
