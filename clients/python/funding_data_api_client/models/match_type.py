from enum import StrEnum


class MatchType(StrEnum):
    COMPANY = "company"
    GOV_NGO = "gov_ngo"
    INVESTOR = "investor"
    PERSON = "person"
    UNIVERSITY = "university"

    def __str__(self) -> str:
        return str(self.value)
