from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.meta import Meta
    from ..models.page import Page
    from ..models.transaction import Transaction


T = TypeVar("T", bound="TransactionList")


@_attrs_define
class TransactionList:
    """
    Attributes:
        data (list[Transaction]):
        page (Page): Page of a list. `capped`, `tier` and `ecosystem` are present on requests made without an API key.
            Such a request gets at most its plan's page size on the core lists, the operations marked
            `x-plan-capped: true` (`capped` is true when the size was reduced), and no list goes past its
            plan's depth (`offset + limit`; beyond it 400 `PAGINATION_DEPTH_EXCEEDED`).
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
        meta (Meta | Unset): Notices about the request, for clients pinned to older versions.
    """

    data: list[Transaction]
    page: Page
    currency: CurrencyCode
    meta: Meta | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page = self.page.to_dict()

        currency = self.currency.value

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "page": page,
                "currency": currency,
            }
        )
        if meta is not UNSET:
            field_dict["meta"] = meta

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.meta import Meta
        from ..models.page import Page
        from ..models.transaction import Transaction

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = Transaction.from_dict(data_item_data)

            data.append(data_item)

        page = Page.from_dict(d.pop("page"))

        currency = CurrencyCode(d.pop("currency"))

        _meta = d.pop("meta", UNSET)
        meta: Meta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = Meta.from_dict(_meta)

        transaction_list = cls(
            data=data,
            page=page,
            currency=currency,
            meta=meta,
        )

        return transaction_list
