from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.note import Note


T = TypeVar("T", bound="NoteResponse")


@_attrs_define
class NoteResponse:
    """
    Attributes:
        data (Note): A team's private note on an entity.
    """

    data: Note

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.note import Note

        d = dict(src_dict)
        data = Note.from_dict(d.pop("data"))

        note_response = cls(
            data=data,
        )

        return note_response
