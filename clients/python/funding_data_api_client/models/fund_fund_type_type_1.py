from enum import StrEnum


class FundFundTypeType1(StrEnum):
    ACCELERATOR = "accelerator"
    BUYOUT = "buyout"
    CORPORATE = "corporate"
    DEBT = "debt"
    EVERGREEN = "evergreen"
    GROWTH = "growth"
    OPPORTUNITY = "opportunity"
    SEED = "seed"
    SOVEREIGN = "sovereign"
    SYNDICATE = "syndicate"
    VENTURE = "venture"

    def __str__(self) -> str:
        return str(self.value)
