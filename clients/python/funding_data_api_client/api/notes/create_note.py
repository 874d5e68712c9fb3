from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.api_version import ApiVersion
from ...models.note_create import NoteCreate
from ...models.note_response import NoteResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NoteCreate,
    api_version: ApiVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(api_version, Unset):
        headers["Api-Version"] = str(api_version)

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/data/notes",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | NoteResponse | None:
    if response.status_code == 201:
        response_201 = NoteResponse.from_dict(response.json())

        return response_201

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

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ApiError.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ApiError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ApiError.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ApiError.from_dict(response.json())

        return response_422

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
) -> Response[ApiError | NoteResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NoteCreate,
    api_version: ApiVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiError | NoteResponse]:
    """Create a note

     Adds a note on an entity for the caller's team. The note is written in one statement after the
    whole body is validated: a bad body (400) or an unknown entity (404) writes nothing.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        idempotency_key (str | Unset):  Example: c0ffee00-9b1d-4f5e-8a77-2f2d9c0e1a11.
        body (NoteCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | NoteResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NoteCreate,
    api_version: ApiVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiError | NoteResponse | None:
    """Create a note

     Adds a note on an entity for the caller's team. The note is written in one statement after the
    whole body is validated: a bad body (400) or an unknown entity (404) writes nothing.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        idempotency_key (str | Unset):  Example: c0ffee00-9b1d-4f5e-8a77-2f2d9c0e1a11.
        body (NoteCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | NoteResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        api_version=api_version,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NoteCreate,
    api_version: ApiVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiError | NoteResponse]:
    """Create a note

     Adds a note on an entity for the caller's team. The note is written in one statement after the
    whole body is validated: a bad body (400) or an unknown entity (404) writes nothing.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        idempotency_key (str | Unset):  Example: c0ffee00-9b1d-4f5e-8a77-2f2d9c0e1a11.
        body (NoteCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | NoteResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        api_version=api_version,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NoteCreate,
    api_version: ApiVersion | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiError | NoteResponse | None:
    """Create a note

     Adds a note on an entity for the caller's team. The note is written in one statement after the
    whole body is validated: a bad body (400) or an unknown entity (404) writes nothing.

    Args:
        api_version (ApiVersion | Unset): An API version (`YYYY-MM-DD`). The values listed are the
            versions served when this document was published (a running server lists its own in
            `/openapi.json` and `/reference/versions`). Example: 2026-10-09.
        idempotency_key (str | Unset):  Example: c0ffee00-9b1d-4f5e-8a77-2f2d9c0e1a11.
        body (NoteCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | NoteResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            api_version=api_version,
            idempotency_key=idempotency_key,
        )
    ).parsed
