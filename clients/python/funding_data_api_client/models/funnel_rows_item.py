from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FunnelRowsItem")


@_attrs_define
class FunnelRowsItem:
    """
    Attributes:
        label (str):
        buckets (list[float]):
    """

    label: str
    buckets: list[float]

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        buckets = self.buckets

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "label": label,
                "buckets": buckets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        label = d.pop("label")

        buckets = cast(list[float], d.pop("buckets"))

        funnel_rows_item = cls(
            label=label,
            buckets=buckets,
        )

        return funnel_rows_item
