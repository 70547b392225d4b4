"""Tool calling for `local:` models: calls parsed from the chat template's `<tool_call>`
blocks, a required call held to its schema by a grammar, a malformed call resampled and
then a retryable error; and a real local deep agent that writes its file by a tool call."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool

from rubricflow.activities.local_models import DEFAULT_LOCAL_MODEL, SAMPLES_PER_CALL, _ToolCalling, runtime_available
from rubricflow.activities.local_tools import call_schema, parse_reply, tool_spec
from rubricflow.activities.model_errors import ModelOutputError
from rubricflow.activities.provider_errors import to_application_error
from rubricflow.activities.small_agent import small_view, unfence_writes, unfenced
from rubricflow.client import Rubricflow
from rubricflow.workflows import errors
from rubricflow.workflows.run_settings import GRADER_SOURCE
from rubricflow.workflows.types import TERMINAL_STATUSES, AgentSettings, GraderSettings, RunInput
from tests.helpers import thread_id, verdict
from tests.reliability import REPORT


@tool
def write_file(file_path: str, content: str) -> str:
    """Write a whole file."""
    return "ok"


@tool
def read_file(file_path: str) -> str:
    """Read a file."""
    return ""


FREE = tool_spec([write_file, read_file], "auto")


class TestParse:
    def test_calls_in_tool_call_blocks_get_ids_and_the_rest_is_content(self):
        text = (
            'I will write it.\n<tool_call>\n{"name": "write_file", "arguments": {"file_path": "/a.py", '
            '"content": "x = 1"}}\n</tool_call>\n<tool_call>\n{"name": "read_file", "arguments": '
            '{"file_path": "/a.py"}}\n</tool_call>'
        )
        content, calls = parse_reply(text, FREE)
        assert content == "I will write it."
        assert [(c["name"], c["args"]) for c in calls] == [
            ("write_file", {"file_path": "/a.py", "content": "x = 1"}),
            ("read_file", {"file_path": "/a.py"}),
        ]
        assert len({c["id"] for c in calls}) == 2 and all(c["id"].startswith("call_") for c in calls)

    def test_raw_newlines_and_tabs_in_a_string_argument_are_the_file_s_own(self):
        _, calls = parse_reply(
            '{"file_path": "/s.py", "content": "def f():\n\treturn 1"}', tool_spec([write_file], "write_file")
        )
        assert calls[0]["args"]["content"] == "def f():\n\treturn 1"

    def test_a_bare_call_object_is_a_call_and_plain_text_is_an_answer(self):
        _, calls = parse_reply('{"name": "read_file", "arguments": {"file_path": "/a.py"}}', FREE)
        assert [c["name"] for c in calls] == ["read_file"]
        assert parse_reply("Done: /a.py holds the function.", FREE) == ("Done: /a.py holds the function.", [])

    @pytest.mark.reliability
    @pytest.mark.parametrize(
        "block, why",
        [
            ('{"name": "write_file", "arguments": {"file_path": "/a.py"', "not JSON"),
            ('{"name": "delete_everything", "arguments": {}}', "not one of its tools"),
            ('{"name": "write_file", "arguments": {"file_path": "/a.py"}}', "'content' is a required property"),
            ('{"arguments": {}}', "names no tool"),
        ],
    )
    def test_a_malformed_call_is_a_retryable_model_output_error(self, block: str, why: str):
        with pytest.raises(ModelOutputError, match=why) as caught:
            parse_reply(f"<tool_call>\n{block}\n</tool_call>", FREE)
        failure = to_application_error(caught.value, "local:x")
        assert failure.type == errors.PROVIDER_ERROR and not failure.non_retryable
        REPORT.refuse(f"malformed local tool call ({why}): retryable model error")

    def test_a_required_call_of_several_tools_is_a_name_and_arguments_of_one_of_them(self):
        spec = tool_spec([write_file, read_file], "any")
        schema = call_schema(spec)
        assert [s["properties"]["name"]["const"] for s in schema["oneOf"]] == ["write_file", "read_file"]
        _, calls = parse_reply('{"name": "read_file", "arguments": {"file_path": "/a.py"}}', spec)
        assert calls[0]["args"] == {"file_path": "/a.py"}
        named = tool_spec([write_file, read_file], {"type": "function", "function": {"name": "write_file"}})
        _, calls = parse_reply('{"file_path": "/s.py", "content": "pass"}', named)
        assert (calls[0]["name"], calls[0]["args"]) == ("write_file", {"file_path": "/s.py", "content": "pass"})


class FakeLlama:
    """Stands in for `llama_cpp.Llama`: serves the given reply texts in order."""

    def __init__(self, texts: list[str]) -> None:
        self.texts, self.calls = list(texts), []

    def create_chat_completion(self, **kwargs: Any) -> dict[str, Any]:
        self.calls.append(kwargs)
        text = self.texts.pop(0)
        return {
            "choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5},
        }


def faulty_model(texts: list[str]) -> Any:
    from langchain_community.chat_models import ChatLlamaCpp

    class Faulty(_ToolCalling, ChatLlamaCpp):
        pass

    return Faulty.model_construct(client=FakeLlama(texts), model_path="fake.gguf", streaming=False)


GOOD = '<tool_call>\n{"name": "read_file", "arguments": {"file_path": "/a.py"}}\n</tool_call>'
BAD = '<tool_call>\n{"name": "read_file", "arguments": {"path": 3}\n</tool_call>'


@pytest.mark.skipif(not runtime_available(), reason="the local extra is not installed")
class TestFaultyModel:
    @pytest.mark.reliability
    def test_a_malformed_call_is_sampled_again(self):
        model = faulty_model([BAD, GOOD])
        reply = model.bind_tools([write_file, read_file]).invoke([HumanMessage("read /a.py")])
        assert [c["name"] for c in reply.tool_calls] == ["read_file"]
        assert len(model.client.calls) == 2
        assert [t["function"]["name"] for t in model.client.calls[0]["tools"]] == ["write_file", "read_file"]
        REPORT.fault("local model's malformed tool call: resampled, the turn went on")

    @pytest.mark.reliability
    def test_calls_malformed_every_time_end_in_the_retryable_error(self):
        model = faulty_model([BAD] * SAMPLES_PER_CALL)
        with pytest.raises(ModelOutputError, match="not JSON"):
            model.bind_tools([write_file, read_file]).invoke([HumanMessage("read /a.py")])
        assert len(model.client.calls) == SAMPLES_PER_CALL
        REPORT.fault("local model's malformed tool calls past the samples: retryable ModelOutputError")

    def test_a_required_call_is_generated_under_a_grammar(self):
        model = faulty_model(['{"file_path": "/s.py", "content": "pass"}'])
        reply = model.bind_tools([write_file, read_file], tool_choice="write_file").invoke([HumanMessage("go")])
        assert reply.tool_calls[0]["args"] == {"file_path": "/s.py", "content": "pass"}
        assert model.client.calls[0]["grammar"] is not None


def written(content: str, n: int) -> list[Any]:
    """One turn's work: a write_file call, its result, the answer."""
    call = {"name": "write_file", "args": {"file_path": "/s.py", "content": content}, "id": f"c{n}"}
    return [
        AIMessage("", tool_calls=[call]),
        ToolMessage("ok", tool_call_id=f"c{n}", name="write_file"),
        AIMessage("Done."),
    ]


