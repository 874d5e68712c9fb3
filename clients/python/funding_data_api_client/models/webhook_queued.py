from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_queued_data import WebhookQueuedData


T = TypeVar("T", bound="WebhookQueued")


@_attrs_define
class WebhookQueued:
    """
    Attributes:
        data (WebhookQueuedData):
    """

    data: WebhookQueuedData

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_queued_data import WebhookQueuedData

        d = dict(src_dict)
        data = WebhookQueuedData.from_dict(d.pop("data"))

        webhook_queued = cls(
            data=data,
        )

        return webhook_queued
