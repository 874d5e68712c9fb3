from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.aggregate import Aggregate
from ...models.aggregate_dimension import AggregateDimension
from ...models.aggregate_metric import AggregateMetric
from ...models.aggregate_source import AggregateSource
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...types import UNSET, Response, Unset


def _get_kwargs(
    source: AggregateSource,
    *,
    group_by: list[AggregateDimension],
    metric: AggregateMetric | Unset = UNSET,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = 25,
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

    json_group_by = []
    for group_by_item_data in group_by:
        group_by_item = group_by_item_data.value
        json_group_by.append(group_by_item)

    params["group_by"] = json_group_by

    json_metric: str | Unset = UNSET
    if not isinstance(metric, Unset):
        json_metric = metric.value

    params["metric"] = json_metric

    params["filter"] = filter_

    params["sort"] = sort

    params["limit"] = limit

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/analytics/aggregate/{source}".format(
            source=quote(str(source), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Aggregate | Any | ApiError | None:
    if response.status_code == 200:
        response_200 = Aggregate.from_dict(response.json())

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
) -> Response[Aggregate | Any | ApiError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    source: AggregateSource,
    *,
    client: AuthenticatedClient,
    group_by: list[AggregateDimension],
    metric: AggregateMetric | Unset = UNSET,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = 25,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Aggregate | Any | ApiError]:
    """Aggregate a source by up to four dimensions

     One metric of a source's records grouped by 1 to 4 dimensions (`group_by`), computed in the
    database. Sources: `funding-rounds` (active funding rounds, filter scope `funding`), and the
    entity sources `entities` (every organization and person), `companies`, `investors`,
    `universities`, `gov-ngo` and `founders` (filter scope `entity`). `filter` uses the syntax
    and keys of the source's list endpoints (`GET /reference/filters`); money filter values are
    read in `currency`.

    A record without a value for a dimension (no headquarters, no sector, an undated round, ...)
    is left out of the groups; a record with several values of a multi-valued dimension
    (sectors and the other taxonomy dimensions, investor type, investor country and continent)
    counts once in each of its groups. `total` is the metric over every matching record, each
    counted once, so the groups can add up to more or less than `total`.

    `data` holds the first `limit` groups in `sort` order; `total_groups` says how many groups
    there are. A dimension or metric field the source does not have is a 400 naming the valid
    ones; more than 4 dimensions is a 400 stating the limit.

    Args:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds,
            filter scope `funding`), or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]):  Example: ['standardized_round'].
        metric (AggregateMetric | Unset): `count` (records in the group) or `<op>_<field>` with
            `op` one of `sum`, `avg`, `median`,
            `min`, `max` over a numeric field of the source. Fields: `funding-rounds`: `amount`,
            `valuation` (money). `entities` and `investors`: `employees_count`, `signal_rating`,
            `funding_total` (money), `rounds_count`, `valuation` (money), `investments_count`,
            `total_invested` (money). `companies`, `universities`, `gov-ngo`: the first five of those.
            `founders`: `signal_rating`, `founded_companies_count`, `founded_companies_funding`
            (money),
            `investments_count`, `total_invested` (money). Records without a value for the field are
            ignored by the metric; the median of an even count is the mean of the middle two values.
        filter_ (str | Unset):
        sort (str | Unset):
        limit (int | Unset):  Default: 25.
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
        Response[Aggregate | Any | ApiError]
    """

    kwargs = _get_kwargs(
        source=source,
        group_by=group_by,
        metric=metric,
        filter_=filter_,
        sort=sort,
        limit=limit,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    source: AggregateSource,
    *,
    client: AuthenticatedClient,
    group_by: list[AggregateDimension],
    metric: AggregateMetric | Unset = UNSET,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = 25,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Aggregate | Any | ApiError | None:
    """Aggregate a source by up to four dimensions

     One metric of a source's records grouped by 1 to 4 dimensions (`group_by`), computed in the
    database. Sources: `funding-rounds` (active funding rounds, filter scope `funding`), and the
    entity sources `entities` (every organization and person), `companies`, `investors`,
    `universities`, `gov-ngo` and `founders` (filter scope `entity`). `filter` uses the syntax
    and keys of the source's list endpoints (`GET /reference/filters`); money filter values are
    read in `currency`.

    A record without a value for a dimension (no headquarters, no sector, an undated round, ...)
    is left out of the groups; a record with several values of a multi-valued dimension
    (sectors and the other taxonomy dimensions, investor type, investor country and continent)
    counts once in each of its groups. `total` is the metric over every matching record, each
    counted once, so the groups can add up to more or less than `total`.

    `data` holds the first `limit` groups in `sort` order; `total_groups` says how many groups
    there are. A dimension or metric field the source does not have is a 400 naming the valid
    ones; more than 4 dimensions is a 400 stating the limit.

    Args:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds,
            filter scope `funding`), or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]):  Example: ['standardized_round'].
        metric (AggregateMetric | Unset): `count` (records in the group) or `<op>_<field>` with
            `op` one of `sum`, `avg`, `median`,
            `min`, `max` over a numeric field of the source. Fields: `funding-rounds`: `amount`,
            `valuation` (money). `entities` and `investors`: `employees_count`, `signal_rating`,
            `funding_total` (money), `rounds_count`, `valuation` (money), `investments_count`,
            `total_invested` (money). `companies`, `universities`, `gov-ngo`: the first five of those.
            `founders`: `signal_rating`, `founded_companies_count`, `founded_companies_funding`
            (money),
            `investments_count`, `total_invested` (money). Records without a value for the field are
            ignored by the metric; the median of an even count is the mean of the middle two values.
        filter_ (str | Unset):
        sort (str | Unset):
        limit (int | Unset):  Default: 25.
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
        Aggregate | Any | ApiError
    """

    return sync_detailed(
        source=source,
        client=client,
        group_by=group_by,
        metric=metric,
        filter_=filter_,
        sort=sort,
        limit=limit,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    source: AggregateSource,
    *,
    client: AuthenticatedClient,
    group_by: list[AggregateDimension],
    metric: AggregateMetric | Unset = UNSET,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = 25,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Aggregate | Any | ApiError]:
    """Aggregate a source by up to four dimensions

     One metric of a source's records grouped by 1 to 4 dimensions (`group_by`), computed in the
    database. Sources: `funding-rounds` (active funding rounds, filter scope `funding`), and the
    entity sources `entities` (every organization and person), `companies`, `investors`,
    `universities`, `gov-ngo` and `founders` (filter scope `entity`). `filter` uses the syntax
    and keys of the source's list endpoints (`GET /reference/filters`); money filter values are
    read in `currency`.

    A record without a value for a dimension (no headquarters, no sector, an undated round, ...)
    is left out of the groups; a record with several values of a multi-valued dimension
    (sectors and the other taxonomy dimensions, investor type, investor country and continent)
    counts once in each of its groups. `total` is the metric over every matching record, each
    counted once, so the groups can add up to more or less than `total`.

    `data` holds the first `limit` groups in `sort` order; `total_groups` says how many groups
    there are. A dimension or metric field the source does not have is a 400 naming the valid
    ones; more than 4 dimensions is a 400 stating the limit.

    Args:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds,
            filter scope `funding`), or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]):  Example: ['standardized_round'].
        metric (AggregateMetric | Unset): `count` (records in the group) or `<op>_<field>` with
            `op` one of `sum`, `avg`, `median`,
            `min`, `max` over a numeric field of the source. Fields: `funding-rounds`: `amount`,
            `valuation` (money). `entities` and `investors`: `employees_count`, `signal_rating`,
            `funding_total` (money), `rounds_count`, `valuation` (money), `investments_count`,
            `total_invested` (money). `companies`, `universities`, `gov-ngo`: the first five of those.
            `founders`: `signal_rating`, `founded_companies_count`, `founded_companies_funding`
            (money),
            `investments_count`, `total_invested` (money). Records without a value for the field are
            ignored by the metric; the median of an even count is the mean of the middle two values.
        filter_ (str | Unset):
        sort (str | Unset):
        limit (int | Unset):  Default: 25.
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
        Response[Aggregate | Any | ApiError]
    """

    kwargs = _get_kwargs(
        source=source,
        group_by=group_by,
        metric=metric,
        filter_=filter_,
        sort=sort,
        limit=limit,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    source: AggregateSource,
    *,
    client: AuthenticatedClient,
    group_by: list[AggregateDimension],
    metric: AggregateMetric | Unset = UNSET,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    limit: int | Unset = 25,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Aggregate | Any | ApiError | None:
    """Aggregate a source by up to four dimensions

     One metric of a source's records grouped by 1 to 4 dimensions (`group_by`), computed in the
    database. Sources: `funding-rounds` (active funding rounds, filter scope `funding`), and the
    entity sources `entities` (every organization and person), `companies`, `investors`,
    `universities`, `gov-ngo` and `founders` (filter scope `entity`). `filter` uses the syntax
    and keys of the source's list endpoints (`GET /reference/filters`); money filter values are
    read in `currency`.

    A record without a value for a dimension (no headquarters, no sector, an undated round, ...)
    is left out of the groups; a record with several values of a multi-valued dimension
    (sectors and the other taxonomy dimensions, investor type, investor country and continent)
    counts once in each of its groups. `total` is the metric over every matching record, each
    counted once, so the groups can add up to more or less than `total`.

    `data` holds the first `limit` groups in `sort` order; `total_groups` says how many groups
    there are. A dimension or metric field the source does not have is a 400 naming the valid
    ones; more than 4 dimensions is a 400 stating the limit.

    Args:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds,
            filter scope `funding`), or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]):  Example: ['standardized_round'].
        metric (AggregateMetric | Unset): `count` (records in the group) or `<op>_<field>` with
            `op` one of `sum`, `avg`, `median`,
            `min`, `max` over a numeric field of the source. Fields: `funding-rounds`: `amount`,
            `valuation` (money). `entities` and `investors`: `employees_count`, `signal_rating`,
            `funding_total` (money), `rounds_count`, `valuation` (money), `investments_count`,
            `total_invested` (money). `companies`, `universities`, `gov-ngo`: the first five of those.
            `founders`: `signal_rating`, `founded_companies_count`, `founded_companies_funding`
            (money),
            `investments_count`, `total_invested` (money). Records without a value for the field are
            ignored by the metric; the median of an even count is the mean of the middle two values.
        filter_ (str | Unset):
        sort (str | Unset):
        limit (int | Unset):  Default: 25.
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
        Aggregate | Any | ApiError
    """

    return (
        await asyncio_detailed(
            source=source,
            client=client,
            group_by=group_by,
            metric=metric,
            filter_=filter_,
            sort=sort,
            limit=limit,
            currency=currency,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
