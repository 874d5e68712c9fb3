from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.team import Team


T = TypeVar("T", bound="TeamResponse")


@_attrs_define
class TeamResponse:
    """
    Attributes:
        data (Team):
    """

    data: Team

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
        from ..models.team import Team

        d = dict(src_dict)
        data = Team.from_dict(d.pop("data"))

        team_response = cls(
            data=data,
        )

        return team_response
