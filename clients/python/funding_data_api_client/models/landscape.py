from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.taxonomy_item import TaxonomyItem


T = TypeVar("T", bound="Landscape")


@_attrs_define
class Landscape:
    """
    Attributes:
        id (int):
        slug (str):
        name (str):
        description (None | str):
        taxonomy (list[TaxonomyItem]):
    """

    id: int
    slug: str
    name: str
    description: None | str
    taxonomy: list[TaxonomyItem]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        slug = self.slug

        name = self.name

        description: None | str
        description = self.description

        taxonomy = []
        for taxonomy_item_data in self.taxonomy:
            taxonomy_item = taxonomy_item_data.to_dict()
            taxonomy.append(taxonomy_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "slug": slug,
                "name": name,
                "description": description,
                "taxonomy": taxonomy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.taxonomy_item import TaxonomyItem

        d = dict(src_dict)
        id = d.pop("id")

        slug = d.pop("slug")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        taxonomy = []
        _taxonomy = d.pop("taxonomy")
        for taxonomy_item_data in _taxonomy:
            taxonomy_item = TaxonomyItem.from_dict(taxonomy_item_data)

            taxonomy.append(taxonomy_item)

        landscape = cls(
            id=id,
            slug=slug,
            name=name,
            description=description,
            taxonomy=taxonomy,
        )

        return landscape
