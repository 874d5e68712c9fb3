from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

from ..models.organization_summary_status_type_1 import OrganizationSummaryStatusType1
from ..models.organization_summary_status_type_2_type_1 import (
    OrganizationSummaryStatusType2Type1,
)
from ..models.organization_summary_status_type_3_type_1 import (
    OrganizationSummaryStatusType3Type1,
)
from ..models.organization_summary_subtype import OrganizationSummarySubtype
from ..models.organization_summary_unicorn_type_type_1 import (
    OrganizationSummaryUnicornTypeType1,
)
from ..models.organization_summary_unicorn_type_type_2_type_1 import (
    OrganizationSummaryUnicornTypeType2Type1,
)
from ..models.organization_summary_unicorn_type_type_3_type_1 import (
    OrganizationSummaryUnicornTypeType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.funding_summary import FundingSummary
    from ..models.investor_profile import InvestorProfile
    from ..models.jobs_summary import JobsSummary
    from ..models.latest_valuation import LatestValuation
    from ..models.location import Location
    from ..models.locked_field import LockedField
    from ..models.organization_links import OrganizationLinks
    from ..models.taxonomy_item import TaxonomyItem


T = TypeVar("T", bound="OrganizationSummary")


@_attrs_define
class OrganizationSummary:
    """The organization summary row of any `subtype` (the rows of `CompanySummary`, `UniversitySummary`,
    `GovNgoSummary` and `InvestorSummary` have the same fields). One object rather than a union
    discriminated by `subtype`: Rust's serde and Kotlin's Moshi generators cannot decode a
    discriminator that is also a field of the row.

        Attributes:
            uuid (UUID):
            type_ (Literal['organization']):
            subtype (OrganizationSummarySubtype):
            domain (None | str):
            name (str):
            tagline (None | str):
            about (None | str):
            image (None | str):
            service_url (None | str):
            links (OrganizationLinks):
            locations (list[Location]):
            roles (list[str]):
            classifications (list[str]):
            taxonomy (list[TaxonomyItem]):
            launch_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
                Example: 2024-05.
            closing_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
                unknown. Example: 2024-05.
            became_unicorn_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
                unknown. Example: 2024-05.
            became_thoroughbred_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null
                when unknown. Example: 2024-05.
            exit_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
                Example: 2024-05.
            employees_count (int | None): Null when signed out (named in `locked`).
            employee_count_1y_growth (float | None): Change as a fraction (0.25 = +25 %).
            added_at (datetime.datetime):
            updated_at (datetime.datetime):
            status (None | OrganizationSummaryStatusType1 | OrganizationSummaryStatusType2Type1 |
                OrganizationSummaryStatusType3Type1):
            signal_rating (float | None):
            unicorn_type (None | OrganizationSummaryUnicornTypeType1 | OrganizationSummaryUnicornTypeType2Type1 |
                OrganizationSummaryUnicornTypeType3Type1):
            investor (InvestorProfile | None):
            funding (FundingSummary):
            valuation (LatestValuation):
            jobs (JobsSummary):
            score (float | Unset): Relevance to `semantic_keyword` (0..1); only on lists ranked by it.
            locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
                dotted paths in the record
                (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
                `profit`, `rnd`, `valuation`,
                `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
                `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
                `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
    """

    uuid: UUID
    type_: Literal["organization"]
    subtype: OrganizationSummarySubtype
    domain: None | str
    name: str
    tagline: None | str
    about: None | str
    image: None | str
    service_url: None | str
    links: OrganizationLinks
    locations: list[Location]
    roles: list[str]
    classifications: list[str]
    taxonomy: list[TaxonomyItem]
    launch_date: None | str
    closing_date: None | str
    became_unicorn_date: None | str
    became_thoroughbred_date: None | str
    exit_date: None | str
    employees_count: int | None
    employee_count_1y_growth: float | None
    added_at: datetime.datetime
    updated_at: datetime.datetime
    status: (
        None
        | OrganizationSummaryStatusType1
        | OrganizationSummaryStatusType2Type1
        | OrganizationSummaryStatusType3Type1
    )
    signal_rating: float | None
    unicorn_type: (
        None
        | OrganizationSummaryUnicornTypeType1
        | OrganizationSummaryUnicornTypeType2Type1
        | OrganizationSummaryUnicornTypeType3Type1
    )
    investor: InvestorProfile | None
    funding: FundingSummary
    valuation: LatestValuation
    jobs: JobsSummary
    score: float | Unset = UNSET
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.investor_profile import InvestorProfile

        uuid = str(self.uuid)

        type_ = self.type_

        subtype = self.subtype.value

        domain: None | str
        domain = self.domain

        name = self.name

        tagline: None | str
        tagline = self.tagline

        about: None | str
        about = self.about

        image: None | str
        image = self.image

        service_url: None | str
        service_url = self.service_url

        links = self.links.to_dict()

        locations = []
        for locations_item_data in self.locations:
            locations_item = locations_item_data.to_dict()
            locations.append(locations_item)

        roles = self.roles

        classifications = self.classifications

        taxonomy = []
        for taxonomy_item_data in self.taxonomy:
            taxonomy_item = taxonomy_item_data.to_dict()
            taxonomy.append(taxonomy_item)

        launch_date: None | str
        launch_date = self.launch_date

        closing_date: None | str
        closing_date = self.closing_date

        became_unicorn_date: None | str
        became_unicorn_date = self.became_unicorn_date

        became_thoroughbred_date: None | str
        became_thoroughbred_date = self.became_thoroughbred_date

        exit_date: None | str
        exit_date = self.exit_date

        employees_count: int | None
        employees_count = self.employees_count

        employee_count_1y_growth: float | None
        employee_count_1y_growth = self.employee_count_1y_growth

        added_at = self.added_at.isoformat()

        updated_at = self.updated_at.isoformat()

        status: None | str
        if (
            isinstance(self.status, OrganizationSummaryStatusType1)
            or isinstance(self.status, OrganizationSummaryStatusType2Type1)
            or isinstance(self.status, OrganizationSummaryStatusType3Type1)
        ):
            status = self.status.value
        else:
            status = self.status

        signal_rating: float | None
        signal_rating = self.signal_rating

        unicorn_type: None | str
        if (
            isinstance(self.unicorn_type, OrganizationSummaryUnicornTypeType1)
            or isinstance(self.unicorn_type, OrganizationSummaryUnicornTypeType2Type1)
            or isinstance(self.unicorn_type, OrganizationSummaryUnicornTypeType3Type1)
        ):
            unicorn_type = self.unicorn_type.value
        else:
            unicorn_type = self.unicorn_type

        investor: dict[str, Any] | None
        if isinstance(self.investor, InvestorProfile):
            investor = self.investor.to_dict()
        else:
            investor = self.investor

        funding = self.funding.to_dict()

        valuation = self.valuation.to_dict()

        jobs = self.jobs.to_dict()

        score = self.score

        locked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.locked, Unset):
            locked = []
            for componentsschemas_locked_item_data in self.locked:
                componentsschemas_locked_item = (
                    componentsschemas_locked_item_data.to_dict()
                )
                locked.append(componentsschemas_locked_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uuid": uuid,
                "type": type_,
                "subtype": subtype,
                "domain": domain,
                "name": name,
                "tagline": tagline,
                "about": about,
                "image": image,
                "service_url": service_url,
                "links": links,
                "locations": locations,
                "roles": roles,
                "classifications": classifications,
                "taxonomy": taxonomy,
                "launch_date": launch_date,
                "closing_date": closing_date,
                "became_unicorn_date": became_unicorn_date,
                "became_thoroughbred_date": became_thoroughbred_date,
                "exit_date": exit_date,
                "employees_count": employees_count,
                "employee_count_1y_growth": employee_count_1y_growth,
                "added_at": added_at,
                "updated_at": updated_at,
                "status": status,
                "signal_rating": signal_rating,
                "unicorn_type": unicorn_type,
                "investor": investor,
                "funding": funding,
                "valuation": valuation,
                "jobs": jobs,
            }
        )
        if score is not UNSET:
            field_dict["score"] = score
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.funding_summary import FundingSummary
        from ..models.investor_profile import InvestorProfile
        from ..models.jobs_summary import JobsSummary
        from ..models.latest_valuation import LatestValuation
        from ..models.location import Location
        from ..models.locked_field import LockedField
        from ..models.organization_links import OrganizationLinks
        from ..models.taxonomy_item import TaxonomyItem

        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = cast(Literal["organization"], d.pop("type"))
        if type_ != "organization":
            raise ValueError(f"type must match const 'organization', got '{type_}'")

        subtype = OrganizationSummarySubtype(d.pop("subtype"))

        def _parse_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain = _parse_domain(d.pop("domain"))

        name = d.pop("name")

        def _parse_tagline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tagline = _parse_tagline(d.pop("tagline"))

        def _parse_about(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        about = _parse_about(d.pop("about"))

        def _parse_image(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image = _parse_image(d.pop("image"))

        def _parse_service_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        service_url = _parse_service_url(d.pop("service_url"))

        links = OrganizationLinks.from_dict(d.pop("links"))

        locations = []
        _locations = d.pop("locations")
        for locations_item_data in _locations:
            locations_item = Location.from_dict(locations_item_data)

            locations.append(locations_item)

        roles = cast(list[str], d.pop("roles"))

        classifications = cast(list[str], d.pop("classifications"))

        taxonomy = []
        _taxonomy = d.pop("taxonomy")
        for taxonomy_item_data in _taxonomy:
            taxonomy_item = TaxonomyItem.from_dict(taxonomy_item_data)

            taxonomy.append(taxonomy_item)

        def _parse_launch_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        launch_date = _parse_launch_date(d.pop("launch_date"))

        def _parse_closing_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        closing_date = _parse_closing_date(d.pop("closing_date"))

        def _parse_became_unicorn_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        became_unicorn_date = _parse_became_unicorn_date(d.pop("became_unicorn_date"))

        def _parse_became_thoroughbred_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        became_thoroughbred_date = _parse_became_thoroughbred_date(
            d.pop("became_thoroughbred_date")
        )

        def _parse_exit_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        exit_date = _parse_exit_date(d.pop("exit_date"))

        def _parse_employees_count(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        employees_count = _parse_employees_count(d.pop("employees_count"))

        def _parse_employee_count_1y_growth(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        employee_count_1y_growth = _parse_employee_count_1y_growth(
            d.pop("employee_count_1y_growth")
        )

        added_at = datetime.datetime.fromisoformat(d.pop("added_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_status(
            data: object,
        ) -> (
            None
            | OrganizationSummaryStatusType1
            | OrganizationSummaryStatusType2Type1
            | OrganizationSummaryStatusType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = OrganizationSummaryStatusType1(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_2_type_1 = OrganizationSummaryStatusType2Type1(data)

                return status_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_3_type_1 = OrganizationSummaryStatusType3Type1(data)

                return status_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | OrganizationSummaryStatusType1
                | OrganizationSummaryStatusType2Type1
                | OrganizationSummaryStatusType3Type1,
                data,
            )

        status = _parse_status(d.pop("status"))

        def _parse_signal_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating"))

        def _parse_unicorn_type(
            data: object,
        ) -> (
            None
            | OrganizationSummaryUnicornTypeType1
            | OrganizationSummaryUnicornTypeType2Type1
            | OrganizationSummaryUnicornTypeType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_1 = OrganizationSummaryUnicornTypeType1(data)

                return unicorn_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_2_type_1 = OrganizationSummaryUnicornTypeType2Type1(
                    data
                )

                return unicorn_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_3_type_1 = OrganizationSummaryUnicornTypeType3Type1(
                    data
                )

                return unicorn_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | OrganizationSummaryUnicornTypeType1
                | OrganizationSummaryUnicornTypeType2Type1
                | OrganizationSummaryUnicornTypeType3Type1,
                data,
            )

        unicorn_type = _parse_unicorn_type(d.pop("unicorn_type"))

        def _parse_investor(data: object) -> InvestorProfile | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                investor_type_0 = InvestorProfile.from_dict(data)

                return investor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvestorProfile | None, data)

        investor = _parse_investor(d.pop("investor"))

        funding = FundingSummary.from_dict(d.pop("funding"))

        valuation = LatestValuation.from_dict(d.pop("valuation"))

        jobs = JobsSummary.from_dict(d.pop("jobs"))

        score = d.pop("score", UNSET)

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        organization_summary = cls(
            uuid=uuid,
            type_=type_,
            subtype=subtype,
            domain=domain,
            name=name,
            tagline=tagline,
            about=about,
            image=image,
            service_url=service_url,
            links=links,
            locations=locations,
            roles=roles,
            classifications=classifications,
            taxonomy=taxonomy,
            launch_date=launch_date,
            closing_date=closing_date,
            became_unicorn_date=became_unicorn_date,
            became_thoroughbred_date=became_thoroughbred_date,
            exit_date=exit_date,
            employees_count=employees_count,
            employee_count_1y_growth=employee_count_1y_growth,
            added_at=added_at,
            updated_at=updated_at,
            status=status,
            signal_rating=signal_rating,
            unicorn_type=unicorn_type,
            investor=investor,
            funding=funding,
            valuation=valuation,
            jobs=jobs,
            score=score,
            locked=locked,
        )

        return organization_summary
