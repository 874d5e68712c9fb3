from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.import_file_report_types import ImportFileReportTypes


T = TypeVar("T", bound="ImportFileReport")


@_attrs_define
class ImportFileReport:
    """
    Attributes:
        file (str):
        format_ (str):
        layout (str):
        types (ImportFileReportTypes): Counts per record type.
        withdrawal_skipped (str | Unset):
    """

    file: str
    format_: str
    layout: str
    types: ImportFileReportTypes
    withdrawal_skipped: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file

        format_ = self.format_

        layout = self.layout

        types = self.types.to_dict()

        withdrawal_skipped = self.withdrawal_skipped

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
                "format": format_,
                "layout": layout,
                "types": types,
            }
        )
        if withdrawal_skipped is not UNSET:
            field_dict["withdrawal_skipped"] = withdrawal_skipped

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_file_report_types import ImportFileReportTypes

        d = dict(src_dict)
        file = d.pop("file")

        format_ = d.pop("format")

        layout = d.pop("layout")

        types = ImportFileReportTypes.from_dict(d.pop("types"))

        withdrawal_skipped = d.pop("withdrawal_skipped", UNSET)

        import_file_report = cls(
            file=file,
            format_=format_,
            layout=layout,
            types=types,
            withdrawal_skipped=withdrawal_skipped,
        )

        import_file_report.additional_properties = d
        return import_file_report

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
