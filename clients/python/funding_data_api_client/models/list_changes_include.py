from enum import StrEnum


class ListChangesInclude(StrEnum):
    RECORD = "record"

    def __str__(self) -> str:
        return str(self.value)
