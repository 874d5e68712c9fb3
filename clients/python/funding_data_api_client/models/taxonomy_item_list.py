from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.page import Page
    from ..models.taxonomy_item import TaxonomyItem


T = TypeVar("T", bound="TaxonomyItemList")


@_attrs_define
class TaxonomyItemList:
    """
    Attributes:
        data (list[TaxonomyItem]):
        page (Page): Page of a list. `capped`, `tier` and `ecosystem` are present on requests made without an API key.
            Such a request gets at most its plan's page size on the core lists, the operations marked
            `x-plan-capped: true` (`capped` is true when the size was reduced), and no list goes past its
            plan's depth (`offset + limit`; beyond it 400 `PAGINATION_DEPTH_EXCEEDED`).
    """

    data: list[TaxonomyItem]
    page: Page

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
        from ..models.page import Page
        from ..models.taxonomy_item import TaxonomyItem

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = TaxonomyItem.from_dict(data_item_data)

            data.append(data_item)

        page = Page.from_dict(d.pop("page"))

        taxonomy_item_list = cls(
            data=data,
            page=page,
        )

        return taxonomy_item_list