def feedback(text: str) -> HumanMessage:
    return HumanMessage(text, name=GRADER_SOURCE)


class TestSmallView:
    def test_a_revision_turn_sees_the_requests_the_file_as_it_is_and_the_latest_feedback(self):
        task, follow_up = HumanMessage("Write /s.py."), HumanMessage("Also handle lists.")
        messages = [task, *written("v1", 1), feedback("fix A"), *written("v2", 2), follow_up, *written("v3", 3)]
        messages.append(feedback("fix B"))
        view = small_view(messages, {"/s.py": {"content": "v3", "encoding": "utf-8"}})
        assert view[:2] == [task, follow_up]
        assert "/s.py" in view[2].content and "v3" in view[2].content and "v1" not in view[2].content
        assert view[3:] == [messages[-1]]
        assert not any(getattr(m, "tool_calls", None) for m in view)

    def test_the_turn_s_own_work_after_its_request_is_kept(self):
        messages = [HumanMessage("Write /s.py."), *written("v1", 1), feedback("fix A"), *written("v2", 2)[:2]]
        view = small_view(messages, {"/s.py": {"content": "v2"}})
        assert view[-3] is messages[4] and view[-2:] == messages[-2:]

    def test_a_first_turn_is_shown_as_it_is(self):
        messages = [HumanMessage("Write /s.py."), *written("v1", 1)[:2]]
        assert small_view(messages, {"/s.py": {"content": "v1"}}) == messages


