from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.heatmap_query_info import HeatmapQueryInfo


T = TypeVar("T", bound="Heatmap")


@_attrs_define
class Heatmap:
    """
    Attributes:
        x_labels (list[str]):
        y_labels (list[str]):
        cells (list[list[int]]): `cells[i][j]` is the value for `y_labels[i]` and `x_labels[j]`.
        x_totals (list[int]):
        y_totals (list[int]):
        grand_total (int):
        query_info (HeatmapQueryInfo):
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    x_labels: list[str]
    y_labels: list[str]
    cells: list[list[int]]
    x_totals: list[int]
    y_totals: list[int]
    grand_total: int
    query_info: HeatmapQueryInfo
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        x_labels = self.x_labels

        y_labels = self.y_labels

        cells = []
        for cells_item_data in self.cells:
            cells_item = cells_item_data

            cells.append(cells_item)

        x_totals = self.x_totals

        y_totals = self.y_totals

        grand_total = self.grand_total

        query_info = self.query_info.to_dict()

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x_labels": x_labels,
                "y_labels": y_labels,
                "cells": cells,
                "x_totals": x_totals,
                "y_totals": y_totals,
                "grand_total": grand_total,
                "query_info": query_info,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.heatmap_query_info import HeatmapQueryInfo

        d = dict(src_dict)
        x_labels = cast(list[str], d.pop("x_labels"))

        y_labels = cast(list[str], d.pop("y_labels"))

        cells = []
        _cells = d.pop("cells")
        for cells_item_data in _cells:
            cells_item = cast(list[int], cells_item_data)

            cells.append(cells_item)

        x_totals = cast(list[int], d.pop("x_totals"))

        y_totals = cast(list[int], d.pop("y_totals"))

        grand_total = d.pop("grand_total")

        query_info = HeatmapQueryInfo.from_dict(d.pop("query_info"))

        currency = CurrencyCode(d.pop("currency"))

        heatmap = cls(
            x_labels=x_labels,
            y_labels=y_labels,
            cells=cells,
            x_totals=x_totals,
            y_totals=y_totals,
            grand_total=grand_total,
            query_info=query_info,
            currency=currency,
        )

        return heatmap
