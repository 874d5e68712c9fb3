from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportTypeCounts")


@_attrs_define
class ImportTypeCounts:
    """
    Attributes:
        read (int):
        inserted (int):
        updated (int):
        unchanged (int):
        deleted (int):
        rejected (int):
    """

    read: int
    inserted: int
    updated: int
    unchanged: int
    deleted: int
    rejected: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        read = self.read

        inserted = self.inserted

        updated = self.updated

        unchanged = self.unchanged

        deleted = self.deleted

        rejected = self.rejected

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "read": read,
                "inserted": inserted,
                "updated": updated,
                "unchanged": unchanged,
                "deleted": deleted,
                "rejected": rejected,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        read = d.pop("read")

        inserted = d.pop("inserted")

        updated = d.pop("updated")

        unchanged = d.pop("unchanged")

        deleted = d.pop("deleted")

        rejected = d.pop("rejected")

        import_type_counts = cls(
            read=read,
            inserted=inserted,
            updated=updated,
            unchanged=unchanged,
            deleted=deleted,
            rejected=rejected,
        )

        import_type_counts.additional_properties = d
        return import_type_counts

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
