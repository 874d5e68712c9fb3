from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="TransactionInvestor")


@_attrs_define
class TransactionInvestor:
    """
    Attributes:
        is_lead (bool | None):
        investor (EntityRef):
    """

    is_lead: bool | None
    investor: EntityRef

    def to_dict(self) -> dict[str, Any]:
        is_lead: bool | None
        is_lead = self.is_lead

        investor = self.investor.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "is_lead": is_lead,
                "investor": investor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)

        def _parse_is_lead(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        is_lead = _parse_is_lead(d.pop("is_lead"))

        investor = EntityRef.from_dict(d.pop("investor"))

        transaction_investor = cls(
            is_lead=is_lead,
            investor=investor,
        )

        return transaction_investor
