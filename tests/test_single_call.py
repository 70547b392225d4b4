"""The tool-less default agent and grader make the one model call `create_agent`'s graph
would make, and return the state it would: the same prompt reaches the model, the same
messages and structured response come back, the same errors are raised."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.structured_output import StructuredOutputValidationError, ToolStrategy
from langchain_core.messages import HumanMessage

from rubricflow.activities.agents import SingleCallAgent, default_agent
from rubricflow.activities.grader.prompt import GRADER_SYSTEM_PROMPT
from rubricflow.activities.grader.single_call import SingleCallGrader
from rubricflow.activities.scripted import ScriptedChatModel, current_thread_id
from rubricflow.workflows.types import GraderVerdict

VALID = {"result": "needs_revision", "explanation": "no", "criteria": [{"name": "ok", "passed": False, "gap": "x"}]}
CONTRADICTORY = {"result": "satisfied", "explanation": "yes", "criteria": [{"name": "ok", "passed": False, "gap": "x"}]}


def _model(tmp_path: Path, *responses: Any) -> tuple[ScriptedChatModel, Path]:
    log = tmp_path / f"prompts-{uuid.uuid4().hex[:6]}.jsonl"
    path = tmp_path / f"script-{uuid.uuid4().hex[:6]}.json"
    path.write_text(json.dumps({"responses": list(responses), "record_to": str(log)}))
    return ScriptedChatModel(path=str(path), state_dir=tmp_path / "cursors"), log


async def _invoke(runnable: Any, messages: list[Any]) -> dict[str, Any]:
    current_thread_id.set(f"t-{uuid.uuid4().hex[:8]}")  # a fresh cursor: the script from its start
    return await runnable.ainvoke({"messages": messages}, config={"recursion_limit": 50})


def _shape(state: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [
        (m.type, m.content, [(c["name"], c["args"]) for c in getattr(m, "tool_calls", [])], getattr(m, "name", None))
        for m in state["messages"]
    ]


@pytest.mark.parametrize("system_prompt", [None, "Be brief."])
async def test_the_tool_less_default_agent_is_one_call_with_the_graphs_prompt_and_result(tmp_path, system_prompt):
    model, log = _model(tmp_path, "an answer")
    agent = default_agent(model, [], system_prompt)
    assert isinstance(agent, SingleCallAgent)
    graph = create_agent(model, tools=[], system_prompt=system_prompt)
    messages = [HumanMessage("go")]
    ours, theirs = await _invoke(agent, messages), await _invoke(graph, messages)
    assert _shape(ours) == _shape(theirs) == [("human", "go", [], None), ("ai", "an answer", [], None)]
    first, second = log.read_text().splitlines()
    assert first == second  # the model saw the same prompt (system prompt first when there is one)


async def test_the_tool_less_grader_returns_the_graphs_state(tmp_path):
    model, log = _model(tmp_path, {"structured": VALID})
    ours = await _invoke(SingleCallGrader(model, GraderVerdict, GRADER_SYSTEM_PROMPT), [HumanMessage("grade")])
    graph = create_agent(
        model,
        tools=[],
        system_prompt=GRADER_SYSTEM_PROMPT,
        response_format=ToolStrategy(GraderVerdict, handle_errors=False),
    )
    theirs = await _invoke(graph, [HumanMessage("grade")])
    assert ours["structured_response"] == theirs["structured_response"] == GraderVerdict.model_validate(VALID)
    assert _shape(ours) == _shape(theirs)
    assert [m.type for m in ours["messages"]] == ["human", "ai", "tool"]
    first, second = log.read_text().splitlines()
    assert first == second


async def test_a_verdict_that_contradicts_itself_raises_what_the_graph_raises(tmp_path):
    model, _ = _model(tmp_path, {"structured": CONTRADICTORY})
    graph = create_agent(
        model, tools=[], system_prompt=None, response_format=ToolStrategy(GraderVerdict, handle_errors=False)
    )
    with pytest.raises(StructuredOutputValidationError) as theirs:
        await _invoke(graph, [HumanMessage("grade")])
    with pytest.raises(StructuredOutputValidationError) as ours:
        await _invoke(SingleCallGrader(model, GraderVerdict, None), [HumanMessage("grade")])
    assert str(ours.value) == str(theirs.value)


async def test_a_reply_without_the_verdict_call_has_no_structured_response(tmp_path):
    model, _ = _model(tmp_path, "just text")
    state = await _invoke(SingleCallGrader(model, GraderVerdict, None), [HumanMessage("grade")])
    assert "structured_response" not in state
    assert _shape(state)[-1] == ("ai", "just text", [], None)
