from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.locked_field import LockedField


T = TypeVar("T", bound="HeadcountRow")


@_attrs_define
class HeadcountRow:
    """Head count of one department.

    Attributes:
        department (str):
        count (int | None): Null without the premium tier (named in `locked`), as the share follows from the counts.
        percentage (float | None): Share of the head count in per cent; null without the premium tier (named in
            `locked`).
        locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
            dotted paths in the record
            (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
            `profit`, `rnd`, `valuation`,
            `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
            `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
            `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
    """

    department: str
    count: int | None
    percentage: float | None
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        department = self.department

        count: int | None
        count = self.count

        percentage: float | None
        percentage = self.percentage

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
                "department": department,
                "count": count,
                "percentage": percentage,
            }
        )
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.locked_field import LockedField

        d = dict(src_dict)
        department = d.pop("department")

        def _parse_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        count = _parse_count(d.pop("count"))

        def _parse_percentage(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        percentage = _parse_percentage(d.pop("percentage"))

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        headcount_row = cls(
            department=department,
            count=count,
            percentage=percentage,
            locked=locked,
        )

        return headcount_row
