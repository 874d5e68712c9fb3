from enum import StrEnum


class ListGovNgosFormat(StrEnum):
    JSON = "json"
    NDJSON = "ndjson"

    def __str__(self) -> str:
        return str(self.value)
