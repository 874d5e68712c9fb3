from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.ecosystem_place_kind import EcosystemPlaceKind

T = TypeVar("T", bound="EcosystemPlace")


@_attrs_define
class EcosystemPlace:
    """
    Attributes:
        id (int):
        kind (EcosystemPlaceKind):
        name (str):
    """

    id: int
    kind: EcosystemPlaceKind
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

        kind = EcosystemPlaceKind(d.pop("kind"))

        name = d.pop("name")

        ecosystem_place = cls(
            id=id,
            kind=kind,
            name=name,
        )

        return ecosystem_place
