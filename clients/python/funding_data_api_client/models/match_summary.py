from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MatchSummary")


@_attrs_define
class MatchSummary:
    """
    Attributes:
        companies_count (int | None):
        invested (int | None): Whole units of the active currency; null when unknown.
    """

    companies_count: int | None
    invested: int | None

    def to_dict(self) -> dict[str, Any]:
        companies_count: int | None
        companies_count = self.companies_count

        invested: int | None
        invested = self.invested

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "companies_count": companies_count,
                "invested": invested,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_companies_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        companies_count = _parse_companies_count(d.pop("companies_count"))

        def _parse_invested(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        invested = _parse_invested(d.pop("invested"))

        match_summary = cls(
            companies_count=companies_count,
            invested=invested,
        )

        return match_summary
