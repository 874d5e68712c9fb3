from enum import StrEnum


class LocationRole(StrEnum):
    HOME = "home"
    HQ = "hq"
    OFFICE = "office"

    def __str__(self) -> str:
        return str(self.value)
