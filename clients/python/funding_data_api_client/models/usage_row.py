from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageRow")


@_attrs_define
class UsageRow:
    """
    Attributes:
        day (datetime.date):
        operation_id (str):
        requests (int):
        credits_ (int):
    """

    day: datetime.date
    operation_id: str
    requests: int
    credits_: int

    def to_dict(self) -> dict[str, Any]:
        day = self.day.isoformat()

        operation_id = self.operation_id

        requests = self.requests

        credits_ = self.credits_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "operation_id": operation_id,
                "requests": requests,
                "credits": credits_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = datetime.date.fromisoformat(d.pop("day"))

        operation_id = d.pop("operation_id")

        requests = d.pop("requests")

        credits_ = d.pop("credits")

        usage_row = cls(
            day=day,
            operation_id=operation_id,
            requests=requests,
            credits_=credits_,
        )

        return usage_row
