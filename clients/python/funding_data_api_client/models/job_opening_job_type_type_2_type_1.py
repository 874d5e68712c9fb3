from enum import StrEnum


class JobOpeningJobTypeType2Type1(StrEnum):
    CONTRACT = "contract"
    FULL_TIME = "full_time"
    INTERNSHIP = "internship"
    PART_TIME = "part_time"

    def __str__(self) -> str:
        return str(self.value)
