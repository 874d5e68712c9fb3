from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.code_item import CodeItem
    from ..models.deal_size import DealSize
    from ..models.investments import Investments


T = TypeVar("T", bound="InvestorProfile")


@_attrs_define
class InvestorProfile:
    """The investing profile (null at the point of use for entities that do not invest).

    Attributes:
        types (list[CodeItem]):
        stages (list[CodeItem]):
        deal_size (DealSize):
        investments (Investments):
    """

    types: list[CodeItem]
    stages: list[CodeItem]
    deal_size: DealSize
    investments: Investments

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "types": types,
                "stages": stages,
                "deal_size": deal_size,
                "investments": investments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.code_item import CodeItem
        from ..models.deal_size import DealSize
        from ..models.investments import Investments

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

        investor_profile = cls(
            types=types,
            stages=stages,
            deal_size=deal_size,
            investments=investments,
        )

        return investor_profile
