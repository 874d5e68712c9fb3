from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.heatmap_dimension import HeatmapDimension
from ..models.heatmap_metric import HeatmapMetric

T = TypeVar("T", bound="HeatmapQueryInfo")


@_attrs_define
class HeatmapQueryInfo:
    """
    Attributes:
        metric (HeatmapMetric): The value of a heatmap cell: rounds (`count`), distinct companies (`company_count`), or
            the `total`, `avg` or `median` round amount (money, whole units of `currency`).
        x_dimension (HeatmapDimension):
        y_dimension (HeatmapDimension):
        total_rows (int): Rounds that matched the filter.
    """

    metric: HeatmapMetric
    x_dimension: HeatmapDimension
    y_dimension: HeatmapDimension
    total_rows: int

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric.value

        x_dimension = self.x_dimension.value

        y_dimension = self.y_dimension.value

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
        metric = HeatmapMetric(d.pop("metric"))

        x_dimension = HeatmapDimension(d.pop("x_dimension"))

        y_dimension = HeatmapDimension(d.pop("y_dimension"))

        total_rows = d.pop("total_rows")

        heatmap_query_info = cls(
            metric=metric,
            x_dimension=x_dimension,
            y_dimension=y_dimension,
            total_rows=total_rows,
        )

        return heatmap_query_info
