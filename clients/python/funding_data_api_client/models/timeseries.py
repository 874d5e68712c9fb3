from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode
from ..models.heatmap_dimension import HeatmapDimension
from ..models.timeseries_interval import TimeseriesInterval
from ..models.timeseries_metric import TimeseriesMetric

if TYPE_CHECKING:
    from ..models.timeseries_series import TimeseriesSeries


T = TypeVar("T", bound="Timeseries")


@_attrs_define
class Timeseries:
    """
    Attributes:
        metric (TimeseriesMetric): `count` or `<op>_<field>` over the funding-round fields `amount` and `valuation`
            (money).
        interval (TimeseriesInterval):
        from_ (str): First period (`YYYY-MM`, `YYYY-Qn` or `YYYY`).
        to (str): Last period.
        group_by (HeatmapDimension | None): The dimension of `series`, or null.
        periods (list[str]): Every period from `from` to `to`: `YYYY-MM` (month), `YYYY-Qn` (quarter) or `YYYY` (year).
        values (list[float | None]): The metric over all matching rounds per period (aligned with `periods`).
        series (list[TimeseriesSeries]): With `group_by`, the top `top_n` categories by the metric over the whole range;
            otherwise empty.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    metric: TimeseriesMetric
    interval: TimeseriesInterval
    from_: str
    to: str
    group_by: HeatmapDimension | None
    periods: list[str]
    values: list[float | None]
    series: list[TimeseriesSeries]
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric.value

        interval = self.interval.value

        from_ = self.from_

        to = self.to

        group_by: None | str
        if isinstance(self.group_by, HeatmapDimension):
            group_by = self.group_by.value
        else:
            group_by = self.group_by

        periods = self.periods

        values = []
        for values_item_data in self.values:
            values_item: float | None
            values_item = values_item_data
            values.append(values_item)

        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "metric": metric,
                "interval": interval,
                "from": from_,
                "to": to,
                "group_by": group_by,
                "periods": periods,
                "values": values,
                "series": series,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.timeseries_series import TimeseriesSeries

        d = dict(src_dict)
        metric = TimeseriesMetric(d.pop("metric"))

        interval = TimeseriesInterval(d.pop("interval"))

        from_ = d.pop("from")

        to = d.pop("to")

        def _parse_group_by(data: object) -> HeatmapDimension | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                group_by_type_0 = HeatmapDimension(data)

                return group_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HeatmapDimension | None, data)

        group_by = _parse_group_by(d.pop("group_by"))

        periods = cast(list[str], d.pop("periods"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:

            def _parse_values_item(data: object) -> float | None:
                if data is None:
                    return data
                return cast(float | None, data)

            values_item = _parse_values_item(values_item_data)

            values.append(values_item)

        series = []
        _series = d.pop("series")
        for series_item_data in _series:
            series_item = TimeseriesSeries.from_dict(series_item_data)

            series.append(series_item)

        currency = CurrencyCode(d.pop("currency"))

        timeseries = cls(
            metric=metric,
            interval=interval,
            from_=from_,
            to=to,
            group_by=group_by,
            periods=periods,
            values=values,
            series=series,
            currency=currency,
        )

        return timeseries
