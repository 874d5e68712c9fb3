from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.match_candidate import MatchCandidate
    from ..models.match_normalized import MatchNormalized


T = TypeVar("T", bound="MatchResult")


@_attrs_define
class MatchResult:
    """
    Attributes:
        normalized (MatchNormalized): The inputs as compared (null when not given or, for `domain` and `website`, when
            they hold no registrable domain).
        match (MatchCandidate | None): The top candidate when it is confidently the one (score >= 0.8 and 0.1 above the
            next); else null.
        candidates (list[MatchCandidate]):
    """

    normalized: MatchNormalized
    match: MatchCandidate | None
    candidates: list[MatchCandidate]

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_candidate import MatchCandidate

        normalized = self.normalized.to_dict()

        match: dict[str, Any] | None
        if isinstance(self.match, MatchCandidate):
            match = self.match.to_dict()
        else:
            match = self.match

        candidates = []
        for candidates_item_data in self.candidates:
            candidates_item = candidates_item_data.to_dict()
            candidates.append(candidates_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "normalized": normalized,
                "match": match,
                "candidates": candidates,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.match_candidate import MatchCandidate
        from ..models.match_normalized import MatchNormalized

        d = dict(src_dict)
        normalized = MatchNormalized.from_dict(d.pop("normalized"))

        def _parse_match(data: object) -> MatchCandidate | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                match_type_0 = MatchCandidate.from_dict(data)

                return match_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchCandidate | None, data)

        match = _parse_match(d.pop("match"))

        candidates = []
        _candidates = d.pop("candidates")
        for candidates_item_data in _candidates:
            candidates_item = MatchCandidate.from_dict(candidates_item_data)

            candidates.append(candidates_item)

        match_result = cls(
            normalized=normalized,
            match=match,
            candidates=candidates,
        )

        return match_result
