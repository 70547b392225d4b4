"""The data converter keeps one TypeAdapter cache for the process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter
from temporalio.api.common.v1 import Payload
from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter

from benchmarks.instances import adapters_per_instance
from rubricflow.activities.mcp_config import McpServer
from rubricflow.converter import data_converter
from rubricflow.workflows.types import (
    AgentSettings,
    AgentTurnInput,
    GraderSettings,
    Message,
    Progress,
    RunEvent,
    RunInput,
)
from tests.helpers import INPUTS, RESULTS

HISTORY = Path(__file__).parent / "histories" / "revision_then_satisfied.json"


def history() -> WorkflowHistory:
    return WorkflowHistory.from_json("h", json.loads(HISTORY.read_text()))


class TestDataConverter:
    async def test_new_workflow_instances_reuse_the_type_adapters(self):
        # Counted the way the benchmark counts them (`python -m benchmarks.instances`).
        assert await adapters_per_instance(history(), data_converter, replays=5) == 0

    async def test_the_stock_converter_rebuilds_them_per_instance(self):
        # What the shared cache is for: the SDK makes a payload converter per instance.
        assert await adapters_per_instance(history(), pydantic_data_converter, replays=5) >= 1

    @pytest.mark.parametrize("reader", [data_converter, pydantic_data_converter])
    def test_the_wire_format_is_the_stock_one_without_defaults(self, reader):
        run = RunInput(
            message="hi",
            rubric="- tests",
            agent=AgentSettings(model="scripted:x.json"),
            grader=GraderSettings(model="scripted:g.json"),
        )
        payloads = data_converter.payload_converter.to_payloads([run])
        assert json.loads(payloads[0].data) == {
            "message": "hi",
            "rubric": "- tests",
            "agent": {"model": "scripted:x.json"},
            "grader": {"model": "scripted:g.json"},
        }
        assert reader.payload_converter.from_payloads(payloads, [RunInput]) == [run]


def _full_payload(value: Any) -> Payload:
    """As a stock pydantic converter writes it: every field, defaults included."""
    return pydantic_data_converter.payload_converter.to_payloads([value])[0]


class TestPayloadsWithEveryField:
    """Payloads written with every field (recorded histories, stock converters) still decode."""

    def test_a_full_field_step_input_decodes_to_the_same_value(self):
        step = AgentTurnInput(
            thread_id="t",
            turn=1,
            settings=AgentSettings(model="scripted:x.json"),
            messages=[Message(role="user", content="go", source="user"), Message(role="assistant", content="a")],
        )
        full = _full_payload(step)
        assert b'"tool_calls":[]' in full.data  # the stock form, defaults written out
        [decoded] = data_converter.payload_converter.from_payloads([full], [AgentTurnInput])
        assert decoded == step
        assert len(data_converter.payload_converter.to_payloads([step])[0].data) < len(full.data) / 2

    def test_every_recorded_history_payload_decodes_to_what_it_says(self):
        for path in sorted(HISTORY.parent.glob("*.json")):
            events = WorkflowHistory.from_json("h", json.loads(path.read_text())).events
            for event in events:
                if event.HasField("activity_task_scheduled_event_attributes"):
                    attrs = event.activity_task_scheduled_event_attributes
                    model = INPUTS.get(attrs.activity_type.name)
                    if model is not None:
                        [value] = data_converter.payload_converter.from_payloads(attrs.input.payloads, [model])
                        # Re-encoded without defaults, it decodes to the same value.
                        again = data_converter.payload_converter.to_payloads([value])
                        assert data_converter.payload_converter.from_payloads(again, [model]) == [value]


def _defaulted_tags(root: Any) -> list[str]:
    """Every discriminated union reachable from `root` whose tag has a default in some member."""
    schema = TypeAdapter(root).core_schema
    definitions = {d["ref"]: d for d in schema.get("definitions", [])} if schema["type"] == "definitions" else {}
    found: list[str] = []

    def model_of(choice: Any) -> Any:
        while choice.get("type") in ("definition-ref", "definitions"):
            choice = definitions[choice["schema_ref"]] if choice["type"] == "definition-ref" else choice["schema"]
        return choice.get("cls")

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "tagged-union":
                for choice in node["choices"].values():
                    cls = model_of(choice)
                    if cls is not None and not cls.model_fields[node["discriminator"]].is_required():
                        found.append(f"{cls.__name__}.{node['discriminator']}")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    return found


class TestTheContractKeepsItsWireFormat:
    def test_no_discriminated_union_in_a_payload_has_a_tag_with_a_default(self):
        # A tag at its default would be left out, and decoding could not tell the members apart.
        for root in (RunInput, Progress, RunEvent, *INPUTS.values(), *RESULTS.values()):
            assert _defaulted_tags(root) == [], root

    def test_the_check_finds_a_tag_with_a_default(self):
        assert _defaulted_tags(list[McpServer]) == ["McpStdioServer.transport", "McpHttpServer.transport"]
