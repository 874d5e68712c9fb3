from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Investments")


@_attrs_define
class Investments:
    """
    Attributes:
        count (int | None):
        total_invested (int | None): Whole units of the active currency; null when unknown.
        preferred_round (None | str):
        last_round_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
            unknown. Example: 2024-05.
    """

    count: int | None
    total_invested: int | None
    preferred_round: None | str
    last_round_date: None | str

    def to_dict(self) -> dict[str, Any]:
        count: int | None
        count = self.count

        total_invested: int | None
        total_invested = self.total_invested

        preferred_round: None | str
        preferred_round = self.preferred_round

        last_round_date: None | str
        last_round_date = self.last_round_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "total_invested": total_invested,
                "preferred_round": preferred_round,
                "last_round_date": last_round_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        count = _parse_count(d.pop("count"))

        def _parse_total_invested(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_invested = _parse_total_invested(d.pop("total_invested"))

        def _parse_preferred_round(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        preferred_round = _parse_preferred_round(d.pop("preferred_round"))

        def _parse_last_round_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_round_date = _parse_last_round_date(d.pop("last_round_date"))

        investments = cls(
            count=count,
            total_invested=total_invested,
            preferred_round=preferred_round,
            last_round_date=last_round_date,
        )

        return investments
