from enum import StrEnum


class ListCompaniesFormat(StrEnum):
    CSV = "csv"
    JSON = "json"
    NDJSON = "ndjson"

    def __str__(self) -> str:
        return str(self.value)
