from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.error_error_code import ErrorErrorCode

if TYPE_CHECKING:
    from ..models.error_error_details_type_1 import ErrorErrorDetailsType1
    from ..models.error_error_details_type_2_item import ErrorErrorDetailsType2Item


T = TypeVar("T", bound="ErrorError")


@_attrs_define
class ErrorError:
    """
    Attributes:
        code (ErrorErrorCode):
        message (str):
        details (ErrorErrorDetailsType1 | list[ErrorErrorDetailsType2Item] | None):
    """

    code: ErrorErrorCode
    message: str
    details: ErrorErrorDetailsType1 | list[ErrorErrorDetailsType2Item] | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_error_details_type_1 import ErrorErrorDetailsType1

        code = self.code.value

        message = self.message

        details: dict[str, Any] | list[dict[str, Any]] | None
        if isinstance(self.details, ErrorErrorDetailsType1):
            details = self.details.to_dict()
        elif isinstance(self.details, list):
            details = []
            for details_type_2_item_data in self.details:
                details_type_2_item = details_type_2_item_data.to_dict()
                details.append(details_type_2_item)

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
        from ..models.error_error_details_type_1 import ErrorErrorDetailsType1
        from ..models.error_error_details_type_2_item import ErrorErrorDetailsType2Item

        d = dict(src_dict)
        code = ErrorErrorCode(d.pop("code"))

        message = d.pop("message")

        def _parse_details(
            data: object,
        ) -> ErrorErrorDetailsType1 | list[ErrorErrorDetailsType2Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                details_type_1 = ErrorErrorDetailsType1.from_dict(data)

                return details_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                details_type_2 = []
                _details_type_2 = data
                for details_type_2_item_data in _details_type_2:
                    details_type_2_item = ErrorErrorDetailsType2Item.from_dict(
                        details_type_2_item_data
                    )

                    details_type_2.append(details_type_2_item)

                return details_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ErrorErrorDetailsType1 | list[ErrorErrorDetailsType2Item] | None, data
            )

        details = _parse_details(d.pop("details"))

        error_error = cls(
            code=code,
            message=message,
            details=details,
        )

        return error_error
