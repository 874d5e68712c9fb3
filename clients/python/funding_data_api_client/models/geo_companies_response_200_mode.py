from enum import StrEnum


class GeoCompaniesResponse200Mode(StrEnum):
    CLUSTERS = "clusters"
    POINTS = "points"

    def __str__(self) -> str:
        return str(self.value)
