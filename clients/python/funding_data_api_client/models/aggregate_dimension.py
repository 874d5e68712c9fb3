from enum import StrEnum


class AggregateDimension(StrEnum):
    BUSINESS_MODEL = "business_model"
    CITY = "city"
    CLIENT_FOCUS = "client_focus"
    CONTINENT = "continent"
    COUNTRY = "country"
    GENDER = "gender"
    INCOME_STREAM = "income_stream"
    INDUSTRY_TAGS = "industry_tags"
    INVESTOR_CONTINENT = "investor_continent"
    INVESTOR_COUNTRY = "investor_country"
    INVESTOR_TYPE = "investor_type"
    LAUNCH_YEAR = "launch_year"
    REGION = "region"
    ROUND_QUARTER = "round_quarter"
    ROUND_TYPE = "round_type"
    ROUND_YEAR = "round_year"
    SECTOR = "sector"
    STANDARDIZED_ROUND = "standardized_round"
    STATUS = "status"
    SUBTYPE = "subtype"
    TECHNOLOGY = "technology"

    def __str__(self) -> str:
        return str(self.value)
