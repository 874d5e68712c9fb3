from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.job_opening_job_type_type_1 import JobOpeningJobTypeType1
from ..models.job_opening_job_type_type_2_type_1 import JobOpeningJobTypeType2Type1
from ..models.job_opening_job_type_type_3_type_1 import JobOpeningJobTypeType3Type1

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef


T = TypeVar("T", bound="JobOpening")


@_attrs_define
class JobOpening:
    """An active job opening. Salary, currency, department and contract type are not served.

    Attributes:
        id (int):
        entity (EntityRef):
        title (str):
        url (None | str):
        source (None | str):
        job_type (JobOpeningJobTypeType1 | JobOpeningJobTypeType2Type1 | JobOpeningJobTypeType3Type1 | None):
        formatted_location (None | str):
        post_language (None | str):
        latitude (float | None):
        longitude (float | None):
        posted_at (datetime.datetime):
        city_unique_id (int | None):
        state_unique_id (int | None):
        country_unique_id (int | None):
        continent_unique_id (int | None):
        city_region_unique_ids (list[int]):
        updated_at (datetime.datetime): Last change of the record (a soft delete is one); changed-since walks filter
            `updated_at[gt]` and sort by `updated_at`.
    """

    id: int
    entity: EntityRef
    title: str
    url: None | str
    source: None | str
    job_type: (
        JobOpeningJobTypeType1
        | JobOpeningJobTypeType2Type1
        | JobOpeningJobTypeType3Type1
        | None
    )
    formatted_location: None | str
    post_language: None | str
    latitude: float | None
    longitude: float | None
    posted_at: datetime.datetime
    city_unique_id: int | None
    state_unique_id: int | None
    country_unique_id: int | None
    continent_unique_id: int | None
    city_region_unique_ids: list[int]
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        entity = self.entity.to_dict()

        title = self.title

        url: None | str
        url = self.url

        source: None | str
        source = self.source

        job_type: None | str
        if (
            isinstance(self.job_type, JobOpeningJobTypeType1)
            or isinstance(self.job_type, JobOpeningJobTypeType2Type1)
            or isinstance(self.job_type, JobOpeningJobTypeType3Type1)
        ):
            job_type = self.job_type.value
        else:
            job_type = self.job_type

        formatted_location: None | str
        formatted_location = self.formatted_location

        post_language: None | str
        post_language = self.post_language

        latitude: float | None
        latitude = self.latitude

        longitude: float | None
        longitude = self.longitude

        posted_at = self.posted_at.isoformat()

        city_unique_id: int | None
        city_unique_id = self.city_unique_id

        state_unique_id: int | None
        state_unique_id = self.state_unique_id

        country_unique_id: int | None
        country_unique_id = self.country_unique_id

        continent_unique_id: int | None
        continent_unique_id = self.continent_unique_id

        city_region_unique_ids = self.city_region_unique_ids

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "entity": entity,
                "title": title,
                "url": url,
                "source": source,
                "job_type": job_type,
                "formatted_location": formatted_location,
                "post_language": post_language,
                "latitude": latitude,
                "longitude": longitude,
                "posted_at": posted_at,
                "city_unique_id": city_unique_id,
                "state_unique_id": state_unique_id,
                "country_unique_id": country_unique_id,
                "continent_unique_id": continent_unique_id,
                "city_region_unique_ids": city_region_unique_ids,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef

        d = dict(src_dict)
        id = d.pop("id")

        entity = EntityRef.from_dict(d.pop("entity"))

        title = d.pop("title")

        def _parse_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        url = _parse_url(d.pop("url"))

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        def _parse_job_type(
            data: object,
        ) -> (
            JobOpeningJobTypeType1
            | JobOpeningJobTypeType2Type1
            | JobOpeningJobTypeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                job_type_type_1 = JobOpeningJobTypeType1(data)

                return job_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                job_type_type_2_type_1 = JobOpeningJobTypeType2Type1(data)

                return job_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                job_type_type_3_type_1 = JobOpeningJobTypeType3Type1(data)

                return job_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                JobOpeningJobTypeType1
                | JobOpeningJobTypeType2Type1
                | JobOpeningJobTypeType3Type1
                | None,
                data,
            )

        job_type = _parse_job_type(d.pop("job_type"))

        def _parse_formatted_location(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        formatted_location = _parse_formatted_location(d.pop("formatted_location"))

        def _parse_post_language(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        post_language = _parse_post_language(d.pop("post_language"))

        def _parse_latitude(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latitude = _parse_latitude(d.pop("latitude"))

        def _parse_longitude(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        longitude = _parse_longitude(d.pop("longitude"))

        posted_at = datetime.datetime.fromisoformat(d.pop("posted_at"))

        def _parse_city_unique_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        city_unique_id = _parse_city_unique_id(d.pop("city_unique_id"))

        def _parse_state_unique_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        state_unique_id = _parse_state_unique_id(d.pop("state_unique_id"))

        def _parse_country_unique_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        country_unique_id = _parse_country_unique_id(d.pop("country_unique_id"))

        def _parse_continent_unique_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        continent_unique_id = _parse_continent_unique_id(d.pop("continent_unique_id"))

        city_region_unique_ids = cast(list[int], d.pop("city_region_unique_ids"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        job_opening = cls(
            id=id,
            entity=entity,
            title=title,
            url=url,
            source=source,
            job_type=job_type,
            formatted_location=formatted_location,
            post_language=post_language,
            latitude=latitude,
            longitude=longitude,
            posted_at=posted_at,
            city_unique_id=city_unique_id,
            state_unique_id=state_unique_id,
            country_unique_id=country_unique_id,
            continent_unique_id=continent_unique_id,
            city_region_unique_ids=city_region_unique_ids,
            updated_at=updated_at,
        )

        return job_opening
