from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.health_status import HealthStatus

if TYPE_CHECKING:
    from ..models.database_probe import DatabaseProbe


T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (HealthStatus): `draining`: the process got SIGTERM and finishes what it has.
        database (DatabaseProbe):
        version (str): Latest API version served.
        time (datetime.datetime):
    """

    status: HealthStatus
    database: DatabaseProbe
    version: str
    time: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        database = self.database.to_dict()

        version = self.version

        time = self.time.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "database": database,
                "version": version,
                "time": time,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.database_probe import DatabaseProbe

        d = dict(src_dict)
        status = HealthStatus(d.pop("status"))

        database = DatabaseProbe.from_dict(d.pop("database"))

        version = d.pop("version")

        time = datetime.datetime.fromisoformat(d.pop("time"))

        health = cls(
            status=status,
            database=database,
            version=version,
            time=time,
        )

        return health
