from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FundAmountSourceType1")


@_attrs_define
class FundAmountSourceType1:
    """
    Attributes:
        amount (int):
        currency (str):
    """

    amount: int
    currency: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        currency = d.pop("currency")

        fund_amount_source_type_1 = cls(
            amount=amount,
            currency=currency,
        )

        return fund_amount_source_type_1
