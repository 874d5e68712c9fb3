from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fund_fund_type_type_1 import FundFundTypeType1
from ..models.fund_fund_type_type_2_type_1 import FundFundTypeType2Type1
from ..models.fund_fund_type_type_3_type_1 import FundFundTypeType3Type1
from ..models.fund_status_type_1 import FundStatusType1
from ..models.fund_status_type_2_type_1 import FundStatusType2Type1
from ..models.fund_status_type_3_type_1 import FundStatusType3Type1

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef
    from ..models.source_amount import SourceAmount


T = TypeVar("T", bound="Fund")


@_attrs_define
class Fund:
    """A fund (capital vehicle) an investor raised.

    Attributes:
        id (int):
        name (str):
        investor (EntityRef):
        amount (int | None): Whole units of the active currency; null when unknown.
        amount_source (None | SourceAmount): The amount as announced, in its original currency; null when undisclosed.
        announced_date (datetime.date | None): Calendar day `YYYY-MM-DD` the fund was announced (the first day of the
            month or year when the source gives no finer date); null when unknown. Clients pinned before 2026-10-09 get
            `fund_date` at source precision (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`).
        vintage_year (int | None):
        fund_type (FundFundTypeType1 | FundFundTypeType2Type1 | FundFundTypeType3Type1 | None):
        status (FundStatusType1 | FundStatusType2Type1 | FundStatusType3Type1 | None):
        updated_at (datetime.datetime): Last change of the record (a soft delete is one); changed-since walks filter
            `updated_at[gt]` and sort by `updated_at`.
    """

    id: int
    name: str
    investor: EntityRef
    amount: int | None
    amount_source: None | SourceAmount
    announced_date: datetime.date | None
    vintage_year: int | None
    fund_type: (
        FundFundTypeType1 | FundFundTypeType2Type1 | FundFundTypeType3Type1 | None
    )
    status: FundStatusType1 | FundStatusType2Type1 | FundStatusType3Type1 | None
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        from ..models.source_amount import SourceAmount

        id = self.id

        name = self.name

        investor = self.investor.to_dict()

        amount: int | None
        amount = self.amount

        amount_source: dict[str, Any] | None
        if isinstance(self.amount_source, SourceAmount):
            amount_source = self.amount_source.to_dict()
        else:
            amount_source = self.amount_source

        announced_date: None | str
        if isinstance(self.announced_date, datetime.date):
            announced_date = self.announced_date.isoformat()
        else:
            announced_date = self.announced_date

        vintage_year: int | None
        vintage_year = self.vintage_year

        fund_type: None | str
        if (
            isinstance(self.fund_type, FundFundTypeType1)
            or isinstance(self.fund_type, FundFundTypeType2Type1)
            or isinstance(self.fund_type, FundFundTypeType3Type1)
        ):
            fund_type = self.fund_type.value
        else:
            fund_type = self.fund_type

        status: None | str
        if (
            isinstance(self.status, FundStatusType1)
            or isinstance(self.status, FundStatusType2Type1)
            or isinstance(self.status, FundStatusType3Type1)
        ):
            status = self.status.value
        else:
            status = self.status

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "investor": investor,
                "amount": amount,
                "amount_source": amount_source,
                "announced_date": announced_date,
                "vintage_year": vintage_year,
                "fund_type": fund_type,
                "status": status,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef
        from ..models.source_amount import SourceAmount

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        investor = EntityRef.from_dict(d.pop("investor"))

        def _parse_amount(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_amount_source(data: object) -> None | SourceAmount:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                amount_source_type_0 = SourceAmount.from_dict(data)

                return amount_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceAmount, data)

        amount_source = _parse_amount_source(d.pop("amount_source"))

        def _parse_announced_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                announced_date_type_0 = datetime.date.fromisoformat(data)

                return announced_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        announced_date = _parse_announced_date(d.pop("announced_date"))

        def _parse_vintage_year(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        vintage_year = _parse_vintage_year(d.pop("vintage_year"))

        def _parse_fund_type(
            data: object,
        ) -> FundFundTypeType1 | FundFundTypeType2Type1 | FundFundTypeType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fund_type_type_1 = FundFundTypeType1(data)

                return fund_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fund_type_type_2_type_1 = FundFundTypeType2Type1(data)

                return fund_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fund_type_type_3_type_1 = FundFundTypeType3Type1(data)

                return fund_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                FundFundTypeType1
                | FundFundTypeType2Type1
                | FundFundTypeType3Type1
                | None,
                data,
            )

        fund_type = _parse_fund_type(d.pop("fund_type"))

        def _parse_status(
            data: object,
        ) -> FundStatusType1 | FundStatusType2Type1 | FundStatusType3Type1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = FundStatusType1(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_2_type_1 = FundStatusType2Type1(data)

                return status_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_3_type_1 = FundStatusType3Type1(data)

                return status_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                FundStatusType1 | FundStatusType2Type1 | FundStatusType3Type1 | None,
                data,
            )

        status = _parse_status(d.pop("status"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        fund = cls(
            id=id,
            name=name,
            investor=investor,
            amount=amount,
            amount_source=amount_source,
            announced_date=announced_date,
            vintage_year=vintage_year,
            fund_type=fund_type,
            status=status,
            updated_at=updated_at,
        )

        return fund
