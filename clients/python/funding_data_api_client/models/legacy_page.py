from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LegacyPage")


@_attrs_define
class LegacyPage:
    """The legacy page shape of small in-memory platform lists (teams, API keys): paged by `limit` and
    `offset` with the `total` count, not by cursor like the data lists.

        Attributes:
            limit (int):
            offset (int):
            total (int):
    """

    limit: int
    offset: int
    total: int

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        offset = self.offset

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "limit": limit,
                "offset": offset,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        limit = d.pop("limit")

        offset = d.pop("offset")

        total = d.pop("total")

        legacy_page = cls(
            limit=limit,
            offset=offset,
            total=total,
        )

        return legacy_page
