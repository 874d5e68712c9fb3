from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode
from ..models.geo_response_mode import GeoResponseMode

if TYPE_CHECKING:
    from ..models.geo_item import GeoItem


T = TypeVar("T", bound="GeoResponse")


@_attrs_define
class GeoResponse:
    """
    Attributes:
        mode (GeoResponseMode):
        data (list[GeoItem]):
        truncated (bool): More items matched than `limit`.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    mode: GeoResponseMode
    data: list[GeoItem]
    truncated: bool
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        truncated = self.truncated

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "data": data,
                "truncated": truncated,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.geo_item import GeoItem

        d = dict(src_dict)
        mode = GeoResponseMode(d.pop("mode"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = GeoItem.from_dict(data_item_data)

            data.append(data_item)

        truncated = d.pop("truncated")

        currency = CurrencyCode(d.pop("currency"))

        geo_response = cls(
            mode=mode,
            data=data,
            truncated=truncated,
            currency=currency,
        )

        return geo_response
