from enum import StrEnum


class ValuationSourceType2Type1(StrEnum):
    ESTIMATE = "estimate"
    FUNDING_ROUND = "funding_round"
    PUBLIC_MARKET = "public_market"
    SECONDARY = "secondary"

    def __str__(self) -> str:
        return str(self.value)
