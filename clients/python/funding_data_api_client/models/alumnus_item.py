from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef
    from ..models.id_name import IdName


T = TypeVar("T", bound="AlumnusItem")


@_attrs_define
class AlumnusItem:
    """A person's education at the university (education item with the person under `person`).

    Attributes:
        degree (IdName | None):
        majors (list[IdName]):
        start_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
            Example: 2024-05.
        end_date (None | str): A PartialDate (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, never padded), or null when unknown.
            Example: 2024-05.
        person (EntityRef):
    """

    degree: IdName | None
    majors: list[IdName]
    start_date: None | str
    end_date: None | str
    person: EntityRef

    def to_dict(self) -> dict[str, Any]:
        from ..models.id_name import IdName

        degree: dict[str, Any] | None
        if isinstance(self.degree, IdName):
            degree = self.degree.to_dict()
        else:
            degree = self.degree

        majors = []
        for majors_item_data in self.majors:
            majors_item = majors_item_data.to_dict()
            majors.append(majors_item)

        start_date: None | str
        start_date = self.start_date

        end_date: None | str
        end_date = self.end_date

        person = self.person.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "degree": degree,
                "majors": majors,
                "start_date": start_date,
                "end_date": end_date,
                "person": person,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef
        from ..models.id_name import IdName

        d = dict(src_dict)

        def _parse_degree(data: object) -> IdName | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                degree_type_0 = IdName.from_dict(data)

                return degree_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IdName | None, data)

        degree = _parse_degree(d.pop("degree"))

        majors = []
        _majors = d.pop("majors")
        for majors_item_data in _majors:
            majors_item = IdName.from_dict(majors_item_data)

            majors.append(majors_item)

        def _parse_start_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        start_date = _parse_start_date(d.pop("start_date"))

        def _parse_end_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        end_date = _parse_end_date(d.pop("end_date"))

        person = EntityRef.from_dict(d.pop("person"))

        alumnus_item = cls(
            degree=degree,
            majors=majors,
            start_date=start_date,
            end_date=end_date,
            person=person,
        )

        return alumnus_item
