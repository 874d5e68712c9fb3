from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FoundedCompaniesSummary")


@_attrs_define
class FoundedCompaniesSummary:
    """
    Attributes:
        count (int):
        total_funding (int | None): Whole units of the active currency; null when unknown.
    """

    count: int
    total_funding: int | None

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        total_funding: int | None
        total_funding = self.total_funding

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "total_funding": total_funding,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        count = d.pop("count")

        def _parse_total_funding(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_funding = _parse_total_funding(d.pop("total_funding"))

        founded_companies_summary = cls(
            count=count,
            total_funding=total_funding,
        )

        return founded_companies_summary
