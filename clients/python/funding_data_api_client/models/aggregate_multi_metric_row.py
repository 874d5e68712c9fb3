from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.aggregate_group import AggregateGroup


T = TypeVar("T", bound="AggregateMultiMetricRow")


@_attrs_define
class AggregateMultiMetricRow:
    """
    Attributes:
        group (AggregateGroup): The group's label for each dimension of `group_by`, keyed by the dimension.
        values (list[float | None]):
    """

    group: AggregateGroup
    values: list[float | None]

    def to_dict(self) -> dict[str, Any]:
        group = self.group.to_dict()

        values = []
        for values_item_data in self.values:
            values_item: float | None
            values_item = values_item_data
            values.append(values_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group": group,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aggregate_group import AggregateGroup

        d = dict(src_dict)
        group = AggregateGroup.from_dict(d.pop("group"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:

            def _parse_values_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            values_item = _parse_values_item(values_item_data)

            values.append(values_item)

        aggregate_multi_metric_row = cls(
            group=group,
            values=values,
        )

        return aggregate_multi_metric_row
