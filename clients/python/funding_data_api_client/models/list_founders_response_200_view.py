from enum import StrEnum


class ListFoundersResponse200View(StrEnum):
    FULL = "full"
    SUMMARY = "summary"

    def __str__(self) -> str:
        return str(self.value)
