from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.health_database_status import HealthDatabaseStatus

T = TypeVar("T", bound="HealthDatabase")


@_attrs_define
class HealthDatabase:
    """
    Attributes:
        status (HealthDatabaseStatus):
        latency_ms (float | None):
    """

    status: HealthDatabaseStatus
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
        status = HealthDatabaseStatus(d.pop("status"))

        def _parse_latency_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_ms = _parse_latency_ms(d.pop("latency_ms"))

        health_database = cls(
            status=status,
            latency_ms=latency_ms,
        )

        return health_database
