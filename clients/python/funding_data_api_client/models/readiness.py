from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.readiness_status import ReadinessStatus

if TYPE_CHECKING:
    from ..models.database_probe import DatabaseProbe
    from ..models.migrations_probe import MigrationsProbe


T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        status (ReadinessStatus):
        database (DatabaseProbe):
        migrations (MigrationsProbe):
    """

    status: ReadinessStatus
    database: DatabaseProbe
    migrations: MigrationsProbe

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        database = self.database.to_dict()

        migrations = self.migrations.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "database": database,
                "migrations": migrations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.database_probe import DatabaseProbe
        from ..models.migrations_probe import MigrationsProbe

        d = dict(src_dict)
        status = ReadinessStatus(d.pop("status"))

        database = DatabaseProbe.from_dict(d.pop("database"))

        migrations = MigrationsProbe.from_dict(d.pop("migrations"))

        readiness = cls(
            status=status,
            database=database,
            migrations=migrations,
        )

        return readiness
