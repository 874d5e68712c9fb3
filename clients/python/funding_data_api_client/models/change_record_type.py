from enum import StrEnum


class ChangeRecordType(StrEnum):
    COMPANY = "company"
    FUND = "fund"
    GOV_NGO = "gov_ngo"
    INVESTOR = "investor"
    JOB = "job"
    NEWS = "news"
    PERSON = "person"
    TRANSACTION = "transaction"
    UNIVERSITY = "university"
    VALUATION = "valuation"

    def __str__(self) -> str:
        return str(self.value)
