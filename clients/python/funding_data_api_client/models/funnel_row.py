from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FunnelRow")


@_attrs_define
class FunnelRow:
    """
    Attributes:
        label (str):
        buckets (list[int]):
    """

    label: str
    buckets: list[int]

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

        buckets = cast(list[int], d.pop("buckets"))

        funnel_row = cls(
            label=label,
            buckets=buckets,
        )

        return funnel_row
