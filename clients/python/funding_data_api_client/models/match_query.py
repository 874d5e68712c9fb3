from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.match_type import MatchType
from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchQuery")


@_attrs_define
class MatchQuery:
    """What a partner knows of one record; at least one of `domain`, `website`, `name`, `linkedin`, `twitter`,
    `crunchbase`.

        Attributes:
            domain (str | Unset):
            website (str | Unset):
            name (str | Unset):
            country (str | Unset):
            city (str | Unset):
            linkedin (str | Unset):
            twitter (str | Unset):
            crunchbase (str | Unset):
            type_ (MatchType | Unset):
    """

    domain: str | Unset = UNSET
    website: str | Unset = UNSET
    name: str | Unset = UNSET
    country: str | Unset = UNSET
    city: str | Unset = UNSET
    linkedin: str | Unset = UNSET
    twitter: str | Unset = UNSET
    crunchbase: str | Unset = UNSET
    type_: MatchType | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        domain = self.domain

        website = self.website

        name = self.name

        country = self.country

        city = self.city

        linkedin = self.linkedin

        twitter = self.twitter

        crunchbase = self.crunchbase

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if domain is not UNSET:
            field_dict["domain"] = domain
        if website is not UNSET:
            field_dict["website"] = website
        if name is not UNSET:
            field_dict["name"] = name
        if country is not UNSET:
            field_dict["country"] = country
        if city is not UNSET:
            field_dict["city"] = city
        if linkedin is not UNSET:
            field_dict["linkedin"] = linkedin
        if twitter is not UNSET:
            field_dict["twitter"] = twitter
        if crunchbase is not UNSET:
            field_dict["crunchbase"] = crunchbase
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        domain = d.pop("domain", UNSET)

        website = d.pop("website", UNSET)

        name = d.pop("name", UNSET)

        country = d.pop("country", UNSET)

        city = d.pop("city", UNSET)

        linkedin = d.pop("linkedin", UNSET)

        twitter = d.pop("twitter", UNSET)

        crunchbase = d.pop("crunchbase", UNSET)

        _type_ = d.pop("type", UNSET)
        type_: MatchType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = MatchType(_type_)

        match_query = cls(
            domain=domain,
            website=website,
            name=name,
            country=country,
            city=city,
            linkedin=linkedin,
            twitter=twitter,
            crunchbase=crunchbase,
            type_=type_,
        )

        return match_query
