from enum import StrEnum


class ListUniversitiesFormat(StrEnum):
    JSON = "json"
    NDJSON = "ndjson"

    def __str__(self) -> str:
        return str(self.value)
