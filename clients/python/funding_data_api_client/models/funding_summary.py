from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FundingSummary")


@_attrs_define
class FundingSummary:
    """
    Attributes:
        total (int | None): Whole units of the active currency; null when unknown.
        total_vc (int | None): Whole units of the active currency; null when unknown.
        rounds_count (int):
    """

    total: int | None
    total_vc: int | None
    rounds_count: int

    def to_dict(self) -> dict[str, Any]:
        total: int | None
        total = self.total

        total_vc: int | None
        total_vc = self.total_vc

        rounds_count = self.rounds_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "total_vc": total_vc,
                "rounds_count": rounds_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        def _parse_total_vc(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_vc = _parse_total_vc(d.pop("total_vc"))

        rounds_count = d.pop("rounds_count")

        funding_summary = cls(
            total=total,
            total_vc=total_vc,
            rounds_count=rounds_count,
        )

        return funding_summary
