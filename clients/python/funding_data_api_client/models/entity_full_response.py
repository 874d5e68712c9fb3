from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.founder_full import FounderFull
    from ..models.organization_full import OrganizationFull


T = TypeVar("T", bound="EntityFullResponse")


@_attrs_define
class EntityFullResponse:
    """
    Attributes:
        data (FounderFull | OrganizationFull): The full record of any entity (organization of any subtype, or person).
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: FounderFull | OrganizationFull
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        from ..models.organization_full import OrganizationFull

        data: dict[str, Any]
        if isinstance(self.data, OrganizationFull):
            data = self.data.to_dict()
        else:
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
        from ..models.founder_full import FounderFull
        from ..models.organization_full import OrganizationFull

        d = dict(src_dict)

        def _parse_data(data: object) -> FounderFull | OrganizationFull:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_entity_full_type_0 = OrganizationFull.from_dict(data)

                return componentsschemas_entity_full_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_entity_full_type_1 = FounderFull.from_dict(data)

            return componentsschemas_entity_full_type_1

        data = _parse_data(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        entity_full_response = cls(
            data=data,
            currency=currency,
        )

        return entity_full_response
