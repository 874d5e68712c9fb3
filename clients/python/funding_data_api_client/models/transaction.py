from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.standardized_round import StandardizedRound
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.locked_field import LockedField
    from ..models.organization_summary import OrganizationSummary
    from ..models.transaction_investor import TransactionInvestor


T = TypeVar("T", bound="Transaction")


@_attrs_define
class Transaction:
    """A funding round (one transaction). Every key is present, possibly null.

    Attributes:
        id (int):
        amount (int | None): Whole units of the active currency; null when unknown.
        announced_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when
            unknown. Example: 2024-05.
        round_type (None | str): Raw reported round type (upper-case display name).
        standardized_round (None | StandardizedRound):
        valuation (int | None): Whole units of the active currency; null when unknown.
        is_verified (bool | None):
        is_vc_round (bool | None):
        is_exit (bool | None):
        company (OrganizationSummary): The organization summary row of any `subtype` (the rows of `CompanySummary`,
            `UniversitySummary`,
            `GovNgoSummary` and `InvestorSummary` have the same fields). One object rather than a union
            discriminated by `subtype`: Rust's serde and Kotlin's Moshi generators cannot decode a
            discriminator that is also a field of the row.
        investors (list[TransactionInvestor] | None): Leads first. Null for callers without the premium tier (named in
            `locked`).
        source_url (None | str):
        deleted_at (datetime.datetime | None): Null means active; set only on rows of `include_deleted=true`.
        updated_at (datetime.datetime): Last change of the record (a soft delete is one); changed-since walks filter
            `updated_at[gt]` and sort by `updated_at`.
        locked (list[LockedField] | Unset): Fields returned null because the caller's tier does not include them, as
            dotted paths in the record
            (one rule per field, wherever the field appears): financials (`revenue`, `revenue.value`, `ebitda`,
            `profit`, `rnd`, `valuation`,
            `valuation.value`, a valuation's `value`, `investor.portfolio.total_valuation`) and a round's
            `investors` without premium; `employees`/`employees_count` when signed out; web-traffic `visits` and
            `traffic.monthly_visits` without premium; headcount `percentage` and `count` without premium.
    """

    id: int
    amount: int | None
    announced_date: None | str
    round_type: None | str
    standardized_round: None | StandardizedRound
    valuation: int | None
    is_verified: bool | None
    is_vc_round: bool | None
    is_exit: bool | None
    company: OrganizationSummary
    investors: list[TransactionInvestor] | None
    source_url: None | str
    deleted_at: datetime.datetime | None
    updated_at: datetime.datetime
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        amount: int | None
        amount = self.amount

        announced_date: None | str
        announced_date = self.announced_date

        round_type: None | str
        round_type = self.round_type

        standardized_round: None | str
        if isinstance(self.standardized_round, StandardizedRound):
            standardized_round = self.standardized_round.value
        else:
            standardized_round = self.standardized_round

        valuation: int | None
        valuation = self.valuation

        is_verified: bool | None
        is_verified = self.is_verified

        is_vc_round: bool | None
        is_vc_round = self.is_vc_round

        is_exit: bool | None
        is_exit = self.is_exit

        company = self.company.to_dict()

        investors: list[dict[str, Any]] | None
        if isinstance(self.investors, list):
            investors = []
            for investors_type_0_item_data in self.investors:
                investors_type_0_item = investors_type_0_item_data.to_dict()
                investors.append(investors_type_0_item)

        else:
            investors = self.investors

        source_url: None | str
        source_url = self.source_url

        deleted_at: None | str
        if isinstance(self.deleted_at, datetime.datetime):
            deleted_at = self.deleted_at.isoformat()
        else:
            deleted_at = self.deleted_at

        updated_at = self.updated_at.isoformat()

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
                "id": id,
                "amount": amount,
                "announced_date": announced_date,
                "round_type": round_type,
                "standardized_round": standardized_round,
                "valuation": valuation,
                "is_verified": is_verified,
                "is_vc_round": is_vc_round,
                "is_exit": is_exit,
                "company": company,
                "investors": investors,
                "source_url": source_url,
                "deleted_at": deleted_at,
                "updated_at": updated_at,
            }
        )
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.locked_field import LockedField
        from ..models.organization_summary import OrganizationSummary
        from ..models.transaction_investor import TransactionInvestor

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_amount(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_announced_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        announced_date = _parse_announced_date(d.pop("announced_date"))

        def _parse_round_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        round_type = _parse_round_type(d.pop("round_type"))

        def _parse_standardized_round(data: object) -> None | StandardizedRound:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                standardized_round_type_0 = StandardizedRound(data)

                return standardized_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StandardizedRound, data)

        standardized_round = _parse_standardized_round(d.pop("standardized_round"))

        def _parse_valuation(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        valuation = _parse_valuation(d.pop("valuation"))

        def _parse_is_verified(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_verified = _parse_is_verified(d.pop("is_verified"))

        def _parse_is_vc_round(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_vc_round = _parse_is_vc_round(d.pop("is_vc_round"))

        def _parse_is_exit(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_exit = _parse_is_exit(d.pop("is_exit"))

        company = OrganizationSummary.from_dict(d.pop("company"))

        def _parse_investors(data: object) -> list[TransactionInvestor] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                investors_type_0 = []
                _investors_type_0 = data
                for investors_type_0_item_data in _investors_type_0:
                    investors_type_0_item = TransactionInvestor.from_dict(
                        investors_type_0_item_data
                    )

                    investors_type_0.append(investors_type_0_item)

                return investors_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TransactionInvestor] | None, data)

        investors = _parse_investors(d.pop("investors"))

        def _parse_source_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_url = _parse_source_url(d.pop("source_url"))

        def _parse_deleted_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deleted_at_type_0 = datetime.datetime.fromisoformat(data)

                return deleted_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deleted_at = _parse_deleted_at(d.pop("deleted_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        _locked = d.pop("locked", UNSET)
        locked: list[LockedField] | Unset = UNSET
        if _locked is not UNSET:
            locked = []
            for componentsschemas_locked_item_data in _locked:
                componentsschemas_locked_item = LockedField.from_dict(
                    componentsschemas_locked_item_data
                )

                locked.append(componentsschemas_locked_item)

        transaction = cls(
            id=id,
            amount=amount,
            announced_date=announced_date,
            round_type=round_type,
            standardized_round=standardized_round,
            valuation=valuation,
            is_verified=is_verified,
            is_vc_round=is_vc_round,
            is_exit=is_exit,
            company=company,
            investors=investors,
            source_url=source_url,
            deleted_at=deleted_at,
            updated_at=updated_at,
            locked=locked,
        )

        return transaction
