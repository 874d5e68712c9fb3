from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.ecosystem_places_item_kind import EcosystemPlacesItemKind

T = TypeVar("T", bound="EcosystemPlacesItem")


@_attrs_define
class EcosystemPlacesItem:
    """
    Attributes:
        id (int):
        kind (EcosystemPlacesItemKind):
        name (str):
    """

    id: int
    kind: EcosystemPlacesItemKind
    name: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind = self.kind.value

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        kind = EcosystemPlacesItemKind(d.pop("kind"))

        name = d.pop("name")

        ecosystem_places_item = cls(
            id=id,
            kind=kind,
            name=name,
        )

        return ecosystem_places_item
