from enum import StrEnum


class HeatmapMetric(StrEnum):
    AVG_AMOUNT = "avg_amount"
    COMPANY_COUNT = "company_count"
    COUNT = "count"
    MEDIAN_AMOUNT = "median_amount"
    TOTAL_AMOUNT = "total_amount"

    def __str__(self) -> str:
        return str(self.value)
