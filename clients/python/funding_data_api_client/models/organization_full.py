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

from ..models.organization_full_status_type_1 import OrganizationFullStatusType1
from ..models.organization_full_status_type_2_type_1 import (
    OrganizationFullStatusType2Type1,
)
from ..models.organization_full_status_type_3_type_1 import (
    OrganizationFullStatusType3Type1,
)
from ..models.organization_full_subtype import OrganizationFullSubtype
from ..models.organization_full_unicorn_type_type_1 import (
    OrganizationFullUnicornTypeType1,
)
from ..models.organization_full_unicorn_type_type_2_type_1 import (
    OrganizationFullUnicornTypeType2Type1,
)
from ..models.organization_full_unicorn_type_type_3_type_1 import (
    OrganizationFullUnicornTypeType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alumni_glance import AlumniGlance
    from ..models.founder_glance import FounderGlance
    from ..models.funding_summary import FundingSummary
    from ..models.investor_profile_full import InvestorProfileFull
    from ..models.jobs_summary import JobsSummary
    from ..models.latest_revenue import LatestRevenue
    from ..models.latest_valuation import LatestValuation
    from ..models.location import Location
    from ..models.locked_field import LockedField
    from ..models.organization_links import OrganizationLinks
    from ..models.patents_summary import PatentsSummary
    from ..models.taxonomy_item import TaxonomyItem
    from ..models.traffic_summary import TrafficSummary


T = TypeVar("T", bound="OrganizationFull")


@_attrs_define
class OrganizationFull:
    """The full record of an organization of any `subtype` (the fields of `CompanyFull`, `UniversityFull`, `GovNgoFull` and
    `InvestorFull`).

        Attributes:
            uuid (UUID):
            type_ (Literal['organization']):
            subtype (OrganizationFullSubtype):
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
            status (None | OrganizationFullStatusType1 | OrganizationFullStatusType2Type1 |
                OrganizationFullStatusType3Type1):
            signal_rating (float | None):
            unicorn_type (None | OrganizationFullUnicornTypeType1 | OrganizationFullUnicornTypeType2Type1 |
                OrganizationFullUnicornTypeType3Type1):
            investor (InvestorProfileFull | None):
            funding (FundingSummary):
            valuation (LatestValuation):
            jobs (JobsSummary):
            revenue (LatestRevenue):
            traffic (TrafficSummary):
            patents (PatentsSummary):
            founders (FounderGlance): First page (5) of the organization's founders, newest tenure first.
            available (list[str]): Full-profile blocks that hold data (of founders, alumni, portfolio, revenue, traffic,
                patents, exits).
            alumni (AlumniGlance | Unset): Universities only: the first page (5) of `/data/universities/{id}/alumni` in its
                default sort (`-start_date`), with the total.
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
    subtype: OrganizationFullSubtype
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
        | OrganizationFullStatusType1
        | OrganizationFullStatusType2Type1
        | OrganizationFullStatusType3Type1
    )
    signal_rating: float | None
    unicorn_type: (
        None
        | OrganizationFullUnicornTypeType1
        | OrganizationFullUnicornTypeType2Type1
        | OrganizationFullUnicornTypeType3Type1
    )
    investor: InvestorProfileFull | None
    funding: FundingSummary
    valuation: LatestValuation
    jobs: JobsSummary
    revenue: LatestRevenue
    traffic: TrafficSummary
    patents: PatentsSummary
    founders: FounderGlance
    available: list[str]
    alumni: AlumniGlance | Unset = UNSET
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.investor_profile_full import InvestorProfileFull

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
            isinstance(self.status, OrganizationFullStatusType1)
            or isinstance(self.status, OrganizationFullStatusType2Type1)
            or isinstance(self.status, OrganizationFullStatusType3Type1)
        ):
            status = self.status.value
        else:
            status = self.status

        signal_rating: float | None
        signal_rating = self.signal_rating

        unicorn_type: None | str
        if (
            isinstance(self.unicorn_type, OrganizationFullUnicornTypeType1)
            or isinstance(self.unicorn_type, OrganizationFullUnicornTypeType2Type1)
            or isinstance(self.unicorn_type, OrganizationFullUnicornTypeType3Type1)
        ):
            unicorn_type = self.unicorn_type.value
        else:
            unicorn_type = self.unicorn_type

        investor: dict[str, Any] | None
        if isinstance(self.investor, InvestorProfileFull):
            investor = self.investor.to_dict()
        else:
            investor = self.investor

        funding = self.funding.to_dict()

        valuation = self.valuation.to_dict()

        jobs = self.jobs.to_dict()

        revenue = self.revenue.to_dict()

        traffic = self.traffic.to_dict()

        patents = self.patents.to_dict()

        founders = self.founders.to_dict()

        available = self.available

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
                "revenue": revenue,
                "traffic": traffic,
                "patents": patents,
                "founders": founders,
                "available": available,
            }
        )
        if alumni is not UNSET:
            field_dict["alumni"] = alumni
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.alumni_glance import AlumniGlance
        from ..models.founder_glance import FounderGlance
        from ..models.funding_summary import FundingSummary
        from ..models.investor_profile_full import InvestorProfileFull
        from ..models.jobs_summary import JobsSummary
        from ..models.latest_revenue import LatestRevenue
        from ..models.latest_valuation import LatestValuation
        from ..models.location import Location
        from ..models.locked_field import LockedField
        from ..models.organization_links import OrganizationLinks
        from ..models.patents_summary import PatentsSummary
        from ..models.taxonomy_item import TaxonomyItem
        from ..models.traffic_summary import TrafficSummary

        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = cast(Literal["organization"], d.pop("type"))
        if type_ != "organization":
            raise ValueError(f"type must match const 'organization', got '{type_}'")

        subtype = OrganizationFullSubtype(d.pop("subtype"))

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
            | OrganizationFullStatusType1
            | OrganizationFullStatusType2Type1
            | OrganizationFullStatusType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = OrganizationFullStatusType1(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_2_type_1 = OrganizationFullStatusType2Type1(data)

                return status_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_3_type_1 = OrganizationFullStatusType3Type1(data)

                return status_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | OrganizationFullStatusType1
                | OrganizationFullStatusType2Type1
                | OrganizationFullStatusType3Type1,
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
            | OrganizationFullUnicornTypeType1
            | OrganizationFullUnicornTypeType2Type1
            | OrganizationFullUnicornTypeType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_1 = OrganizationFullUnicornTypeType1(data)

                return unicorn_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_2_type_1 = OrganizationFullUnicornTypeType2Type1(data)

                return unicorn_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                unicorn_type_type_3_type_1 = OrganizationFullUnicornTypeType3Type1(data)

                return unicorn_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | OrganizationFullUnicornTypeType1
                | OrganizationFullUnicornTypeType2Type1
                | OrganizationFullUnicornTypeType3Type1,
                data,
            )

        unicorn_type = _parse_unicorn_type(d.pop("unicorn_type"))

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

        funding = FundingSummary.from_dict(d.pop("funding"))

        valuation = LatestValuation.from_dict(d.pop("valuation"))

        jobs = JobsSummary.from_dict(d.pop("jobs"))

        revenue = LatestRevenue.from_dict(d.pop("revenue"))

        traffic = TrafficSummary.from_dict(d.pop("traffic"))

        patents = PatentsSummary.from_dict(d.pop("patents"))

        founders = FounderGlance.from_dict(d.pop("founders"))

        available = cast(list[str], d.pop("available"))

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

        organization_full = cls(
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
            revenue=revenue,
            traffic=traffic,
            patents=patents,
            founders=founders,
            available=available,
            alumni=alumni,
            locked=locked,
        )

        return organization_full
