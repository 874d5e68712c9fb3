from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PersonLinks")


@_attrs_define
class PersonLinks:
    """
    Attributes:
        linkedin (None | str):
        twitter (None | str):
        angellist (None | str):
        crunchbase (None | str):
    """

    linkedin: None | str
    twitter: None | str
    angellist: None | str
    crunchbase: None | str

    def to_dict(self) -> dict[str, Any]:
        linkedin: None | str
        linkedin = self.linkedin

        twitter: None | str
        twitter = self.twitter

        angellist: None | str
        angellist = self.angellist

        crunchbase: None | str
        crunchbase = self.crunchbase

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "linkedin": linkedin,
                "twitter": twitter,
                "angellist": angellist,
                "crunchbase": crunchbase,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_linkedin(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        linkedin = _parse_linkedin(d.pop("linkedin"))

        def _parse_twitter(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        twitter = _parse_twitter(d.pop("twitter"))

        def _parse_angellist(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        angellist = _parse_angellist(d.pop("angellist"))

        def _parse_crunchbase(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        crunchbase = _parse_crunchbase(d.pop("crunchbase"))

        person_links = cls(
            linkedin=linkedin,
            twitter=twitter,
            angellist=angellist,
            crunchbase=crunchbase,
        )

        return person_links
