"""Plain strings where the generated operations take enums: `currency="EUR"`, `scope="funding"`.

The generated operations read `.value` of their enum arguments, so a string failed deep inside them
(`'str' object has no attribute 'value'`). `call`, `pages` and `rows` turn a string (any case) into
the enum member the operation's signature names, a list of strings for a list of enums (a
comma-separated string too), and refuse an unknown value with the allowed ones.
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Callable
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints


def _enum_in(hint: Any, in_list: bool = False) -> tuple[type[enum.Enum], bool] | None:
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint, in_list
    origin = get_origin(hint)
    for arg in get_args(hint):
        found = _enum_in(arg, in_list or origin is list)
        if found:
            return found
    return None


@cache
def _enum_parameters(function: Callable[..., Any]) -> tuple[tuple[str, ...], dict[str, tuple[type[enum.Enum], bool]]]:
    """The function's parameter names in order, and for those typed with an enum: the enum and whether it is a list."""
    names = tuple(inspect.signature(function).parameters)
    hints = get_type_hints(function)
    enums = {name: found for name in names if (found := _enum_in(hints.get(name))) is not None}
    return names, enums


def _member(kind: type[enum.Enum], name: str, value: Any) -> Any:
    if not isinstance(value, str) or isinstance(value, kind):
        return value
    wanted = value.strip().lower()
    for member in kind:
        if str(member.value).lower() == wanted or member.name.lower() == wanted:
            return member
    allowed = ", ".join(str(m.value) for m in kind)
    raise ValueError(f"{name}={value!r} is not one of: {allowed}")


def _coerce(kind: type[enum.Enum], is_list: bool, name: str, value: Any) -> Any:
    if is_list and isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if is_list and isinstance(value, (list, tuple)):
        return [_member(kind, name, item) for item in value]
    return _member(kind, name, value)


def with_enums(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """`args` and `kwargs` for `function` with every string given for an enum parameter made its member."""
    names, enums = _enum_parameters(function)
    if not enums:
        return args, kwargs
    positional = (
        tuple(
            _coerce(*enums[name], name, value) if name in enums else value
            for name, value in zip(names, args, strict=False)
        )
        + args[len(names) :]
    )
    keywords = {name: _coerce(*enums[name], name, value) if name in enums else value for name, value in kwargs.items()}
    return positional, keywords
