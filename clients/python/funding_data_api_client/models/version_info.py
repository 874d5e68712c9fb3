from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.version_info_status import VersionInfoStatus

T = TypeVar("T", bound="VersionInfo")


@_attrs_define
class VersionInfo:
    """
    Attributes:
        date (datetime.date):
        status (VersionInfoStatus):
        sunset (datetime.date | None):
        changes (list[str]):
    """

    date: datetime.date
    status: VersionInfoStatus
    sunset: datetime.date | None
    changes: list[str]

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        status = self.status.value

        sunset: None | str
        if isinstance(self.sunset, datetime.date):
            sunset = self.sunset.isoformat()
        else:
            sunset = self.sunset

        changes = self.changes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "status": status,
                "sunset": sunset,
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        status = VersionInfoStatus(d.pop("status"))

        def _parse_sunset(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                sunset_type_0 = datetime.date.fromisoformat(data)

                return sunset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        sunset = _parse_sunset(d.pop("sunset"))

        changes = cast(list[str], d.pop("changes"))

        version_info = cls(
            date=date,
            status=status,
            sunset=sunset,
            changes=changes,
        )

        return version_info
