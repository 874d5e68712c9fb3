from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VersionChange")


@_attrs_define
class VersionChange:
    """
    Attributes:
        date (datetime.date):
        change (str):
    """

    date: datetime.date
    change: str

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        change = self.change

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "change": change,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        change = d.pop("change")

        version_change = cls(
            date=date,
            change=change,
        )

        return version_change
