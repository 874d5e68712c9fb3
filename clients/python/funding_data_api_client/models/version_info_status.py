from enum import StrEnum


class VersionInfoStatus(StrEnum):
    CURRENT = "current"
    DEPRECATED = "deprecated"
    SUNSET = "sunset"

    def __str__(self) -> str:
        return str(self.value)
