"""The data converter keeps one TypeAdapter cache for the process."""

from __future__ import annotations

import json
from pathlib import Path

import pydantic.type_adapter
import pytest
from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Replayer

from rubricflow.converter import data_converter
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput

HISTORY = Path(__file__).parent / "histories" / "revision_then_satisfied.json"


async def adapters_built(converter, monkeypatch, runs: int = 5) -> int:
    """TypeAdapters built while replaying `runs` workflow instances after a first one."""
    history = WorkflowHistory.from_json("h", json.loads(HISTORY.read_text()))
    replayer = Replayer(workflows=[RubricRunWorkflow], data_converter=converter)
    await replayer.replay_workflow(history)  # the first instance may fill the cache
    built = []
    original = pydantic.type_adapter.TypeAdapter.__init__

    def counting(self, *args, **kwargs):
        built.append(args[0] if args else None)
        original(self, *args, **kwargs)

    monkeypatch.setattr(pydantic.type_adapter.TypeAdapter, "__init__", counting)
    for _ in range(runs):
        await replayer.replay_workflow(history)
    return len(built)


class TestDataConverter:
    async def test_new_workflow_instances_reuse_the_type_adapters(self, monkeypatch):
        assert await adapters_built(data_converter, monkeypatch) == 0

    async def test_the_stock_converter_rebuilds_them_per_instance(self, monkeypatch):
        # What the shared cache is for: the SDK makes a payload converter per instance.
        assert await adapters_built(pydantic_data_converter, monkeypatch) >= 5

    @pytest.mark.parametrize("reader", [data_converter, pydantic_data_converter])
    def test_the_wire_format_is_the_stock_one(self, reader):
        run = RunInput(message="hi", rubric="- tests", agent=AgentSettings(model="scripted:x.json"),
                       grader=GraderSettings(model="scripted:g.json"))
        payloads = data_converter.payload_converter.to_payloads([run])
        assert pydantic_data_converter.payload_converter.to_payloads([run]) == payloads
        assert reader.payload_converter.from_payloads(payloads, [RunInput]) == [run]
