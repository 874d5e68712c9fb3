from enum import StrEnum


class FundStatusType1(StrEnum):
    ACTIVE = "active"
    CLOSED = "closed"
    FUNDRAISING = "fundraising"

    def __str__(self) -> str:
        return str(self.value)
