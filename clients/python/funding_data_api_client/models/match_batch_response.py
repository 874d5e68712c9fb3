from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.match_result import MatchResult


T = TypeVar("T", bound="MatchBatchResponse")


@_attrs_define
class MatchBatchResponse:
    """
    Attributes:
        data (list[MatchResult]):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: list[MatchResult]
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

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
        from ..models.match_result import MatchResult

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = MatchResult.from_dict(data_item_data)

            data.append(data_item)

        currency = CurrencyCode(d.pop("currency"))

        match_batch_response = cls(
            data=data,
            currency=currency,
        )

        return match_batch_response
