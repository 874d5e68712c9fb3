from enum import StrEnum


class ApiKeyStatus(StrEnum):
    ACTIVE = "active"
    DEACTIVATED = "deactivated"
    REVOKED = "revoked"

    def __str__(self) -> str:
        return str(self.value)
