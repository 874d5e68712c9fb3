from enum import StrEnum


class NewsArticleArticleTypeType2Type1(StrEnum):
    ACQUISITION = "acquisition"
    FUNDING = "funding"
    PARTNERSHIP = "partnership"
    PEOPLE = "people"
    PRODUCT = "product"

    def __str__(self) -> str:
        return str(self.value)
