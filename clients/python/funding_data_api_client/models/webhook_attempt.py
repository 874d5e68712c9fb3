from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_attempt_delivery_status import WebhookAttemptDeliveryStatus

T = TypeVar("T", bound="WebhookAttempt")


@_attrs_define
class WebhookAttempt:
    """
    Attributes:
        delivery_id (str): The `webhook-id` of the delivery.
        event_type (str):
        at (datetime.datetime):
        success (bool):
        status_code (int | None): The answer's HTTP status; null when none came.
        latency_ms (int):
        error (None | str):
        delivery_status (WebhookAttemptDeliveryStatus):
        attempts (int): Attempts of the delivery so far.
    """

    delivery_id: str
    event_type: str
    at: datetime.datetime
    success: bool
    status_code: int | None
    latency_ms: int
    error: None | str
    delivery_status: WebhookAttemptDeliveryStatus
    attempts: int

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        event_type = self.event_type

        at = self.at.isoformat()

        success = self.success

        status_code: int | None
        status_code = self.status_code

        latency_ms = self.latency_ms

        error: None | str
        error = self.error

        delivery_status = self.delivery_status.value

        attempts = self.attempts

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery_id": delivery_id,
                "event_type": event_type,
                "at": at,
                "success": success,
                "status_code": status_code,
                "latency_ms": latency_ms,
                "error": error,
                "delivery_status": delivery_status,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        event_type = d.pop("event_type")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        success = d.pop("success")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        latency_ms = d.pop("latency_ms")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        delivery_status = WebhookAttemptDeliveryStatus(d.pop("delivery_status"))

        attempts = d.pop("attempts")

        webhook_attempt = cls(
            delivery_id=delivery_id,
            event_type=event_type,
            at=at,
            success=success,
            status_code=status_code,
            latency_ms=latency_ms,
            error=error,
            delivery_status=delivery_status,
            attempts=attempts,
        )

        return webhook_attempt
