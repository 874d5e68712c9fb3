from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.change import Change
    from ..models.webhook_test_data import WebhookTestData


T = TypeVar("T", bound="WebhookEvent")


@_attrs_define
class WebhookEvent:
    """The body of a delivery; its `webhook-id` header is stable across retries and replays.

    Attributes:
        type_ (str): The event type, or `webhook.test`.
        timestamp (datetime.datetime):
        data (Change | WebhookTestData): The change as the change feed lists it (fetch the record from its endpoint or
            with `include=record`); for `webhook.test`, `{"webhook_id"}`.
    """

    type_: str
    timestamp: datetime.datetime
    data: Change | WebhookTestData

    def to_dict(self) -> dict[str, Any]:
        from ..models.change import Change

        type_ = self.type_

        timestamp = self.timestamp.isoformat()

        data: dict[str, Any]
        if isinstance(self.data, Change):
            data = self.data.to_dict()
        else:
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.change import Change
        from ..models.webhook_test_data import WebhookTestData

        d = dict(src_dict)
        type_ = d.pop("type")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        def _parse_data(data: object) -> Change | WebhookTestData:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_webhook_event_data_type_0 = Change.from_dict(data)

                return componentsschemas_webhook_event_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_webhook_event_data_type_1 = WebhookTestData.from_dict(
                data
            )

            return componentsschemas_webhook_event_data_type_1

        data = _parse_data(d.pop("data"))

        webhook_event = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        return webhook_event
