from enum import StrEnum


class EntitySummarySubtypeType3Type1(StrEnum):
    COMPANY = "company"
    GOV_NGO = "gov_ngo"
    INVESTOR = "investor"
    UNIVERSITY = "university"

    def __str__(self) -> str:
        return str(self.value)
