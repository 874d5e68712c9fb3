from enum import StrEnum


class GeoCompaniesMode(StrEnum):
    CLUSTERS = "clusters"
    POINTS = "points"

    def __str__(self) -> str:
        return str(self.value)
