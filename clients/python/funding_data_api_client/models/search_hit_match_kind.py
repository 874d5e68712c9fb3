from enum import StrEnum


class SearchHitMatchKind(StrEnum):
    EXACT = "exact"
    FUZZY = "fuzzy"
    NORMALIZED = "normalized"
    PREFIX = "prefix"
    SUBSTRING = "substring"

    def __str__(self) -> str:
        return str(self.value)
