from enum import StrEnum


class LockedFieldReason(StrEnum):
    ACCOUNT_REQUIRED = "ACCOUNT_REQUIRED"
    PREMIUM_REQUIRED = "PREMIUM_REQUIRED"

    def __str__(self) -> str:
        return str(self.value)
