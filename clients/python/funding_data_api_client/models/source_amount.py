from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

T = TypeVar("T", bound="SourceAmount")


@_attrs_define
class SourceAmount:
    """An amount as announced, in its original currency.

    Attributes:
        amount (int):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    amount: int
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency.value

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

        currency = CurrencyCode(d.pop("currency"))

        source_amount = cls(
            amount=amount,
            currency=currency,
        )

        return source_amount
