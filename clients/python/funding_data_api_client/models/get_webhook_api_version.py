from enum import StrEnum


class GetWebhookAPIVersion(StrEnum):
    VALUE_0 = "2026-10-09"

    def __str__(self) -> str:
        return str(self.value)
