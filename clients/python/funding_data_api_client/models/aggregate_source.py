from enum import StrEnum


class AggregateSource(StrEnum):
    COMPANIES = "companies"
    ENTITIES = "entities"
    FOUNDERS = "founders"
    FUNDING_ROUNDS = "funding-rounds"
    GOV_NGO = "gov-ngo"
    INVESTORS = "investors"
    UNIVERSITIES = "universities"

    def __str__(self) -> str:
        return str(self.value)
