from enum import StrEnum


class CreateImportType(StrEnum):
    COMPANIES = "companies"
    ENTITIES = "entities"
    FOUNDERS = "founders"
    FUNDS = "funds"
    GOV_NGO = "gov-ngo"
    INVESTORS = "investors"
    JOBS = "jobs"
    NEWS = "news"
    PEOPLE = "people"
    RECORDS = "records"
    TRANSACTIONS = "transactions"
    UNIVERSITIES = "universities"
    VALUATIONS = "valuations"

    def __str__(self) -> str:
        return str(self.value)
