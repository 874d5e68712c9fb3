from enum import StrEnum


class MatchCandidateMatchedOnItem(StrEnum):
    CITY = "city"
    COUNTRY = "country"
    CRUNCHBASE = "crunchbase"
    DOMAIN = "domain"
    LINKEDIN = "linkedin"
    NAME = "name"
    TWITTER = "twitter"
    WEBSITE = "website"

    def __str__(self) -> str:
        return str(self.value)
