from enum import StrEnum


class FundStatusType2Type1(StrEnum):
    ACTIVE = "active"
    CLOSED = "closed"
    FUNDRAISING = "fundraising"

    def __str__(self) -> str:
        return str(self.value)
