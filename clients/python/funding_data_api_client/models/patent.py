from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Patent")


@_attrs_define
class Patent:
    """
    Attributes:
        id (int):
        number (str):
        title (str):
        filed_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
            Example: 2024-05.
        granted_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
            unknown. Example: 2024-05.
    """

    id: int
    number: str
    title: str
    filed_date: None | str
    granted_date: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        number = self.number

        title = self.title

        filed_date: None | str
        filed_date = self.filed_date

        granted_date: None | str
        granted_date = self.granted_date

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "number": number,
                "title": title,
                "filed_date": filed_date,
                "granted_date": granted_date,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        number = d.pop("number")

        title = d.pop("title")

        def _parse_filed_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        filed_date = _parse_filed_date(d.pop("filed_date"))

        def _parse_granted_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        granted_date = _parse_granted_date(d.pop("granted_date"))

        patent = cls(
            id=id,
            number=number,
            title=title,
            filed_date=filed_date,
            granted_date=granted_date,
        )

        return patent
