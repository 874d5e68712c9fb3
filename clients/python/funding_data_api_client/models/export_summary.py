from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_error_body import ApiErrorBody


T = TypeVar("T", bound="ExportSummary")


@_attrs_define
class ExportSummary:
    """The trailer of an export: the last NDJSON line `{"_export": ...}`, or the last CSV record `#_export,<this JSON>`.

    Attributes:
        rows (int): Rows sent before this line.
        complete (bool): True when every matching row was sent.
        credits_ (int): Credits charged (API-key calls; 0 otherwise).
        error (ApiErrorBody | Unset):
    """

    rows: int
    complete: bool
    credits_: int
    error: ApiErrorBody | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rows = self.rows

        complete = self.complete

        credits_ = self.credits_

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rows": rows,
                "complete": complete,
                "credits": credits_,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_error_body import ApiErrorBody

        d = dict(src_dict)
        rows = d.pop("rows")

        complete = d.pop("complete")

        credits_ = d.pop("credits")

        _error = d.pop("error", UNSET)
        error: ApiErrorBody | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ApiErrorBody.from_dict(_error)

        export_summary = cls(
            rows=rows,
            complete=complete,
            credits_=credits_,
            error=error,
        )

        return export_summary
