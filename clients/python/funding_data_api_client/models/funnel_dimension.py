from enum import StrEnum


class FunnelDimension(StrEnum):
    BUSINESS_MODEL = "business_model"
    CITY = "city"
    CLIENT_FOCUS = "client_focus"
    CONTINENT = "continent"
    COUNTRY = "country"
    INCOME_STREAM = "income_stream"
    INVESTOR_TYPE = "investor_type"
    REGION = "region"
    SECTOR = "sector"
    TECHNOLOGY = "technology"

    def __str__(self) -> str:
        return str(self.value)
