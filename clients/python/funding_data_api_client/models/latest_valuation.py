from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LatestValuation")


@_attrs_define
class LatestValuation:
    """
    Attributes:
        value (int | None): Whole units of the active currency; null when unknown.
        year (int | None):
        month (int | None):
    """

    value: int | None
    year: int | None
    month: int | None

    def to_dict(self) -> dict[str, Any]:
        value: int | None
        value = self.value

        year: int | None
        year = self.year

        month: int | None
        month = self.month

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "year": year,
                "month": month,
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

        def _parse_month(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        month = _parse_month(d.pop("month"))

        latest_valuation = cls(
            value=value,
            year=year,
            month=month,
        )

        return latest_valuation
