from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="SimilarCompanyItem")


@_attrs_define
class SimilarCompanyItem:
    """A similar company and why (score = 3 x shared_taxonomy + 2 x shared_investors + same_country).

    Attributes:
        score (int):
        shared_taxonomy (int):
        shared_investors (int):
        same_country (bool):
        company (EntityRef):
    """

    score: int
    shared_taxonomy: int
    shared_investors: int
    same_country: bool
    company: EntityRef

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        shared_taxonomy = self.shared_taxonomy

        shared_investors = self.shared_investors

        same_country = self.same_country

        company = self.company.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "score": score,
                "shared_taxonomy": shared_taxonomy,
                "shared_investors": shared_investors,
                "same_country": same_country,
                "company": company,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        score = d.pop("score")

        shared_taxonomy = d.pop("shared_taxonomy")

        shared_investors = d.pop("shared_investors")

        same_country = d.pop("same_country")

        company = EntityRef.from_dict(d.pop("company"))

        similar_company_item = cls(
            score=score,
            shared_taxonomy=shared_taxonomy,
            shared_investors=shared_investors,
            same_country=same_country,
            company=company,
        )

        return similar_company_item
