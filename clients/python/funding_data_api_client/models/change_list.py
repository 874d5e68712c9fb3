from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.change import Change
    from ..models.change_page import ChangePage


T = TypeVar("T", bound="ChangeList")


@_attrs_define
class ChangeList:
    """
    Attributes:
        data (list[Change]):
        page (ChangePage):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: list[Change]
    page: ChangePage
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page = self.page.to_dict()

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "page": page,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.change import Change
        from ..models.change_page import ChangePage

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Change.from_dict(data_item_data)

            data.append(data_item)

        page = ChangePage.from_dict(d.pop("page"))

        currency = CurrencyCode(d.pop("currency"))

        change_list = cls(
            data=data,
            page=page,
            currency=currency,
        )

        return change_list
