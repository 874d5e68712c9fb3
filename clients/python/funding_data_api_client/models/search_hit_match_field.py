from enum import StrEnum


class SearchHitMatchField(StrEnum):
    DOMAIN = "domain"
    NAME = "name"

    def __str__(self) -> str:
        return str(self.value)
