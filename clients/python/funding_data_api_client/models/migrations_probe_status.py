from enum import StrEnum


class MigrationsProbeStatus(StrEnum):
    CURRENT = "current"
    PENDING = "pending"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return str(self.value)
