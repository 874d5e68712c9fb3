from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.entity_ref_subtype_type_1 import EntityRefSubtypeType1
from ..models.entity_ref_subtype_type_2_type_1 import EntityRefSubtypeType2Type1
from ..models.entity_ref_subtype_type_3_type_1 import EntityRefSubtypeType3Type1
from ..models.entity_ref_type import EntityRefType

T = TypeVar("T", bound="EntityRef")


@_attrs_define
class EntityRef:
    """
    Attributes:
        uuid (UUID):
        type_ (EntityRefType):
        subtype (EntityRefSubtypeType1 | EntityRefSubtypeType2Type1 | EntityRefSubtypeType3Type1 | None):
        name (str):
        image (None | str):
        service_url (None | str):
    """

    uuid: UUID
    type_: EntityRefType
    subtype: (
        EntityRefSubtypeType1
        | EntityRefSubtypeType2Type1
        | EntityRefSubtypeType3Type1
        | None
    )
    name: str
    image: None | str
    service_url: None | str

    def to_dict(self) -> dict[str, Any]:
        uuid = str(self.uuid)

        type_ = self.type_.value

        subtype: None | str
        if (
            isinstance(self.subtype, EntityRefSubtypeType1)
            or isinstance(self.subtype, EntityRefSubtypeType2Type1)
            or isinstance(self.subtype, EntityRefSubtypeType3Type1)
        ):
            subtype = self.subtype.value
        else:
            subtype = self.subtype

        name = self.name

        image: None | str
        image = self.image

        service_url: None | str
        service_url = self.service_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uuid": uuid,
                "type": type_,
                "subtype": subtype,
                "name": name,
                "image": image,
                "service_url": service_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = EntityRefType(d.pop("type"))

        def _parse_subtype(
            data: object,
        ) -> (
            EntityRefSubtypeType1
            | EntityRefSubtypeType2Type1
            | EntityRefSubtypeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_1 = EntityRefSubtypeType1(data)

                return subtype_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_2_type_1 = EntityRefSubtypeType2Type1(data)

                return subtype_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_3_type_1 = EntityRefSubtypeType3Type1(data)

                return subtype_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                EntityRefSubtypeType1
                | EntityRefSubtypeType2Type1
                | EntityRefSubtypeType3Type1
                | None,
                data,
            )

        subtype = _parse_subtype(d.pop("subtype"))

        name = d.pop("name")

        def _parse_image(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        image = _parse_image(d.pop("image"))

        def _parse_service_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        service_url = _parse_service_url(d.pop("service_url"))

        entity_ref = cls(
            uuid=uuid,
            type_=type_,
            subtype=subtype,
            name=name,
            image=image,
            service_url=service_url,
        )

        return entity_ref
