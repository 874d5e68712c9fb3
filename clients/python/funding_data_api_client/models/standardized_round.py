from enum import StrEnum


class StandardizedRound(StrEnum):
    BRIDGE = "Bridge"
    DEBT = "Debt"
    GRANT = "Grant"
    GROWTH = "Growth"
    IPO = "IPO"
    OTHER = "Other"
    PRE_SEED = "Pre-Seed"
    SECONDARY = "Secondary"
    SEED = "Seed"
    SERIES_A = "Series A"
    SERIES_B = "Series B"
    SERIES_C = "Series C"
    SERIES_D = "Series D"
    SERIES_E = "Series E"
    SERIES_F = "Series F+"

    def __str__(self) -> str:
        return str(self.value)
