from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="Valuation")


@_attrs_define
class Valuation:
    """A company valuation.

    Attributes:
        id (int):
        company (EntityRef):
        value (int): In the active currency, whole units.
        valued_date (str): A date at source precision (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`); never padded. Example:
            2024-05.
        source (None | str): funding_round, secondary, public_market or estimate.
        transaction_id (int | None): The funding round it comes from, if any.
    """

    id: int
    company: EntityRef
    value: int
    valued_date: str
    source: None | str
    transaction_id: int | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        company = self.company.to_dict()

        value = self.value

        valued_date = self.valued_date

        source: None | str
        source = self.source

        transaction_id: int | None
        transaction_id = self.transaction_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "company": company,
                "value": value,
                "valued_date": valued_date,
                "source": source,
                "transaction_id": transaction_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        id = d.pop("id")

        company = EntityRef.from_dict(d.pop("company"))

        value = d.pop("value")

        valued_date = d.pop("valued_date")

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transaction_id"))

        valuation = cls(
            id=id,
            company=company,
            value=value,
            valued_date=valued_date,
            source=source,
            transaction_id=transaction_id,
        )

        return valuation
