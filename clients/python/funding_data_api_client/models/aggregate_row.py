from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.aggregate_group import AggregateGroup


T = TypeVar("T", bound="AggregateRow")


@_attrs_define
class AggregateRow:
    """
    Attributes:
        group (AggregateGroup): The group's label for each dimension of `group_by`, keyed by the dimension.
        value (float | None): A metric value: money metrics in whole units of `currency`; counts whole numbers; other
            averages, medians and sums rounded to two decimals; null when no record of the group has a
            value for the field (a `count` is never null).
    """

    group: AggregateGroup
    value: float | None

    def to_dict(self) -> dict[str, Any]:
        group = self.group.to_dict()

        value: float | None
        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group": group,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.aggregate_group import AggregateGroup

        d = dict(src_dict)
        group = AggregateGroup.from_dict(d.pop("group"))

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        aggregate_row = cls(
            group=group,
            value=value,
        )

        return aggregate_row
