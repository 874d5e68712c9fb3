from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.filter_value import FilterValue
    from ..models.page import Page


T = TypeVar("T", bound="FilterValueList")


@_attrs_define
class FilterValueList:
    """
    Attributes:
        key (str):
        scope (str):
        data (list[FilterValue]):
        page (Page): Page of a list. `capped`, `tier` and `ecosystem` are present on requests made without an API key.
            Such a request gets at most its plan's page size on the core lists, the operations marked
            `x-plan-capped: true` (`capped` is true when the size was reduced), and no list goes past its
            plan's depth (`offset + limit`; beyond it 400 `PAGINATION_DEPTH_EXCEEDED`).
    """

    key: str
    scope: str
    data: list[FilterValue]
    page: Page

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        scope = self.scope

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page = self.page.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "scope": scope,
                "data": data,
                "page": page,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.filter_value import FilterValue
        from ..models.page import Page

        d = dict(src_dict)
        key = d.pop("key")

        scope = d.pop("scope")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = FilterValue.from_dict(data_item_data)

            data.append(data_item)

        page = Page.from_dict(d.pop("page"))

        filter_value_list = cls(
            key=key,
            scope=scope,
            data=data,
            page=page,
        )

        return filter_value_list
