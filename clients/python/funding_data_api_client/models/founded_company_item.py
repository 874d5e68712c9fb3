from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.company_summary import CompanySummary
    from ..models.gov_ngo_summary import GovNgoSummary
    from ..models.investor_summary import InvestorSummary
    from ..models.university_summary import UniversitySummary


T = TypeVar("T", bound="FoundedCompanyItem")


@_attrs_define
class FoundedCompanyItem:
    """A career row limited to the founder role, with the full organization summary row.

    Attributes:
        raw_title (None | str):
        titles (list[str]):
        is_founder (bool):
        is_executive (bool):
        is_partner (bool):
        is_past (bool):
        start_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
            Example: 2024-05.
        end_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
            Example: 2024-05.
        company (CompanySummary | GovNgoSummary | InvestorSummary | UniversitySummary): The organization summary row,
            discriminated by `subtype`.
    """

    raw_title: None | str
    titles: list[str]
    is_founder: bool
    is_executive: bool
    is_partner: bool
    is_past: bool
    start_date: None | str
    end_date: None | str
    company: CompanySummary | GovNgoSummary | InvestorSummary | UniversitySummary

    def to_dict(self) -> dict[str, Any]:
        from ..models.company_summary import CompanySummary
        from ..models.gov_ngo_summary import GovNgoSummary
        from ..models.university_summary import UniversitySummary

        raw_title: None | str
        raw_title = self.raw_title

        titles = self.titles

        is_founder = self.is_founder

        is_executive = self.is_executive

        is_partner = self.is_partner

        is_past = self.is_past

        start_date: None | str
        start_date = self.start_date

        end_date: None | str
        end_date = self.end_date

        company: dict[str, Any]
        if (
            isinstance(self.company, CompanySummary)
            or isinstance(self.company, UniversitySummary)
            or isinstance(self.company, GovNgoSummary)
        ):
            company = self.company.to_dict()
        else:
            company = self.company.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "raw_title": raw_title,
                "titles": titles,
                "is_founder": is_founder,
                "is_executive": is_executive,
                "is_partner": is_partner,
                "is_past": is_past,
                "start_date": start_date,
                "end_date": end_date,
                "company": company,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.company_summary import CompanySummary
        from ..models.gov_ngo_summary import GovNgoSummary
        from ..models.investor_summary import InvestorSummary
        from ..models.university_summary import UniversitySummary

        d = dict(src_dict)

        def _parse_raw_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        raw_title = _parse_raw_title(d.pop("raw_title"))

        titles = cast(list[str], d.pop("titles"))

        is_founder = d.pop("is_founder")

        is_executive = d.pop("is_executive")

        is_partner = d.pop("is_partner")

        is_past = d.pop("is_past")

        def _parse_start_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        start_date = _parse_start_date(d.pop("start_date"))

        def _parse_end_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_date = _parse_end_date(d.pop("end_date"))

        def _parse_company(
            data: object,
        ) -> CompanySummary | GovNgoSummary | InvestorSummary | UniversitySummary:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_organization_summary_type_0 = (
                    CompanySummary.from_dict(data)
                )

                return componentsschemas_organization_summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_organization_summary_type_1 = (
                    UniversitySummary.from_dict(data)
                )

                return componentsschemas_organization_summary_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_organization_summary_type_2 = GovNgoSummary.from_dict(
                    data
                )

                return componentsschemas_organization_summary_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_organization_summary_type_3 = InvestorSummary.from_dict(
                data
            )

            return componentsschemas_organization_summary_type_3

        company = _parse_company(d.pop("company"))

        founded_company_item = cls(
            raw_title=raw_title,
            titles=titles,
            is_founder=is_founder,
            is_executive=is_executive,
            is_partner=is_partner,
            is_past=is_past,
            start_date=start_date,
            end_date=end_date,
            company=company,
        )

        return founded_company_item
