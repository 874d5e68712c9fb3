from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="CompanyInvestorItem")


@_attrs_define
class CompanyInvestorItem:
    """An investor of the company and the rounds they share.

    Attributes:
        is_lead (bool): Led at least one of the rounds.
        rounds_count (int):
        last_round_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
            unknown. Example: 2024-05.
        investor (EntityRef):
    """

    is_lead: bool
    rounds_count: int
    last_round_date: None | str
    investor: EntityRef

    def to_dict(self) -> dict[str, Any]:
        is_lead = self.is_lead

        rounds_count = self.rounds_count

        last_round_date: None | str
        last_round_date = self.last_round_date

        investor = self.investor.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "is_lead": is_lead,
                "rounds_count": rounds_count,
                "last_round_date": last_round_date,
                "investor": investor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        is_lead = d.pop("is_lead")

        rounds_count = d.pop("rounds_count")

        def _parse_last_round_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_round_date = _parse_last_round_date(d.pop("last_round_date"))

        investor = EntityRef.from_dict(d.pop("investor"))

        company_investor_item = cls(
            is_lead=is_lead,
            rounds_count=rounds_count,
            last_round_date=last_round_date,
            investor=investor,
        )

        return company_investor_item
