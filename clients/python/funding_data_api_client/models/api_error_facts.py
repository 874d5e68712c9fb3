from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiErrorFacts")


@_attrs_define
class ApiErrorFacts:
    """Facts about the error, keyed by name (`filter`, `position`, `replacement`, ...).

    Attributes:
        filter_ (str | Unset): The filter key concerned.
        operator (str | Unset): The operator concerned.
        position (int | Unset): 0-based character index of a filter syntax error.
        replacement (str | Unset): The key or path that replaces a removed one.
    """

    filter_: str | Unset = UNSET
    operator: str | Unset = UNSET
    position: int | Unset = UNSET
    replacement: str | Unset = UNSET
    additional_properties: dict[str, bool | float | str] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        filter_ = self.filter_

        operator = self.operator

        position = self.position

        replacement = self.replacement

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop

        field_dict.update({})
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if operator is not UNSET:
            field_dict["operator"] = operator
        if position is not UNSET:
            field_dict["position"] = position
        if replacement is not UNSET:
            field_dict["replacement"] = replacement

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        filter_ = d.pop("filter", UNSET)

        operator = d.pop("operator", UNSET)

        position = d.pop("position", UNSET)

        replacement = d.pop("replacement", UNSET)

        api_error_facts = cls(
            filter_=filter_,
            operator=operator,
            position=position,
            replacement=replacement,
        )

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(data: object) -> bool | float | str:
                return cast(bool | float | str, data)

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        api_error_facts.additional_properties = additional_properties
        return api_error_facts

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> bool | float | str:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: bool | float | str) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
