from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookRotation")


@_attrs_define
class WebhookRotation:
    """
    Attributes:
        overlap_seconds (int | Unset):  Default: 86400.
    """

    overlap_seconds: int | Unset = 86400

    def to_dict(self) -> dict[str, Any]:
        overlap_seconds = self.overlap_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if overlap_seconds is not UNSET:
            field_dict["overlap_seconds"] = overlap_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        overlap_seconds = d.pop("overlap_seconds", UNSET)

        webhook_rotation = cls(
            overlap_seconds=overlap_seconds,
        )

        return webhook_rotation
