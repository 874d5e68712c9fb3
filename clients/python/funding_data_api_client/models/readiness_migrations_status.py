from enum import StrEnum


class ReadinessMigrationsStatus(StrEnum):
    CURRENT = "current"
    PENDING = "pending"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
