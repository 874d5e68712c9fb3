from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.funnel_dimension import FunnelDimension

T = TypeVar("T", bound="FunnelQueryInfo")


@_attrs_define
class FunnelQueryInfo:
    """
    Attributes:
        dimension (FunnelDimension):
        top_n (int):
        timing_ms (float):
    """

    dimension: FunnelDimension
    top_n: int
    timing_ms: float

    def to_dict(self) -> dict[str, Any]:
        dimension = self.dimension.value

        top_n = self.top_n

        timing_ms = self.timing_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dimension": dimension,
                "top_n": top_n,
                "timing_ms": timing_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        dimension = FunnelDimension(d.pop("dimension"))

        top_n = d.pop("top_n")

        timing_ms = d.pop("timing_ms")

        funnel_query_info = cls(
            dimension=dimension,
            top_n=top_n,
            timing_ms=timing_ms,
        )

        return funnel_query_info
