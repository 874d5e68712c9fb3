from enum import StrEnum


class GetTimeseriesInterval(StrEnum):
    MONTH = "month"
    QUARTER = "quarter"
    YEAR = "year"

    def __str__(self) -> str:
        return str(self.value)
