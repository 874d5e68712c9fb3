from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChangePage")


@_attrs_define
class ChangePage:
    """
    Attributes:
        limit (int):
        next_after (str): The position after this page; send it as `after` to continue (also when the page is empty).
        has_more (bool): Whether more changes were already there when this page was read.
    """

    limit: int
    next_after: str
    has_more: bool

    def to_dict(self) -> dict[str, Any]:
        limit = self.limit

        next_after = self.next_after

        has_more = self.has_more

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "limit": limit,
                "next_after": next_after,
                "has_more": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        limit = d.pop("limit")

        next_after = d.pop("next_after")

        has_more = d.pop("has_more")

        change_page = cls(
            limit=limit,
            next_after=next_after,
            has_more=has_more,
        )

        return change_page
