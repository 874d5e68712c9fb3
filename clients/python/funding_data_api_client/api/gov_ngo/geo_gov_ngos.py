from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.geo_gov_ngos_mode import GeoGovNgosMode
from ...models.geo_response import GeoResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    min_lat: float,
    max_lat: float,
    min_lon: float,
    max_lon: float,
    mode: GeoGovNgosMode | Unset = GeoGovNgosMode.POINTS,
    cell: float | Unset = 1.0,
    limit: int | Unset = 1000,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["filter"] = filter_

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params["min_lat"] = min_lat

    params["max_lat"] = max_lat

    params["min_lon"] = min_lon

    params["max_lon"] = max_lon

    json_mode: str | Unset = UNSET
    if not isinstance(mode, Unset):
        json_mode = mode.value

    params["mode"] = json_mode

    params["cell"] = cell

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/data/gov-ngo/geo",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | GeoResponse | None:
    if response.status_code == 200:
        response_200 = GeoResponse.from_dict(response.json())

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

    if response.status_code == 402:
        response_402 = ApiError.from_dict(response.json())

        return response_402

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

    if response.status_code == 504:
        response_504 = ApiError.from_dict(response.json())

        return response_504

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiError | GeoResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    min_lat: float,
    max_lat: float,
    min_lon: float,
    max_lon: float,
    mode: GeoGovNgosMode | Unset = GeoGovNgosMode.POINTS,
    cell: float | Unset = 1.0,
    limit: int | Unset = 1000,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | GeoResponse]:
    """Map of government bodies and NGOs

     The government bodies and NGOs whose headquarters city lies in the bounding box (`min_lat` <= lat <=
    `max_lat`,
    `min_lon` <= lon <= `max_lon`; an inverted box is a 400; a box across the antimeridian is two
    requests), with the list's filters (scope `entity`), as points or grid clusters. Not paged and not
    page-capped per plan: at most `limit` (<= 5000) items.

    Args:
        filter_ (str | Unset):
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        min_lat (float):
        max_lat (float):
        min_lon (float):
        max_lon (float):
        mode (GeoGovNgosMode | Unset):  Default: GeoGovNgosMode.POINTS.
        cell (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 1000.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | GeoResponse]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        currency=currency,
        min_lat=min_lat,
        max_lat=max_lat,
        min_lon=min_lon,
        max_lon=max_lon,
        mode=mode,
        cell=cell,
        limit=limit,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    min_lat: float,
    max_lat: float,
    min_lon: float,
    max_lon: float,
    mode: GeoGovNgosMode | Unset = GeoGovNgosMode.POINTS,
    cell: float | Unset = 1.0,
    limit: int | Unset = 1000,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | GeoResponse | None:
    """Map of government bodies and NGOs

     The government bodies and NGOs whose headquarters city lies in the bounding box (`min_lat` <= lat <=
    `max_lat`,
    `min_lon` <= lon <= `max_lon`; an inverted box is a 400; a box across the antimeridian is two
    requests), with the list's filters (scope `entity`), as points or grid clusters. Not paged and not
    page-capped per plan: at most `limit` (<= 5000) items.

    Args:
        filter_ (str | Unset):
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        min_lat (float):
        max_lat (float):
        min_lon (float):
        max_lon (float):
        mode (GeoGovNgosMode | Unset):  Default: GeoGovNgosMode.POINTS.
        cell (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 1000.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | GeoResponse
    """

    return sync_detailed(
        client=client,
        filter_=filter_,
        currency=currency,
        min_lat=min_lat,
        max_lat=max_lat,
        min_lon=min_lon,
        max_lon=max_lon,
        mode=mode,
        cell=cell,
        limit=limit,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    min_lat: float,
    max_lat: float,
    min_lon: float,
    max_lon: float,
    mode: GeoGovNgosMode | Unset = GeoGovNgosMode.POINTS,
    cell: float | Unset = 1.0,
    limit: int | Unset = 1000,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | GeoResponse]:
    """Map of government bodies and NGOs

     The government bodies and NGOs whose headquarters city lies in the bounding box (`min_lat` <= lat <=
    `max_lat`,
    `min_lon` <= lon <= `max_lon`; an inverted box is a 400; a box across the antimeridian is two
    requests), with the list's filters (scope `entity`), as points or grid clusters. Not paged and not
    page-capped per plan: at most `limit` (<= 5000) items.

    Args:
        filter_ (str | Unset):
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        min_lat (float):
        max_lat (float):
        min_lon (float):
        max_lon (float):
        mode (GeoGovNgosMode | Unset):  Default: GeoGovNgosMode.POINTS.
        cell (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 1000.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | GeoResponse]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        currency=currency,
        min_lat=min_lat,
        max_lat=max_lat,
        min_lon=min_lon,
        max_lon=max_lon,
        mode=mode,
        cell=cell,
        limit=limit,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    min_lat: float,
    max_lat: float,
    min_lon: float,
    max_lon: float,
    mode: GeoGovNgosMode | Unset = GeoGovNgosMode.POINTS,
    cell: float | Unset = 1.0,
    limit: int | Unset = 1000,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | GeoResponse | None:
    """Map of government bodies and NGOs

     The government bodies and NGOs whose headquarters city lies in the bounding box (`min_lat` <= lat <=
    `max_lat`,
    `min_lon` <= lon <= `max_lon`; an inverted box is a 400; a box across the antimeridian is two
    requests), with the list's filters (scope `entity`), as points or grid clusters. Not paged and not
    page-capped per plan: at most `limit` (<= 5000) items.

    Args:
        filter_ (str | Unset):
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        min_lat (float):
        max_lat (float):
        min_lon (float):
        max_lon (float):
        mode (GeoGovNgosMode | Unset):  Default: GeoGovNgosMode.POINTS.
        cell (float | Unset):  Default: 1.0.
        limit (int | Unset):  Default: 1000.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | GeoResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            filter_=filter_,
            currency=currency,
            min_lat=min_lat,
            max_lat=max_lat,
            min_lon=min_lon,
            max_lon=max_lon,
            mode=mode,
            cell=cell,
            limit=limit,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
