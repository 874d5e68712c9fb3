from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.usage_balance import UsageBalance
    from ..models.usage_data_item import UsageDataItem


T = TypeVar("T", bound="Usage")


@_attrs_define
class Usage:
    """
    Attributes:
        from_ (datetime.date):
        to (datetime.date):
        balance (UsageBalance):
        data (list[UsageDataItem]):
    """

    from_: datetime.date
    to: datetime.date
    balance: UsageBalance
    data: list[UsageDataItem]

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
        from ..models.usage_balance import UsageBalance
        from ..models.usage_data_item import UsageDataItem

        d = dict(src_dict)
        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        balance = UsageBalance.from_dict(d.pop("balance"))

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = UsageDataItem.from_dict(data_item_data)

            data.append(data_item)

        usage = cls(
            from_=from_,
            to=to,
            balance=balance,
            data=data,
        )

        return usage
