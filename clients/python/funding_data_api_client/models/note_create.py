from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="NoteCreate")


@_attrs_define
class NoteCreate:
    """
    Attributes:
        entity (UUID): UUID of the entity annotated. Example: c0cb6a97-89e8-4601-bba6-9a1c29ea9f85.
        body (str):  Example: Met the founders; follow up after the Series C..
    """

    entity: UUID
    body: str

    def to_dict(self) -> dict[str, Any]:
        entity = str(self.entity)

        body = self.body

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entity": entity,
                "body": body,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        entity = UUID(d.pop("entity"))

        body = d.pop("body")

        note_create = cls(
            entity=entity,
            body=body,
        )

        return note_create
