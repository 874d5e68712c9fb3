from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HeatmapQueryInfo")


@_attrs_define
class HeatmapQueryInfo:
    """
    Attributes:
        metric (str):
        x_dimension (str):
        y_dimension (str):
        total_rows (int): Rounds that matched the filter.
    """

    metric: str
    x_dimension: str
    y_dimension: str
    total_rows: int

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric

        x_dimension = self.x_dimension

        y_dimension = self.y_dimension

        total_rows = self.total_rows

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "metric": metric,
                "x_dimension": x_dimension,
                "y_dimension": y_dimension,
                "total_rows": total_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        metric = d.pop("metric")

        x_dimension = d.pop("x_dimension")

        y_dimension = d.pop("y_dimension")

        total_rows = d.pop("total_rows")

        heatmap_query_info = cls(
            metric=metric,
            x_dimension=x_dimension,
            y_dimension=y_dimension,
            total_rows=total_rows,
        )

        return heatmap_query_info
