from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.meta_deprecations_item_type import MetaDeprecationsItemType
from ..types import UNSET, Unset

T = TypeVar("T", bound="MetaDeprecationsItem")


@_attrs_define
class MetaDeprecationsItem:
    """
    Attributes:
        type_ (MetaDeprecationsItemType):
        name (str):
        message (str):
        replacement (None | str | Unset):
    """

    type_: MetaDeprecationsItemType
    name: str
    message: str
    replacement: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        name = self.name

        message = self.message

        replacement: None | str | Unset
        if isinstance(self.replacement, Unset):
            replacement = UNSET
        else:
            replacement = self.replacement

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "message": message,
            }
        )
        if replacement is not UNSET:
            field_dict["replacement"] = replacement

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = MetaDeprecationsItemType(d.pop("type"))

        name = d.pop("name")

        message = d.pop("message")

        def _parse_replacement(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        replacement = _parse_replacement(d.pop("replacement", UNSET))

        meta_deprecations_item = cls(
            type_=type_,
            name=name,
            message=message,
            replacement=replacement,
        )

        return meta_deprecations_item
