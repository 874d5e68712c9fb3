from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TrafficSummary")


@_attrs_define
class TrafficSummary:
    """
    Attributes:
        monthly_visits (int | None):
        growth_3m (float | None): Change as a fraction (0.25 = +25 %).
    """

    monthly_visits: int | None
    growth_3m: float | None

    def to_dict(self) -> dict[str, Any]:
        monthly_visits: int | None
        monthly_visits = self.monthly_visits

        growth_3m: float | None
        growth_3m = self.growth_3m

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "monthly_visits": monthly_visits,
                "growth_3m": growth_3m,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_monthly_visits(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        monthly_visits = _parse_monthly_visits(d.pop("monthly_visits"))

        def _parse_growth_3m(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        growth_3m = _parse_growth_3m(d.pop("growth_3m"))

        traffic_summary = cls(
            monthly_visits=monthly_visits,
            growth_3m=growth_3m,
        )

        return traffic_summary
