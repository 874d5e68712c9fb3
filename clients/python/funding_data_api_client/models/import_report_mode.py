from enum import StrEnum


class ImportReportMode(StrEnum):
    ALL_OR_NOTHING = "all-or-nothing"
    SKIP_INVALID = "skip-invalid"

    def __str__(self) -> str:
        return str(self.value)
