from enum import StrEnum


class FilterKeyType(StrEnum):
    BOOLEAN = "boolean"
    DATETIME = "datetime"
    ENUM = "enum"
    INTEGER = "integer"
    MONEY = "money"
    NUMBER = "number"
    PARTIAL_DATE = "partial_date"
    PLACE = "place"
    STRING = "string"
    UUID = "uuid"

    def __str__(self) -> str:
        return str(self.value)
