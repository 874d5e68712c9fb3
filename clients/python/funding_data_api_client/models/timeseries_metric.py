from enum import StrEnum


class TimeseriesMetric(StrEnum):
    AVG_AMOUNT = "avg_amount"
    AVG_VALUATION = "avg_valuation"
    COUNT = "count"
    MAX_AMOUNT = "max_amount"
    MAX_VALUATION = "max_valuation"
    MEDIAN_AMOUNT = "median_amount"
    MEDIAN_VALUATION = "median_valuation"
    MIN_AMOUNT = "min_amount"
    MIN_VALUATION = "min_valuation"
    SUM_AMOUNT = "sum_amount"
    SUM_VALUATION = "sum_valuation"

    def __str__(self) -> str:
        return str(self.value)
