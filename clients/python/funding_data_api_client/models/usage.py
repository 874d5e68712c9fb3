from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.credit_balance import CreditBalance
    from ..models.usage_row import UsageRow


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        from_ (datetime.date):
        to (datetime.date):
        balance (CreditBalance):
        data (list[UsageRow]):
    """

    from_: datetime.date
    to: datetime.date
    balance: CreditBalance
    data: list[UsageRow]

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        balance = self.balance.to_dict()

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "balance": balance,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.credit_balance import CreditBalance
        from ..models.usage_row import UsageRow

        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        balance = CreditBalance.from_dict(d.pop("balance"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = UsageRow.from_dict(data_item_data)

            data.append(data_item)

        usage = cls(
            from_=from_,
            to=to,
            balance=balance,
            data=data,
        )

        return usage
