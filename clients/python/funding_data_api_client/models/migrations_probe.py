from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.migrations_probe_status import MigrationsProbeStatus

T = TypeVar("T", bound="MigrationsProbe")


@_attrs_define
class MigrationsProbe:
    """
    Attributes:
        status (MigrationsProbeStatus): `unknown` when the database does not answer.
        pending (list[str]): Migrations of this build not applied to the database.
    """

    status: MigrationsProbeStatus
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
        status = MigrationsProbeStatus(d.pop("status"))

        pending = cast(list[str], d.pop("pending"))

        migrations_probe = cls(
            status=status,
            pending=pending,
        )

        return migrations_probe
