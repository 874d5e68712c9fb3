from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef
    from ..models.fund_amount_source_type_1 import FundAmountSourceType1


T = TypeVar("T", bound="Fund")


@_attrs_define
class Fund:
    """A fund (capital vehicle) an investor raised.

    Attributes:
        id (int):
        name (str):
        investor (EntityRef):
        amount (int | None): Whole units of the active currency; null when unknown.
        amount_source (FundAmountSourceType1 | None): The amount as announced, in its original currency; null when
            undisclosed.
        announced_date (None | str): A PartialDate, or null when unknown.
        vintage_year (int | None):
        fund_type (None | str):
        status (None | str):
    """

    id: int
    name: str
    investor: EntityRef
    amount: int | None
    amount_source: FundAmountSourceType1 | None
    announced_date: None | str
    vintage_year: int | None
    fund_type: None | str
    status: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.fund_amount_source_type_1 import FundAmountSourceType1

        id = self.id

        name = self.name

        investor = self.investor.to_dict()

        amount: int | None
        amount = self.amount

        amount_source: dict[str, Any] | None
        if isinstance(self.amount_source, FundAmountSourceType1):
            amount_source = self.amount_source.to_dict()
        else:
            amount_source = self.amount_source

        announced_date: None | str
        announced_date = self.announced_date

        vintage_year: int | None
        vintage_year = self.vintage_year

        fund_type: None | str
        fund_type = self.fund_type

        status: None | str
        status = self.status

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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef
        from ..models.fund_amount_source_type_1 import FundAmountSourceType1

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        investor = EntityRef.from_dict(d.pop("investor"))

        def _parse_amount(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_amount_source(data: object) -> FundAmountSourceType1 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                amount_source_type_1 = FundAmountSourceType1.from_dict(data)

                return amount_source_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FundAmountSourceType1 | None, data)

        amount_source = _parse_amount_source(d.pop("amount_source"))

        def _parse_announced_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        announced_date = _parse_announced_date(d.pop("announced_date"))

        def _parse_vintage_year(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        vintage_year = _parse_vintage_year(d.pop("vintage_year"))

        def _parse_fund_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fund_type = _parse_fund_type(d.pop("fund_type"))

        def _parse_status(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        status = _parse_status(d.pop("status"))

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
        )

        return fund
