from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="GeoItem")


@_attrs_define
class GeoItem:
    """A map item. Mode `points`: an entity at its headquarters city, with `entity` and
    `signal_rating`. Mode `clusters`: the entities of one grid cell at the centroid of their
    positions, with `count`. One object rather than a union of the two shapes, which several
    generated clients cannot tell apart (docs/clients.md).

        Attributes:
            lat (float):
            lon (float):
            entity (EntityRef | Unset):
            signal_rating (float | None | Unset): The entity's signal rating (mode `points` only).
            count (int | Unset): The entities in the cell (mode `clusters` only).
    """

    lat: float
    lon: float
    entity: EntityRef | Unset = UNSET
    signal_rating: float | None | Unset = UNSET
    count: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        lat = self.lat

        lon = self.lon

        entity: dict[str, Any] | Unset = UNSET
        if not isinstance(self.entity, Unset):
            entity = self.entity.to_dict()

        signal_rating: float | None | Unset
        if isinstance(self.signal_rating, Unset):
            signal_rating = UNSET
        else:
            signal_rating = self.signal_rating

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lat": lat,
                "lon": lon,
            }
        )
        if entity is not UNSET:
            field_dict["entity"] = entity
        if signal_rating is not UNSET:
            field_dict["signal_rating"] = signal_rating
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        lat = d.pop("lat")

        lon = d.pop("lon")

        _entity = d.pop("entity", UNSET)
        entity: EntityRef | Unset
        if isinstance(_entity, Unset):
            entity = UNSET
        else:
            entity = EntityRef.from_dict(_entity)

        def _parse_signal_rating(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating", UNSET))

        count = d.pop("count", UNSET)

        geo_item = cls(
            lat=lat,
            lon=lon,
            entity=entity,
            signal_rating=signal_rating,
            count=count,
        )

        return geo_item
