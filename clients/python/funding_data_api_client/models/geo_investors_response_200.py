from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode
from ..models.geo_investors_response_200_mode import GeoInvestorsResponse200Mode

if TYPE_CHECKING:
    from ..models.geo_cluster import GeoCluster
    from ..models.geo_point import GeoPoint


T = TypeVar("T", bound="GeoInvestorsResponse200")


@_attrs_define
class GeoInvestorsResponse200:
    """
    Attributes:
        mode (GeoInvestorsResponse200Mode):
        data (list[GeoCluster | GeoPoint]):
        truncated (bool): More items matched than `limit`.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    mode: GeoInvestorsResponse200Mode
    data: list[GeoCluster | GeoPoint]
    truncated: bool
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        from ..models.geo_point import GeoPoint

        mode = self.mode.value

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if isinstance(data_item_data, GeoPoint):
                data_item = data_item_data.to_dict()
            else:
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
        from ..models.geo_cluster import GeoCluster
        from ..models.geo_point import GeoPoint

        d = dict(src_dict)
        mode = GeoInvestorsResponse200Mode(d.pop("mode"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(data: object) -> GeoCluster | GeoPoint:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    data_item_type_0 = GeoPoint.from_dict(data)

                    return data_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                data_item_type_1 = GeoCluster.from_dict(data)

                return data_item_type_1

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        truncated = d.pop("truncated")

        currency = CurrencyCode(d.pop("currency"))

        geo_investors_response_200 = cls(
            mode=mode,
            data=data,
            truncated=truncated,
            currency=currency,
        )

        return geo_investors_response_200
