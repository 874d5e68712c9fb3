from enum import StrEnum


class TaxonomyItemType(StrEnum):
    BUSINESS_MODEL = "business_model"
    CLIENT_FOCUS = "client_focus"
    INCOME_STREAM = "income_stream"
    INDUSTRY_TAG = "industry_tag"
    SECTOR = "sector"
    TECHNOLOGY = "technology"

    def __str__(self) -> str:
        return str(self.value)
