from enum import StrEnum


class EntityFullType(StrEnum):
    ORGANIZATION = "organization"
    PERSON = "person"

    def __str__(self) -> str:
        return str(self.value)
