from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.currency_code import CurrencyCode

if TYPE_CHECKING:
    from ..models.news_article import NewsArticle


T = TypeVar("T", bound="NewsArticleResponse")


@_attrs_define
class NewsArticleResponse:
    """
    Attributes:
        data (NewsArticle): A news article with the entities it mentions and its taxonomy.
        currency (CurrencyCode): ISO 4217 currency code supported by the service's rate table.
    """

    data: NewsArticle
    currency: CurrencyCode

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        currency = self.currency.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.news_article import NewsArticle

        d = dict(src_dict)
        data = NewsArticle.from_dict(d.pop("data"))

        currency = CurrencyCode(d.pop("currency"))

        news_article_response = cls(
            data=data,
            currency=currency,
        )

        return news_article_response
