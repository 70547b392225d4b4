"""A host application in one file, as small apps are written: rubricflow imported at the
top, the app's own payload codec, activity and workflow beside it (tests/test_plugin.py
runs it, the way docs/plugin.md shows)."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import timedelta

from langchain_core.tools import tool
from temporalio import activity, workflow
from temporalio.api.common.v1 import Payload
from temporalio.converter import PayloadCodec

from rubricflow import RubricflowPlugin, WorkerConfig
from rubricflow.activities.tools import ToolRegistry

__all__ = ["GreetWorkflow", "HostCodec", "RubricflowPlugin", "WorkerConfig", "greet", "host_plugin"]

HOST_ENCODING = b"binary/host-codec"


class HostCodec(PayloadCodec):
    """The host's own codec (a stand-in for its encryption): each payload wrapped whole,
    base64, under an encoding of its own; it counts what it encoded."""

    def __init__(self) -> None:
        self.encoded = 0

    async def encode(self, payloads: Sequence[Payload]) -> list[Payload]:
        self.encoded += len(payloads)
        return [
            Payload(metadata={"encoding": HOST_ENCODING}, data=base64.b64encode(p.SerializeToString()))
            for p in payloads
        ]

    async def decode(self, payloads: Sequence[Payload]) -> list[Payload]:
        return [
            Payload.FromString(base64.b64decode(p.data)) if p.metadata.get("encoding") == HOST_ENCODING else p
            for p in payloads
        ]


@activity.defn
async def greet(name: str) -> str:
    return f"hello, {name}"


@workflow.defn
class GreetWorkflow:
    @workflow.run
    async def run(self, name: str) -> str:
        return await workflow.execute_activity(greet, name, start_to_close_timeout=timedelta(seconds=30))


@tool
def shout(text: str) -> str:
    """The text in capitals."""
    return text.upper()


def host_plugin() -> RubricflowPlugin:
    """rubricflow with the app's own tool, serving scripted models (the tests' stand-in)."""
    return RubricflowPlugin(WorkerConfig(allow_scripted=True), tools=ToolRegistry([shout]))
