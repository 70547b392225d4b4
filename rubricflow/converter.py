"""The data converter rubricflow's clients and workers use: pydantic JSON, as Temporal's
`pydantic_data_converter`, with one `TypeAdapter` cache for the whole process.

The SDK builds a new payload converter for every workflow instance (and serialization
context), and the stock pydantic converter keeps its adapter cache on the instance, so
every new run rebuilt the adapters for `RunInput` and the activity results: 4.6% of a
loaded worker's CPU in the profile. Sharing the JSON converter keeps the cache; the wire
format is unchanged (a client or worker with the stock converter reads it the same).
"""

from __future__ import annotations

from temporalio.contrib.pydantic import PydanticJSONPlainPayloadConverter
from temporalio.converter import (
    CompositePayloadConverter,
    DataConverter,
    DefaultPayloadConverter,
    JSONPlainPayloadConverter,
)

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
