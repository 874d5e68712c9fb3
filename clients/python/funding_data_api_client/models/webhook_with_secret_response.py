from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_with_secret import WebhookWithSecret


T = TypeVar("T", bound="WebhookWithSecretResponse")


@_attrs_define
class WebhookWithSecretResponse:
    """
    Attributes:
        data (WebhookWithSecret): A webhook with its signing secret (`whsec_` and base64), which is shown only once.
    """

    data: WebhookWithSecret

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
        from ..models.webhook_with_secret import WebhookWithSecret

        d = dict(src_dict)
        data = WebhookWithSecret.from_dict(d.pop("data"))

        webhook_with_secret_response = cls(
            data=data,
        )

        return webhook_with_secret_response
