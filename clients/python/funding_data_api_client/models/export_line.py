from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.export_summary import ExportSummary


T = TypeVar("T", bound="ExportLine")


@_attrs_define
class ExportLine:
    """One line of an NDJSON export: a row of the list, exactly the `data[]` item of the operation's `application/json`
    page (same tier, version and currency), or the last line `{"_export": ...}`, which no row has.

        Attributes:
            field_export (ExportSummary | Unset): The trailer of an export: the last NDJSON line `{"_export": ...}`, or the
                last CSV record `#_export,<this JSON>`.
    """

    field_export: ExportSummary | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field_export: dict[str, Any] | Unset = UNSET
        if not isinstance(self.field_export, Unset):
            field_export = self.field_export.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if field_export is not UNSET:
            field_dict["_export"] = field_export

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.export_summary import ExportSummary

        d = dict(src_dict)
        _field_export = d.pop("_export", UNSET)
        field_export: ExportSummary | Unset
        if isinstance(_field_export, Unset):
            field_export = UNSET
        else:
            field_export = ExportSummary.from_dict(_field_export)

        export_line = cls(
            field_export=field_export,
        )

        export_line.additional_properties = d
        return export_line

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
