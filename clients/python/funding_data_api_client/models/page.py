from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.page_tier import PageTier
from ..types import UNSET, Unset

T = TypeVar("T", bound="Page")


@_attrs_define
class Page:
    """Page of a list. `capped`, `tier` and `ecosystem` are present on requests made without an API key.
    Such a request gets at most its plan's page size on the core lists, the operations marked
    `x-plan-capped: true` (`capped` is true when the size was reduced), and no list goes past its
    plan's depth (`offset + limit`; beyond it 400 `PAGINATION_DEPTH_EXCEEDED`).

        Attributes:
            limit (int):
            offset (int): Position of the first row of this page.
            next_cursor (None | str): Opaque and signed by the install that issued it, which alone accepts it: the examples
                show none.
            prev_cursor (None | str): Opaque and signed by the install that issued it, which alone accepts it: the examples
                show none.
            total (int | None): Filled only with `include_total=true`.
            capped (bool | Unset):
            tier (PageTier | Unset):
            ecosystem (None | str | Unset):
    """

    limit: int
    offset: int
    next_cursor: None | str
    prev_cursor: None | str
    total: int | None
    capped: bool | Unset = UNSET
    tier: PageTier | Unset = UNSET
    ecosystem: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        offset = self.offset

        next_cursor: None | str
        next_cursor = self.next_cursor

        prev_cursor: None | str
        prev_cursor = self.prev_cursor

        total: int | None
        total = self.total

        capped = self.capped

        tier: str | Unset = UNSET
        if not isinstance(self.tier, Unset):
            tier = self.tier.value

        ecosystem: None | str | Unset
        if isinstance(self.ecosystem, Unset):
            ecosystem = UNSET
        else:
            ecosystem = self.ecosystem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "limit": limit,
                "offset": offset,
                "next_cursor": next_cursor,
                "prev_cursor": prev_cursor,
                "total": total,
            }
        )
        if capped is not UNSET:
            field_dict["capped"] = capped
        if tier is not UNSET:
            field_dict["tier"] = tier
        if ecosystem is not UNSET:
            field_dict["ecosystem"] = ecosystem

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        limit = d.pop("limit")

        offset = d.pop("offset")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        def _parse_prev_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prev_cursor = _parse_prev_cursor(d.pop("prev_cursor"))

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        capped = d.pop("capped", UNSET)

        _tier = d.pop("tier", UNSET)
        tier: PageTier | Unset
        if isinstance(_tier, Unset):
            tier = UNSET
        else:
            tier = PageTier(_tier)

        def _parse_ecosystem(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ecosystem = _parse_ecosystem(d.pop("ecosystem", UNSET))

        page = cls(
            limit=limit,
            offset=offset,
            next_cursor=next_cursor,
            prev_cursor=prev_cursor,
            total=total,
            capped=capped,
            tier=tier,
            ecosystem=ecosystem,
        )

        return page
