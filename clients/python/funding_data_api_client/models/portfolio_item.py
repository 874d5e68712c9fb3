from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="PortfolioItem")


@_attrs_define
class PortfolioItem:
    """
    Attributes:
        is_lead (bool | None): Led at least one of the rounds.
        rounds_count (int):
        last_round_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
            unknown. Example: 2024-05.
        company (EntityRef):
    """

    is_lead: bool | None
    rounds_count: int
    last_round_date: None | str
    company: EntityRef

    def to_dict(self) -> dict[str, Any]:
        is_lead: bool | None
        is_lead = self.is_lead

        rounds_count = self.rounds_count

        last_round_date: None | str
        last_round_date = self.last_round_date

        company = self.company.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "is_lead": is_lead,
                "rounds_count": rounds_count,
                "last_round_date": last_round_date,
                "company": company,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)

        def _parse_is_lead(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_lead = _parse_is_lead(d.pop("is_lead"))

        rounds_count = d.pop("rounds_count")

        def _parse_last_round_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_round_date = _parse_last_round_date(d.pop("last_round_date"))

        company = EntityRef.from_dict(d.pop("company"))

        portfolio_item = cls(
            is_lead=is_lead,
            rounds_count=rounds_count,
            last_round_date=last_round_date,
            company=company,
        )

        return portfolio_item
