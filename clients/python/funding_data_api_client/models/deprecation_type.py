from enum import StrEnum


class DeprecationType(StrEnum):
    FILTER_RETIRED = "filter_retired"
    PARAM_RETIRED = "param_retired"
    SORT_RETIRED = "sort_retired"

    def __str__(self) -> str:
        return str(self.value)
