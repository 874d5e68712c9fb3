from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.match_candidate_matched_on_item import MatchCandidateMatchedOnItem

if TYPE_CHECKING:
    from ..models.entity_summary import EntitySummary


T = TypeVar("T", bound="MatchCandidate")


@_attrs_define
class MatchCandidate:
    """
    Attributes:
        score (float):
        matched_on (list[MatchCandidateMatchedOnItem]): The inputs this entity agrees with (`name` also when one typo
            away).
        entity (EntitySummary): A row of `/data/entities`: the organization summary row (`OrganizationSummary`) of its
            `subtype`, or the person summary row (`FounderSummary`: `type` = `person`, `subtype` null).
            One object with the fields of both, each present on the rows of the shape that has it
            (`x-merge`, expanded in the bundle).
    """

    score: float
    matched_on: list[MatchCandidateMatchedOnItem]
    entity: EntitySummary

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        matched_on = []
        for matched_on_item_data in self.matched_on:
            matched_on_item = matched_on_item_data.value
            matched_on.append(matched_on_item)

        entity = self.entity.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "score": score,
                "matched_on": matched_on,
                "entity": entity,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_summary import EntitySummary

        d = dict(src_dict)
        score = d.pop("score")

        matched_on = []
        _matched_on = d.pop("matched_on")
        for matched_on_item_data in _matched_on:
            matched_on_item = MatchCandidateMatchedOnItem(matched_on_item_data)

            matched_on.append(matched_on_item)

        entity = EntitySummary.from_dict(d.pop("entity"))

        match_candidate = cls(
            score=score,
            matched_on=matched_on,
            entity=entity,
        )

        return match_candidate
