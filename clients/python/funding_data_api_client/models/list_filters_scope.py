from enum import StrEnum


class ListFiltersScope(StrEnum):
    ENTITY = "entity"
    FUND = "fund"
    FUNDING = "funding"
    JOB = "job"
    NEWS = "news"
    NOTE = "note"
    VALUATION = "valuation"

    def __str__(self) -> str:
        return str(self.value)
