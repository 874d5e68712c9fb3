from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.filter_key import FilterKey


T = TypeVar("T", bound="FilterScope")


@_attrs_define
class FilterScope:
    """
    Attributes:
        scope (str):
        description (str):
        keys (list[FilterKey]):
    """

    scope: str
    description: str
    keys: list[FilterKey]

    def to_dict(self) -> dict[str, Any]:
        scope = self.scope

        description = self.description

        keys = []
        for keys_item_data in self.keys:
            keys_item = keys_item_data.to_dict()
            keys.append(keys_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scope": scope,
                "description": description,
                "keys": keys,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.filter_key import FilterKey

        d = dict(src_dict)
        scope = d.pop("scope")

        description = d.pop("description")

        keys = []
        _keys = d.pop("keys")
        for keys_item_data in _keys:
            keys_item = FilterKey.from_dict(keys_item_data)

            keys.append(keys_item)

        filter_scope = cls(
            scope=scope,
            description=description,
            keys=keys,
        )

        return filter_scope
