from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookQueuedData")


@_attrs_define
class WebhookQueuedData:
    """
    Attributes:
        delivery_id (str):
    """

    delivery_id: str

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery_id": delivery_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        webhook_queued_data = cls(
            delivery_id=delivery_id,
        )

        return webhook_queued_data
