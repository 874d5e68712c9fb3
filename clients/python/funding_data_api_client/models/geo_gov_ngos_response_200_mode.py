from enum import StrEnum


class GeoGovNgosResponse200Mode(StrEnum):
    CLUSTERS = "clusters"
    POINTS = "points"

    def __str__(self) -> str:
        return str(self.value)
