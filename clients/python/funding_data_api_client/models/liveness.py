from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.liveness_status import LivenessStatus

T = TypeVar("T", bound="Liveness")


@_attrs_define
class Liveness:
    """
    Attributes:
        status (LivenessStatus):
        draining (bool):
        uptime_s (float):
    """

    status: LivenessStatus
    draining: bool
    uptime_s: float

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        draining = self.draining

        uptime_s = self.uptime_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "draining": draining,
                "uptime_s": uptime_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = LivenessStatus(d.pop("status"))

        draining = d.pop("draining")

        uptime_s = d.pop("uptime_s")

        liveness = cls(
            status=status,
            draining=draining,
            uptime_s=uptime_s,
        )

        return liveness
