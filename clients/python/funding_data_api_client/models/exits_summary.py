from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExitsSummary")


@_attrs_define
class ExitsSummary:
    """
    Attributes:
        count (int | None):
        total_value (int | None): Whole units of the active currency; null when unknown.
        pct (float | None):
    """

    count: int | None
    total_value: int | None
    pct: float | None

    def to_dict(self) -> dict[str, Any]:
        count: int | None
        count = self.count

        total_value: int | None
        total_value = self.total_value

        pct: float | None
        pct = self.pct

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "total_value": total_value,
                "pct": pct,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        count = _parse_count(d.pop("count"))

        def _parse_total_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_value = _parse_total_value(d.pop("total_value"))

        def _parse_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        pct = _parse_pct(d.pop("pct"))

        exits_summary = cls(
            count=count,
            total_value=total_value,
            pct=pct,
        )

        return exits_summary
