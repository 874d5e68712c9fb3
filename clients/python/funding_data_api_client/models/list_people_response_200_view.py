from enum import StrEnum


class ListPeopleResponse200View(StrEnum):
    FULL = "full"
    SUMMARY = "summary"

    def __str__(self) -> str:
        return str(self.value)
