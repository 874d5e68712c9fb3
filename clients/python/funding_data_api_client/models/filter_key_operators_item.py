from enum import StrEnum


class FilterKeyOperatorsItem(StrEnum):
    EQ = "eq"
    GT = "gt"
    GTE = "gte"
    IN_ALL = "in_all"
    IN_ANY = "in_any"
    LT = "lt"
    LTE = "lte"
    NEQ = "neq"
    NIN_ALL = "nin_all"
    NIN_ANY = "nin_any"

    def __str__(self) -> str:
        return str(self.value)
