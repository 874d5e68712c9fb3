from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.portfolio_glance import PortfolioGlance


T = TypeVar("T", bound="PortfolioSummary")


@_attrs_define
class PortfolioSummary:
    """
    Attributes:
        rounds_count (int):
        total_valuation (int | None): Whole units of the active currency; null when unknown.
        companies (PortfolioGlance): First page (10) of the portfolio sub-resource, most recent round first.
    """

    rounds_count: int
    total_valuation: int | None
    companies: PortfolioGlance

    def to_dict(self) -> dict[str, Any]:
        rounds_count = self.rounds_count

        total_valuation: int | None
        total_valuation = self.total_valuation

        companies = self.companies.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rounds_count": rounds_count,
                "total_valuation": total_valuation,
                "companies": companies,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.portfolio_glance import PortfolioGlance

        d = dict(src_dict)
        rounds_count = d.pop("rounds_count")

        def _parse_total_valuation(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total_valuation = _parse_total_valuation(d.pop("total_valuation"))

        companies = PortfolioGlance.from_dict(d.pop("companies"))

        portfolio_summary = cls(
            rounds_count=rounds_count,
            total_valuation=total_valuation,
            companies=companies,
        )

        return portfolio_summary
