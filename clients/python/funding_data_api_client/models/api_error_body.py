from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.api_error_body_code import ApiErrorBodyCode

if TYPE_CHECKING:
    from ..models.api_error_facts import ApiErrorFacts
    from ..models.api_error_issue import ApiErrorIssue


T = TypeVar("T", bound="ApiErrorBody")


@_attrs_define
class ApiErrorBody:
    """
    Attributes:
        code (ApiErrorBodyCode):
        message (str):
        details (ApiErrorFacts | list[ApiErrorIssue] | None): Null, the problems of a `VALIDATION_ERROR` (a list), or
            facts about the error (`filter`, `position`, `replacement`, ...).
    """

    code: ApiErrorBodyCode
    message: str
    details: ApiErrorFacts | list[ApiErrorIssue] | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.api_error_facts import ApiErrorFacts

        code = self.code.value

        message = self.message

        details: dict[str, Any] | list[dict[str, Any]] | None
        if isinstance(self.details, list):
            details = []
            for componentsschemas_api_error_issue_list_item_data in self.details:
                componentsschemas_api_error_issue_list_item = (
                    componentsschemas_api_error_issue_list_item_data.to_dict()
                )
                details.append(componentsschemas_api_error_issue_list_item)

        elif isinstance(self.details, ApiErrorFacts):
            details = self.details.to_dict()
        else:
            details = self.details

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
                "details": details,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_error_facts import ApiErrorFacts
        from ..models.api_error_issue import ApiErrorIssue

        d = dict(src_dict)
        code = ApiErrorBodyCode(d.pop("code"))

        message = d.pop("message")

        def _parse_details(data: object) -> ApiErrorFacts | list[ApiErrorIssue] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_api_error_details_type_0 = []
                _componentsschemas_api_error_details_type_0 = data
                for (
                    componentsschemas_api_error_issue_list_item_data
                ) in _componentsschemas_api_error_details_type_0:
                    componentsschemas_api_error_issue_list_item = (
                        ApiErrorIssue.from_dict(
                            componentsschemas_api_error_issue_list_item_data
                        )
                    )

                    componentsschemas_api_error_details_type_0.append(
                        componentsschemas_api_error_issue_list_item
                    )

                return componentsschemas_api_error_details_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_api_error_details_type_1 = ApiErrorFacts.from_dict(
                    data
                )

                return componentsschemas_api_error_details_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ApiErrorFacts | list[ApiErrorIssue] | None, data)

        details = _parse_details(d.pop("details"))

        api_error_body = cls(
            code=code,
            message=message,
            details=details,
        )

        return api_error_body
