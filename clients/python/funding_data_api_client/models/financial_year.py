from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.locked_field import LockedField


T = TypeVar("T", bound="FinancialYear")


@_attrs_define
class FinancialYear:
    """A company's financials for one year; money in the active currency.

    Attributes:
        year (int):
        revenue (int | None): Whole units of the active currency; null when unknown or without the premium tier (named
            in `locked`).
        ebitda (int | None): Whole units of the active currency, negative for a loss; null when unknown or without the
            premium tier (named in `locked`).
        profit (int | None): Whole units of the active currency, negative for a loss; null when unknown or without the
            premium tier (named in `locked`).
        rnd (int | None): Whole units of the active currency; null when unknown or without the premium tier (named in
            `locked`).
        valuation (int | None): Whole units of the active currency; null when unknown or without the premium tier (named
            in `locked`).
        employees (int | None): Null when signed out (named in `locked`).
        locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
            dotted paths in the record
            (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
            `profit`, `rnd`, `valuation`,
            `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
            `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
            `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
    """

    year: int
    revenue: int | None
    ebitda: int | None
    profit: int | None
    rnd: int | None
    valuation: int | None
    employees: int | None
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        year = self.year

        revenue: int | None
        revenue = self.revenue

        ebitda: int | None
        ebitda = self.ebitda

        profit: int | None
        profit = self.profit

        rnd: int | None
        rnd = self.rnd

        valuation: int | None
        valuation = self.valuation

        employees: int | None
        employees = self.employees

        locked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.locked, Unset):
            locked = []
            for componentsschemas_locked_item_data in self.locked:
                componentsschemas_locked_item = (
                    componentsschemas_locked_item_data.to_dict()
                )
                locked.append(componentsschemas_locked_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "year": year,
                "revenue": revenue,
                "ebitda": ebitda,
                "profit": profit,
                "rnd": rnd,
                "valuation": valuation,
                "employees": employees,
            }
        )
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.locked_field import LockedField

        d = dict(src_dict)
        year = d.pop("year")

        def _parse_revenue(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        revenue = _parse_revenue(d.pop("revenue"))

        def _parse_ebitda(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ebitda = _parse_ebitda(d.pop("ebitda"))

        def _parse_profit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        profit = _parse_profit(d.pop("profit"))

        def _parse_rnd(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rnd = _parse_rnd(d.pop("rnd"))

        def _parse_valuation(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        valuation = _parse_valuation(d.pop("valuation"))

        def _parse_employees(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        employees = _parse_employees(d.pop("employees"))

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        financial_year = cls(
            year=year,
            revenue=revenue,
            ebitda=ebitda,
            profit=profit,
            rnd=rnd,
            valuation=valuation,
            employees=employees,
            locked=locked,
        )

        return financial_year
