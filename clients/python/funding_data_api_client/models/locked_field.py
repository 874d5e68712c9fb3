from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.locked_field_reason import LockedFieldReason

T = TypeVar("T", bound="LockedField")


@_attrs_define
class LockedField:
    """
    Attributes:
        field (str): Dotted path of the withheld field.
        reason (LockedFieldReason):
    """

    field: str
    reason: LockedFieldReason

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        reason = self.reason.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        reason = LockedFieldReason(d.pop("reason"))

        locked_field = cls(
            field=field,
            reason=reason,
        )

        return locked_field
