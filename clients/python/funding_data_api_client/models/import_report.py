from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.import_report_mode import ImportReportMode

if TYPE_CHECKING:
    from ..models.import_derived import ImportDerived
    from ..models.import_file_report import ImportFileReport
    from ..models.import_rejection import ImportRejection


T = TypeVar("T", bound="ImportReport")


@_attrs_define
class ImportReport:
    """
    Attributes:
        source (str):
        mode (ImportReportMode):
        dry_run (bool):
        committed (bool): Whether the import's writes were committed.
        files (list[ImportFileReport]):
        rejections (list[ImportRejection]): The first 100 rejected lines.
        rejected_total (int):
        derived (ImportDerived | None):
        seconds (float):
    """

    source: str
    mode: ImportReportMode
    dry_run: bool
    committed: bool
    files: list[ImportFileReport]
    rejections: list[ImportRejection]
    rejected_total: int
    derived: ImportDerived | None
    seconds: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.import_derived import ImportDerived

        source = self.source

        mode = self.mode.value

        dry_run = self.dry_run

        committed = self.committed

        files = []
        for files_item_data in self.files:
            files_item = files_item_data.to_dict()
            files.append(files_item)

        rejections = []
        for rejections_item_data in self.rejections:
            rejections_item = rejections_item_data.to_dict()
            rejections.append(rejections_item)

        rejected_total = self.rejected_total

        derived: dict[str, Any] | None
        if isinstance(self.derived, ImportDerived):
            derived = self.derived.to_dict()
        else:
            derived = self.derived

        seconds = self.seconds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source": source,
                "mode": mode,
                "dry_run": dry_run,
                "committed": committed,
                "files": files,
                "rejections": rejections,
                "rejected_total": rejected_total,
                "derived": derived,
                "seconds": seconds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_derived import ImportDerived
        from ..models.import_file_report import ImportFileReport
        from ..models.import_rejection import ImportRejection

        d = dict(src_dict)
        source = d.pop("source")

        mode = ImportReportMode(d.pop("mode"))

        dry_run = d.pop("dry_run")

        committed = d.pop("committed")

        files = []
        _files = d.pop("files")
        for files_item_data in _files:
            files_item = ImportFileReport.from_dict(files_item_data)

            files.append(files_item)

        rejections = []
        _rejections = d.pop("rejections")
        for rejections_item_data in _rejections:
            rejections_item = ImportRejection.from_dict(rejections_item_data)

            rejections.append(rejections_item)

        rejected_total = d.pop("rejected_total")

        def _parse_derived(data: object) -> ImportDerived | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                derived_type_0 = ImportDerived.from_dict(data)

                return derived_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportDerived | None, data)

        derived = _parse_derived(d.pop("derived"))

        seconds = d.pop("seconds")

        import_report = cls(
            source=source,
            mode=mode,
            dry_run=dry_run,
            committed=committed,
            files=files,
            rejections=rejections,
            rejected_total=rejected_total,
            derived=derived,
            seconds=seconds,
        )

        import_report.additional_properties = d
        return import_report

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
