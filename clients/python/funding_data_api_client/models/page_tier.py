from enum import StrEnum


class PageTier(StrEnum):
    ANONYMOUS = "anonymous"
    FREE = "free"
    PREMIUM = "premium"

    def __str__(self) -> str:
        return str(self.value)
