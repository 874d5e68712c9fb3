from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.change_kind import ChangeKind
from ...models.change_list import ChangeList
from ...models.change_record_type import ChangeRecordType
from ...models.currency_code import CurrencyCode
from ...models.list_changes_from import ListChangesFrom
from ...models.list_changes_include import ListChangesInclude
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    after: str | Unset = UNSET,
    from_: ListChangesFrom | Unset = ListChangesFrom.OLDEST,
    type_: list[ChangeRecordType] | Unset = UNSET,
    kind: list[ChangeKind] | Unset = UNSET,
    limit: int | Unset = 100,
    include: ListChangesInclude | Unset = UNSET,
    wait: int | Unset = 0,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    params: dict[str, Any] = {}

    params["after"] = after

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.value

    params["from"] = json_from_

    json_type_: list[str] | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = []
        for type_item_data in type_:
            type_item = type_item_data.value
            json_type_.append(type_item)

    params["type"] = json_type_

    json_kind: list[str] | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = []
        for kind_item_data in kind:
            kind_item = kind_item_data.value
            json_kind.append(kind_item)

    params["kind"] = json_kind

    params["limit"] = limit

    json_include: str | Unset = UNSET
    if not isinstance(include, Unset):
        json_include = include.value

    params["include"] = json_include

    params["wait"] = wait

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/data/changes",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | ApiError | ChangeList | None:
    if response.status_code == 200:
        response_200 = ChangeList.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | ApiError | ChangeList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    from_: ListChangesFrom | Unset = ListChangesFrom.OLDEST,
    type_: list[ChangeRecordType] | Unset = UNSET,
    kind: list[ChangeKind] | Unset = UNSET,
    limit: int | Unset = 100,
    include: ListChangesInclude | Unset = UNSET,
    wait: int | Unset = 0,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | ChangeList]:
    """Walk the change feed

     Every create, update and delete of every record type, in commit order: one entry per changed
    record with its type, id, kind (`created`, `updated`, `deleted`) and, for an update, the
    names of the fields that changed. A soft-deleted transaction and a withdrawn entity appear as
    `deleted`. Resume from `page.next_after` with `after`; a page shorter than `limit` is the end
    of the feed for now (`page.has_more` is false), and its `next_after` is where to poll next.

    The first call without `after` starts at the oldest retained change (`from=oldest`) or at the
    present (`from=latest`: an empty page whose `next_after` is the current position).

    Changes are kept for `CHANGE_RETENTION_DAYS` (30 days by default) and then pruned. A position
    older than what is kept is refused with 400 `VALIDATION_ERROR` naming `query.after`: restart
    from a full export of the lists (their export operations, `GET /data/exports/...`) and then from
    `from=latest`.

    `include=record` adds each record as its own endpoint returns it (`GET /data/transactions/{id}`,
    `/data/companies/{id}`, ...): the caller's tier locks, `currency` and `API-Version` applied; null
    for a deleted record. Each type needs its endpoint's scope: without `type`, the types the token
    may read; naming a type the token may not read is 403. One credit per page, as a list page.

    Args:
        after (str | Unset):
        from_ (ListChangesFrom | Unset):  Default: ListChangesFrom.OLDEST.
        type_ (list[ChangeRecordType] | Unset):
        kind (list[ChangeKind] | Unset):
        limit (int | Unset):  Default: 100.
        include (ListChangesInclude | Unset):
        wait (int | Unset):  Default: 0.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | ChangeList]
    """

    kwargs = _get_kwargs(
        after=after,
        from_=from_,
        type_=type_,
        kind=kind,
        limit=limit,
        include=include,
        wait=wait,
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
    after: str | Unset = UNSET,
    from_: ListChangesFrom | Unset = ListChangesFrom.OLDEST,
    type_: list[ChangeRecordType] | Unset = UNSET,
    kind: list[ChangeKind] | Unset = UNSET,
    limit: int | Unset = 100,
    include: ListChangesInclude | Unset = UNSET,
    wait: int | Unset = 0,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | ChangeList | None:
    """Walk the change feed

     Every create, update and delete of every record type, in commit order: one entry per changed
    record with its type, id, kind (`created`, `updated`, `deleted`) and, for an update, the
    names of the fields that changed. A soft-deleted transaction and a withdrawn entity appear as
    `deleted`. Resume from `page.next_after` with `after`; a page shorter than `limit` is the end
    of the feed for now (`page.has_more` is false), and its `next_after` is where to poll next.

    The first call without `after` starts at the oldest retained change (`from=oldest`) or at the
    present (`from=latest`: an empty page whose `next_after` is the current position).

    Changes are kept for `CHANGE_RETENTION_DAYS` (30 days by default) and then pruned. A position
    older than what is kept is refused with 400 `VALIDATION_ERROR` naming `query.after`: restart
    from a full export of the lists (their export operations, `GET /data/exports/...`) and then from
    `from=latest`.

    `include=record` adds each record as its own endpoint returns it (`GET /data/transactions/{id}`,
    `/data/companies/{id}`, ...): the caller's tier locks, `currency` and `API-Version` applied; null
    for a deleted record. Each type needs its endpoint's scope: without `type`, the types the token
    may read; naming a type the token may not read is 403. One credit per page, as a list page.

    Args:
        after (str | Unset):
        from_ (ListChangesFrom | Unset):  Default: ListChangesFrom.OLDEST.
        type_ (list[ChangeRecordType] | Unset):
        kind (list[ChangeKind] | Unset):
        limit (int | Unset):  Default: 100.
        include (ListChangesInclude | Unset):
        wait (int | Unset):  Default: 0.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | ChangeList
    """

    return sync_detailed(
        client=client,
        after=after,
        from_=from_,
        type_=type_,
        kind=kind,
        limit=limit,
        include=include,
        wait=wait,
        currency=currency,
        api_version=api_version,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    from_: ListChangesFrom | Unset = ListChangesFrom.OLDEST,
    type_: list[ChangeRecordType] | Unset = UNSET,
    kind: list[ChangeKind] | Unset = UNSET,
    limit: int | Unset = 100,
    include: ListChangesInclude | Unset = UNSET,
    wait: int | Unset = 0,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Response[Any | ApiError | ChangeList]:
    """Walk the change feed

     Every create, update and delete of every record type, in commit order: one entry per changed
    record with its type, id, kind (`created`, `updated`, `deleted`) and, for an update, the
    names of the fields that changed. A soft-deleted transaction and a withdrawn entity appear as
    `deleted`. Resume from `page.next_after` with `after`; a page shorter than `limit` is the end
    of the feed for now (`page.has_more` is false), and its `next_after` is where to poll next.

    The first call without `after` starts at the oldest retained change (`from=oldest`) or at the
    present (`from=latest`: an empty page whose `next_after` is the current position).

    Changes are kept for `CHANGE_RETENTION_DAYS` (30 days by default) and then pruned. A position
    older than what is kept is refused with 400 `VALIDATION_ERROR` naming `query.after`: restart
    from a full export of the lists (their export operations, `GET /data/exports/...`) and then from
    `from=latest`.

    `include=record` adds each record as its own endpoint returns it (`GET /data/transactions/{id}`,
    `/data/companies/{id}`, ...): the caller's tier locks, `currency` and `API-Version` applied; null
    for a deleted record. Each type needs its endpoint's scope: without `type`, the types the token
    may read; naming a type the token may not read is 403. One credit per page, as a list page.

    Args:
        after (str | Unset):
        from_ (ListChangesFrom | Unset):  Default: ListChangesFrom.OLDEST.
        type_ (list[ChangeRecordType] | Unset):
        kind (list[ChangeKind] | Unset):
        limit (int | Unset):  Default: 100.
        include (ListChangesInclude | Unset):
        wait (int | Unset):  Default: 0.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError | ChangeList]
    """

    kwargs = _get_kwargs(
        after=after,
        from_=from_,
        type_=type_,
        kind=kind,
        limit=limit,
        include=include,
        wait=wait,
        currency=currency,
        api_version=api_version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    from_: ListChangesFrom | Unset = ListChangesFrom.OLDEST,
    type_: list[ChangeRecordType] | Unset = UNSET,
    kind: list[ChangeKind] | Unset = UNSET,
    limit: int | Unset = 100,
    include: ListChangesInclude | Unset = UNSET,
    wait: int | Unset = 0,
    currency: CurrencyCode | Unset = UNSET,
    api_version: ApiVersion | Unset = UNSET,
) -> Any | ApiError | ChangeList | None:
    """Walk the change feed

     Every create, update and delete of every record type, in commit order: one entry per changed
    record with its type, id, kind (`created`, `updated`, `deleted`) and, for an update, the
    names of the fields that changed. A soft-deleted transaction and a withdrawn entity appear as
    `deleted`. Resume from `page.next_after` with `after`; a page shorter than `limit` is the end
    of the feed for now (`page.has_more` is false), and its `next_after` is where to poll next.

    The first call without `after` starts at the oldest retained change (`from=oldest`) or at the
    present (`from=latest`: an empty page whose `next_after` is the current position).

    Changes are kept for `CHANGE_RETENTION_DAYS` (30 days by default) and then pruned. A position
    older than what is kept is refused with 400 `VALIDATION_ERROR` naming `query.after`: restart
    from a full export of the lists (their export operations, `GET /data/exports/...`) and then from
    `from=latest`.

    `include=record` adds each record as its own endpoint returns it (`GET /data/transactions/{id}`,
    `/data/companies/{id}`, ...): the caller's tier locks, `currency` and `API-Version` applied; null
    for a deleted record. Each type needs its endpoint's scope: without `type`, the types the token
    may read; naming a type the token may not read is 403. One credit per page, as a list page.

    Args:
        after (str | Unset):
        from_ (ListChangesFrom | Unset):  Default: ListChangesFrom.OLDEST.
        type_ (list[ChangeRecordType] | Unset):
        kind (list[ChangeKind] | Unset):
        limit (int | Unset):  Default: 100.
        include (ListChangesInclude | Unset):
        wait (int | Unset):  Default: 0.
        currency (CurrencyCode | Unset): ISO 4217 currency code supported by the service's rate
            table.
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError | ChangeList
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            from_=from_,
            type_=type_,
            kind=kind,
            limit=limit,
            include=include,
            wait=wait,
            currency=currency,
            api_version=api_version,
        )
    ).parsed
