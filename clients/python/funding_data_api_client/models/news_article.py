from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.news_article_article_type_type_1 import NewsArticleArticleTypeType1
from ..models.news_article_article_type_type_2_type_1 import (
    NewsArticleArticleTypeType2Type1,
)
from ..models.news_article_article_type_type_3_type_1 import (
    NewsArticleArticleTypeType3Type1,
)

if TYPE_CHECKING:
    from ..models.entity_ref import EntityRef
    from ..models.taxonomy_item import TaxonomyItem


T = TypeVar("T", bound="NewsArticle")


@_attrs_define
class NewsArticle:
    """A news article with the entities it mentions and its taxonomy.

    Attributes:
        id (int):
        title (str):
        url (str):
        source (None | str):
        article_type (NewsArticleArticleTypeType1 | NewsArticleArticleTypeType2Type1 | NewsArticleArticleTypeType3Type1
            | None):
        summary (None | str):
        published_at (datetime.datetime):
        entities (list[EntityRef]):
        taxonomy (list[TaxonomyItem]):
        updated_at (datetime.datetime): Last change of the record (a soft delete is one); changed-since walks filter
            `updated_at[gt]` and sort by `updated_at`.
    """

    id: int
    title: str
    url: str
    source: None | str
    article_type: (
        NewsArticleArticleTypeType1
        | NewsArticleArticleTypeType2Type1
        | NewsArticleArticleTypeType3Type1
        | None
    )
    summary: None | str
    published_at: datetime.datetime
    entities: list[EntityRef]
    taxonomy: list[TaxonomyItem]
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title = self.title

        url = self.url

        source: None | str
        source = self.source

        article_type: None | str
        if (
            isinstance(self.article_type, NewsArticleArticleTypeType1)
            or isinstance(self.article_type, NewsArticleArticleTypeType2Type1)
            or isinstance(self.article_type, NewsArticleArticleTypeType3Type1)
        ):
            article_type = self.article_type.value
        else:
            article_type = self.article_type

        summary: None | str
        summary = self.summary

        published_at = self.published_at.isoformat()

        entities = []
        for entities_item_data in self.entities:
            entities_item = entities_item_data.to_dict()
            entities.append(entities_item)

        taxonomy = []
        for taxonomy_item_data in self.taxonomy:
            taxonomy_item = taxonomy_item_data.to_dict()
            taxonomy.append(taxonomy_item)

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "url": url,
                "source": source,
                "article_type": article_type,
                "summary": summary,
                "published_at": published_at,
                "entities": entities,
                "taxonomy": taxonomy,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.entity_ref import EntityRef
        from ..models.taxonomy_item import TaxonomyItem

        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        url = d.pop("url")

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        def _parse_article_type(
            data: object,
        ) -> (
            NewsArticleArticleTypeType1
            | NewsArticleArticleTypeType2Type1
            | NewsArticleArticleTypeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                article_type_type_1 = NewsArticleArticleTypeType1(data)

                return article_type_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                article_type_type_2_type_1 = NewsArticleArticleTypeType2Type1(data)

                return article_type_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                article_type_type_3_type_1 = NewsArticleArticleTypeType3Type1(data)

                return article_type_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                NewsArticleArticleTypeType1
                | NewsArticleArticleTypeType2Type1
                | NewsArticleArticleTypeType3Type1
                | None,
                data,
            )

        article_type = _parse_article_type(d.pop("article_type"))

        def _parse_summary(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        summary = _parse_summary(d.pop("summary"))

        published_at = datetime.datetime.fromisoformat(d.pop("published_at"))

        entities = []
        _entities = d.pop("entities")
        for entities_item_data in _entities:
            entities_item = EntityRef.from_dict(entities_item_data)

            entities.append(entities_item)

        taxonomy = []
        _taxonomy = d.pop("taxonomy")
        for taxonomy_item_data in _taxonomy:
            taxonomy_item = TaxonomyItem.from_dict(taxonomy_item_data)

            taxonomy.append(taxonomy_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        news_article = cls(
            id=id,
            title=title,
            url=url,
            source=source,
            article_type=article_type,
            summary=summary,
            published_at=published_at,
            entities=entities,
            taxonomy=taxonomy,
            updated_at=updated_at,
        )

        return news_article
