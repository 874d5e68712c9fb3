from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.heatmap import Heatmap
from ...models.heatmap_dimension import HeatmapDimension
from ...models.heatmap_metric import HeatmapMetric
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    x: HeatmapDimension,
    y: HeatmapDimension,
    metric: HeatmapMetric | Unset = UNSET,
    top_n_x: int | Unset = UNSET,
    top_n_y: int | Unset = UNSET,
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

    json_x = x.value
    params["x"] = json_x

    json_y = y.value
    params["y"] = json_y

    json_metric: str | Unset = UNSET
    if not isinstance(metric, Unset):
        json_metric = metric.value

    params["metric"] = json_metric

    params["top_n_x"] = top_n_x

    params["top_n_y"] = top_n_y

    params["filter"] = filter_

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/funding-analytics/heatmap",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | Heatmap | None:
    if response.status_code == 200:
        response_200 = Heatmap.from_dict(response.json())

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
) -> Response[Any | ApiError | Heatmap]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x: HeatmapDimension,
    y: HeatmapDimension,
    metric: HeatmapMetric | Unset = UNSET,
    top_n_x: int | Unset = UNSET,
    top_n_y: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | Heatmap]:
    """Funding heatmap

     Two-dimensional cross-tabulation of funding rounds. Each axis keeps its `top_n` categories
    by the chosen metric; the remaining categories are dropped from the axes (not folded into
    an "Other" label), while `grand_total` covers every matching round.
    Multi-valued dimensions (sector, technology, industry tags, business model, income stream,
    client focus, investor type, investor country and continent) count a round once in each of
    its categories, so row and column totals can add up to more than `grand_total`, which counts
    each round once. Money metrics are in `currency`. Rounds without an amount count in `count`
    and `company_count` but not in the money metrics.

    Args:
        x (HeatmapDimension):
        y (HeatmapDimension):
        metric (HeatmapMetric | Unset): The value of a heatmap cell: rounds (`count`), distinct
            companies (`company_count`), or the `total`, `avg` or `median` round amount (money, whole
            units of `currency`).
        top_n_x (int | Unset): A whole number 1..50.
        top_n_y (int | Unset): A whole number 1..50.
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
        Response[Any | ApiError | Heatmap]
    """

    kwargs = _get_kwargs(
        x=x,
        y=y,
        metric=metric,
        top_n_x=top_n_x,
        top_n_y=top_n_y,
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
    x: HeatmapDimension,
    y: HeatmapDimension,
    metric: HeatmapMetric | Unset = UNSET,
    top_n_x: int | Unset = UNSET,
    top_n_y: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | Heatmap | None:
    """Funding heatmap

     Two-dimensional cross-tabulation of funding rounds. Each axis keeps its `top_n` categories
    by the chosen metric; the remaining categories are dropped from the axes (not folded into
    an "Other" label), while `grand_total` covers every matching round.
    Multi-valued dimensions (sector, technology, industry tags, business model, income stream,
    client focus, investor type, investor country and continent) count a round once in each of
    its categories, so row and column totals can add up to more than `grand_total`, which counts
    each round once. Money metrics are in `currency`. Rounds without an amount count in `count`
    and `company_count` but not in the money metrics.

    Args:
        x (HeatmapDimension):
        y (HeatmapDimension):
        metric (HeatmapMetric | Unset): The value of a heatmap cell: rounds (`count`), distinct
            companies (`company_count`), or the `total`, `avg` or `median` round amount (money, whole
            units of `currency`).
        top_n_x (int | Unset): A whole number 1..50.
        top_n_y (int | Unset): A whole number 1..50.
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
        Any | ApiError | Heatmap
    """

    return sync_detailed(
        client=client,
        x=x,
        y=y,
        metric=metric,
        top_n_x=top_n_x,
        top_n_y=top_n_y,
        filter_=filter_,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x: HeatmapDimension,
    y: HeatmapDimension,
    metric: HeatmapMetric | Unset = UNSET,
    top_n_x: int | Unset = UNSET,
    top_n_y: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | Heatmap]:
    """Funding heatmap

     Two-dimensional cross-tabulation of funding rounds. Each axis keeps its `top_n` categories
    by the chosen metric; the remaining categories are dropped from the axes (not folded into
    an "Other" label), while `grand_total` covers every matching round.
    Multi-valued dimensions (sector, technology, industry tags, business model, income stream,
    client focus, investor type, investor country and continent) count a round once in each of
    its categories, so row and column totals can add up to more than `grand_total`, which counts
    each round once. Money metrics are in `currency`. Rounds without an amount count in `count`
    and `company_count` but not in the money metrics.

    Args:
        x (HeatmapDimension):
        y (HeatmapDimension):
        metric (HeatmapMetric | Unset): The value of a heatmap cell: rounds (`count`), distinct
            companies (`company_count`), or the `total`, `avg` or `median` round amount (money, whole
            units of `currency`).
        top_n_x (int | Unset): A whole number 1..50.
        top_n_y (int | Unset): A whole number 1..50.
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
        Response[Any | ApiError | Heatmap]
    """

    kwargs = _get_kwargs(
        x=x,
        y=y,
        metric=metric,
        top_n_x=top_n_x,
        top_n_y=top_n_y,
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
    x: HeatmapDimension,
    y: HeatmapDimension,
    metric: HeatmapMetric | Unset = UNSET,
    top_n_x: int | Unset = UNSET,
    top_n_y: int | Unset = UNSET,
    filter_: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | Heatmap | None:
    """Funding heatmap

     Two-dimensional cross-tabulation of funding rounds. Each axis keeps its `top_n` categories
    by the chosen metric; the remaining categories are dropped from the axes (not folded into
    an "Other" label), while `grand_total` covers every matching round.
    Multi-valued dimensions (sector, technology, industry tags, business model, income stream,
    client focus, investor type, investor country and continent) count a round once in each of
    its categories, so row and column totals can add up to more than `grand_total`, which counts
    each round once. Money metrics are in `currency`. Rounds without an amount count in `count`
    and `company_count` but not in the money metrics.

    Args:
        x (HeatmapDimension):
        y (HeatmapDimension):
        metric (HeatmapMetric | Unset): The value of a heatmap cell: rounds (`count`), distinct
            companies (`company_count`), or the `total`, `avg` or `median` round amount (money, whole
            units of `currency`).
        top_n_x (int | Unset): A whole number 1..50.
        top_n_y (int | Unset): A whole number 1..50.
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
        Any | ApiError | Heatmap
    """

    return (
        await asyncio_detailed(
            client=client,
            x=x,
            y=y,
            metric=metric,
            top_n_x=top_n_x,
            top_n_y=top_n_y,
            filter_=filter_,
            currency=currency,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
