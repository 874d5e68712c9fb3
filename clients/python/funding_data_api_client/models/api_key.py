from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.api_key_status import ApiKeyStatus
from ..models.scope import Scope

T = TypeVar("T", bound="ApiKey")


@_attrs_define
class ApiKey:
    """
    Attributes:
        id (int):
        client_id (str):
        label (str):
        scopes (list[Scope]):
        team_id (int):
        created_by (None | str):
        status (ApiKeyStatus):
        created_at (datetime.datetime):
        revoked_at (datetime.datetime | None):
    """

    id: int
    client_id: str
    label: str
    scopes: list[Scope]
    team_id: int
    created_by: None | str
    status: ApiKeyStatus
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client_id = self.client_id

        label = self.label

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        team_id = self.team_id

        created_by: None | str
        created_by = self.created_by

        status = self.status.value

        created_at = self.created_at.isoformat()

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "client_id": client_id,
                "label": label,
                "scopes": scopes,
                "team_id": team_id,
                "created_by": created_by,
                "status": status,
                "created_at": created_at,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        client_id = d.pop("client_id")

        label = d.pop("label")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = Scope(scopes_item_data)

            scopes.append(scopes_item)

        team_id = d.pop("team_id")

        def _parse_created_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by = _parse_created_by(d.pop("created_by"))

        status = ApiKeyStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        api_key = cls(
            id=id,
            client_id=client_id,
            label=label,
            scopes=scopes,
            team_id=team_id,
            created_by=created_by,
            status=status,
            created_at=created_at,
            revoked_at=revoked_at,
        )

        return api_key
