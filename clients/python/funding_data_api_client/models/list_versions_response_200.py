from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.list_versions_response_200_all_versions_changes_item import (
        ListVersionsResponse200AllVersionsChangesItem,
    )
    from ..models.list_versions_response_200_data_item import (
        ListVersionsResponse200DataItem,
    )


T = TypeVar("T", bound="ListVersionsResponse200")


@_attrs_define
class ListVersionsResponse200:
    """
    Attributes:
        latest (str):
        data (list[ListVersionsResponse200DataItem]):
        all_versions_changes (list[ListVersionsResponse200AllVersionsChangesItem]): Operational changes that apply
            whatever the pin.
    """

    latest: str
    data: list[ListVersionsResponse200DataItem]
    all_versions_changes: list[ListVersionsResponse200AllVersionsChangesItem]

    def to_dict(self) -> dict[str, Any]:
        latest = self.latest

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        all_versions_changes = []
        for all_versions_changes_item_data in self.all_versions_changes:
            all_versions_changes_item = all_versions_changes_item_data.to_dict()
            all_versions_changes.append(all_versions_changes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "latest": latest,
                "data": data,
                "all_versions_changes": all_versions_changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_versions_response_200_all_versions_changes_item import (
            ListVersionsResponse200AllVersionsChangesItem,
        )
        from ..models.list_versions_response_200_data_item import (
            ListVersionsResponse200DataItem,
        )

        d = dict(src_dict)
        latest = d.pop("latest")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListVersionsResponse200DataItem.from_dict(data_item_data)

            data.append(data_item)

        all_versions_changes = []
        _all_versions_changes = d.pop("all_versions_changes")
        for all_versions_changes_item_data in _all_versions_changes:
            all_versions_changes_item = (
                ListVersionsResponse200AllVersionsChangesItem.from_dict(
                    all_versions_changes_item_data
                )
            )

            all_versions_changes.append(all_versions_changes_item)

        list_versions_response_200 = cls(
            latest=latest,
            data=data,
            all_versions_changes=all_versions_changes,
        )

        return list_versions_response_200
