from enum import StrEnum


class LivenessStatus(StrEnum):
    ALIVE = "alive"

    def __str__(self) -> str:
        return str(self.value)
