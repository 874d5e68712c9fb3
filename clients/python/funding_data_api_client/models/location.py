from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.location_role import LocationRole

if TYPE_CHECKING:
    from ..models.id_name import IdName


T = TypeVar("T", bound="Location")


@_attrs_define
class Location:
    """
    Attributes:
        role (LocationRole): `hq` or `office` (persons: `home`).
        city (IdName):
        state (IdName | None):
        country (IdName):
        continent (IdName):
        lat (float):
        lon (float):
    """

    role: LocationRole
    city: IdName
    state: IdName | None
    country: IdName
    continent: IdName
    lat: float
    lon: float

    def to_dict(self) -> dict[str, Any]:
        from ..models.id_name import IdName

        role = self.role.value

        city = self.city.to_dict()

        state: dict[str, Any] | None
        if isinstance(self.state, IdName):
            state = self.state.to_dict()
        else:
            state = self.state

        country = self.country.to_dict()

        continent = self.continent.to_dict()

        lat = self.lat

        lon = self.lon

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
                "city": city,
                "state": state,
                "country": country,
                "continent": continent,
                "lat": lat,
                "lon": lon,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.id_name import IdName

        d = dict(src_dict)
        role = LocationRole(d.pop("role"))

        city = IdName.from_dict(d.pop("city"))

        def _parse_state(data: object) -> IdName | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                state_type_0 = IdName.from_dict(data)

                return state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IdName | None, data)

        state = _parse_state(d.pop("state"))

        country = IdName.from_dict(d.pop("country"))

        continent = IdName.from_dict(d.pop("continent"))

        lat = d.pop("lat")

        lon = d.pop("lon")

        location = cls(
            role=role,
            city=city,
            state=state,
            country=country,
            continent=continent,
            lat=lat,
            lon=lon,
        )

        return location
