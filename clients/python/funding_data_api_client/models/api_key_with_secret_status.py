from enum import StrEnum


class ApiKeyWithSecretStatus(StrEnum):
    ACTIVE = "active"
    DEACTIVATED = "deactivated"
    REVOKED = "revoked"

    def __str__(self) -> str:
        return str(self.value)
