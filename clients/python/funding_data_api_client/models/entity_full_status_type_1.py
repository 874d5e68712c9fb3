from enum import StrEnum


class EntityFullStatusType1(StrEnum):
    ACQUIRED = "acquired"
    CLOSED = "closed"
    IPO = "ipo"
    OPERATING = "operating"

    def __str__(self) -> str:
        return str(self.value)
