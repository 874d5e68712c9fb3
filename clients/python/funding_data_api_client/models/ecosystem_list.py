from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ecosystem import Ecosystem
    from ..models.legacy_page import LegacyPage


T = TypeVar("T", bound="EcosystemList")


@_attrs_define
class EcosystemList:
    """
    Attributes:
        data (list[Ecosystem]):
        page (LegacyPage): The legacy page shape of small in-memory platform lists (teams, API keys): paged by `limit`
            and
            `offset` with the `total` count, not by cursor like the data lists.
    """

    data: list[Ecosystem]
    page: LegacyPage

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page = self.page.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "page": page,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ecosystem import Ecosystem
        from ..models.legacy_page import LegacyPage

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Ecosystem.from_dict(data_item_data)

            data.append(data_item)

        page = LegacyPage.from_dict(d.pop("page"))

        ecosystem_list = cls(
            data=data,
            page=page,
        )

        return ecosystem_list
