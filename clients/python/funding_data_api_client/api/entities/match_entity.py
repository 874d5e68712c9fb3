from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.currency_code import CurrencyCode
from ...models.match_response import MatchResponse
from ...models.match_type import MatchType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    domain: str | Unset = UNSET,
    website: str | Unset = UNSET,
    name: str | Unset = UNSET,
    country: str | Unset = UNSET,
    city: str | Unset = UNSET,
    linkedin: str | Unset = UNSET,
    twitter: str | Unset = UNSET,
    crunchbase: str | Unset = UNSET,
    type_: MatchType | Unset = UNSET,
    limit: int | Unset = 5,
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

    params["domain"] = domain

    params["website"] = website

    params["name"] = name

    params["country"] = country

    params["city"] = city

    params["linkedin"] = linkedin

    params["twitter"] = twitter

    params["crunchbase"] = crunchbase

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    params["limit"] = limit

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/data/entities/match",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | MatchResponse | None:
    if response.status_code == 200:
        response_200 = MatchResponse.from_dict(response.json())

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
) -> Response[Any | ApiError | MatchResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    domain: str | Unset = UNSET,
    website: str | Unset = UNSET,
    name: str | Unset = UNSET,
    country: str | Unset = UNSET,
    city: str | Unset = UNSET,
    linkedin: str | Unset = UNSET,
    twitter: str | Unset = UNSET,
    crunchbase: str | Unset = UNSET,
    type_: MatchType | Unset = UNSET,
    limit: int | Unset = 5,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | MatchResponse]:
    """Find the entity a partner's record is

     Which of our entities is this company (or investor, university, body, person)? Give any of
    `domain`, `website`, `name`, `linkedin`, `twitter`, `crunchbase` (at least one), optionally
    `country`, `city` and `type`. Inputs are normalised before comparing: websites and domains to
    their registrable domain by the public-suffix list (`https://www.stripe.com/about` and
    `shop.stripe.com` are `stripe.com`; `stripe.co.uk` stays itself), names without legal forms
    (`Inc`, `Ltd`, `GmbH`, `SAS`, ...), punctuation, case and diacritics, with one typo forgiven
    (a letter changed, added, dropped or two swapped, on names of 4 to 30 characters), and social
    profile URLs to their handles.

    `candidates` are ranked by `score` (0..1; ties by `signal_rating`, then id), each naming in
    `matched_on` the inputs it agrees with. `match` is the top candidate when it is confidently the
    one: its score is at least 0.8 and at least 0.1 above the next candidate's; otherwise null
    (docs/decisions.md). Agreeing identifiers (domain 0.95, Crunchbase 0.95, LinkedIn 0.9,
    X 0.85), an exact name (0.75; 0.85 when no other candidate bears it), a name one typo away
    (less, by its similarity), the country (0.3) and the city (0.25) combine as independent
    evidence, `1 - Π(1 - e)`; an input that disagrees lowers the score (a different domain x0.6,
    a different handle x0.7, another country x0.5, another city x0.85).

    Rows are the summary rows of `/data/entities`, with the same tier locks. One credit per query.

    Args:
        domain (str | Unset):
        website (str | Unset):
        name (str | Unset):
        country (str | Unset):
        city (str | Unset):
        linkedin (str | Unset):
        twitter (str | Unset):
        crunchbase (str | Unset):
        type_ (MatchType | Unset):
        limit (int | Unset):  Default: 5.
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
        Response[Any | ApiError | MatchResponse]
    """

    kwargs = _get_kwargs(
        domain=domain,
        website=website,
        name=name,
        country=country,
        city=city,
        linkedin=linkedin,
        twitter=twitter,
        crunchbase=crunchbase,
        type_=type_,
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
    *,
    client: AuthenticatedClient,
    domain: str | Unset = UNSET,
    website: str | Unset = UNSET,
    name: str | Unset = UNSET,
    country: str | Unset = UNSET,
    city: str | Unset = UNSET,
    linkedin: str | Unset = UNSET,
    twitter: str | Unset = UNSET,
    crunchbase: str | Unset = UNSET,
    type_: MatchType | Unset = UNSET,
    limit: int | Unset = 5,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | MatchResponse | None:
    """Find the entity a partner's record is

     Which of our entities is this company (or investor, university, body, person)? Give any of
    `domain`, `website`, `name`, `linkedin`, `twitter`, `crunchbase` (at least one), optionally
    `country`, `city` and `type`. Inputs are normalised before comparing: websites and domains to
    their registrable domain by the public-suffix list (`https://www.stripe.com/about` and
    `shop.stripe.com` are `stripe.com`; `stripe.co.uk` stays itself), names without legal forms
    (`Inc`, `Ltd`, `GmbH`, `SAS`, ...), punctuation, case and diacritics, with one typo forgiven
    (a letter changed, added, dropped or two swapped, on names of 4 to 30 characters), and social
    profile URLs to their handles.

    `candidates` are ranked by `score` (0..1; ties by `signal_rating`, then id), each naming in
    `matched_on` the inputs it agrees with. `match` is the top candidate when it is confidently the
    one: its score is at least 0.8 and at least 0.1 above the next candidate's; otherwise null
    (docs/decisions.md). Agreeing identifiers (domain 0.95, Crunchbase 0.95, LinkedIn 0.9,
    X 0.85), an exact name (0.75; 0.85 when no other candidate bears it), a name one typo away
    (less, by its similarity), the country (0.3) and the city (0.25) combine as independent
    evidence, `1 - Π(1 - e)`; an input that disagrees lowers the score (a different domain x0.6,
    a different handle x0.7, another country x0.5, another city x0.85).

    Rows are the summary rows of `/data/entities`, with the same tier locks. One credit per query.

    Args:
        domain (str | Unset):
        website (str | Unset):
        name (str | Unset):
        country (str | Unset):
        city (str | Unset):
        linkedin (str | Unset):
        twitter (str | Unset):
        crunchbase (str | Unset):
        type_ (MatchType | Unset):
        limit (int | Unset):  Default: 5.
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
        Any | ApiError | MatchResponse
    """

    return sync_detailed(
        client=client,
        domain=domain,
        website=website,
        name=name,
        country=country,
        city=city,
        linkedin=linkedin,
        twitter=twitter,
        crunchbase=crunchbase,
        type_=type_,
        limit=limit,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    domain: str | Unset = UNSET,
    website: str | Unset = UNSET,
    name: str | Unset = UNSET,
    country: str | Unset = UNSET,
    city: str | Unset = UNSET,
    linkedin: str | Unset = UNSET,
    twitter: str | Unset = UNSET,
    crunchbase: str | Unset = UNSET,
    type_: MatchType | Unset = UNSET,
    limit: int | Unset = 5,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | MatchResponse]:
    """Find the entity a partner's record is

     Which of our entities is this company (or investor, university, body, person)? Give any of
    `domain`, `website`, `name`, `linkedin`, `twitter`, `crunchbase` (at least one), optionally
    `country`, `city` and `type`. Inputs are normalised before comparing: websites and domains to
    their registrable domain by the public-suffix list (`https://www.stripe.com/about` and
    `shop.stripe.com` are `stripe.com`; `stripe.co.uk` stays itself), names without legal forms
    (`Inc`, `Ltd`, `GmbH`, `SAS`, ...), punctuation, case and diacritics, with one typo forgiven
    (a letter changed, added, dropped or two swapped, on names of 4 to 30 characters), and social
    profile URLs to their handles.

    `candidates` are ranked by `score` (0..1; ties by `signal_rating`, then id), each naming in
    `matched_on` the inputs it agrees with. `match` is the top candidate when it is confidently the
    one: its score is at least 0.8 and at least 0.1 above the next candidate's; otherwise null
    (docs/decisions.md). Agreeing identifiers (domain 0.95, Crunchbase 0.95, LinkedIn 0.9,
    X 0.85), an exact name (0.75; 0.85 when no other candidate bears it), a name one typo away
    (less, by its similarity), the country (0.3) and the city (0.25) combine as independent
    evidence, `1 - Π(1 - e)`; an input that disagrees lowers the score (a different domain x0.6,
    a different handle x0.7, another country x0.5, another city x0.85).

    Rows are the summary rows of `/data/entities`, with the same tier locks. One credit per query.

    Args:
        domain (str | Unset):
        website (str | Unset):
        name (str | Unset):
        country (str | Unset):
        city (str | Unset):
        linkedin (str | Unset):
        twitter (str | Unset):
        crunchbase (str | Unset):
        type_ (MatchType | Unset):
        limit (int | Unset):  Default: 5.
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
        Response[Any | ApiError | MatchResponse]
    """

    kwargs = _get_kwargs(
        domain=domain,
        website=website,
        name=name,
        country=country,
        city=city,
        linkedin=linkedin,
        twitter=twitter,
        crunchbase=crunchbase,
        type_=type_,
        limit=limit,
        currency=currency,
        if_none_match=if_none_match,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    domain: str | Unset = UNSET,
    website: str | Unset = UNSET,
    name: str | Unset = UNSET,
    country: str | Unset = UNSET,
    city: str | Unset = UNSET,
    linkedin: str | Unset = UNSET,
    twitter: str | Unset = UNSET,
    crunchbase: str | Unset = UNSET,
    type_: MatchType | Unset = UNSET,
    limit: int | Unset = 5,
    currency: CurrencyCode | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | MatchResponse | None:
    """Find the entity a partner's record is

     Which of our entities is this company (or investor, university, body, person)? Give any of
    `domain`, `website`, `name`, `linkedin`, `twitter`, `crunchbase` (at least one), optionally
    `country`, `city` and `type`. Inputs are normalised before comparing: websites and domains to
    their registrable domain by the public-suffix list (`https://www.stripe.com/about` and
    `shop.stripe.com` are `stripe.com`; `stripe.co.uk` stays itself), names without legal forms
    (`Inc`, `Ltd`, `GmbH`, `SAS`, ...), punctuation, case and diacritics, with one typo forgiven
    (a letter changed, added, dropped or two swapped, on names of 4 to 30 characters), and social
    profile URLs to their handles.

    `candidates` are ranked by `score` (0..1; ties by `signal_rating`, then id), each naming in
    `matched_on` the inputs it agrees with. `match` is the top candidate when it is confidently the
    one: its score is at least 0.8 and at least 0.1 above the next candidate's; otherwise null
    (docs/decisions.md). Agreeing identifiers (domain 0.95, Crunchbase 0.95, LinkedIn 0.9,
    X 0.85), an exact name (0.75; 0.85 when no other candidate bears it), a name one typo away
    (less, by its similarity), the country (0.3) and the city (0.25) combine as independent
    evidence, `1 - Π(1 - e)`; an input that disagrees lowers the score (a different domain x0.6,
    a different handle x0.7, another country x0.5, another city x0.85).

    Rows are the summary rows of `/data/entities`, with the same tier locks. One credit per query.

    Args:
        domain (str | Unset):
        website (str | Unset):
        name (str | Unset):
        country (str | Unset):
        city (str | Unset):
        linkedin (str | Unset):
        twitter (str | Unset):
        crunchbase (str | Unset):
        type_ (MatchType | Unset):
        limit (int | Unset):  Default: 5.
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
        Any | ApiError | MatchResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            domain=domain,
            website=website,
            name=name,
            country=country,
            city=city,
            linkedin=linkedin,
            twitter=twitter,
            crunchbase=crunchbase,
            type_=type_,
            limit=limit,
            currency=currency,
            if_none_match=if_none_match,
            api_version=api_version,
        )
    ).parsed
