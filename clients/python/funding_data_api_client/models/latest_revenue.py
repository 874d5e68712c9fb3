from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LatestRevenue")


@_attrs_define
class LatestRevenue:
    """
    Attributes:
        value (int | None): Whole units of the active currency; null when unknown.
        year (int | None):
    """

    value: int | None
    year: int | None

    def to_dict(self) -> dict[str, Any]:
        value: int | None
        value = self.value

        year: int | None
        year = self.year

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "year": year,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_year(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        year = _parse_year(d.pop("year"))

        latest_revenue = cls(
            value=value,
            year=year,
        )

        return latest_revenue
