from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.match_candidate_matched_on_item import MatchCandidateMatchedOnItem

if TYPE_CHECKING:
    from ..models.founder_summary import FounderSummary
    from ..models.organization_summary import OrganizationSummary


T = TypeVar("T", bound="MatchCandidate")


@_attrs_define
class MatchCandidate:
    """
    Attributes:
        score (float):
        matched_on (list[MatchCandidateMatchedOnItem]): The inputs this entity agrees with (`name` also when one typo
            away).
        entity (FounderSummary | OrganizationSummary): A row of `/data/entities`: the organization summary row of its
            `subtype`, or the person
            summary row (`type` = `person`, `subtype` null).
    """

    score: float
    matched_on: list[MatchCandidateMatchedOnItem]
    entity: FounderSummary | OrganizationSummary

    def to_dict(self) -> dict[str, Any]:
        from ..models.organization_summary import OrganizationSummary

        score = self.score

        matched_on = []
        for matched_on_item_data in self.matched_on:
            matched_on_item = matched_on_item_data.value
            matched_on.append(matched_on_item)

        entity: dict[str, Any]
        if isinstance(self.entity, OrganizationSummary):
            entity = self.entity.to_dict()
        else:
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
        from ..models.founder_summary import FounderSummary
        from ..models.organization_summary import OrganizationSummary

        d = dict(src_dict)
        score = d.pop("score")

        matched_on = []
        _matched_on = d.pop("matched_on")
        for matched_on_item_data in _matched_on:
            matched_on_item = MatchCandidateMatchedOnItem(matched_on_item_data)

            matched_on.append(matched_on_item)

        def _parse_entity(data: object) -> FounderSummary | OrganizationSummary:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_entity_summary_type_0 = OrganizationSummary.from_dict(
                    data
                )

                return componentsschemas_entity_summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_entity_summary_type_1 = FounderSummary.from_dict(data)

            return componentsschemas_entity_summary_type_1

        entity = _parse_entity(d.pop("entity"))

        match_candidate = cls(
            score=score,
            matched_on=matched_on,
            entity=entity,
        )

        return match_candidate
