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

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.career_glance import CareerGlance
    from ..models.education_glance import EducationGlance
    from ..models.founded_companies_summary import FoundedCompaniesSummary
    from ..models.investor_profile_row import InvestorProfileRow
    from ..models.location import Location
    from ..models.locked_field import LockedField
    from ..models.person_links import PersonLinks
    from ..models.taxonomy_item import TaxonomyItem


T = TypeVar("T", bound="FounderRow")


@_attrs_define
class FounderRow:
    """A person row: `FounderFull` with `view=full`, `FounderSummary` with `view=summary`. One
    object with the fields of both, the full-only ones present with `view=full` (`x-merge`,
    expanded in the bundle); `x-views` names each view's shape (its CSV columns).

        Attributes:
            uuid (UUID):
            type_ (Literal['person']):
            subtype (None | str):
            name (str):
            tagline (None | str):
            about (None | str):
            image (None | str):
            service_url (None | str):
            links (PersonLinks):
            locations (list[Location]):
            roles (list[str]):
            classifications (list[str]):
            taxonomy (list[TaxonomyItem]):
            gender (None | str):
            signal_rating (float | None):
            investor (InvestorProfileRow | None):
            available (list[str]):
            added_at (datetime.datetime):
            updated_at (datetime.datetime):
            founded_companies (FoundedCompaniesSummary | Unset):
            career (CareerGlance | Unset): First page (5) of the person's career, newest tenure first.
            education (EducationGlance | Unset): First page (5) of the person's education, newest first.
            locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
                dotted paths in the record
                (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
                `profit`, `rnd`, `valuation`,
                `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
                `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
                `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
            score (float | Unset): Relevance to `semantic_keyword` (0..1); only on lists ranked by it.
    """

    uuid: UUID
    type_: Literal["person"]
    subtype: None | str
    name: str
    tagline: None | str
    about: None | str
    image: None | str
    service_url: None | str
    links: PersonLinks
    locations: list[Location]
    roles: list[str]
    classifications: list[str]
    taxonomy: list[TaxonomyItem]
    gender: None | str
    signal_rating: float | None
    investor: InvestorProfileRow | None
    available: list[str]
    added_at: datetime.datetime
    updated_at: datetime.datetime
    founded_companies: FoundedCompaniesSummary | Unset = UNSET
    career: CareerGlance | Unset = UNSET
    education: EducationGlance | Unset = UNSET
    locked: list[LockedField] | Unset = UNSET
    score: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.investor_profile_row import InvestorProfileRow

        uuid = str(self.uuid)

        type_ = self.type_

        subtype: None | str
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

        gender: None | str
        gender = self.gender

        signal_rating: float | None
        signal_rating = self.signal_rating

        investor: dict[str, Any] | None
        if isinstance(self.investor, InvestorProfileRow):
            investor = self.investor.to_dict()
        else:
            investor = self.investor

        available = self.available

        added_at = self.added_at.isoformat()

        updated_at = self.updated_at.isoformat()

        founded_companies: dict[str, Any] | Unset = UNSET
        if not isinstance(self.founded_companies, Unset):
            founded_companies = self.founded_companies.to_dict()

        career: dict[str, Any] | Unset = UNSET
        if not isinstance(self.career, Unset):
            career = self.career.to_dict()

        education: dict[str, Any] | Unset = UNSET
        if not isinstance(self.education, Unset):
            education = self.education.to_dict()

        locked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.locked, Unset):
            locked = []
            for componentsschemas_locked_item_data in self.locked:
                componentsschemas_locked_item = (
                    componentsschemas_locked_item_data.to_dict()
                )
                locked.append(componentsschemas_locked_item)

        score = self.score

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
                "gender": gender,
                "signal_rating": signal_rating,
                "investor": investor,
                "available": available,
                "added_at": added_at,
                "updated_at": updated_at,
            }
        )
        if founded_companies is not UNSET:
            field_dict["founded_companies"] = founded_companies
        if career is not UNSET:
            field_dict["career"] = career
        if education is not UNSET:
            field_dict["education"] = education
        if locked is not UNSET:
            field_dict["locked"] = locked
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.career_glance import CareerGlance
        from ..models.education_glance import EducationGlance
        from ..models.founded_companies_summary import FoundedCompaniesSummary
        from ..models.investor_profile_row import InvestorProfileRow
        from ..models.location import Location
        from ..models.locked_field import LockedField
        from ..models.person_links import PersonLinks
        from ..models.taxonomy_item import TaxonomyItem

        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = cast(Literal["person"], d.pop("type"))
        if type_ != "person":
            raise ValueError(f"type must match const 'person', got '{type_}'")

        def _parse_subtype(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

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

        links = PersonLinks.from_dict(d.pop("links"))

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

        def _parse_gender(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        gender = _parse_gender(d.pop("gender"))

        def _parse_signal_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating"))

        def _parse_investor(data: object) -> InvestorProfileRow | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                investor_type_0 = InvestorProfileRow.from_dict(data)

                return investor_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InvestorProfileRow | None, data)

        investor = _parse_investor(d.pop("investor"))

        available = cast(list[str], d.pop("available"))

        added_at = datetime.datetime.fromisoformat(d.pop("added_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

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

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        score = d.pop("score", UNSET)

        founder_row = cls(
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
            gender=gender,
            signal_rating=signal_rating,
            investor=investor,
            available=available,
            added_at=added_at,
            updated_at=updated_at,
            founded_companies=founded_companies,
            career=career,
            education=education,
            locked=locked,
            score=score,
        )

        return founder_row
