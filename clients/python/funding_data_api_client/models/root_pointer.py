from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RootPointer")


@_attrs_define
class RootPointer:
    """
    Attributes:
        name (str): The product's name.
        docs (str): The interactive reference (HTML).
        openapi (str): This OpenAPI document as JSON (`/openapi.yaml` as YAML).
        health (str): The public health probe.
        token_url (str): The token endpoint: exchange an API key's client id and secret for an access token there.
    """

    name: str
    docs: str
    openapi: str
    health: str
    token_url: str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        docs = self.docs

        openapi = self.openapi

        health = self.health

        token_url = self.token_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "docs": docs,
                "openapi": openapi,
                "health": health,
                "token_url": token_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        docs = d.pop("docs")

        openapi = d.pop("openapi")

        health = d.pop("health")

        token_url = d.pop("token_url")

        root_pointer = cls(
            name=name,
            docs=docs,
            openapi=openapi,
            health=health,
            token_url=token_url,
        )

        return root_pointer
