from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.import_run_mode import ImportRunMode
from ..models.import_run_status import ImportRunStatus

if TYPE_CHECKING:
    from ..models.import_report import ImportReport


T = TypeVar("T", bound="ImportRun")


@_attrs_define
class ImportRun:
    """An import posted over HTTP and where it is.

    Attributes:
        id (str):
        status (ImportRunStatus):
        source (str):
        mode (ImportRunMode):
        dry_run (bool):
        bytes_ (int): The body's size.
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        error (None | str): Why input that could not be read at all stopped the import (with its line and column); null
            otherwise.
        report (ImportReport | None): The import engine's report (as the `import` command prints it); null until the
            import has finished.
    """

    id: str
    status: ImportRunStatus
    source: str
    mode: ImportRunMode
    dry_run: bool
    bytes_: int
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    error: None | str
    report: ImportReport | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.import_report import ImportReport

        id = self.id

        status = self.status.value

        source = self.source

        mode = self.mode.value

        dry_run = self.dry_run

        bytes_ = self.bytes_

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        error: None | str
        error = self.error

        report: dict[str, Any] | None
        if isinstance(self.report, ImportReport):
            report = self.report.to_dict()
        else:
            report = self.report

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "source": source,
                "mode": mode,
                "dry_run": dry_run,
                "bytes": bytes_,
                "created_at": created_at,
                "finished_at": finished_at,
                "error": error,
                "report": report,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.import_report import ImportReport

        d = dict(src_dict)
        id = d.pop("id")

        status = ImportRunStatus(d.pop("status"))

        source = d.pop("source")

        mode = ImportRunMode(d.pop("mode"))

        dry_run = d.pop("dry_run")

        bytes_ = d.pop("bytes")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_report(data: object) -> ImportReport | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_1 = ImportReport.from_dict(data)

                return report_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportReport | None, data)

        report = _parse_report(d.pop("report"))

        import_run = cls(
            id=id,
            status=status,
            source=source,
            mode=mode,
            dry_run=dry_run,
            bytes_=bytes_,
            created_at=created_at,
            finished_at=finished_at,
            error=error,
            report=report,
        )

        import_run.additional_properties = d
        return import_run

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
