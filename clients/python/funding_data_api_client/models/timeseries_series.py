from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TimeseriesSeries")


@_attrs_define
class TimeseriesSeries:
    """
    Attributes:
        label (str):
        total (float | None): The metric of the category over the whole range (see `MetricValue`).
        values (list[float | None]): Aligned with `periods`.
    """

    label: str
    total: float | None
    values: list[float | None]

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        total: float | None
        total = self.total

        values = []
        for values_item_data in self.values:
            values_item: float | None
            values_item = values_item_data
            values.append(values_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "label": label,
                "total": total,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        label = d.pop("label")

        def _parse_total(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        total = _parse_total(d.pop("total"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:

            def _parse_values_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            values_item = _parse_values_item(values_item_data)

            values.append(values_item)

        timeseries_series = cls(
            label=label,
            total=total,
            values=values,
        )

        return timeseries_series
