from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.aggregate_dimension import AggregateDimension
from ..models.aggregate_metric import AggregateMetric
from ..models.aggregate_source import AggregateSource
from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.aggregate_multi_metric_row import AggregateMultiMetricRow


T = TypeVar("T", bound="AggregateMultiMetric")


@_attrs_define
class AggregateMultiMetric:
    """
    Attributes:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds, filter scope `funding`),
            or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]): The dimensions grouped by, in request order.
        metrics (list[AggregateMetric]): The metrics, in request order; `values` and `totals` follow it.
        sort (str): The order applied (default `-value`, the first metric); ties by the group labels.
        limit (int): Most groups returned.
        total_groups (int): Groups that exist before `limit`.
        totals (list[float | None]): Each metric over every matching record, each counted once.
        data (list[AggregateMultiMetricRow]):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    source: AggregateSource
    group_by: list[AggregateDimension]
    metrics: list[AggregateMetric]
    sort: str
    limit: int
    total_groups: int
    totals: list[float | None]
    data: list[AggregateMultiMetricRow]
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        source = self.source.value

        group_by = []
        for group_by_item_data in self.group_by:
            group_by_item = group_by_item_data.value
            group_by.append(group_by_item)

        metrics = []
        for metrics_item_data in self.metrics:
            metrics_item = metrics_item_data.value
            metrics.append(metrics_item)

        sort = self.sort

        limit = self.limit

        total_groups = self.total_groups

        totals = []
        for totals_item_data in self.totals:
            totals_item: float | None
            totals_item = totals_item_data
            totals.append(totals_item)

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
                "group_by": group_by,
                "metrics": metrics,
                "sort": sort,
                "limit": limit,
                "total_groups": total_groups,
                "totals": totals,
                "data": data,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aggregate_multi_metric_row import AggregateMultiMetricRow

        d = dict(src_dict)
        source = AggregateSource(d.pop("source"))

        group_by = []
        _group_by = d.pop("group_by")
        for group_by_item_data in _group_by:
            group_by_item = AggregateDimension(group_by_item_data)

            group_by.append(group_by_item)

        metrics = []
        _metrics = d.pop("metrics")
        for metrics_item_data in _metrics:
            metrics_item = AggregateMetric(metrics_item_data)

            metrics.append(metrics_item)

        sort = d.pop("sort")

        limit = d.pop("limit")

        total_groups = d.pop("total_groups")

        totals = []
        _totals = d.pop("totals")
        for totals_item_data in _totals:

            def _parse_totals_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            totals_item = _parse_totals_item(totals_item_data)

            totals.append(totals_item)

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = AggregateMultiMetricRow.from_dict(data_item_data)

            data.append(data_item)

        currency = CurrencyCode(d.pop("currency"))

        aggregate_multi_metric = cls(
            source=source,
            group_by=group_by,
            metrics=metrics,
            sort=sort,
            limit=limit,
            total_groups=total_groups,
            totals=totals,
            data=data,
            currency=currency,
        )

        return aggregate_multi_metric
