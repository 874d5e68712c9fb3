from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealSize")


@_attrs_define
class DealSize:
    """
    Attributes:
        min_ (int | None): Whole units of the active currency; null when unknown.
        max_ (int | None): Whole units of the active currency; null when unknown.
    """

    min_: int | None
    max_: int | None

    def to_dict(self) -> dict[str, Any]:
        min_: int | None
        min_ = self.min_

        max_: int | None
        max_ = self.max_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "min": min_,
                "max": max_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_min_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        min_ = _parse_min_(d.pop("min"))

        def _parse_max_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_ = _parse_max_(d.pop("max"))

        deal_size = cls(
            min_=min_,
            max_=max_,
        )

        return deal_size
