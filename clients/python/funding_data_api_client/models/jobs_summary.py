from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JobsSummary")


@_attrs_define
class JobsSummary:
    """
    Attributes:
        is_hiring (bool):
        open_count (int):
    """

    is_hiring: bool
    open_count: int

    def to_dict(self) -> dict[str, Any]:
        is_hiring = self.is_hiring

        open_count = self.open_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "is_hiring": is_hiring,
                "open_count": open_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        is_hiring = d.pop("is_hiring")

        open_count = d.pop("open_count")

        jobs_summary = cls(
            is_hiring=is_hiring,
            open_count=open_count,
        )

        return jobs_summary
