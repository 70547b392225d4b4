"""The data converter rubricflow's clients and workers use: pydantic JSON, as Temporal's
`pydantic_data_converter`, with one `TypeAdapter` cache for the whole process.

The SDK builds a new payload converter for every workflow instance (and serialization
context), and the stock pydantic converter keeps its adapter cache on the instance, so
each new run would rebuild the adapters for `RunInput` and the activity results. Sharing
the JSON converter keeps the cache. The wire format is the stock one without the fields
that hold their default (`"name":null`, `"tool_calls":[]`...): a client or worker with the
stock converter reads it the same, and payloads written with every field still decode.
That makes a contract field's default part of the wire format: a default is never changed
(a new one is a new field), and a discriminated union's tag never has a default (it would
be left out); tests/test_converter.py checks the contract for both.

The cache is keyed by type: a pydantic model defined in a module the sandbox re-imports
is a new class in every run, so it would miss every time and keep up to 1,024 dead classes
alive. rubricflow's types are in `rubricflow.workflows`, which `RubricflowPlugin` passes
through the sandbox; a workflow of your own on the same worker should pass its types
through too.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic_core import SchemaSerializer
from pydantic_core.core_schema import any_schema
from temporalio.api.common.v1 import Payload
from temporalio.contrib.pydantic import PydanticJSONPlainPayloadConverter, PydanticPayloadConverter
from temporalio.converter import (
    CompositePayloadConverter,
    DataConverter,
    DefaultPayloadConverter,
    JSONPlainPayloadConverter,
    PayloadCodec,
)

from rubricflow.codec import with_codec
from rubricflow.errors import ConfigError


class _WithoutDefaults(PydanticJSONPlainPayloadConverter):
    """Pydantic JSON, leaving out every model field that holds its default."""

    _serializer = SchemaSerializer(any_schema())

    def to_payload(self, value: Any) -> Payload | None:
        return Payload(
            metadata={"encoding": self.encoding.encode()},
            data=self._serializer.to_json(value, exclude_defaults=True),
        )


_JSON = _WithoutDefaults()
"""One for the process: its LRU of type adapters outlives each workflow instance."""


class PayloadConverter(CompositePayloadConverter):
    """The default encodings, with pydantic JSON (the shared converter) in place of JSON."""

    def __init__(self) -> None:
        super().__init__(
            *(
                _JSON if isinstance(c, JSONPlainPayloadConverter) else c
                for c in DefaultPayloadConverter.default_encoding_payload_converters
            )
        )


data_converter = DataConverter(payload_converter_class=PayloadConverter)


def client_converter(codec: PayloadCodec | None = None) -> DataConverter:
    """What rubricflow's clients use: `data_converter`, with `codec` on its payloads."""
    return with_codec(data_converter, codec)


UPGRADED = (DefaultPayloadConverter, PydanticPayloadConverter)
"""Payload converters that rubricflow's replaces in a host's data converter: the SDK's
default, and its stock pydantic one (whose wire format ours reads and writes)."""


def host_converter(existing: DataConverter | None, codec: PayloadCodec | None = None) -> DataConverter:
    """The data converter of a host's client (or replayer) with rubricflow on it: its own,
    with rubricflow's payload converter in place of a default or stock pydantic one; its
    payload codec, failure converter and the rest are kept. Another payload converter is
    refused (`ConfigError`), as is `codec` (the worker's `RUBRICFLOW_CODEC_KEYS`) beside a
    codec the host already has: two codecs would leave payloads that only a process with
    both could read, so one of them must go."""
    converter = existing or DataConverter.default
    kind = converter.payload_converter_class
    if kind in UPGRADED:
        converter = dataclasses.replace(converter, payload_converter_class=PayloadConverter)
    elif not issubclass(kind, PayloadConverter):
        raise ConfigError(
            f"the client's data converter uses the payload converter {kind.__module__}.{kind.__qualname__}; "
            "rubricflow needs pydantic JSON: connect with DataConverter.default or "
            "temporalio.contrib.pydantic.pydantic_data_converter (your payload codec and failure "
            "converter are kept), or subclass rubricflow.converter.PayloadConverter"
        )
    if codec is None or converter.payload_codec is codec:
        return converter
    if converter.payload_codec is not None:
        theirs = type(converter.payload_codec)
        raise ConfigError(
            f"the client's data converter already has a payload codec ({theirs.__module__}.{theirs.__qualname__}); "
            "rubricflow's own (RUBRICFLOW_CODEC_KEYS) would be a second one: unset RUBRICFLOW_CODEC_KEYS "
            "(WorkerConfig.codec) and let your codec encode rubricflow's payloads too, or connect without yours"
        )
    return dataclasses.replace(converter, payload_codec=codec)
