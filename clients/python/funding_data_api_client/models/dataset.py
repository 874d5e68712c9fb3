from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dataset_records import DatasetRecords
    from ..models.dataset_source import DatasetSource


T = TypeVar("T", bound="Dataset")


@_attrs_define
class Dataset:
    """
    Attributes:
        synthetic (bool): True when the records include the generated demo data (`make seed`), which describes no real
            company.
        as_of (datetime.datetime | None): The newest `updated_at` of any record; null when there is none.
        records (DatasetRecords): Records per type, as the `/data` lists count them.
        sources (list[DatasetSource]): Entities and rounds per source, most records first.
    """

    synthetic: bool
    as_of: datetime.datetime | None
    records: DatasetRecords
    sources: list[DatasetSource]

    def to_dict(self) -> dict[str, Any]:
        synthetic = self.synthetic

        as_of: None | str
        if isinstance(self.as_of, datetime.datetime):
            as_of = self.as_of.isoformat()
        else:
            as_of = self.as_of

        records = self.records.to_dict()

        sources = []
        for sources_item_data in self.sources:
            sources_item = sources_item_data.to_dict()
            sources.append(sources_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "synthetic": synthetic,
                "as_of": as_of,
                "records": records,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dataset_records import DatasetRecords
        from ..models.dataset_source import DatasetSource

        d = dict(src_dict)
        synthetic = d.pop("synthetic")

        def _parse_as_of(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                as_of_type_0 = datetime.datetime.fromisoformat(data)

                return as_of_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        as_of = _parse_as_of(d.pop("as_of"))

        records = DatasetRecords.from_dict(d.pop("records"))

        sources = []
        _sources = d.pop("sources")
        for sources_item_data in _sources:
            sources_item = DatasetSource.from_dict(sources_item_data)

            sources.append(sources_item)

        dataset = cls(
            synthetic=synthetic,
            as_of=as_of,
            records=records,
            sources=sources,
        )

        return dataset
