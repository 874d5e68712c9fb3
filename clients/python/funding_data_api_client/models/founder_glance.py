from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.founder_item import FounderItem


T = TypeVar("T", bound="FounderGlance")


@_attrs_define
class FounderGlance:
    """First page (5) of the organization's founders, newest tenure first.

    Attributes:
        total (int):
        sort (str):
        items (list[FounderItem]):
    """

    total: int
    sort: str
    items: list[FounderItem]

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        sort = self.sort

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
                "sort": sort,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.founder_item import FounderItem

        d = dict(src_dict)
        total = d.pop("total")

        sort = d.pop("sort")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = FounderItem.from_dict(items_item_data)

            items.append(items_item)

        founder_glance = cls(
            total=total,
            sort=sort,
            items=items,
        )

        return founder_glance
