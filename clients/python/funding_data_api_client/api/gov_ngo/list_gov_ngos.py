from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.gov_ngo_summary_list import GovNgoSummaryList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    filter_: str | Unset = UNSET,
    limit: int | Unset = 25,
    cursor: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    include_total: bool | Unset = False,
    currency: CurrencyCode | Unset = UNSET,
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

    params["limit"] = limit

    params["cursor"] = cursor

    params["sort"] = sort

    params["include_total"] = include_total

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/data/gov-ngo",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | GovNgoSummaryList | None:
    if response.status_code == 200:
        response_200 = GovNgoSummaryList.from_dict(response.json())

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
) -> Response[Any | ApiError | GovNgoSummaryList]:
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
    limit: int | Unset = 25,
    cursor: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    include_total: bool | Unset = False,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | GovNgoSummaryList]:
    """List government bodies and NGOs

     Government bodies and NGOs (organizations of subtype `gov_ngo`), by `-signal_rating` by default.
    Filter scope `entity` (`GET /reference/filters?scope=entity`).
    Sort keys: `signal_rating` (default, descending), `name`, `added_at`, `id`; ties by `id`.
    Every matching row at once: `exportGovNgos`. The `format=ndjson|csv` query parameter and
    `Accept: application/x-ndjson|text/csv` still stream that export here, for existing callers.

    Args:
        filter_ (str | Unset):
        limit (int | Unset):  Default: 25.
        cursor (str | Unset):
        sort (str | Unset):  Example: -signal_rating.
        include_total (bool | Unset):  Default: False.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | GovNgoSummaryList]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        limit=limit,
        cursor=cursor,
        sort=sort,
        include_total=include_total,
        currency=currency,
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
    limit: int | Unset = 25,
    cursor: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    include_total: bool | Unset = False,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | GovNgoSummaryList | None:
    """List government bodies and NGOs

     Government bodies and NGOs (organizations of subtype `gov_ngo`), by `-signal_rating` by default.
    Filter scope `entity` (`GET /reference/filters?scope=entity`).
    Sort keys: `signal_rating` (default, descending), `name`, `added_at`, `id`; ties by `id`.
    Every matching row at once: `exportGovNgos`. The `format=ndjson|csv` query parameter and
    `Accept: application/x-ndjson|text/csv` still stream that export here, for existing callers.

    Args:
        filter_ (str | Unset):
        limit (int | Unset):  Default: 25.
        cursor (str | Unset):
        sort (str | Unset):  Example: -signal_rating.
        include_total (bool | Unset):  Default: False.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | GovNgoSummaryList
    """

    return sync_detailed(
        client=client,
        filter_=filter_,
        limit=limit,
        cursor=cursor,
        sort=sort,
        include_total=include_total,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    limit: int | Unset = 25,
    cursor: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    include_total: bool | Unset = False,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | GovNgoSummaryList]:
    """List government bodies and NGOs

     Government bodies and NGOs (organizations of subtype `gov_ngo`), by `-signal_rating` by default.
    Filter scope `entity` (`GET /reference/filters?scope=entity`).
    Sort keys: `signal_rating` (default, descending), `name`, `added_at`, `id`; ties by `id`.
    Every matching row at once: `exportGovNgos`. The `format=ndjson|csv` query parameter and
    `Accept: application/x-ndjson|text/csv` still stream that export here, for existing callers.

    Args:
        filter_ (str | Unset):
        limit (int | Unset):  Default: 25.
        cursor (str | Unset):
        sort (str | Unset):  Example: -signal_rating.
        include_total (bool | Unset):  Default: False.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | GovNgoSummaryList]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        limit=limit,
        cursor=cursor,
        sort=sort,
        include_total=include_total,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    limit: int | Unset = 25,
    cursor: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    include_total: bool | Unset = False,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | GovNgoSummaryList | None:
    """List government bodies and NGOs

     Government bodies and NGOs (organizations of subtype `gov_ngo`), by `-signal_rating` by default.
    Filter scope `entity` (`GET /reference/filters?scope=entity`).
    Sort keys: `signal_rating` (default, descending), `name`, `added_at`, `id`; ties by `id`.
    Every matching row at once: `exportGovNgos`. The `format=ndjson|csv` query parameter and
    `Accept: application/x-ndjson|text/csv` still stream that export here, for existing callers.

    Args:
        filter_ (str | Unset):
        limit (int | Unset):  Default: 25.
        cursor (str | Unset):
        sort (str | Unset):  Example: -signal_rating.
        include_total (bool | Unset):  Default: False.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        if_none_match (str | Unset):  Example: "9Y2vQ0mXo1sG2c7cXbq1Q4q0bJ3m9yZk".
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | GovNgoSummaryList
    """

    return (
        await asyncio_detailed(
            client=client,
            filter_=filter_,
            limit=limit,
            cursor=cursor,
            sort=sort,
            include_total=include_total,
            currency=currency,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
