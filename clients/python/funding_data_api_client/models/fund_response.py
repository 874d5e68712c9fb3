from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.fund import Fund


T = TypeVar("T", bound="FundResponse")


@_attrs_define
class FundResponse:
    """
    Attributes:
        data (Fund): A fund (capital vehicle) an investor raised.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: Fund
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fund import Fund

        d = dict(src_dict)
        data = Fund.from_dict(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        fund_response = cls(
            data=data,
            currency=currency,
        )

        return fund_response
