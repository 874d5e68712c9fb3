from enum import StrEnum


class GeoResponseMode(StrEnum):
    CLUSTERS = "clusters"
    POINTS = "points"

    def __str__(self) -> str:
        return str(self.value)
