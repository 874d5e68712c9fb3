from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookTestData")


@_attrs_define
class WebhookTestData:
    """
    Attributes:
        webhook_id (str):
    """

    webhook_id: str

    def to_dict(self) -> dict[str, Any]:
        webhook_id = self.webhook_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook_id": webhook_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        webhook_id = d.pop("webhook_id")

        webhook_test_data = cls(
            webhook_id=webhook_id,
        )

        return webhook_test_data
