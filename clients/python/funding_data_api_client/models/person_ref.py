from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PersonRef")


@_attrs_define
class PersonRef:
    """An EntityRef of a person plus the person's classifications.

    Attributes:
        uuid (UUID):
        type_ (Literal['person']):
        subtype (None | str):
        name (str):
        image (None | str):
        service_url (None | str):
        classifications (list[str]):
    """

    uuid: UUID
    type_: Literal["person"]
    subtype: None | str
    name: str
    image: None | str
    service_url: None | str
    classifications: list[str]

    def to_dict(self) -> dict[str, Any]:
        uuid = str(self.uuid)

        type_ = self.type_

        subtype: None | str
        subtype = self.subtype

        name = self.name

        image: None | str
        image = self.image

        service_url: None | str
        service_url = self.service_url

        classifications = self.classifications

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uuid": uuid,
                "type": type_,
                "subtype": subtype,
                "name": name,
                "image": image,
                "service_url": service_url,
                "classifications": classifications,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = cast(Literal["person"], d.pop("type"))
        if type_ != "person":
            raise ValueError(f"type must match const 'person', got '{type_}'")

        def _parse_subtype(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

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

        classifications = cast(list[str], d.pop("classifications"))

        person_ref = cls(
            uuid=uuid,
            type_=type_,
            subtype=subtype,
            name=name,
            image=image,
            service_url=service_url,
            classifications=classifications,
        )

        return person_ref
