from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.organization_summary import OrganizationSummary


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
        company (OrganizationSummary): The organization summary row of any `subtype` (the rows of `CompanySummary`,
            `UniversitySummary`,
            `GovNgoSummary` and `InvestorSummary` have the same fields). One object rather than a union
            discriminated by `subtype`: Rust's serde and Kotlin's Moshi generators cannot decode a
            discriminator that is also a field of the row.
    """

    raw_title: None | str
    titles: list[str]
    is_founder: bool
    is_executive: bool
    is_partner: bool
    is_past: bool
    start_date: None | str
    end_date: None | str
    company: OrganizationSummary

    def to_dict(self) -> dict[str, Any]:
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
        from ..models.organization_summary import OrganizationSummary

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

        company = OrganizationSummary.from_dict(d.pop("company"))

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
