from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CodeItem")


@_attrs_define
class CodeItem:
    """An investor type or stage.

    Attributes:
        id (int):
        name (str):
        code (str):
    """

    id: int
    name: str
    code: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        code = self.code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "code": code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        code = d.pop("code")

        code_item = cls(
            id=id,
            name=name,
            code=code,
        )

        return code_item
