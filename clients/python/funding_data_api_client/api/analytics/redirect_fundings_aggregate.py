from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.redirect_fundings_aggregate_query import RedirectFundingsAggregateQuery
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    query: RedirectFundingsAggregateQuery | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    params: dict[str, Any] = {}

    json_query: dict[str, Any] | Unset = UNSET
    if not isinstance(query, Unset):
        json_query = query.to_dict()
    if not isinstance(json_query, Unset):
        params.update(json_query)

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/aggregate/fundings",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | None:
    if response.status_code == 308:
        response_308 = cast(Any, None)
        return response_308

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: RedirectFundingsAggregateQuery | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError]:
    """Renamed source fundings (redirect)

     The `fundings` source was renamed `funding-rounds` on 2026-10-07. Until the sunset on
    2027-04-07 this path answers 308 to `/analytics/aggregate/funding-rounds` with the query string
    unchanged (no token needed, no credit charged); from then on it answers 404 `PATH_RENAMED`
    whose `details.path` names the new path.

    Args:
        query (RedirectFundingsAggregateQuery | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError]
    """

    kwargs = _get_kwargs(
        query=query,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    query: RedirectFundingsAggregateQuery | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | None:
    """Renamed source fundings (redirect)

     The `fundings` source was renamed `funding-rounds` on 2026-10-07. Until the sunset on
    2027-04-07 this path answers 308 to `/analytics/aggregate/funding-rounds` with the query string
    unchanged (no token needed, no credit charged); from then on it answers 404 `PATH_RENAMED`
    whose `details.path` names the new path.

    Args:
        query (RedirectFundingsAggregateQuery | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError
    """

    return sync_detailed(
        client=client,
        query=query,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: RedirectFundingsAggregateQuery | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError]:
    """Renamed source fundings (redirect)

     The `fundings` source was renamed `funding-rounds` on 2026-10-07. Until the sunset on
    2027-04-07 this path answers 308 to `/analytics/aggregate/funding-rounds` with the query string
    unchanged (no token needed, no credit charged); from then on it answers 404 `PATH_RENAMED`
    whose `details.path` names the new path.

    Args:
        query (RedirectFundingsAggregateQuery | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError]
    """

    kwargs = _get_kwargs(
        query=query,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    query: RedirectFundingsAggregateQuery | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | None:
    """Renamed source fundings (redirect)

     The `fundings` source was renamed `funding-rounds` on 2026-10-07. Until the sunset on
    2027-04-07 this path answers 308 to `/analytics/aggregate/funding-rounds` with the query string
    unchanged (no token needed, no credit charged); from then on it answers 404 `PATH_RENAMED`
    whose `details.path` names the new path.

    Args:
        query (RedirectFundingsAggregateQuery | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError
    """

    return (
        await asyncio_detailed(
            client=client,
            query=query,
            api_version=api_version,
        )
    ).parsed
