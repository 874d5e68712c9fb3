from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.locked_field import LockedField


T = TypeVar("T", bound="WebTrafficPoint")


@_attrs_define
class WebTrafficPoint:
    """Web visits in one month.

    Attributes:
        month (str):  Example: 2026-09.
        visits (int | None): Null when unknown, or withheld (`ACCOUNT_REQUIRED` signed out, `PREMIUM_REQUIRED` on a free
            account).
        locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
            dotted paths in the record
            (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
            `profit`, `rnd`, `valuation`,
            `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
            `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
            `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
    """

    month: str
    visits: int | None
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        month = self.month

        visits: int | None
        visits = self.visits

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
                "month": month,
                "visits": visits,
            }
        )
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.locked_field import LockedField

        d = dict(src_dict)
        month = d.pop("month")

        def _parse_visits(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        visits = _parse_visits(d.pop("visits"))

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        web_traffic_point = cls(
            month=month,
            visits=visits,
            locked=locked,
        )

        return web_traffic_point
