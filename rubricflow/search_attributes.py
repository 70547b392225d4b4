"""Registering the search attributes a thread upserts (`workflows/names.py`) on a namespace."""

from __future__ import annotations

import logging

from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.operatorservice.v1 import AddSearchAttributesRequest, ListSearchAttributesRequest
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.errors import ConfigError, NamespaceNotFound
from rubricflow.workflows.names import SEARCH_ATTRIBUTES

log = logging.getLogger("rubricflow.worker")

_CLI_TYPES = {IndexedValueType.INDEXED_VALUE_TYPE_INT: "Int", IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD: "Keyword"}


def required() -> dict[str, IndexedValueType.ValueType]:
    """Each search attribute of the contract with its indexed type, as the operator API names them."""
    return {key.name: IndexedValueType.ValueType(int(key.indexed_value_type)) for key in SEARCH_ATTRIBUTES}


async def ensure_search_attributes(client: Client) -> None:
    """The workflow upserts these; a namespace without them would fail its tasks. Register
    what is missing when allowed, else raise `ConfigError` saying what to run (and
    `NamespaceNotFound` for a namespace the server does not have)."""
    try:
        existing = await client.operator_service.list_search_attributes(
            ListSearchAttributesRequest(namespace=client.namespace)
        )
    except RPCError as err:
        if err.status == RPCStatusCode.NOT_FOUND:
            raise NamespaceNotFound(client.namespace, client.service_client.config.target_host) from None
        raise
    missing = {k: v for k, v in required().items() if k not in existing.custom_attributes}
    if not missing:
        return
    try:
        await client.operator_service.add_search_attributes(
            AddSearchAttributesRequest(namespace=client.namespace, search_attributes=missing)
        )
        log.info("registered search attributes %s", sorted(missing))
    except RPCError as err:
        commands = "; ".join(
            f"temporal operator search-attribute create --name {k} --type {_CLI_TYPES[v]}" for k, v in missing.items()
        )
        raise ConfigError(
            f"namespace {client.namespace!r} lacks search attributes "
            f"{sorted(missing)} and they could not be added ({err.message}); run: {commands}"
        ) from err
