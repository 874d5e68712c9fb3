from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.export_trailer_export import ExportTrailerExport


T = TypeVar("T", bound="ExportTrailer")


@_attrs_define
class ExportTrailer:
    """The last line of an NDJSON export.

    Attributes:
        field_export (ExportTrailerExport):
    """

    field_export: ExportTrailerExport

    def to_dict(self) -> dict[str, Any]:
        field_export = self.field_export.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "_export": field_export,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.export_trailer_export import ExportTrailerExport

        d = dict(src_dict)
        field_export = ExportTrailerExport.from_dict(d.pop("_export"))

        export_trailer = cls(
            field_export=field_export,
        )

        return export_trailer
