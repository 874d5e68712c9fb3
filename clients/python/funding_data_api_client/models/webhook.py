from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType
from ..models.webhook_status import WebhookStatus

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (str):
        url (str):
        events (list[WebhookEventType]):
        filter_ (None | str):
        description (None | str):
        status (WebhookStatus):
        disabled_reason (None | str):
        failing_since (datetime.datetime | None): Since when every attempt has failed; null while deliveries succeed.
        created_at (datetime.datetime):
    """

    id: str
    url: str
    events: list[WebhookEventType]
    filter_: None | str
    description: None | str
    status: WebhookStatus
    disabled_reason: None | str
    failing_since: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        filter_: None | str
        filter_ = self.filter_

        description: None | str
        description = self.description

        status = self.status.value

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        failing_since: None | str
        if isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "filter": filter_,
                "description": description,
                "status": status,
                "disabled_reason": disabled_reason,
                "failing_since": failing_since,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEventType(events_item_data)

            events.append(events_item)

        def _parse_filter_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filter_ = _parse_filter_(d.pop("filter"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        status = WebhookStatus(d.pop("status"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook = cls(
            id=id,
            url=url,
            events=events,
            filter_=filter_,
            description=description,
            status=status,
            disabled_reason=disabled_reason,
            failing_since=failing_since,
            created_at=created_at,
        )

        return webhook
