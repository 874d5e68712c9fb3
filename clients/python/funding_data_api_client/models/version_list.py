from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.version_change import VersionChange
    from ..models.version_info import VersionInfo


T = TypeVar("T", bound="VersionList")


@_attrs_define
class VersionList:
    """
    Attributes:
        latest (str):
        data (list[VersionInfo]):
        all_versions_changes (list[VersionChange]): Operational changes that apply whatever the pin.
    """

    latest: str
    data: list[VersionInfo]
    all_versions_changes: list[VersionChange]

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
        from ..models.version_change import VersionChange
        from ..models.version_info import VersionInfo

        d = dict(src_dict)
        latest = d.pop("latest")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = VersionInfo.from_dict(data_item_data)

            data.append(data_item)

        all_versions_changes = []
        _all_versions_changes = d.pop("all_versions_changes")
        for all_versions_changes_item_data in _all_versions_changes:
            all_versions_changes_item = VersionChange.from_dict(
                all_versions_changes_item_data
            )

            all_versions_changes.append(all_versions_changes_item)

        version_list = cls(
            latest=latest,
            data=data,
            all_versions_changes=all_versions_changes,
        )

        return version_list
