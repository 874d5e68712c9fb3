from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.company_summary import CompanySummary
    from ..models.founder_summary import FounderSummary
    from ..models.gov_ngo_summary import GovNgoSummary
    from ..models.investor_summary import InvestorSummary
    from ..models.meta import Meta
    from ..models.page import Page
    from ..models.university_summary import UniversitySummary


T = TypeVar("T", bound="EntitySummaryList")


@_attrs_define
class EntitySummaryList:
    """
    Attributes:
        data (list[CompanySummary | FounderSummary | GovNgoSummary | InvestorSummary | UniversitySummary]):
        page (Page): Page of a list. `capped`, `tier` and `ecosystem` are present on requests made without an API key.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
        meta (Meta | Unset): Notices about the request, for clients pinned to older versions.
    """

    data: list[
        CompanySummary
        | FounderSummary
        | GovNgoSummary
        | InvestorSummary
        | UniversitySummary
    ]
    page: Page
    currency: CurrencyCode
    meta: Meta | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.company_summary import CompanySummary
        from ..models.gov_ngo_summary import GovNgoSummary
        from ..models.investor_summary import InvestorSummary
        from ..models.university_summary import UniversitySummary

        data = []
        for data_item_data in self.data:
            data_item: dict[str, Any]
            if (
                isinstance(data_item_data, CompanySummary)
                or isinstance(data_item_data, UniversitySummary)
                or isinstance(data_item_data, GovNgoSummary)
                or isinstance(data_item_data, InvestorSummary)
            ):
                data_item = data_item_data.to_dict()
            else:
                data_item = data_item_data.to_dict()

            data.append(data_item)

        page = self.page.to_dict()

        currency = self.currency.value

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "page": page,
                "currency": currency,
            }
        )
        if meta is not UNSET:
            field_dict["meta"] = meta

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.company_summary import CompanySummary
        from ..models.founder_summary import FounderSummary
        from ..models.gov_ngo_summary import GovNgoSummary
        from ..models.investor_summary import InvestorSummary
        from ..models.meta import Meta
        from ..models.page import Page
        from ..models.university_summary import UniversitySummary

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:

            def _parse_data_item(
                data: object,
            ) -> (
                CompanySummary
                | FounderSummary
                | GovNgoSummary
                | InvestorSummary
                | UniversitySummary
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_entity_summary_type_0 = CompanySummary.from_dict(
                        data
                    )

                    return componentsschemas_entity_summary_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_entity_summary_type_1 = (
                        UniversitySummary.from_dict(data)
                    )

                    return componentsschemas_entity_summary_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_entity_summary_type_2 = GovNgoSummary.from_dict(
                        data
                    )

                    return componentsschemas_entity_summary_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_entity_summary_type_3 = InvestorSummary.from_dict(
                        data
                    )

                    return componentsschemas_entity_summary_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_entity_summary_type_4 = FounderSummary.from_dict(data)

                return componentsschemas_entity_summary_type_4

            data_item = _parse_data_item(data_item_data)

            data.append(data_item)

        page = Page.from_dict(d.pop("page"))

        currency = CurrencyCode(d.pop("currency"))

        _meta = d.pop("meta", UNSET)
        meta: Meta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = Meta.from_dict(_meta)

        entity_summary_list = cls(
            data=data,
            page=page,
            currency=currency,
            meta=meta,
        )

        return entity_summary_list
