from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.valuation_source_type_1 import ValuationSourceType1
from ..models.valuation_source_type_2_type_1 import ValuationSourceType2Type1
from ..models.valuation_source_type_3_type_1 import ValuationSourceType3Type1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef
    from ..models.locked_field import LockedField


T = TypeVar("T", bound="Valuation")


@_attrs_define
class Valuation:
    """A company valuation.

    Attributes:
        id (int):
        company (EntityRef):
        value (int | None): In the active currency, whole units; null without the premium tier (named in `locked`).
        valued_date (str): A date at source precision (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), a real calendar day in the
            years 1000..2100 (universities founded before 1800 included); never padded. Example: 2024-05.
        source (None | ValuationSourceType1 | ValuationSourceType2Type1 | ValuationSourceType3Type1):
        transaction_id (int | None): The funding round it comes from, if any.
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
    company: EntityRef
    value: int | None
    valued_date: str
    source: (
        None
        | ValuationSourceType1
        | ValuationSourceType2Type1
        | ValuationSourceType3Type1
    )
    transaction_id: int | None
    updated_at: datetime.datetime
    locked: list[LockedField] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        company = self.company.to_dict()

        value: int | None
        value = self.value

        valued_date = self.valued_date

        source: None | str
        if (
            isinstance(self.source, ValuationSourceType1)
            or isinstance(self.source, ValuationSourceType2Type1)
            or isinstance(self.source, ValuationSourceType3Type1)
        ):
            source = self.source.value
        else:
            source = self.source

        transaction_id: int | None
        transaction_id = self.transaction_id

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
                "company": company,
                "value": value,
                "valued_date": valued_date,
                "source": source,
                "transaction_id": transaction_id,
                "updated_at": updated_at,
            }
        )
        if locked is not UNSET:
            field_dict["locked"] = locked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef
        from ..models.locked_field import LockedField

        d = dict(src_dict)
        id = d.pop("id")

        company = EntityRef.from_dict(d.pop("company"))

        def _parse_value(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        value = _parse_value(d.pop("value"))

        valued_date = d.pop("valued_date")

        def _parse_source(
            data: object,
        ) -> (
            None
            | ValuationSourceType1
            | ValuationSourceType2Type1
            | ValuationSourceType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_1 = ValuationSourceType1(data)

                return source_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_2_type_1 = ValuationSourceType2Type1(data)

                return source_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_type_3_type_1 = ValuationSourceType3Type1(data)

                return source_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | ValuationSourceType1
                | ValuationSourceType2Type1
                | ValuationSourceType3Type1,
                data,
            )

        source = _parse_source(d.pop("source"))

        def _parse_transaction_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        transaction_id = _parse_transaction_id(d.pop("transaction_id"))

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

        valuation = cls(
            id=id,
            company=company,
            value=value,
            valued_date=valued_date,
            source=source,
            transaction_id=transaction_id,
            updated_at=updated_at,
            locked=locked,
        )

        return valuation
