from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="GeoPoint")


@_attrs_define
class GeoPoint:
    """An entity on the map, at its headquarters city.

    Attributes:
        entity (EntityRef):
        signal_rating (float | None):
        lat (float):
        lon (float):
    """

    entity: EntityRef
    signal_rating: float | None
    lat: float
    lon: float

    def to_dict(self) -> dict[str, Any]:
        entity = self.entity.to_dict()

        signal_rating: float | None
        signal_rating = self.signal_rating

        lat = self.lat

        lon = self.lon

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entity": entity,
                "signal_rating": signal_rating,
                "lat": lat,
                "lon": lon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        entity = EntityRef.from_dict(d.pop("entity"))

        def _parse_signal_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating"))

        lat = d.pop("lat")

        lon = d.pop("lon")

        geo_point = cls(
            entity=entity,
            signal_rating=signal_rating,
            lat=lat,
            lon=lon,
        )

        return geo_point
