from enum import StrEnum


class EntityFullSubtypeType2Type1(StrEnum):
    COMPANY = "company"
    GOV_NGO = "gov_ngo"
    INVESTOR = "investor"
    UNIVERSITY = "university"

    def __str__(self) -> str:
        return str(self.value)
