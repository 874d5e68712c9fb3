from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="Note")


@_attrs_define
class Note:
    """A team's private note on an entity.

    Attributes:
        id (int):
        entity (EntityRef):
        body (str):
        created_by (str): The client id (or user) that wrote it.
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: int
    entity: EntityRef
    body: str
    created_by: str
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        entity = self.entity.to_dict()

        body = self.body

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "entity": entity,
                "body": body,
                "created_by": created_by,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        id = d.pop("id")

        entity = EntityRef.from_dict(d.pop("entity"))

        body = d.pop("body")

        created_by = d.pop("created_by")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        note = cls(
            id=id,
            entity=entity,
            body=body,
            created_by=created_by,
            created_at=created_at,
            updated_at=updated_at,
        )

        return note
