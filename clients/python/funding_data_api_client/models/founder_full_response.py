from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.founder_full import FounderFull


T = TypeVar("T", bound="FounderFullResponse")


@_attrs_define
class FounderFullResponse:
    """
    Attributes:
        data (FounderFull): The founder (person) row, `view=full`.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: FounderFull
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
        from ..models.founder_full import FounderFull

        d = dict(src_dict)
        data = FounderFull.from_dict(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        founder_full_response = cls(
            data=data,
            currency=currency,
        )

        return founder_full_response
