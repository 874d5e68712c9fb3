from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.code_item import CodeItem
    from ..models.deal_size import DealSize
    from ..models.exits_summary import ExitsSummary
    from ..models.investments import Investments
    from ..models.match_summary import MatchSummary
    from ..models.portfolio_summary import PortfolioSummary


T = TypeVar("T", bound="InvestorProfileRow")


@_attrs_define
class InvestorProfileRow:
    """The investing profile of a person row: `InvestorProfileFull` with `view=full`, `InvestorProfile` with `view=summary`
    (null at the point of use for people who do not invest).

        Attributes:
            types (list[CodeItem]):
            stages (list[CodeItem]):
            deal_size (DealSize):
            investments (Investments):
            rank (int | None | Unset):
            portfolio (PortfolioSummary | Unset):
            exits (ExitsSummary | Unset):
            match (MatchSummary | Unset):
    """

    types: list[CodeItem]
    stages: list[CodeItem]
    deal_size: DealSize
    investments: Investments
    rank: int | None | Unset = UNSET
    portfolio: PortfolioSummary | Unset = UNSET
    exits: ExitsSummary | Unset = UNSET
    match: MatchSummary | Unset = UNSET

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

        rank: int | None | Unset
        if isinstance(self.rank, Unset):
            rank = UNSET
        else:
            rank = self.rank

        portfolio: dict[str, Any] | Unset = UNSET
        if not isinstance(self.portfolio, Unset):
            portfolio = self.portfolio.to_dict()

        exits: dict[str, Any] | Unset = UNSET
        if not isinstance(self.exits, Unset):
            exits = self.exits.to_dict()

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "types": types,
                "stages": stages,
                "deal_size": deal_size,
                "investments": investments,
            }
        )
        if rank is not UNSET:
            field_dict["rank"] = rank
        if portfolio is not UNSET:
            field_dict["portfolio"] = portfolio
        if exits is not UNSET:
            field_dict["exits"] = exits
        if match is not UNSET:
            field_dict["match"] = match

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

        def _parse_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rank = _parse_rank(d.pop("rank", UNSET))

        _portfolio = d.pop("portfolio", UNSET)
        portfolio: PortfolioSummary | Unset
        if isinstance(_portfolio, Unset):
            portfolio = UNSET
        else:
            portfolio = PortfolioSummary.from_dict(_portfolio)

        _exits = d.pop("exits", UNSET)
        exits: ExitsSummary | Unset
        if isinstance(_exits, Unset):
            exits = UNSET
        else:
            exits = ExitsSummary.from_dict(_exits)

        _match = d.pop("match", UNSET)
        match: MatchSummary | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchSummary.from_dict(_match)

        investor_profile_row = cls(
            types=types,
            stages=stages,
            deal_size=deal_size,
            investments=investments,
            rank=rank,
            portfolio=portfolio,
            exits=exits,
            match=match,
        )

        return investor_profile_row
