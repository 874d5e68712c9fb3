from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.deprecation_type import DeprecationType
from ..types import UNSET, Unset

T = TypeVar("T", bound="Deprecation")


@_attrs_define
class Deprecation:
    """
    Attributes:
        type_ (DeprecationType):
        name (str):
        message (str):
        replacement (None | str | Unset):
    """

    type_: DeprecationType
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
        type_ = DeprecationType(d.pop("type"))

        name = d.pop("name")

        message = d.pop("message")

        def _parse_replacement(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        replacement = _parse_replacement(d.pop("replacement", UNSET))

        deprecation = cls(
            type_=type_,
            name=name,
            message=message,
            replacement=replacement,
        )

        return deprecation