class TestUnfenced:
    # What the 0.5B model wrote to /solution.py in each of three demo runs' last turn.
    SEEN = "```python\ndef find_duplicates(lst):\n    return []\n```}"

    def test_a_file_written_as_one_code_block_is_the_code_inside(self):
        assert unfenced("/solution.py", self.SEEN) == "def find_duplicates(lst):\n    return []\n"
        assert unfenced("s.py", "```\nx = 1\n```\n") == "x = 1\n"

    def test_code_prose_files_and_inner_fences_are_kept_as_written(self):
        assert unfenced("/s.py", "x = 1\n") == "x = 1\n"
        assert unfenced("/README.md", self.SEEN) == self.SEEN
        inner = 'doc = """\n```python\nx\n```\n"""\n'
        assert unfenced("/s.py", inner) == inner
        assert unfenced("/s.py", "```python\nx = 1\n```\nmore text\n").startswith("```python")

    def test_the_write_calls_of_a_reply_are_unfenced_and_others_left_alone(self):
        calls = [
            {"name": "write_file", "args": {"file_path": "/s.py", "content": self.SEEN}, "id": "a"},
            {"name": "read_file", "args": {"file_path": "/s.py"}, "id": "b"},
        ]
        reply = unfence_writes(AIMessage("", tool_calls=calls))
        assert reply.tool_calls[0]["args"]["content"].startswith("def find_duplicates")
        assert reply.tool_calls[1]["args"] == {"file_path": "/s.py"}


class TestRealLocalDeepAgent:
    @pytest.mark.timeout(900)
    async def test_a_deep_agent_turn_writes_its_file_by_a_real_tool_call(self, client, task_queue, worker, script):
        assert runtime_available(), "the local extra is missing: run bash deploy/install.sh --dev"
        from rubricflow.cli.demo import DEMO_DEEP_SYSTEM_PROMPT, DEMO_DEEP_TASK

        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message=DEMO_DEEP_TASK,
                rubric="- The code is in /solution.py",
                agent=AgentSettings(
                    model=f"local:{DEFAULT_LOCAL_MODEL}", system_prompt=DEMO_DEEP_SYSTEM_PROMPT, agent="deep"
                ),
                grader=GraderSettings(
                    model=script(verdict("satisfied", **{"The code is in /solution.py": True})), max_iterations=1
                ),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status in TERMINAL_STATUSES
        calls = [c for m in result.transcript if m.role == "assistant" for c in m.tool_calls]
        writes = [c for c in calls if c.name == "write_file"]
        assert writes and all(c.id for c in calls)
        files = await Rubricflow(client, task_queue).files(run.thread_id)
        path = writes[0].args["file_path"]
        assert path in files or "/" + path.lstrip("/") in files
        results = [m for m in result.transcript if m.role == "tool" and m.name == "write_file"]
        assert results and not results[0].content.startswith("Error")
        assert result.transcript[-1].role == "assistant" and not result.transcript[-1].tool_calls


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": args}]}


