from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FilterValue")


@_attrs_define
class FilterValue:
    """
    Attributes:
        value (str): What to write in the filter.
        name (str):
        type_ (str | Unset): Taxonomy type or place kind, where there is one.
        code (str | Unset): Countries: the ISO 3166-1 alpha-2 code; continents: their two-letter code. A filter takes it
            (or the English name) in place of `value`.
    """

    value: str
    name: str
    type_: str | Unset = UNSET
    code: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        name = self.name

        type_ = self.type_

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "name": name,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        name = d.pop("name")

        type_ = d.pop("type", UNSET)

        code = d.pop("code", UNSET)

        filter_value = cls(
            value=value,
            name=name,
            type_=type_,
            code=code,
        )

        return filter_value
