from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.filter_key_operators_item import FilterKeyOperatorsItem
from ..models.filter_key_type import FilterKeyType

T = TypeVar("T", bound="FilterKey")


@_attrs_define
class FilterKey:
    """
    Attributes:
        key (str):
        type_ (FilterKeyType):
        operators (list[FilterKeyOperatorsItem]):
        description (str):
        values_url (None | str): Where the valid values are listed.
    """

    key: str
    type_: FilterKeyType
    operators: list[FilterKeyOperatorsItem]
    description: str
    values_url: None | str

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        type_ = self.type_.value

        operators = []
        for operators_item_data in self.operators:
            operators_item = operators_item_data.value
            operators.append(operators_item)

        description = self.description

        values_url: None | str
        values_url = self.values_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "type": type_,
                "operators": operators,
                "description": description,
                "values_url": values_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        type_ = FilterKeyType(d.pop("type"))

        operators = []
        _operators = d.pop("operators")
        for operators_item_data in _operators:
            operators_item = FilterKeyOperatorsItem(operators_item_data)

            operators.append(operators_item)

        description = d.pop("description")

        def _parse_values_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        values_url = _parse_values_url(d.pop("values_url"))

        filter_key = cls(
            key=key,
            type_=type_,
            operators=operators,
            description=description,
            values_url=values_url,
        )

        return filter_key
