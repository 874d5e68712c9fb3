from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deprecation import Deprecation


T = TypeVar("T", bound="Meta")


@_attrs_define
class Meta:
    """Notices about the request, for clients pinned to older versions.

    Attributes:
        deprecations (list[Deprecation] | Unset):
    """

    deprecations: list[Deprecation] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deprecations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.deprecations, Unset):
            deprecations = []
            for deprecations_item_data in self.deprecations:
                deprecations_item = deprecations_item_data.to_dict()
                deprecations.append(deprecations_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if deprecations is not UNSET:
            field_dict["deprecations"] = deprecations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.deprecation import Deprecation

        d = dict(src_dict)
        _deprecations = d.pop("deprecations", UNSET)
        deprecations: list[Deprecation] | Unset = UNSET
        if _deprecations is not UNSET:
            deprecations = []
            for deprecations_item_data in _deprecations:
                deprecations_item = Deprecation.from_dict(deprecations_item_data)

                deprecations.append(deprecations_item)

        meta = cls(
            deprecations=deprecations,
        )

        return meta
