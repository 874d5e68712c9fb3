from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.database_probe_status import DatabaseProbeStatus

T = TypeVar("T", bound="DatabaseProbe")


@_attrs_define
class DatabaseProbe:
    """
    Attributes:
        status (DatabaseProbeStatus):
        latency_ms (float | None):
    """

    status: DatabaseProbeStatus
    latency_ms: float | None

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        latency_ms: float | None
        latency_ms = self.latency_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "latency_ms": latency_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = DatabaseProbeStatus(d.pop("status"))

        def _parse_latency_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_ms = _parse_latency_ms(d.pop("latency_ms"))

        database_probe = cls(
            status=status,
            latency_ms=latency_ms,
        )

        return database_probe
