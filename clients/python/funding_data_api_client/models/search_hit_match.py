from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.search_hit_match_field import SearchHitMatchField
from ..models.search_hit_match_kind import SearchHitMatchKind

T = TypeVar("T", bound="SearchHitMatch")


@_attrs_define
class SearchHitMatch:
    """
    Attributes:
        field (SearchHitMatchField):
        kind (SearchHitMatchKind): `exact` whole value, `prefix` the value starts with `q`, `substring` a later word of
            the name starts with `q`, `normalized` the name equals `q` once legal forms, punctuation, case and diacritics
            are dropped (`zynga inc`), `fuzzy` the name is about one typo from `q` (`zynag`).
    """

    field: SearchHitMatchField
    kind: SearchHitMatchKind

    def to_dict(self) -> dict[str, Any]:
        field = self.field.value

        kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = SearchHitMatchField(d.pop("field"))

        kind = SearchHitMatchKind(d.pop("kind"))

        search_hit_match = cls(
            field=field,
            kind=kind,
        )

        return search_hit_match
