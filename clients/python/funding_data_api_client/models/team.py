from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Team")


@_attrs_define
class Team:
    """
    Attributes:
        id (int):
        name (str):
        slug (str):
        created_by (str):
        is_active (bool):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        member_count (int):
    """

    id: int
    name: str
    slug: str
    created_by: str
    is_active: bool
    created_at: datetime.datetime
    updated_at: datetime.datetime
    member_count: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        slug = self.slug

        created_by = self.created_by

        is_active = self.is_active

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        member_count = self.member_count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "slug": slug,
                "created_by": created_by,
                "is_active": is_active,
                "created_at": created_at,
                "updated_at": updated_at,
                "member_count": member_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        slug = d.pop("slug")

        created_by = d.pop("created_by")

        is_active = d.pop("is_active")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        member_count = d.pop("member_count")

        team = cls(
            id=id,
            name=name,
            slug=slug,
            created_by=created_by,
            is_active=is_active,
            created_at=created_at,
            updated_at=updated_at,
            member_count=member_count,
        )

        return team
