from enum import StrEnum


class EntityFullUnicornTypeType3Type1(StrEnum):
    DECACORN = "decacorn"
    EX_UNICORN = "ex_unicorn"
    HECTOCORN = "hectocorn"
    UNICORN = "unicorn"

    def __str__(self) -> str:
        return str(self.value)
