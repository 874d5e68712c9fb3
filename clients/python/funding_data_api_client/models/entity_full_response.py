from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.entity_full import EntityFull


T = TypeVar("T", bound="EntityFullResponse")


@_attrs_define
class EntityFullResponse:
    """
    Attributes:
        data (EntityFull): The full record of any entity: the organization record (`OrganizationFull`) of any subtype,
            or the person record (`FounderFull`). One object with the fields of both, each present on
            the records of the shape that has it (`x-merge`, expanded in the bundle).
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: EntityFull
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_full import EntityFull

        d = dict(src_dict)
        data = EntityFull.from_dict(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        entity_full_response = cls(
            data=data,
            currency=currency,
        )

        return entity_full_response
