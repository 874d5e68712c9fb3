from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.version_list import VersionList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/reference/versions",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | VersionList | None:
    if response.status_code == 200:
        response_200 = VersionList.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiError | VersionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | VersionList]:
    """API versions

     Every API version with its status (`current`, `deprecated` or `sunset`, by today's date),
    its sunset date and its changes; the same data as the table in this document's description.
    Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | VersionList]
    """

    kwargs = _get_kwargs(
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | VersionList | None:
    """API versions

     Every API version with its status (`current`, `deprecated` or `sunset`, by today's date),
    its sunset date and its changes; the same data as the table in this document's description.
    Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | VersionList
    """

    return sync_detailed(
        client=client,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | VersionList]:
    """API versions

     Every API version with its status (`current`, `deprecated` or `sunset`, by today's date),
    its sunset date and its changes; the same data as the table in this document's description.
    Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | VersionList]
    """

    kwargs = _get_kwargs(
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | VersionList | None:
    """API versions

     Every API version with its status (`current`, `deprecated` or `sunset`, by today's date),
    its sunset date and its changes; the same data as the table in this document's description.
    Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | VersionList
    """

    return (
        await asyncio_detailed(
            client=client,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
