from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.readiness_migrations_status import ReadinessMigrationsStatus

T = TypeVar("T", bound="ReadinessMigrations")


@_attrs_define
class ReadinessMigrations:
    """
    Attributes:
        status (ReadinessMigrationsStatus): `unknown` when the database does not answer.
        pending (list[str]): Migrations of this build not applied to the database.
    """

    status: ReadinessMigrationsStatus
    pending: list[str]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        pending = self.pending

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "pending": pending,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = ReadinessMigrationsStatus(d.pop("status"))

        pending = cast(list[str], d.pop("pending"))

        readiness_migrations = cls(
            status=status,
            pending=pending,
        )

        return readiness_migrations
