from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.export_news_format import ExportNewsFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    q: str | Unset = UNSET,
    format_: ExportNewsFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["filter"] = filter_

    params["sort"] = sort

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params["q"] = q

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/data/exports/news",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

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
) -> Response[ApiError | str]:
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
    sort: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    q: str | Unset = UNSET,
    format_: ExportNewsFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | str]:
    """Export news articles

     Every news article matching `filter` and `sort`, as `listNews` reads them (the same filter scope,
    sort
    keys, tier, version and currency), streamed without pages: NDJSON (one row of `listNews`'s
    `data` per line, then the trailer line `{"_export": ...}`) or CSV (`format`, or the `Accept`
    header). Caps, credits and the trailer: see the `format` parameter.

    Args:
        filter_ (str | Unset):
        sort (str | Unset):  Example: -published_at.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        q (str | Unset):  Example: funding.
        format_ (ExportNewsFormat | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | str]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        sort=sort,
        currency=currency,
        q=q,
        format_=format_,
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
    sort: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    q: str | Unset = UNSET,
    format_: ExportNewsFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | str | None:
    """Export news articles

     Every news article matching `filter` and `sort`, as `listNews` reads them (the same filter scope,
    sort
    keys, tier, version and currency), streamed without pages: NDJSON (one row of `listNews`'s
    `data` per line, then the trailer line `{"_export": ...}`) or CSV (`format`, or the `Accept`
    header). Caps, credits and the trailer: see the `format` parameter.

    Args:
        filter_ (str | Unset):
        sort (str | Unset):  Example: -published_at.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        q (str | Unset):  Example: funding.
        format_ (ExportNewsFormat | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | str
    """

    return sync_detailed(
        client=client,
        filter_=filter_,
        sort=sort,
        currency=currency,
        q=q,
        format_=format_,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    q: str | Unset = UNSET,
    format_: ExportNewsFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | str]:
    """Export news articles

     Every news article matching `filter` and `sort`, as `listNews` reads them (the same filter scope,
    sort
    keys, tier, version and currency), streamed without pages: NDJSON (one row of `listNews`'s
    `data` per line, then the trailer line `{"_export": ...}`) or CSV (`format`, or the `Accept`
    header). Caps, credits and the trailer: see the `format` parameter.

    Args:
        filter_ (str | Unset):
        sort (str | Unset):  Example: -published_at.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        q (str | Unset):  Example: funding.
        format_ (ExportNewsFormat | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | str]
    """

    kwargs = _get_kwargs(
        filter_=filter_,
        sort=sort,
        currency=currency,
        q=q,
        format_=format_,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    filter_: str | Unset = UNSET,
    sort: str | Unset = UNSET,
    currency: CurrencyCode | Unset = UNSET,
    q: str | Unset = UNSET,
    format_: ExportNewsFormat | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | str | None:
    """Export news articles

     Every news article matching `filter` and `sort`, as `listNews` reads them (the same filter scope,
    sort
    keys, tier, version and currency), streamed without pages: NDJSON (one row of `listNews`'s
    `data` per line, then the trailer line `{"_export": ...}`) or CSV (`format`, or the `Accept`
    header). Caps, credits and the trailer: see the `format` parameter.

    Args:
        filter_ (str | Unset):
        sort (str | Unset):  Example: -published_at.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        q (str | Unset):  Example: funding.
        format_ (ExportNewsFormat | Unset):
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | str
    """

    return (
        await asyncio_detailed(
            client=client,
            filter_=filter_,
            sort=sort,
            currency=currency,
            q=q,
            format_=format_,
            api_version=api_version,
        )
    ).parsed
