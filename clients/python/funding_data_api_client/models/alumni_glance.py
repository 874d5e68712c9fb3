from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.alumnus_item import AlumnusItem


T = TypeVar("T", bound="AlumniGlance")


@_attrs_define
class AlumniGlance:
    """Universities only: the first page (5) of `/data/universities/{id}/alumni` in its default sort (`-start_date`), with
    the total.

        Attributes:
            total (int):
            sort (str):
            items (list[AlumnusItem]):
    """

    total: int
    sort: str
    items: list[AlumnusItem]

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
        from ..models.alumnus_item import AlumnusItem

        d = dict(src_dict)
        total = d.pop("total")

        sort = d.pop("sort")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = AlumnusItem.from_dict(items_item_data)

            items.append(items_item)

        alumni_glance = cls(
            total=total,
            sort=sort,
            items=items,
        )

        return alumni_glance
