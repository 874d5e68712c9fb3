from enum import StrEnum


class SearchHitMatchKind(StrEnum):
    EXACT = "exact"
    PREFIX = "prefix"
    SUBSTRING = "substring"

    def __str__(self) -> str:
        return str(self.value)
