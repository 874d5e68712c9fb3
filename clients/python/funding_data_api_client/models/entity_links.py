from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EntityLinks")


@_attrs_define
class EntityLinks:
    """The links of an organization (`OrganizationLinks`) or of a person (`PersonLinks`, without `website` and
    `instagram`).

        Attributes:
            linkedin (None | str):
            twitter (None | str):
            angellist (None | str):
            crunchbase (None | str):
            website (None | str | Unset):
            instagram (None | str | Unset):
    """

    linkedin: None | str
    twitter: None | str
    angellist: None | str
    crunchbase: None | str
    website: None | str | Unset = UNSET
    instagram: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        linkedin: None | str
        linkedin = self.linkedin

        twitter: None | str
        twitter = self.twitter

        angellist: None | str
        angellist = self.angellist

        crunchbase: None | str
        crunchbase = self.crunchbase

        website: None | str | Unset
        if isinstance(self.website, Unset):
            website = UNSET
        else:
            website = self.website

        instagram: None | str | Unset
        if isinstance(self.instagram, Unset):
            instagram = UNSET
        else:
            instagram = self.instagram

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "linkedin": linkedin,
                "twitter": twitter,
                "angellist": angellist,
                "crunchbase": crunchbase,
            }
        )
        if website is not UNSET:
            field_dict["website"] = website
        if instagram is not UNSET:
            field_dict["instagram"] = instagram

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

        def _parse_website(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        website = _parse_website(d.pop("website", UNSET))

        def _parse_instagram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        instagram = _parse_instagram(d.pop("instagram", UNSET))

        entity_links = cls(
            linkedin=linkedin,
            twitter=twitter,
            angellist=angellist,
            crunchbase=crunchbase,
            website=website,
            instagram=instagram,
        )

        return entity_links
