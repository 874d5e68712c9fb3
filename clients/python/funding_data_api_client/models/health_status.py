from enum import StrEnum


class HealthStatus(StrEnum):
    DRAINING = "draining"
    OK = "ok"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return str(self.value)
