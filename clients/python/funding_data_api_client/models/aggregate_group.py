from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AggregateGroup")


@_attrs_define
class AggregateGroup:
    """The group's label for each dimension of `group_by`, keyed by the dimension.

    Attributes:
        round_year (str | Unset):
        round_quarter (str | Unset):
        round_type (str | Unset):
        standardized_round (str | Unset):
        country (str | Unset):
        continent (str | Unset):
        city (str | Unset):
        region (str | Unset):
        sector (str | Unset):
        technology (str | Unset):
        industry_tags (str | Unset):
        business_model (str | Unset):
        income_stream (str | Unset):
        client_focus (str | Unset):
        investor_type (str | Unset):
        investor_country (str | Unset):
        investor_continent (str | Unset):
        status (str | Unset):
        subtype (str | Unset):
        gender (str | Unset):
        launch_year (str | Unset):
    """

    round_year: str | Unset = UNSET
    round_quarter: str | Unset = UNSET
    round_type: str | Unset = UNSET
    standardized_round: str | Unset = UNSET
    country: str | Unset = UNSET
    continent: str | Unset = UNSET
    city: str | Unset = UNSET
    region: str | Unset = UNSET
    sector: str | Unset = UNSET
    technology: str | Unset = UNSET
    industry_tags: str | Unset = UNSET
    business_model: str | Unset = UNSET
    income_stream: str | Unset = UNSET
    client_focus: str | Unset = UNSET
    investor_type: str | Unset = UNSET
    investor_country: str | Unset = UNSET
    investor_continent: str | Unset = UNSET
    status: str | Unset = UNSET
    subtype: str | Unset = UNSET
    gender: str | Unset = UNSET
    launch_year: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        round_year = self.round_year

        round_quarter = self.round_quarter

        round_type = self.round_type

        standardized_round = self.standardized_round

        country = self.country

        continent = self.continent

        city = self.city

        region = self.region

        sector = self.sector

        technology = self.technology

        industry_tags = self.industry_tags

        business_model = self.business_model

        income_stream = self.income_stream

        client_focus = self.client_focus

        investor_type = self.investor_type

        investor_country = self.investor_country

        investor_continent = self.investor_continent

        status = self.status

        subtype = self.subtype

        gender = self.gender

        launch_year = self.launch_year

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if round_year is not UNSET:
            field_dict["round_year"] = round_year
        if round_quarter is not UNSET:
            field_dict["round_quarter"] = round_quarter
        if round_type is not UNSET:
            field_dict["round_type"] = round_type
        if standardized_round is not UNSET:
            field_dict["standardized_round"] = standardized_round
        if country is not UNSET:
            field_dict["country"] = country
        if continent is not UNSET:
            field_dict["continent"] = continent
        if city is not UNSET:
            field_dict["city"] = city
        if region is not UNSET:
            field_dict["region"] = region
        if sector is not UNSET:
            field_dict["sector"] = sector
        if technology is not UNSET:
            field_dict["technology"] = technology
        if industry_tags is not UNSET:
            field_dict["industry_tags"] = industry_tags
        if business_model is not UNSET:
            field_dict["business_model"] = business_model
        if income_stream is not UNSET:
            field_dict["income_stream"] = income_stream
        if client_focus is not UNSET:
            field_dict["client_focus"] = client_focus
        if investor_type is not UNSET:
            field_dict["investor_type"] = investor_type
        if investor_country is not UNSET:
            field_dict["investor_country"] = investor_country
        if investor_continent is not UNSET:
            field_dict["investor_continent"] = investor_continent
        if status is not UNSET:
            field_dict["status"] = status
        if subtype is not UNSET:
            field_dict["subtype"] = subtype
        if gender is not UNSET:
            field_dict["gender"] = gender
        if launch_year is not UNSET:
            field_dict["launch_year"] = launch_year

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        round_year = d.pop("round_year", UNSET)

        round_quarter = d.pop("round_quarter", UNSET)

        round_type = d.pop("round_type", UNSET)

        standardized_round = d.pop("standardized_round", UNSET)

        country = d.pop("country", UNSET)

        continent = d.pop("continent", UNSET)

        city = d.pop("city", UNSET)

        region = d.pop("region", UNSET)

        sector = d.pop("sector", UNSET)

        technology = d.pop("technology", UNSET)

        industry_tags = d.pop("industry_tags", UNSET)

        business_model = d.pop("business_model", UNSET)

        income_stream = d.pop("income_stream", UNSET)

        client_focus = d.pop("client_focus", UNSET)

        investor_type = d.pop("investor_type", UNSET)

        investor_country = d.pop("investor_country", UNSET)

        investor_continent = d.pop("investor_continent", UNSET)

        status = d.pop("status", UNSET)

        subtype = d.pop("subtype", UNSET)

        gender = d.pop("gender", UNSET)

        launch_year = d.pop("launch_year", UNSET)

        aggregate_group = cls(
            round_year=round_year,
            round_quarter=round_quarter,
            round_type=round_type,
            standardized_round=standardized_round,
            country=country,
            continent=continent,
            city=city,
            region=region,
            sector=sector,
            technology=technology,
            industry_tags=industry_tags,
            business_model=business_model,
            income_stream=income_stream,
            client_focus=client_focus,
            investor_type=investor_type,
            investor_country=investor_country,
            investor_continent=investor_continent,
            status=status,
            subtype=subtype,
            gender=gender,
            launch_year=launch_year,
        )

        return aggregate_group
