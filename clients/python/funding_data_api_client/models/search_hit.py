from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.search_hit_subtype_type_1 import SearchHitSubtypeType1
from ..models.search_hit_subtype_type_2_type_1 import SearchHitSubtypeType2Type1
from ..models.search_hit_subtype_type_3_type_1 import SearchHitSubtypeType3Type1
from ..models.search_hit_type import SearchHitType

if TYPE_CHECKING:
    from ..models.search_hit_match import SearchHitMatch


T = TypeVar("T", bound="SearchHit")


@_attrs_define
class SearchHit:
    """A search match: the entity's EntityRef fields plus what the typeahead shows and how it matched.

    Attributes:
        uuid (UUID):
        type_ (SearchHitType):
        subtype (None | SearchHitSubtypeType1 | SearchHitSubtypeType2Type1 | SearchHitSubtypeType3Type1):
        name (str):
        image (None | str):
        service_url (None | str):
        domain (None | str):
        tagline (None | str):
        signal_rating (float | None):
        match (SearchHitMatch):
    """

    uuid: UUID
    type_: SearchHitType
    subtype: (
        None
        | SearchHitSubtypeType1
        | SearchHitSubtypeType2Type1
        | SearchHitSubtypeType3Type1
    )
    name: str
    image: None | str
    service_url: None | str
    domain: None | str
    tagline: None | str
    signal_rating: float | None
    match: SearchHitMatch

    def to_dict(self) -> dict[str, Any]:
        uuid = str(self.uuid)

        type_ = self.type_.value

        subtype: None | str
        if (
            isinstance(self.subtype, SearchHitSubtypeType1)
            or isinstance(self.subtype, SearchHitSubtypeType2Type1)
            or isinstance(self.subtype, SearchHitSubtypeType3Type1)
        ):
            subtype = self.subtype.value
        else:
            subtype = self.subtype

        name = self.name

        image: None | str
        image = self.image

        service_url: None | str
        service_url = self.service_url

        domain: None | str
        domain = self.domain

        tagline: None | str
        tagline = self.tagline

        signal_rating: float | None
        signal_rating = self.signal_rating

        match = self.match.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uuid": uuid,
                "type": type_,
                "subtype": subtype,
                "name": name,
                "image": image,
                "service_url": service_url,
                "domain": domain,
                "tagline": tagline,
                "signal_rating": signal_rating,
                "match": match,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.search_hit_match import SearchHitMatch

        d = dict(src_dict)
        uuid = UUID(d.pop("uuid"))

        type_ = SearchHitType(d.pop("type"))

        def _parse_subtype(
            data: object,
        ) -> (
            None
            | SearchHitSubtypeType1
            | SearchHitSubtypeType2Type1
            | SearchHitSubtypeType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_1 = SearchHitSubtypeType1(data)

                return subtype_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_2_type_1 = SearchHitSubtypeType2Type1(data)

                return subtype_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                subtype_type_3_type_1 = SearchHitSubtypeType3Type1(data)

                return subtype_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | SearchHitSubtypeType1
                | SearchHitSubtypeType2Type1
                | SearchHitSubtypeType3Type1,
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

        def _parse_domain(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        domain = _parse_domain(d.pop("domain"))

        def _parse_tagline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tagline = _parse_tagline(d.pop("tagline"))

        def _parse_signal_rating(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        signal_rating = _parse_signal_rating(d.pop("signal_rating"))

        match = SearchHitMatch.from_dict(d.pop("match"))

        search_hit = cls(
            uuid=uuid,
            type_=type_,
            subtype=subtype,
            name=name,
            image=image,
            service_url=service_url,
            domain=domain,
            tagline=tagline,
            signal_rating=signal_rating,
            match=match,
        )

        return search_hit
