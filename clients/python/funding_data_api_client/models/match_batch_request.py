from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_query import MatchQuery


T = TypeVar("T", bound="MatchBatchRequest")


@_attrs_define
class MatchBatchRequest:
    """
    Attributes:
        queries (list[MatchQuery]):
        limit (int | Unset): Candidates per query. Default: 5.
    """

    queries: list[MatchQuery]
    limit: int | Unset = 5

    def to_dict(self) -> dict[str, Any]:
        queries = []
        for queries_item_data in self.queries:
            queries_item = queries_item_data.to_dict()
            queries.append(queries_item)

        limit = self.limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "queries": queries,
            }
        )
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.match_query import MatchQuery

        d = dict(src_dict)
        queries = []
        _queries = d.pop("queries")
        for queries_item_data in _queries:
            queries_item = MatchQuery.from_dict(queries_item_data)

            queries.append(queries_item)

        limit = d.pop("limit", UNSET)

        match_batch_request = cls(
            queries=queries,
            limit=limit,
        )

        return match_batch_request
