from enum import StrEnum


class Scope(StrEnum):
    MANAGEDATA = "manage:data"
    MANAGEPLATFORM = "manage:platform"
    READANALYTICS = "read:analytics"
    READENTITIES = "read:entities"
    READFOUNDERS = "read:founders"
    READINVESTORS = "read:investors"
    READTRANSACTIONS = "read:transactions"
    READVALUATIONS = "read:valuations"

    def __str__(self) -> str:
        return str(self.value)
