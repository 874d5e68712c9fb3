from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DatasetRecords")


@_attrs_define
class DatasetRecords:
    """Records per type, as the `/data` lists count them.

    Attributes:
        companies (int):
        investors (int):
        universities (int):
        gov_ngo (int):
        people (int):
        transactions (int):
        funds (int):
        valuations (int):
        jobs (int):
        news (int):
    """

    companies: int
    investors: int
    universities: int
    gov_ngo: int
    people: int
    transactions: int
    funds: int
    valuations: int
    jobs: int
    news: int

    def to_dict(self) -> dict[str, Any]:
        companies = self.companies

        investors = self.investors

        universities = self.universities

        gov_ngo = self.gov_ngo

        people = self.people

        transactions = self.transactions

        funds = self.funds

        valuations = self.valuations

        jobs = self.jobs

        news = self.news

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "companies": companies,
                "investors": investors,
                "universities": universities,
                "gov_ngo": gov_ngo,
                "people": people,
                "transactions": transactions,
                "funds": funds,
                "valuations": valuations,
                "jobs": jobs,
                "news": news,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        companies = d.pop("companies")

        investors = d.pop("investors")

        universities = d.pop("universities")

        gov_ngo = d.pop("gov_ngo")

        people = d.pop("people")

        transactions = d.pop("transactions")

        funds = d.pop("funds")

        valuations = d.pop("valuations")

        jobs = d.pop("jobs")

        news = d.pop("news")

        dataset_records = cls(
            companies=companies,
            investors=investors,
            universities=universities,
            gov_ngo=gov_ngo,
            people=people,
            transactions=transactions,
            funds=funds,
            valuations=valuations,
            jobs=jobs,
            news=news,
        )

        return dataset_records
