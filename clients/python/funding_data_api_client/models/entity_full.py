from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.entity_full_status_type_1 import EntityFullStatusType1
from ..models.entity_full_status_type_2_type_1 import EntityFullStatusType2Type1
from ..models.entity_full_status_type_3_type_1 import EntityFullStatusType3Type1
from ..models.entity_full_subtype_type_1 import EntityFullSubtypeType1
from ..models.entity_full_subtype_type_2_type_1 import EntityFullSubtypeType2Type1
from ..models.entity_full_subtype_type_3_type_1 import EntityFullSubtypeType3Type1
from ..models.entity_full_type import EntityFullType
from ..models.entity_full_unicorn_type_type_1 import EntityFullUnicornTypeType1
from ..models.entity_full_unicorn_type_type_2_type_1 import (
    EntityFullUnicornTypeType2Type1,
)
from ..models.entity_full_unicorn_type_type_3_type_1 import (
    EntityFullUnicornTypeType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alumni_glance import AlumniGlance
    from ..models.career_glance import CareerGlance
    from ..models.education_glance import EducationGlance
    from ..models.entity_links import EntityLinks
    from ..models.founded_companies_summary import FoundedCompaniesSummary
    from ..models.founder_glance import FounderGlance
    from ..models.funding_summary import FundingSummary
    from ..models.investor_profile_full import InvestorProfileFull
    from ..models.jobs_summary import JobsSummary
    from ..models.latest_revenue import LatestRevenue
    from ..models.latest_valuation import LatestValuation
    from ..models.location import Location
    from ..models.locked_field import LockedField
    from ..models.patents_summary import PatentsSummary
    from ..models.taxonomy_item import TaxonomyItem
    from ..models.traffic_summary import TrafficSummary


T = TypeVar("T", bound="EntityFull")


@_attrs_define
class EntityFull:
    """The full record of any entity: the organization record (`OrganizationFull`) of any subtype,
    or the person record (`FounderFull`). One object with the fields of both, each present on
    the records of the shape that has it (`x-merge`, expanded in the bundle).

        Attributes:
            uuid (UUID):
            type_ (EntityFullType):
            subtype (EntityFullSubtypeType1 | EntityFullSubtypeType2Type1 | EntityFullSubtypeType3Type1 | None): Null for a
                person.
            name (str):
            tagline (None | str):
            about (None | str):
            image (None | str):
            service_url (None | str):
            links (EntityLinks): The links of an organization (`OrganizationLinks`) or of a person (`PersonLinks`, without
                `website` and `instagram`).
            locations (list[Location]):
            roles (list[str]):
            classifications (list[str]):
            taxonomy (list[TaxonomyItem]):
            added_at (datetime.datetime):
            updated_at (datetime.datetime):
            signal_rating (float | None):
            investor (InvestorProfileFull | None):
            available (list[str]): Full-profile blocks that hold data (of founders, alumni, portfolio, revenue, traffic,
                patents, exits).
            domain (None | str | Unset):
            launch_date (None | str | Unset): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
                unknown. Example: 2024-05.
            closing_date (None | str | Unset): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
                unknown. Example: 2024-05.
            became_unicorn_date (None | str | Unset): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or
                null when unknown. Example: 2024-05.
            became_thoroughbred_date (None | str | Unset): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded),
                or null when unknown. Example: 2024-05.
            exit_date (None | str | Unset): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
                unknown. Example: 2024-05.
            employees_count (int | None | Unset): Null when signed out (named in `locked`).
            employee_count_1y_growth (float | None | Unset): Change as a fraction (0.25 = +25 %).
            status (EntityFullStatusType1 | EntityFullStatusType2Type1 | EntityFullStatusType3Type1 | None | Unset):
            unicorn_type (EntityFullUnicornTypeType1 | EntityFullUnicornTypeType2Type1 | EntityFullUnicornTypeType3Type1 |
                None | Unset):
            funding (FundingSummary | Unset):
            valuation (LatestValuation | Unset):
            jobs (JobsSummary | Unset):
            revenue (LatestRevenue | Unset):
            traffic (TrafficSummary | Unset):
            patents (PatentsSummary | Unset):
            founders (FounderGlance | Unset): First page (5) of the organization's founders, newest tenure first.
            alumni (AlumniGlance | Unset): Universities only: the first page (5) of `/data/universities/{id}/alumni` in its
                default sort (`-start_date`), with the total.
            locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
                dotted paths in the record
                (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
                `profit`, `rnd`, `valuation`,
                `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
                `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
                `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
            gender (None | str | Unset):
            founded_companies (FoundedCompaniesSummary | Unset):
            career (CareerGlance | Unset): First page (5) of the person's career, newest tenure first.
            education (EducationGlance | Unset): First page (5) of the person's education, newest first.
    """

    uuid: UUID
    type_: EntityFullType
    subtype: (
        EntityFullSubtypeType1
        | EntityFullSubtypeType2Type1
        | EntityFullSubtypeType3Type1
        | None
    )
    name: str
    tagline: None | str
    about: None | str
    image: None | str
    service_url: None | str
    links: EntityLinks
    locations: list[Location]
    roles: list[str]
    classifications: list[str]
    taxonomy: list[TaxonomyItem]
    added_at: datetime.datetime
    updated_at: datetime.datetime
    signal_rating: float | None
    investor: InvestorProfileFull | None
    available: list[str]
    domain: None | str | Unset = UNSET
    launch_date: None | str | Unset = UNSET
    closing_date: None | str | Unset = UNSET
    became_unicorn_date: None | str | Unset = UNSET
    became_thoroughbred_date: None | str | Unset = UNSET
    exit_date: None | str | Unset = UNSET
    employees_count: int | None | Unset = UNSET
    employee_count_1y_growth: float | None | Unset = UNSET
    status: (
        EntityFullStatusType1
        | EntityFullStatusType2Type1
        | EntityFullStatusType3Type1
        | None
        | Unset
    ) = UNSET
    unicorn_type: (
        EntityFullUnicornTypeType1
        | EntityFullUnicornTypeType2Type1
        | EntityFullUnicornTypeType3Type1
        | None
        | Unset
    ) = UNSET
    funding: FundingSummary | Unset = UNSET
    valuation: LatestValuation | Unset = UNSET
    jobs: JobsSummary | Unset = UNSET
    revenue: LatestRevenue | Unset = UNSET
    traffic: TrafficSummary | Unset = UNSET
    patents: PatentsSummary | Unset = UNSET
    founders: FounderGlance | Unset = UNSET
    alumni: AlumniGlance | Unset = UNSET
    locked: list[LockedField] | Unset = UNSET
    gender: None | str | Unset = UNSET
    founded_companies: FoundedCompaniesSummary | Unset = UNSET
    career: CareerGlance | Unset = UNSET
    education: EducationGlance | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.investor_profile_full import InvestorProfileFull

        uuid = str(self.uuid)

        type_ = self.type_.value

        subtype: None | str
        if (
            isinstance(self.subtype, EntityFullSubtypeType1)
            or isinstance(self.subtype, EntityFullSubtypeType2Type1)
            or isinstance(self.subtype, EntityFullSubtypeType3Type1)
        ):
            subtype = self.subtype.value
        else:
            subtype = self.subtype

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

        added_at = self.added_at.isoformat()

        updated_at = self.updated_at.isoformat()

        signal_rating: float | None
        signal_rating = self.signal_rating

        investor: dict[str, Any] | None
        if isinstance(self.investor, InvestorProfileFull):
            investor = self.investor.to_dict()
        else:
            investor = self.investor

        available = self.available

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        launch_date: None | str | Unset
        if isinstance(self.launch_date, Unset):
            launch_date = UNSET
        else:
            launch_date = self.launch_date

        closing_date: None | str | Unset
        if isinstance(self.closing_date, Unset):
            closing_date = UNSET
        else:
            closing_date = self.closing_date

        became_unicorn_date: None | str | Unset
        if isinstance(self.became_unicorn_date, Unset):
            became_unicorn_date = UNSET
        else:
            became_unicorn_date = self.became_unicorn_date

        became_thoroughbred_date: None | str | Unset
        if isinstance(self.became_thoroughbred_date, Unset):
            became_thoroughbred_date = UNSET
        else:
            became_thoroughbred_date = self.became_thoroughbred_date

        exit_date: None | str | Unset
        if isinstance(self.exit_date, Unset):
            exit_date = UNSET
        else:
            exit_date = self.exit_date

        employees_count: int | None | Unset
        if isinstance(self.employees_count, Unset):
            employees_count = UNSET
        else:
            employees_count = self.employees_count

        employee_count_1y_growth: float | None | Unset
        if isinstance(self.employee_count_1y_growth, Unset):
            employee_count_1y_growth = UNSET
        else:
            employee_count_1y_growth = self.employee_count_1y_growth

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif (
            isinstance(self.status, EntityFullStatusType1)
            or isinstance(self.status, EntityFullStatusType2Type1)
            or isinstance(self.status, EntityFullStatusType3Type1)
        ):
            status = self.status.value
        else:
            status = self.status

        unicorn_type: None | str | Unset
        if isinstance(self.unicorn_type, Unset):
            unicorn_type = UNSET
        elif (
            isinstance(self.unicorn_type, EntityFullUnicornTypeType1)
            or isinstance(self.unicorn_type, EntityFullUnicornTypeType2Type1)
            or isinstance(self.unicorn_type, EntityFullUnicornTypeType3Type1)
        ):
            unicorn_type = self.unicorn_type.value
        else:
            unicorn_type = self.unicorn_type

        funding: dict[str, Any] | Unset = UNSET
        if not isinstance(self.funding, Unset):
            funding = self.funding.to_dict()

        valuation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.valuation, Unset):
            valuation = self.valuation.to_dict()

        jobs: dict[str, Any] | Unset = UNSET
        if not isinstance(self.jobs, Unset):
            jobs = self.jobs.to_dict()

        revenue: dict[str, Any] | Unset = UNSET
        if not isinstance(self.revenue, Unset):
            revenue = self.revenue.to_dict()

        traffic: dict[str, Any] | Unset = UNSET
        if not isinstance(self.traffic, Unset):
            traffic = self.traffic.to_dict()

        patents: dict[str, Any] | Unset = UNSET
        if not isinstance(self.patents, Unset):
            patents = self.patents.to_dict()

        founders: dict[str, Any] | Unset = UNSET
        if not isinstance(self.founders, Unset):
            founders = self.founders.to_dict()

        alumni: dict[str, Any] | Unset = UNSET
        if not isinstance(self.alumni, Unset):
            alumni = self.alumni.to_dict()

        locked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.locked, Unset):
            locked = []
            for componentsschemas_locked_item_data in self.locked:
                componentsschemas_locked_item = (
                    componentsschemas_locked_item_data.to_dict()
                )
                locked.append(componentsschemas_locked_item)

        gender: None | str | Unset
        if isinstance(self.gender, Unset):
            gender = UNSET
        else:
            gender = self.gender

        founded_companies: dict[str, Any] | Unset = UNSET
        if not isinstance(self.founded_companies, Unset):
            founded_companies = self.founded_companies.to_dict()

        career: dict[str, Any] | Unset = UNSET
        if not isinstance(self.career, Unset):
            career = self.career.to_dict()

        education: dict[str, Any] | Unset = UNSET
        if not isinstance(self.education, Unset):
            education = self.education.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uuid": uuid,
                "type": type_,
                "subtype": subtype,
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
                "added_at": added_at,
                "updated_at": updated_at,
                "signal_rating": signal_rating,
                "investor": investor,
                "available": available,
            }
        )
        if domain is not UNSET:
            field_dict["domain"] = domain
        if launch_date is not UNSET:
            field_dict["launch_date"] = launch_date
        if closing_date is not UNSET:
            field_dict["closing_date"] = closing_date
        if became_unicorn_date is not UNSET:
            field_dict["became_unicorn_date"] = became_unicorn_date
        if became_thoroughbred_date is not UNSET:
            field_dict["became_thoroughbred_date"] = became_thoroughbred_date
        if exit_date is not UNSET:
            field_dict["exit_date"] = exit_date
        if employees_count is not UNSET:
            field_dict["employees_count"] = employees_count
        if employee_count_1y_growth is not UNSET:
            field_dict["employee_count_1y_growth"] = employee_count_1y_growth
        if status is not UNSET:
            field_dict["status"] = status
        if unicorn_type is not UNSET:
            field_dict["unicorn_type"] = unicorn_type
        if funding is not UNSET:
            field_dict["funding"] = funding
        if valuation is not UNSET:
            field_dict["valuation"] = valuation
        if jobs is not UNSET:
            field_dict["jobs"] = jobs
        if revenue is not UNSET:
            field_dict["revenue"] = revenue
        if traffic is not UNSET:
            field_dict["traffic"] = traffic
        if patents is not UNSET:
            field_dict["patents"] = patents
        if founders is not UNSET:
            field_dict["founders"] = founders
        if alumni is not UNSET:
            field_dict["alumni"] = alumni
        if locked is not UNSET:
            field_dict["locked"] = locked
        if gender is not UNSET:
            field_dict["gender"] = gender
        if founded_companies is not UNSET:
            field_dict["founded_companies"] = founded_companies
        if career is not UNSET:
            field_dict["career"] = career
        if education is not UNSET:
            field_dict["education"] = education

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.alumni_glance import AlumniGlance
        from ..models.career_glance import CareerGlance
        from ..models.education_glance import EducationGlance
        from ..models.entity_links import EntityLinks
        from ..models.founded_companies_summary import FoundedCompaniesSummary
        from ..models.founder_glance import FounderGlance
        from ..models.funding_summary import FundingSummary
        from ..models.investor_profile_full import InvestorProfileFull
        from ..models.jobs_summary import JobsSummary
        from ..models.latest_revenue import LatestRevenue
        from ..models.latest_valuation import LatestValuation
        from ..models.location import Location
        from ..models.locked_field import LockedField
        from ..models.patents_summary import PatentsSummary
        from ..models.taxonomy_item import TaxonomyItem
        from ..models.traffic_summary import TrafficSummary

        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = EntityFullType(d.pop("type"))

        def _parse_subtype(
            data: object,
        ) -> (
            EntityFullSubtypeType1
            | EntityFullSubtypeType2Type1
            | EntityFullSubtypeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_1 = EntityFullSubtypeType1(data)

                return subtype_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_2_type_1 = EntityFullSubtypeType2Type1(data)

                return subtype_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_3_type_1 = EntityFullSubtypeType3Type1(data)

                return subtype_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                EntityFullSubtypeType1
                | EntityFullSubtypeType2Type1
                | EntityFullSubtypeType3Type1
                | None,
                data,
            )

        subtype = _parse_subtype(d.pop("subtype"))

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

        links = EntityLinks.from_dict(d.pop("links"))

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

        added_at = datetime.datetime.fromisoformat(d.pop("added_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_signal_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating"))

        def _parse_investor(data: object) -> InvestorProfileFull | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                investor_type_0 = InvestorProfileFull.from_dict(data)

                return investor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvestorProfileFull | None, data)

        investor = _parse_investor(d.pop("investor"))

        available = cast(list[str], d.pop("available"))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_launch_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        launch_date = _parse_launch_date(d.pop("launch_date", UNSET))

        def _parse_closing_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        closing_date = _parse_closing_date(d.pop("closing_date", UNSET))

        def _parse_became_unicorn_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        became_unicorn_date = _parse_became_unicorn_date(
            d.pop("became_unicorn_date", UNSET)
        )

        def _parse_became_thoroughbred_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        became_thoroughbred_date = _parse_became_thoroughbred_date(
            d.pop("became_thoroughbred_date", UNSET)
        )

        def _parse_exit_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        exit_date = _parse_exit_date(d.pop("exit_date", UNSET))

        def _parse_employees_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        employees_count = _parse_employees_count(d.pop("employees_count", UNSET))

        def _parse_employee_count_1y_growth(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        employee_count_1y_growth = _parse_employee_count_1y_growth(
            d.pop("employee_count_1y_growth", UNSET)
        )

        def _parse_status(
            data: object,
        ) -> (
            EntityFullStatusType1
            | EntityFullStatusType2Type1
            | EntityFullStatusType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = EntityFullStatusType1(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_2_type_1 = EntityFullStatusType2Type1(data)

                return status_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_3_type_1 = EntityFullStatusType3Type1(data)

                return status_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                EntityFullStatusType1
                | EntityFullStatusType2Type1
                | EntityFullStatusType3Type1
                | None
                | Unset,
                data,
            )

        status = _parse_status(d.pop("status", UNSET))

        def _parse_unicorn_type(
            data: object,
        ) -> (
            EntityFullUnicornTypeType1
            | EntityFullUnicornTypeType2Type1
            | EntityFullUnicornTypeType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_1 = EntityFullUnicornTypeType1(data)

                return unicorn_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_2_type_1 = EntityFullUnicornTypeType2Type1(data)

                return unicorn_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_3_type_1 = EntityFullUnicornTypeType3Type1(data)

                return unicorn_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                EntityFullUnicornTypeType1
                | EntityFullUnicornTypeType2Type1
                | EntityFullUnicornTypeType3Type1
                | None
                | Unset,
                data,
            )

        unicorn_type = _parse_unicorn_type(d.pop("unicorn_type", UNSET))

        _funding = d.pop("funding", UNSET)
        funding: FundingSummary | Unset
        if isinstance(_funding, Unset):
            funding = UNSET
        else:
            funding = FundingSummary.from_dict(_funding)

        _valuation = d.pop("valuation", UNSET)
        valuation: LatestValuation | Unset
        if isinstance(_valuation, Unset):
            valuation = UNSET
        else:
            valuation = LatestValuation.from_dict(_valuation)

        _jobs = d.pop("jobs", UNSET)
        jobs: JobsSummary | Unset
        if isinstance(_jobs, Unset):
            jobs = UNSET
        else:
            jobs = JobsSummary.from_dict(_jobs)

        _revenue = d.pop("revenue", UNSET)
        revenue: LatestRevenue | Unset
        if isinstance(_revenue, Unset):
            revenue = UNSET
        else:
            revenue = LatestRevenue.from_dict(_revenue)

        _traffic = d.pop("traffic", UNSET)
        traffic: TrafficSummary | Unset
        if isinstance(_traffic, Unset):
            traffic = UNSET
        else:
            traffic = TrafficSummary.from_dict(_traffic)

        _patents = d.pop("patents", UNSET)
        patents: PatentsSummary | Unset
        if isinstance(_patents, Unset):
            patents = UNSET
        else:
            patents = PatentsSummary.from_dict(_patents)

        _founders = d.pop("founders", UNSET)
        founders: FounderGlance | Unset
        if isinstance(_founders, Unset):
            founders = UNSET
        else:
            founders = FounderGlance.from_dict(_founders)

        _alumni = d.pop("alumni", UNSET)
        alumni: AlumniGlance | Unset
        if isinstance(_alumni, Unset):
            alumni = UNSET
        else:
            alumni = AlumniGlance.from_dict(_alumni)

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        def _parse_gender(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gender = _parse_gender(d.pop("gender", UNSET))

        _founded_companies = d.pop("founded_companies", UNSET)
        founded_companies: FoundedCompaniesSummary | Unset
        if isinstance(_founded_companies, Unset):
            founded_companies = UNSET
        else:
            founded_companies = FoundedCompaniesSummary.from_dict(_founded_companies)

        _career = d.pop("career", UNSET)
        career: CareerGlance | Unset
        if isinstance(_career, Unset):
            career = UNSET
        else:
            career = CareerGlance.from_dict(_career)

        _education = d.pop("education", UNSET)
        education: EducationGlance | Unset
        if isinstance(_education, Unset):
            education = UNSET
        else:
            education = EducationGlance.from_dict(_education)

        entity_full = cls(
            uuid=uuid,
            type_=type_,
            subtype=subtype,
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
            added_at=added_at,
            updated_at=updated_at,
            signal_rating=signal_rating,
            investor=investor,
            available=available,
            domain=domain,
            launch_date=launch_date,
            closing_date=closing_date,
            became_unicorn_date=became_unicorn_date,
            became_thoroughbred_date=became_thoroughbred_date,
            exit_date=exit_date,
            employees_count=employees_count,
            employee_count_1y_growth=employee_count_1y_growth,
            status=status,
            unicorn_type=unicorn_type,
            funding=funding,
            valuation=valuation,
            jobs=jobs,
            revenue=revenue,
            traffic=traffic,
            patents=patents,
            founders=founders,
            alumni=alumni,
            locked=locked,
            gender=gender,
            founded_companies=founded_companies,
            career=career,
            education=education,
        )

        return entity_full
