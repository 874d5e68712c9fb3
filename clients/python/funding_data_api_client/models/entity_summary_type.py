from enum import StrEnum


class EntitySummaryType(StrEnum):
    ORGANIZATION = "organization"
    PERSON = "person"

    def __str__(self) -> str:
        return str(self.value)
