from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.match_batch_request import MatchBatchRequest
from ...models.match_batch_response import MatchBatchResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MatchBatchRequest,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    params: dict[str, Any] = {}

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/data/entities/match",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | MatchBatchResponse | None:
    if response.status_code == 200:
        response_200 = MatchBatchResponse.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = ApiError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ApiError.from_dict(response.json())

        return response_415

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
) -> Response[ApiError | MatchBatchResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MatchBatchRequest,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | MatchBatchResponse]:
    """Match up to 100 records at once

     The answers of `GET /data/entities/match` for up to 100 queries, in the order given. Each query
    is the GET's inputs as an object (`limit` applies to each). A query with nothing to match on
    fails the whole request (400, `details` naming `body.queries.<i>`). One credit per query.

    Args:
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (MatchBatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MatchBatchResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        currency=currency,
        api_version=api_version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: MatchBatchRequest,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | MatchBatchResponse | None:
    """Match up to 100 records at once

     The answers of `GET /data/entities/match` for up to 100 queries, in the order given. Each query
    is the GET's inputs as an object (`limit` applies to each). A query with nothing to match on
    fails the whole request (400, `details` naming `body.queries.<i>`). One credit per query.

    Args:
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (MatchBatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MatchBatchResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        currency=currency,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MatchBatchRequest,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[ApiError | MatchBatchResponse]:
    """Match up to 100 records at once

     The answers of `GET /data/entities/match` for up to 100 queries, in the order given. Each query
    is the GET's inputs as an object (`limit` applies to each). A query with nothing to match on
    fails the whole request (400, `details` naming `body.queries.<i>`). One credit per query.

    Args:
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (MatchBatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MatchBatchResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        currency=currency,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: MatchBatchRequest,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> ApiError | MatchBatchResponse | None:
    """Match up to 100 records at once

     The answers of `GET /data/entities/match` for up to 100 queries, in the order given. Each query
    is the GET's inputs as an object (`limit` applies to each). A query with nothing to match on
    fails the whole request (400, `details` naming `body.queries.<i>`). One credit per query.

    Args:
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        body (MatchBatchRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MatchBatchResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            currency=currency,
            api_version=api_version,
        )
    ).parsed
