from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.readiness import Readiness
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/system/ready",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | Readiness | None:
    if response.status_code == 200:
        response_200 = Readiness.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 503:
        response_503 = Readiness.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | Readiness]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | Readiness]:
    """Readiness probe

     Public, unauthenticated; for an orchestrator. 200 when this process should receive traffic: the
    database answers and every migration this build knows is applied. 503 otherwise, and while the
    process drains after SIGTERM.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | Readiness]
    """

    kwargs = _get_kwargs(
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | Readiness | None:
    """Readiness probe

     Public, unauthenticated; for an orchestrator. 200 when this process should receive traffic: the
    database answers and every migration this build knows is applied. 503 otherwise, and while the
    process drains after SIGTERM.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | Readiness
    """

    return sync_detailed(
        client=client,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | Readiness]:
    """Readiness probe

     Public, unauthenticated; for an orchestrator. 200 when this process should receive traffic: the
    database answers and every migration this build knows is applied. 503 otherwise, and while the
    process drains after SIGTERM.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | Readiness]
    """

    kwargs = _get_kwargs(
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | Readiness | None:
    """Readiness probe

     Public, unauthenticated; for an orchestrator. 200 when this process should receive traffic: the
    database answers and every migration this build knows is applied. 503 otherwise, and while the
    process drains after SIGTERM.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | Readiness
    """

    return (
        await asyncio_detailed(
            client=client,
            api_version=api_version,
        )
    ).parsed
