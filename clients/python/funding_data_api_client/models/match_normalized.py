from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="MatchNormalized")


@_attrs_define
class MatchNormalized:
    """The inputs as compared (null when not given or, for `domain` and `website`, when they hold no registrable domain).

    Attributes:
        domains (list[str]):
        name (None | str): The name key: folded, legal forms removed, words run together.
        linkedin (None | str):
        twitter (None | str):
        crunchbase (None | str):
    """

    domains: list[str]
    name: None | str
    linkedin: None | str
    twitter: None | str
    crunchbase: None | str

    def to_dict(self) -> dict[str, Any]:
        domains = self.domains

        name: None | str
        name = self.name

        linkedin: None | str
        linkedin = self.linkedin

        twitter: None | str
        twitter = self.twitter

        crunchbase: None | str
        crunchbase = self.crunchbase

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "domains": domains,
                "name": name,
                "linkedin": linkedin,
                "twitter": twitter,
                "crunchbase": crunchbase,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        domains = cast(list[str], d.pop("domains"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

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

        def _parse_crunchbase(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        crunchbase = _parse_crunchbase(d.pop("crunchbase"))

        match_normalized = cls(
            domains=domains,
            name=name,
            linkedin=linkedin,
            twitter=twitter,
            crunchbase=crunchbase,
        )

        return match_normalized
