from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.code_item import CodeItem
    from ..models.deal_size import DealSize
    from ..models.exits_summary import ExitsSummary
    from ..models.investments import Investments
    from ..models.match_summary import MatchSummary
    from ..models.portfolio_summary import PortfolioSummary


T = TypeVar("T", bound="InvestorProfileFull")


@_attrs_define
class InvestorProfileFull:
    """The investing profile with rank, portfolio glance, exits and match (null at the point of use for entities that do
    not invest).

        Attributes:
            types (list[CodeItem]):
            stages (list[CodeItem]):
            deal_size (DealSize):
            investments (Investments):
            rank (int | None):
            portfolio (PortfolioSummary):
            exits (ExitsSummary):
            match (MatchSummary):
    """

    types: list[CodeItem]
    stages: list[CodeItem]
    deal_size: DealSize
    investments: Investments
    rank: int | None
    portfolio: PortfolioSummary
    exits: ExitsSummary
    match: MatchSummary

    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        stages = []
        for stages_item_data in self.stages:
            stages_item = stages_item_data.to_dict()
            stages.append(stages_item)

        deal_size = self.deal_size.to_dict()

        investments = self.investments.to_dict()

        rank: int | None
        rank = self.rank

        portfolio = self.portfolio.to_dict()

        exits = self.exits.to_dict()

        match = self.match.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "types": types,
                "stages": stages,
                "deal_size": deal_size,
                "investments": investments,
                "rank": rank,
                "portfolio": portfolio,
                "exits": exits,
                "match": match,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.code_item import CodeItem
        from ..models.deal_size import DealSize
        from ..models.exits_summary import ExitsSummary
        from ..models.investments import Investments
        from ..models.match_summary import MatchSummary
        from ..models.portfolio_summary import PortfolioSummary

        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = CodeItem.from_dict(types_item_data)

            types.append(types_item)

        stages = []
        _stages = d.pop("stages")
        for stages_item_data in _stages:
            stages_item = CodeItem.from_dict(stages_item_data)

            stages.append(stages_item)

        deal_size = DealSize.from_dict(d.pop("deal_size"))

        investments = Investments.from_dict(d.pop("investments"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        portfolio = PortfolioSummary.from_dict(d.pop("portfolio"))

        exits = ExitsSummary.from_dict(d.pop("exits"))

        match = MatchSummary.from_dict(d.pop("match"))

        investor_profile_full = cls(
            types=types,
            stages=stages,
            deal_size=deal_size,
            investments=investments,
            rank=rank,
            portfolio=portfolio,
            exits=exits,
            match=match,
        )

        return investor_profile_full
