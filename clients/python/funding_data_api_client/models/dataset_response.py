from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dataset import Dataset


T = TypeVar("T", bound="DatasetResponse")


@_attrs_define
class DatasetResponse:
    """
    Attributes:
        data (Dataset):
    """

    data: Dataset

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dataset import Dataset

        d = dict(src_dict)
        data = Dataset.from_dict(d.pop("data"))

        dataset_response = cls(
            data=data,
        )

        return dataset_response
