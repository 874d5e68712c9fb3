from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiErrorFacts")


@_attrs_define
class ApiErrorFacts:
    """Facts about the error, keyed by name (`filter`, `position`, `replacement`, ...); each a string,
    number or boolean. Other keys are left untyped because a typed map beside optional named
    properties does not compile in TypeScript (orval: TS2411).

        Attributes:
            filter_ (str | Unset): The filter key concerned.
            operator (str | Unset): The operator concerned.
            position (int | Unset): 0-based character index of a filter syntax error.
            replacement (str | Unset): The key or path that replaces a removed one.
            required_scope (str | Unset): The scopes the token lacks (space-separated).
    """

    filter_: str | Unset = UNSET
    operator: str | Unset = UNSET
    position: int | Unset = UNSET
    replacement: str | Unset = UNSET
    required_scope: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        filter_ = self.filter_

        operator = self.operator

        position = self.position

        replacement = self.replacement

        required_scope = self.required_scope

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if operator is not UNSET:
            field_dict["operator"] = operator
        if position is not UNSET:
            field_dict["position"] = position
        if replacement is not UNSET:
            field_dict["replacement"] = replacement
        if required_scope is not UNSET:
            field_dict["required_scope"] = required_scope

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        filter_ = d.pop("filter", UNSET)

        operator = d.pop("operator", UNSET)

        position = d.pop("position", UNSET)

        replacement = d.pop("replacement", UNSET)

        required_scope = d.pop("required_scope", UNSET)

        api_error_facts = cls(
            filter_=filter_,
            operator=operator,
            position=position,
            replacement=replacement,
            required_scope=required_scope,
        )

        api_error_facts.additional_properties = d
        return api_error_facts

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
