from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.funnel_query_info import FunnelQueryInfo
    from ..models.funnel_row import FunnelRow


T = TypeVar("T", bound="Funnel")


@_attrs_define
class Funnel:
    """
    Attributes:
        rows (list[FunnelRow]):
        bucket_labels (list[str]):
        bucket_group_labels (list[str]):
        total_per_bucket (list[int]):
        grand_total (int):
        query_info (FunnelQueryInfo):
    """

    rows: list[FunnelRow]
    bucket_labels: list[str]
    bucket_group_labels: list[str]
    total_per_bucket: list[int]
    grand_total: int
    query_info: FunnelQueryInfo

    def to_dict(self) -> dict[str, Any]:
        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        bucket_labels = self.bucket_labels

        bucket_group_labels = self.bucket_group_labels

        total_per_bucket = self.total_per_bucket

        grand_total = self.grand_total

        query_info = self.query_info.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rows": rows,
                "bucket_labels": bucket_labels,
                "bucket_group_labels": bucket_group_labels,
                "total_per_bucket": total_per_bucket,
                "grand_total": grand_total,
                "query_info": query_info,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.funnel_query_info import FunnelQueryInfo
        from ..models.funnel_row import FunnelRow

        d = dict(src_dict)
        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = FunnelRow.from_dict(rows_item_data)

            rows.append(rows_item)

        bucket_labels = cast(list[str], d.pop("bucket_labels"))

        bucket_group_labels = cast(list[str], d.pop("bucket_group_labels"))

        total_per_bucket = cast(list[int], d.pop("total_per_bucket"))

        grand_total = d.pop("grand_total")

        query_info = FunnelQueryInfo.from_dict(d.pop("query_info"))

        funnel = cls(
            rows=rows,
            bucket_labels=bucket_labels,
            bucket_group_labels=bucket_group_labels,
            total_per_bucket=total_per_bucket,
            grand_total=grand_total,
            query_info=query_info,
        )

        return funnel
