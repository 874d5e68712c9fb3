from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="SimilarInvestorItem")


@_attrs_define
class SimilarInvestorItem:
    """A similar investor and why (score = 3 x shared_portfolio + 2 x shared_types + same_country).

    Attributes:
        score (int):
        shared_portfolio (int):
        shared_types (int):
        same_country (bool):
        investor (EntityRef):
    """

    score: int
    shared_portfolio: int
    shared_types: int
    same_country: bool
    investor: EntityRef

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        shared_portfolio = self.shared_portfolio

        shared_types = self.shared_types

        same_country = self.same_country

        investor = self.investor.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "score": score,
                "shared_portfolio": shared_portfolio,
                "shared_types": shared_types,
                "same_country": same_country,
                "investor": investor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        score = d.pop("score")

        shared_portfolio = d.pop("shared_portfolio")

        shared_types = d.pop("shared_types")

        same_country = d.pop("same_country")

        investor = EntityRef.from_dict(d.pop("investor"))

        similar_investor_item = cls(
            score=score,
            shared_portfolio=shared_portfolio,
            shared_types=shared_types,
            same_country=same_country,
            investor=investor,
        )

        return similar_investor_item
