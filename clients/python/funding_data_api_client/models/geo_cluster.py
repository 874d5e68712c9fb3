from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GeoCluster")


@_attrs_define
class GeoCluster:
    """Entities of one grid cell, at the centroid of their positions.

    Attributes:
        lat (float):
        lon (float):
        count (int):
    """

    lat: float
    lon: float
    count: int

    def to_dict(self) -> dict[str, Any]:
        lat = self.lat

        lon = self.lon

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lat": lat,
                "lon": lon,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lat = d.pop("lat")

        lon = d.pop("lon")

        count = d.pop("count")

        geo_cluster = cls(
            lat=lat,
            lon=lon,
            count=count,
        )

        return geo_cluster
