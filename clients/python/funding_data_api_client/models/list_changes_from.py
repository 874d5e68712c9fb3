from enum import StrEnum


class ListChangesFrom(StrEnum):
    LATEST = "latest"
    OLDEST = "oldest"

    def __str__(self) -> str:
        return str(self.value)
