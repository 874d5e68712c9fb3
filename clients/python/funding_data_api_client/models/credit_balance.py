from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreditBalance")


@_attrs_define
class CreditBalance:
    """
    Attributes:
        remaining (int):
        granted (int):
    """

    remaining: int
    granted: int

    def to_dict(self) -> dict[str, Any]:
        remaining = self.remaining

        granted = self.granted

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "remaining": remaining,
                "granted": granted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        remaining = d.pop("remaining")

        granted = d.pop("granted")

        credit_balance = cls(
            remaining=remaining,
            granted=granted,
        )

        return credit_balance
