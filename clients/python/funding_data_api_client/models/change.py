from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.change_kind import ChangeKind
from ..models.change_record_type import ChangeRecordType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.company_full import CompanyFull
    from ..models.founder_full import FounderFull
    from ..models.fund import Fund
    from ..models.gov_ngo_full import GovNgoFull
    from ..models.investor_full import InvestorFull
    from ..models.job_opening import JobOpening
    from ..models.news_article import NewsArticle
    from ..models.transaction import Transaction
    from ..models.university_full import UniversityFull
    from ..models.valuation import Valuation


T = TypeVar("T", bound="Change")


@_attrs_define
class Change:
    """
    Attributes:
        type_ (ChangeRecordType): The kind of record a change is about; each is served by its own detail endpoint.
        id (int | UUID): The record's id as its endpoint takes it: a UUID for entities, a number for transactions,
            funds, valuations, jobs and news.
        kind (ChangeKind):
        fields (list[str] | None): Names of the fields that changed (updates only).
        at (datetime.datetime): When the change was committed.
        record (CompanyFull | FounderFull | Fund | GovNgoFull | InvestorFull | JobOpening | NewsArticle | None |
            Transaction | UniversityFull | Unset | Valuation): With `include=record`, the record as its endpoint returns it
            (its tier locks included); null when it is deleted or no longer visible.
    """

    type_: ChangeRecordType
    id: int | UUID
    kind: ChangeKind
    fields: list[str] | None
    at: datetime.datetime
    record: (
        CompanyFull
        | FounderFull
        | Fund
        | GovNgoFull
        | InvestorFull
        | JobOpening
        | NewsArticle
        | None
        | Transaction
        | UniversityFull
        | Unset
        | Valuation
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.company_full import CompanyFull
        from ..models.founder_full import FounderFull
        from ..models.fund import Fund
        from ..models.gov_ngo_full import GovNgoFull
        from ..models.investor_full import InvestorFull
        from ..models.job_opening import JobOpening
        from ..models.news_article import NewsArticle
        from ..models.transaction import Transaction
        from ..models.university_full import UniversityFull
        from ..models.valuation import Valuation

        type_ = self.type_.value

        id: int | str
        if isinstance(self.id, UUID):
            id = str(self.id)
        else:
            id = self.id

        kind = self.kind.value

        fields: list[str] | None
        if isinstance(self.fields, list):
            fields = self.fields

        else:
            fields = self.fields

        at = self.at.isoformat()

        record: dict[str, Any] | None | Unset
        if isinstance(self.record, Unset):
            record = UNSET
        elif (
            isinstance(self.record, Transaction)
            or isinstance(self.record, CompanyFull)
            or isinstance(self.record, InvestorFull)
            or isinstance(self.record, UniversityFull)
            or isinstance(self.record, GovNgoFull)
            or isinstance(self.record, FounderFull)
            or isinstance(self.record, Fund)
            or isinstance(self.record, Valuation)
            or isinstance(self.record, JobOpening)
            or isinstance(self.record, NewsArticle)
        ):
            record = self.record.to_dict()
        else:
            record = self.record

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "kind": kind,
                "fields": fields,
                "at": at,
            }
        )
        if record is not UNSET:
            field_dict["record"] = record

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.company_full import CompanyFull
        from ..models.founder_full import FounderFull
        from ..models.fund import Fund
        from ..models.gov_ngo_full import GovNgoFull
        from ..models.investor_full import InvestorFull
        from ..models.job_opening import JobOpening
        from ..models.news_article import NewsArticle
        from ..models.transaction import Transaction
        from ..models.university_full import UniversityFull
        from ..models.valuation import Valuation

        d = dict(src_dict)
        type_ = ChangeRecordType(d.pop("type"))

        def _parse_id(data: object) -> int | UUID:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_change_record_id_type_1 = UUID(data)

                return componentsschemas_change_record_id_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(int | UUID, data)

        id = _parse_id(d.pop("id"))

        kind = ChangeKind(d.pop("kind"))

        def _parse_fields(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                fields_type_0 = cast(list[str], data)

                return fields_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        fields = _parse_fields(d.pop("fields"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_record(
            data: object,
        ) -> (
            CompanyFull
            | FounderFull
            | Fund
            | GovNgoFull
            | InvestorFull
            | JobOpening
            | NewsArticle
            | None
            | Transaction
            | UniversityFull
            | Unset
            | Valuation
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_1 = Transaction.from_dict(data)

                return componentsschemas_change_record_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_2 = CompanyFull.from_dict(data)

                return componentsschemas_change_record_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_3 = InvestorFull.from_dict(data)

                return componentsschemas_change_record_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_4 = UniversityFull.from_dict(data)

                return componentsschemas_change_record_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_5 = GovNgoFull.from_dict(data)

                return componentsschemas_change_record_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_6 = FounderFull.from_dict(data)

                return componentsschemas_change_record_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_7 = Fund.from_dict(data)

                return componentsschemas_change_record_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_8 = Valuation.from_dict(data)

                return componentsschemas_change_record_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_9 = JobOpening.from_dict(data)

                return componentsschemas_change_record_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_change_record_type_10 = NewsArticle.from_dict(data)

                return componentsschemas_change_record_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CompanyFull
                | FounderFull
                | Fund
                | GovNgoFull
                | InvestorFull
                | JobOpening
                | NewsArticle
                | None
                | Transaction
                | UniversityFull
                | Unset
                | Valuation,
                data,
            )

        record = _parse_record(d.pop("record", UNSET))

        change = cls(
            type_=type_,
            id=id,
            kind=kind,
            fields=fields,
            at=at,
            record=record,
        )

        return change
