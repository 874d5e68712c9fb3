from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_derived_seconds import ImportDerivedSeconds


T = TypeVar("T", bound="ImportDerived")


@_attrs_define
class ImportDerived:
    """How many derived rows (figures, classification flags, search terms, analytics facts and rollup) were refreshed, and
    the seconds per step.

        Attributes:
            figures (int | Unset):
            classifications (int | Unset): Entities whose derived classification flags changed.
            search_terms (int | Unset):
            facts_rounds (int | Unset):
            rollup_rows (int | Unset):
            rollup_by_difference (bool | Unset): Whether the rollup rows moved by the touched companies' difference (else it
                was rebuilt whole); absent when no round changed.
            seconds (ImportDerivedSeconds | Unset):
    """

    figures: int | Unset = UNSET
    classifications: int | Unset = UNSET
    search_terms: int | Unset = UNSET
    facts_rounds: int | Unset = UNSET
    rollup_rows: int | Unset = UNSET
    rollup_by_difference: bool | Unset = UNSET
    seconds: ImportDerivedSeconds | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        figures = self.figures

        classifications = self.classifications

        search_terms = self.search_terms

        facts_rounds = self.facts_rounds

        rollup_rows = self.rollup_rows

        rollup_by_difference = self.rollup_by_difference

        seconds: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seconds, Unset):
            seconds = self.seconds.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if figures is not UNSET:
            field_dict["figures"] = figures
        if classifications is not UNSET:
            field_dict["classifications"] = classifications
        if search_terms is not UNSET:
            field_dict["search_terms"] = search_terms
        if facts_rounds is not UNSET:
            field_dict["facts_rounds"] = facts_rounds
        if rollup_rows is not UNSET:
            field_dict["rollup_rows"] = rollup_rows
        if rollup_by_difference is not UNSET:
            field_dict["rollup_by_difference"] = rollup_by_difference
        if seconds is not UNSET:
            field_dict["seconds"] = seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_derived_seconds import ImportDerivedSeconds

        d = dict(src_dict)
        figures = d.pop("figures", UNSET)

        classifications = d.pop("classifications", UNSET)

        search_terms = d.pop("search_terms", UNSET)

        facts_rounds = d.pop("facts_rounds", UNSET)

        rollup_rows = d.pop("rollup_rows", UNSET)

        rollup_by_difference = d.pop("rollup_by_difference", UNSET)

        _seconds = d.pop("seconds", UNSET)
        seconds: ImportDerivedSeconds | Unset
        if isinstance(_seconds, Unset):
            seconds = UNSET
        else:
            seconds = ImportDerivedSeconds.from_dict(_seconds)

        import_derived = cls(
            figures=figures,
            classifications=classifications,
            search_terms=search_terms,
            facts_rounds=facts_rounds,
            rollup_rows=rollup_rows,
            rollup_by_difference=rollup_by_difference,
            seconds=seconds,
        )

        import_derived.additional_properties = d
        return import_derived

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
