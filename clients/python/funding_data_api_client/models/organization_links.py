from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OrganizationLinks")


@_attrs_define
class OrganizationLinks:
    """
    Attributes:
        website (None | str):
        linkedin (None | str):
        twitter (None | str):
        instagram (None | str):
        angellist (None | str):
        crunchbase (None | str):
    """

    website: None | str
    linkedin: None | str
    twitter: None | str
    instagram: None | str
    angellist: None | str
    crunchbase: None | str

    def to_dict(self) -> dict[str, Any]:
        website: None | str
        website = self.website

        linkedin: None | str
        linkedin = self.linkedin

        twitter: None | str
        twitter = self.twitter

        instagram: None | str
        instagram = self.instagram

        angellist: None | str
        angellist = self.angellist

        crunchbase: None | str
        crunchbase = self.crunchbase

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "website": website,
                "linkedin": linkedin,
                "twitter": twitter,
                "instagram": instagram,
                "angellist": angellist,
                "crunchbase": crunchbase,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_website(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        website = _parse_website(d.pop("website"))

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

        def _parse_instagram(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instagram = _parse_instagram(d.pop("instagram"))

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

        organization_links = cls(
            website=website,
            linkedin=linkedin,
            twitter=twitter,
            instagram=instagram,
            angellist=angellist,
            crunchbase=crunchbase,
        )

        return organization_links
