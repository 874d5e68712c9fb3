from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.get_timeseries_interval import GetTimeseriesInterval
from ...models.heatmap_dimension import HeatmapDimension
from ...models.timeseries import Timeseries
from ...models.timeseries_metric import TimeseriesMetric
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    metric: TimeseriesMetric | Unset = UNSET,
    interval: GetTimeseriesInterval | Unset = GetTimeseriesInterval.MONTH,
    from_: str,
    to: str,
    group_by: HeatmapDimension | Unset = UNSET,
    top_n: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
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

    json_metric: str | Unset = UNSET
    if not isinstance(metric, Unset):
        json_metric = metric.value

    params["metric"] = json_metric

    json_interval: str | Unset = UNSET
    if not isinstance(interval, Unset):
        json_interval = interval.value

    params["interval"] = json_interval

    params["from"] = from_

    params["to"] = to

    json_group_by: str | Unset = UNSET
    if not isinstance(group_by, Unset):
        json_group_by = group_by.value

    params["group_by"] = json_group_by

    params["top_n"] = top_n

    params["filter"] = filter_

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/timeseries",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | Timeseries | None:
    if response.status_code == 200:
        response_200 = Timeseries.from_dict(response.json())

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
) -> Response[Any | ApiError | Timeseries]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    metric: TimeseriesMetric | Unset = UNSET,
    interval: GetTimeseriesInterval | Unset = GetTimeseriesInterval.MONTH,
    from_: str,
    to: str,
    group_by: HeatmapDimension | Unset = UNSET,
    top_n: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | Timeseries]:
    """Funding timeseries

     A funding-round metric per month, quarter or year (`interval`) from the period containing
    `from` to the period containing `to` (both inclusive, at most 600 periods), every period
    listed even when empty. Rounds are placed by announcement date; a round whose date lacks the
    interval's precision (only a year, for months and quarters) is in no period.

    With `group_by` one dimension, `series` holds the `top_n` categories by the metric over the
    whole range, each with its value per period; without it `series` is empty. `values` is the
    metric over all matching rounds per period, each round counted once.

    `filter` uses the funding-round keys of `/data/transactions`; money filter values are read in
    `currency` and converted, as money metrics are. Without `currency`, a caller of an ecosystem
    (`/platform/ecosystems`) gets its default currency, everyone else USD. An empty period has
    `count` 0 and null for the other metrics.

    Args:
        metric (TimeseriesMetric | Unset): `count` or `<op>_<field>` over the funding-round fields
            `amount` and `valuation` (money).
        interval (GetTimeseriesInterval | Unset):  Default: GetTimeseriesInterval.MONTH.
        from_ (str):  Example: 2024-01.
        to (str):  Example: 2024-12.
        group_by (HeatmapDimension | Unset):
        top_n (int | Unset): A whole number 1..50.
        filter_ (str | Unset):
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
        Response[Any | ApiError | Timeseries]
    """

    kwargs = _get_kwargs(
        metric=metric,
        interval=interval,
        from_=from_,
        to=to,
        group_by=group_by,
        top_n=top_n,
        filter_=filter_,
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
    metric: TimeseriesMetric | Unset = UNSET,
    interval: GetTimeseriesInterval | Unset = GetTimeseriesInterval.MONTH,
    from_: str,
    to: str,
    group_by: HeatmapDimension | Unset = UNSET,
    top_n: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | Timeseries | None:
    """Funding timeseries

     A funding-round metric per month, quarter or year (`interval`) from the period containing
    `from` to the period containing `to` (both inclusive, at most 600 periods), every period
    listed even when empty. Rounds are placed by announcement date; a round whose date lacks the
    interval's precision (only a year, for months and quarters) is in no period.

    With `group_by` one dimension, `series` holds the `top_n` categories by the metric over the
    whole range, each with its value per period; without it `series` is empty. `values` is the
    metric over all matching rounds per period, each round counted once.

    `filter` uses the funding-round keys of `/data/transactions`; money filter values are read in
    `currency` and converted, as money metrics are. Without `currency`, a caller of an ecosystem
    (`/platform/ecosystems`) gets its default currency, everyone else USD. An empty period has
    `count` 0 and null for the other metrics.

    Args:
        metric (TimeseriesMetric | Unset): `count` or `<op>_<field>` over the funding-round fields
            `amount` and `valuation` (money).
        interval (GetTimeseriesInterval | Unset):  Default: GetTimeseriesInterval.MONTH.
        from_ (str):  Example: 2024-01.
        to (str):  Example: 2024-12.
        group_by (HeatmapDimension | Unset):
        top_n (int | Unset): A whole number 1..50.
        filter_ (str | Unset):
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
        Any | ApiError | Timeseries
    """

    return sync_detailed(
        client=client,
        metric=metric,
        interval=interval,
        from_=from_,
        to=to,
        group_by=group_by,
        top_n=top_n,
        filter_=filter_,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    metric: TimeseriesMetric | Unset = UNSET,
    interval: GetTimeseriesInterval | Unset = GetTimeseriesInterval.MONTH,
    from_: str,
    to: str,
    group_by: HeatmapDimension | Unset = UNSET,
    top_n: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | Timeseries]:
    """Funding timeseries

     A funding-round metric per month, quarter or year (`interval`) from the period containing
    `from` to the period containing `to` (both inclusive, at most 600 periods), every period
    listed even when empty. Rounds are placed by announcement date; a round whose date lacks the
    interval's precision (only a year, for months and quarters) is in no period.

    With `group_by` one dimension, `series` holds the `top_n` categories by the metric over the
    whole range, each with its value per period; without it `series` is empty. `values` is the
    metric over all matching rounds per period, each round counted once.

    `filter` uses the funding-round keys of `/data/transactions`; money filter values are read in
    `currency` and converted, as money metrics are. Without `currency`, a caller of an ecosystem
    (`/platform/ecosystems`) gets its default currency, everyone else USD. An empty period has
    `count` 0 and null for the other metrics.

    Args:
        metric (TimeseriesMetric | Unset): `count` or `<op>_<field>` over the funding-round fields
            `amount` and `valuation` (money).
        interval (GetTimeseriesInterval | Unset):  Default: GetTimeseriesInterval.MONTH.
        from_ (str):  Example: 2024-01.
        to (str):  Example: 2024-12.
        group_by (HeatmapDimension | Unset):
        top_n (int | Unset): A whole number 1..50.
        filter_ (str | Unset):
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
        Response[Any | ApiError | Timeseries]
    """

    kwargs = _get_kwargs(
        metric=metric,
        interval=interval,
        from_=from_,
        to=to,
        group_by=group_by,
        top_n=top_n,
        filter_=filter_,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    metric: TimeseriesMetric | Unset = UNSET,
    interval: GetTimeseriesInterval | Unset = GetTimeseriesInterval.MONTH,
    from_: str,
    to: str,
    group_by: HeatmapDimension | Unset = UNSET,
    top_n: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | Timeseries | None:
    """Funding timeseries

     A funding-round metric per month, quarter or year (`interval`) from the period containing
    `from` to the period containing `to` (both inclusive, at most 600 periods), every period
    listed even when empty. Rounds are placed by announcement date; a round whose date lacks the
    interval's precision (only a year, for months and quarters) is in no period.

    With `group_by` one dimension, `series` holds the `top_n` categories by the metric over the
    whole range, each with its value per period; without it `series` is empty. `values` is the
    metric over all matching rounds per period, each round counted once.

    `filter` uses the funding-round keys of `/data/transactions`; money filter values are read in
    `currency` and converted, as money metrics are. Without `currency`, a caller of an ecosystem
    (`/platform/ecosystems`) gets its default currency, everyone else USD. An empty period has
    `count` 0 and null for the other metrics.

    Args:
        metric (TimeseriesMetric | Unset): `count` or `<op>_<field>` over the funding-round fields
            `amount` and `valuation` (money).
        interval (GetTimeseriesInterval | Unset):  Default: GetTimeseriesInterval.MONTH.
        from_ (str):  Example: 2024-01.
        to (str):  Example: 2024-12.
        group_by (HeatmapDimension | Unset):
        top_n (int | Unset): A whole number 1..50.
        filter_ (str | Unset):
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
        Any | ApiError | Timeseries
    """

    return (
        await asyncio_detailed(
            client=client,
            metric=metric,
            interval=interval,
            from_=from_,
            to=to,
            group_by=group_by,
            top_n=top_n,
            filter_=filter_,
            currency=currency,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