class TestGraderBounds:
    @pytest.mark.reliability
    async def test_a_grader_looping_on_tools_ends_its_pass_at_the_call_budget(self, client, task_queue, worker, script):
        agent = script(call("write_file", file_path="/solution.py", content="x = 1\n"), "Done: /solution.py.")
        grader = script(*[call("list_files")] * 12)  # never answers
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Write solution.py.",
                rubric="- written",
                agent=AgentSettings(model=agent, agent="deep"),
                grader=GraderSettings(model=grader, tools=["list_files"], max_grader_calls=2, max_iterations=1),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status == "grader_error"
        (evaluation,) = result.evaluations
        assert errors.GRADER_CALL_BUDGET_EXCEEDED in evaluation.explanation
        assert "max_grader_calls of 2" in evaluation.explanation
        REPORT.run(run.thread_id, "grader_error", result.status)

    def test_after_its_tool_rounds_the_grader_is_offered_no_tool(self):
        from langchain.agents.middleware.types import ModelRequest
        from langchain_core.messages import AIMessage, ToolMessage

        from rubricflow.activities.grader.budget import DEFAULT_TOOL_ROUNDS, ToolRoundsMiddleware

        def asked(rounds: int) -> Any:
            messages: list[Any] = [HumanMessage("grade")]
            for i in range(rounds):
                messages += [
                    AIMessage("", tool_calls=[{"name": "read_file", "args": {}, "id": f"c{i}"}]),
                    ToolMessage("x", tool_call_id=f"c{i}"),
                ]
            request = ModelRequest(
                model=None,
                messages=messages,
                tools=[read_file],
                tool_choice="any",
                system_message=None,
                response_format=None,
                state={},
                runtime=None,
            )
            offered = []
            ToolRoundsMiddleware().wrap_model_call(request, lambda r: offered.append([t.name for t in r.tools]))
            return offered[0]

        assert asked(DEFAULT_TOOL_ROUNDS - 1) == ["read_file"]
        assert asked(DEFAULT_TOOL_ROUNDS) == []


class TestRealLocalGrader:
    @pytest.mark.timeout(900)
    async def test_a_local_grader_reads_the_file_then_answers(self, client, task_queue, worker, script):
        assert runtime_available(), "the local extra is missing: run bash deploy/install.sh --dev"
        from rubricflow.workflows import names
        from tests.helpers import activity_results

        code = "def add(a, b):\n    return a + b\n"
        agent = script(call("write_file", file_path="/solution.py", content=code), "Done: see /solution.py.")
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Write add(a, b) to /solution.py.",
                rubric="- /solution.py defines a function add",
                agent=AgentSettings(model=agent, agent="deep"),
                # The 1.5B (the demo's grader): the 0.5B's whole verdict sometimes calls the
                # rubric "impossible to evaluate" after reading the file.
                grader=GraderSettings(model="local:qwen2.5-coder-1.5b", tools=["read_file"], max_iterations=1),
            ),
            thread_id(),
        )
        result = await run.result()
        (graded,) = await activity_results(run.handle, names.GRADER_PASS_ACTIVITY)
        assert graded["evidence_calls"][:1] == ["read_file"]
        (evaluation,) = result.evaluations
        assert evaluation.result in ("satisfied", "needs_revision"), evaluation.explanation
        assert [c.name for c in evaluation.criteria] == ["/solution.py defines a function add"]


class TestBudgetSettings:
    @pytest.mark.reliability
    def test_the_flag_sets_the_budget_and_nonsense_is_refused_with_what_to_fix(self):
        import argparse

        from rubricflow.cli.inputs import grading_settings

        assert grading_settings(argparse.Namespace(max_grader_calls="3")) == {"max_grader_calls": 3}
        with pytest.raises(Exception, match="--max-grader-calls"):
            grading_settings(argparse.Namespace(max_grader_calls="0"))
        with pytest.raises(ValueError, match="max_grader_calls"):
            GraderSettings(model="scripted:x.json", max_grader_calls=0)
        assert GraderSettings(model="scripted:x.json").max_grader_calls == 6
        REPORT.refuse("max_grader_calls out of range")
