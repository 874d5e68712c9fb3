from enum import StrEnum


class EcosystemPlaceKind(StrEnum):
    CITY = "city"
    CONTINENT = "continent"
    COUNTRY = "country"
    REGION = "region"
    STATE = "state"

    def __str__(self) -> str:
        return str(self.value)
