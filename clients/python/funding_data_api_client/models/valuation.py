from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.valuation_source_type_1 import ValuationSourceType1
from ..models.valuation_source_type_2_type_1 import ValuationSourceType2Type1
from ..models.valuation_source_type_3_type_1 import ValuationSourceType3Type1

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
        source (None | ValuationSourceType1 | ValuationSourceType2Type1 | ValuationSourceType3Type1):
        transaction_id (int | None): The funding round it comes from, if any.
    """

    id: int
    company: EntityRef
    value: int
    valued_date: str
    source: (
        None
        | ValuationSourceType1
        | ValuationSourceType2Type1
        | ValuationSourceType3Type1
    )
    transaction_id: int | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        company = self.company.to_dict()

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

        valuation = cls(
            id=id,
            company=company,
            value=value,
            valued_date=valued_date,
            source=source,
            transaction_id=transaction_id,
        )

        return valuation
