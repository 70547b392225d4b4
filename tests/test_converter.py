"""The data converter keeps one TypeAdapter cache for the process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter

from rubricflow.bench.instances import adapters_per_instance
from rubricflow.converter import data_converter
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput

HISTORY = Path(__file__).parent / "histories" / "revision_then_satisfied.json"


def history() -> WorkflowHistory:
    return WorkflowHistory.from_json("h", json.loads(HISTORY.read_text()))


class TestDataConverter:
    async def test_new_workflow_instances_reuse_the_type_adapters(self):
        # Counted the way the benchmark counts them (`python -m rubricflow.bench.instances`).
        assert await adapters_per_instance(history(), data_converter, replays=5) == 0

    async def test_the_stock_converter_rebuilds_them_per_instance(self):
        # What the shared cache is for: the SDK makes a payload converter per instance.
        assert await adapters_per_instance(history(), pydantic_data_converter, replays=5) >= 1

    @pytest.mark.parametrize("reader", [data_converter, pydantic_data_converter])
    def test_the_wire_format_is_the_stock_one(self, reader):
        run = RunInput(
            message="hi",
            rubric="- tests",
            agent=AgentSettings(model="scripted:x.json"),
            grader=GraderSettings(model="scripted:g.json"),
        )
        payloads = data_converter.payload_converter.to_payloads([run])
        assert pydantic_data_converter.payload_converter.to_payloads([run]) == payloads
        assert reader.payload_converter.from_payloads(payloads, [RunInput]) == [run]
