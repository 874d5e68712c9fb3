from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.dataset_response import DatasetResponse
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
        "url": "/reference/dataset",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | DatasetResponse | None:
    if response.status_code == 200:
        response_200 = DatasetResponse.from_dict(response.json())

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
) -> Response[Any | ApiError | DatasetResponse]:
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
) -> Response[Any | ApiError | DatasetResponse]:
    """What the data is and how fresh

     The data this deployment serves: whether it is the synthetic demo data of `make seed` (its rounds
    cite articles on reserved `.example` hosts), the newest change (`as_of`: the latest `updated_at`
    of any record, the instant a changed-since walk starts from), records per type (transactions not
    deleted, jobs active) and the records per source (entities and rounds: an import's `--source`,
    e.g. `crunchbase-2013`; records no import wrote count under `synthetic demo` when the data is
    synthetic, else `unattributed`).
    Figures are recomputed at most once a minute. Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | DatasetResponse]
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
) -> Any | ApiError | DatasetResponse | None:
    """What the data is and how fresh

     The data this deployment serves: whether it is the synthetic demo data of `make seed` (its rounds
    cite articles on reserved `.example` hosts), the newest change (`as_of`: the latest `updated_at`
    of any record, the instant a changed-since walk starts from), records per type (transactions not
    deleted, jobs active) and the records per source (entities and rounds: an import's `--source`,
    e.g. `crunchbase-2013`; records no import wrote count under `synthetic demo` when the data is
    synthetic, else `unattributed`).
    Figures are recomputed at most once a minute. Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | DatasetResponse
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
) -> Response[Any | ApiError | DatasetResponse]:
    """What the data is and how fresh

     The data this deployment serves: whether it is the synthetic demo data of `make seed` (its rounds
    cite articles on reserved `.example` hosts), the newest change (`as_of`: the latest `updated_at`
    of any record, the instant a changed-since walk starts from), records per type (transactions not
    deleted, jobs active) and the records per source (entities and rounds: an import's `--source`,
    e.g. `crunchbase-2013`; records no import wrote count under `synthetic demo` when the data is
    synthetic, else `unattributed`).
    Figures are recomputed at most once a minute. Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | DatasetResponse]
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
) -> Any | ApiError | DatasetResponse | None:
    """What the data is and how fresh

     The data this deployment serves: whether it is the synthetic demo data of `make seed` (its rounds
    cite articles on reserved `.example` hosts), the newest change (`as_of`: the latest `updated_at`
    of any record, the instant a changed-since walk starts from), records per type (transactions not
    deleted, jobs active) and the records per source (entities and rounds: an import's `--source`,
    e.g. `crunchbase-2013`; records no import wrote count under `synthetic demo` when the data is
    synthetic, else `unattributed`).
    Figures are recomputed at most once a minute. Public: no token needed.

    Args:
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | DatasetResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
