from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.ecosystem_place import EcosystemPlace


T = TypeVar("T", bound="Ecosystem")


@_attrs_define
class Ecosystem:
    """
    Attributes:
        id (str): Slug, as tokens carry it. Example: berlin.
        name (str):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
        places (list[EcosystemPlace]): The places it covers.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    currency: CurrencyCode
    places: list[EcosystemPlace]
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        currency = self.currency.value

        places = []
        for places_item_data in self.places:
            places_item = places_item_data.to_dict()
            places.append(places_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "currency": currency,
                "places": places,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ecosystem_place import EcosystemPlace

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        currency = CurrencyCode(d.pop("currency"))

        places = []
        _places = d.pop("places")
        for places_item_data in _places:
            places_item = EcosystemPlace.from_dict(places_item_data)

            places.append(places_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        ecosystem = cls(
            id=id,
            name=name,
            currency=currency,
            places=places,
            created_at=created_at,
            updated_at=updated_at,
        )

        return ecosystem
