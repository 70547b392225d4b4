"""The data converter rubricflow's clients and workers use: pydantic JSON, as Temporal's
`pydantic_data_converter`, with one `TypeAdapter` cache for the whole process.

The SDK builds a new payload converter for every workflow instance (and serialization
context), and the stock pydantic converter keeps its adapter cache on the instance, so
each new run would rebuild the adapters for `RunInput` and the activity results. Sharing
the JSON converter keeps the cache; the wire format is the stock one (a client or worker
with the stock converter reads it the same).

The cache is keyed by type: a pydantic model defined in a module the sandbox re-imports
is a new class in every run, so it would miss every time and keep up to 1,024 dead classes
alive. rubricflow's types are in `rubricflow.workflows`, which `RubricflowPlugin` passes
through the sandbox; a workflow of your own on the same worker should pass its types
through too.
"""

from __future__ import annotations

from temporalio.contrib.pydantic import PydanticJSONPlainPayloadConverter
from temporalio.converter import (
    CompositePayloadConverter,
    DataConverter,
    DefaultPayloadConverter,
    JSONPlainPayloadConverter,
    PayloadCodec,
)

from rubricflow.codec import with_codec

_JSON = PydanticJSONPlainPayloadConverter()
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
