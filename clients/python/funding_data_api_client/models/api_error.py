from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.api_error_body import ApiErrorBody


T = TypeVar("T", bound="ApiError")


@_attrs_define
class ApiError:
    """The error envelope. Clients switch on `code`; `message` wording may change.

    Attributes:
        error (ApiErrorBody):
    """

    error: ApiErrorBody

    def to_dict(self) -> dict[str, Any]:
        error = self.error.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_error_body import ApiErrorBody

        d = dict(src_dict)
        error = ApiErrorBody.from_dict(d.pop("error"))

        api_error = cls(
            error=error,
        )

        return api_error
