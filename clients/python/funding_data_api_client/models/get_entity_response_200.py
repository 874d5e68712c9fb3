from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.founder_full import FounderFull
    from ..models.organization_full_fields import OrganizationFullFields


T = TypeVar("T", bound="GetEntityResponse200")


@_attrs_define
class GetEntityResponse200:
    """
    Attributes:
        data (FounderFull | OrganizationFullFields): The full record of any entity (organization of any subtype, or
            person).
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: FounderFull | OrganizationFullFields
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        from ..models.organization_full_fields import OrganizationFullFields

        data: dict[str, Any]
        if isinstance(self.data, OrganizationFullFields):
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
        from ..models.organization_full_fields import OrganizationFullFields

        d = dict(src_dict)

        def _parse_data(data: object) -> FounderFull | OrganizationFullFields:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_entity_full_type_0 = OrganizationFullFields.from_dict(
                    data
                )

                return componentsschemas_entity_full_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_entity_full_type_4 = FounderFull.from_dict(data)

            return componentsschemas_entity_full_type_4

        data = _parse_data(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        get_entity_response_200 = cls(
            data=data,
            currency=currency,
        )

        return get_entity_response_200
