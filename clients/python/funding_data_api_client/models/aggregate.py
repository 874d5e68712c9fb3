from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.aggregate_dimension import AggregateDimension
from ..models.aggregate_metric import AggregateMetric
from ..models.aggregate_source import AggregateSource
from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.aggregate_row import AggregateRow


T = TypeVar("T", bound="Aggregate")


@_attrs_define
class Aggregate:
    """
    Attributes:
        source (AggregateSource): What is aggregated: `funding-rounds` (active funding rounds, filter scope `funding`),
            or
            entities (filter scope `entity`): `entities` (every organization and person), `companies`,
            `investors`, `universities`, `gov-ngo`, `founders` (persons with the founder flag).
        group_by (list[AggregateDimension]): The dimensions grouped by, in request order.
        metric (AggregateMetric): `count` (records in the group) or `<op>_<field>` with `op` one of `sum`, `avg`,
            `median`,
            `min`, `max` over a numeric field of the source. Fields: `funding-rounds`: `amount`,
            `valuation` (money). `entities` and `investors`: `employees_count`, `signal_rating`,
            `funding_total` (money), `rounds_count`, `valuation` (money), `investments_count`,
            `total_invested` (money). `companies`, `universities`, `gov-ngo`: the first five of those.
            `founders`: `signal_rating`, `founded_companies_count`, `founded_companies_funding` (money),
            `investments_count`, `total_invested` (money). Records without a value for the field are
            ignored by the metric; the median of an even count is the mean of the middle two values.
        sort (str): The order applied (default `-value`); ties by the group labels.
        limit (int): Most groups returned.
        total_groups (int): Groups that exist before `limit`.
        total (float | None): The metric over every matching record, each counted once (see `MetricValue`).
        data (list[AggregateRow]):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    source: AggregateSource
    group_by: list[AggregateDimension]
    metric: AggregateMetric
    sort: str
    limit: int
    total_groups: int
    total: float | None
    data: list[AggregateRow]
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        source = self.source.value

        group_by = []
        for group_by_item_data in self.group_by:
            group_by_item = group_by_item_data.value
            group_by.append(group_by_item)

        metric = self.metric.value

        sort = self.sort

        limit = self.limit

        total_groups = self.total_groups

        total: float | None
        total = self.total

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
                "metric": metric,
                "sort": sort,
                "limit": limit,
                "total_groups": total_groups,
                "total": total,
                "data": data,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aggregate_row import AggregateRow

        d = dict(src_dict)
        source = AggregateSource(d.pop("source"))

        group_by = []
        _group_by = d.pop("group_by")
        for group_by_item_data in _group_by:
            group_by_item = AggregateDimension(group_by_item_data)

            group_by.append(group_by_item)

        metric = AggregateMetric(d.pop("metric"))

        sort = d.pop("sort")

        limit = d.pop("limit")

        total_groups = d.pop("total_groups")

        def _parse_total(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        total = _parse_total(d.pop("total"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = AggregateRow.from_dict(data_item_data)

            data.append(data_item)

        currency = CurrencyCode(d.pop("currency"))

        aggregate = cls(
            source=source,
            group_by=group_by,
            metric=metric,
            sort=sort,
            limit=limit,
            total_groups=total_groups,
            total=total,
            data=data,
            currency=currency,
        )

        return aggregate
