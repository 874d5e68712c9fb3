from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DatasetSource")


@_attrs_define
class DatasetSource:
    """
    Attributes:
        name (str):
        records (int):
    """

    name: str
    records: int

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        records = self.records

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "records": records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        records = d.pop("records")

        dataset_source = cls(
            name=name,
            records=records,
        )

        return dataset_source
