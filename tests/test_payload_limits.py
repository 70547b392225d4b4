"""Big outputs never leave a thread stuck: an agent's answer, a tool's output, a deep agent's
file and a follow-up on a kept-open thread, each at 0.5, 1.5 and 3 MB, end in one attempt,
cut to fit with a visible mark or refused to the agent, and the thread takes the next
message. The size rules themselves (`workflows/sizes.py`) are tested without a server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from temporalio.api.enums.v1 import EventType

from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow
from rubricflow.workflows import sizes
from rubricflow.workflows.types import AgentSettings, GraderSettings, Progress, RunInput, SubmitInput
from tests.helpers import activity_attempts, activity_inputs, thread_id, verdict
from tests.reliability import REPORT

pytestmark = pytest.mark.reliability

SIZES = [pytest.param(500_000, id="0.5MB"), pytest.param(1_500_000, id="1.5MB"), pytest.param(3_000_000, id="3MB")]

WITHIN_S = 90
"""Each step below takes seconds; a thread left stuck fails its test at this bound instead
of hanging it (a 3 MB result used to be retried for ten minutes)."""
IDLE_S = 300
"""The threads stay open for follow-ups well past each test."""
SHORT = "a short answer"


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": args}]}


async def within(awaitable: Any) -> Any:
    return await asyncio.wait_for(awaitable, WITHIN_S)


async def workflow_task_failures(handle: Any) -> list[str]:
    failures = []
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED:
            failures.append(event.workflow_task_failed_event_attributes.failure.message)
    return failures


LARGEST: dict[str, tuple[int, str]] = {}
"""The largest history event and history of the threads below (bytes, which thread)."""


@pytest.fixture(scope="module", autouse=True)
def report_the_largest() -> Any:
    yield
    if LARGEST:
        (event, at), (history, of) = LARGEST["event"], LARGEST["history"]
        REPORT.figure(
            f"oversized outputs: largest history event {event / 1024:.0f} KiB ({at}), largest "
            f"history {history / 1024:.0f} KiB ({of}); the server refuses a payload over "
            f"{sizes.SERVER_PAYLOAD_LIMIT_BYTES // 1024} KiB"
        )


async def history_sizes(handle: Any, label: str) -> int:
    """The largest event of the thread's current run's history; both sizes noted for the report."""
    largest = total = 0
    async for event in handle.fetch_history_events():
        largest = max(largest, event.ByteSize())
        total += event.ByteSize()
    for key, size in (("event", largest), ("history", total)):
        if size > LARGEST.get(key, (0, ""))[0]:
            LARGEST[key] = (size, label)
    return largest


async def usable_afterwards(rf: Rubricflow, tid: str, kind: str, expected: str = "answered") -> Progress:
    """A further message completes, no workflow task ever failed, and every step of the
    thread ran once: nothing was retried for its size."""
    after = await within(rf.submit(tid, SubmitInput(message="one more, briefly")))
    assert after.answer == SHORT
    handle = rf.handle(tid).handle
    assert await workflow_task_failures(handle) == []
    attempts = await activity_attempts(handle)
    assert attempts and all(attempt == 1 for _, attempt in attempts), attempts
    assert await history_sizes(handle, kind) < sizes.SERVER_PAYLOAD_WARN_BYTES
    await handle.terminate("test over")
    REPORT.fault(f"oversized {kind}")
    REPORT.run(tid, expected, after.status)
    assert after.status == expected
    return after


def clipped(text: str, head: str) -> bool:
    """Cut to fit, with the mark, beginning as the original did."""
    return text.startswith(head) and sizes.MARK in text and len(text.encode()) <= sizes.MAX_TEXT_BYTES


@pytest.fixture
def registry() -> ToolRegistry:
    """The worker's tools: one that prints as much as it is asked to."""
    tools = ToolRegistry()

    @tools.tool
    def emit(size: int) -> str:
        """Print `size` characters."""
        return "y" * size

    return tools


class TestBigOutputs:
    @pytest.mark.parametrize("size", SIZES)
    async def test_an_agent_answer_is_clipped_with_a_mark_and_graded(self, client, task_queue, worker, script, size):
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(
            rubric="- answers",
            agent=AgentSettings(model=script("a" * size, SHORT)),
            grader=GraderSettings(model=script(verdict("satisfied", "ok", answers=True))),
            idle_timeout_s=IDLE_S,
        )
        first = await within(rf.submit(tid, SubmitInput(message="answer at length"), start=start))
        assert first.status == "satisfied"
        assert clipped(first.answer or "", "aaaa")
        graded = await activity_inputs(rf.handle(tid).handle, "rubricflow.grade_transcript")
        assert clipped(graded[0]["transcript"][-1]["content"], "aaaa")  # the grader saw the same cut
        await usable_afterwards(rf, tid, "answer", "satisfied")

    @pytest.mark.parametrize("size", SIZES)
    @pytest.mark.parametrize("kind", ["default", "deep"])
    async def test_a_tool_output_is_clipped_and_the_agent_sees_the_mark(
        self, client, task_queue, worker, tmp_path, kind, size
    ):
        shown = tmp_path / "shown.jsonl"
        agent = write_script(tmp_path, [call("emit", size=size), "I read the output.", SHORT], record_to=shown)
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(agent=AgentSettings(model=agent, tools=["emit"], agent=kind), idle_timeout_s=IDLE_S)
        first = await within(rf.submit(tid, SubmitInput(message="print a lot"), start=start))
        assert first.status == "answered" and first.answer == "I read the output."
        output = next(m for m in first.transcript if m.role == "tool")
        assert clipped(output.content, "yyyy")
        assert first.files == []  # cut before a deep agent would move it into a file
        # Within the turn, the model's next call was shown the cut output, not the whole.
        second_call = json.loads(shown.read_text().splitlines()[1])
        assert clipped(second_call[-1]["content"], "yyyy")
        await usable_afterwards(rf, tid, "tool output")

    @pytest.mark.parametrize("size", SIZES)
    async def test_a_deep_agents_file_past_the_limit_is_refused_to_the_agent(
        self, client, task_queue, worker, script, size
    ):
        agent = script(call("write_file", file_path="/big.txt", content="z" * size), "It did not fit.", SHORT)
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(agent=AgentSettings(model=agent, agent="deep"), idle_timeout_s=IDLE_S)
        first = await within(rf.submit(tid, SubmitInput(message="write a big file"), start=start))
        assert first.status == "answered" and first.answer == "It did not fit."
        refusal = next(m for m in first.transcript if m.role == "tool")
        assert "write refused" in refusal.content and f"at most {sizes.MAX_FILES_BYTES} bytes" in refusal.content
        assert first.files == []
        written = first.transcript[1].tool_calls[0].args["content"]
        assert written.startswith("zzzz") and len(written) < 5_000  # the call's text is compacted
        await usable_afterwards(rf, tid, "file")

    @pytest.mark.parametrize("size", SIZES)
    async def test_a_deep_agents_todo_list_past_the_limit_is_refused_to_the_agent(
        self, client, task_queue, worker, script, size
    ):
        todos = [{"content": "t" * 1_000, "status": "pending"} for _ in range(size // 1_000)]
        agent = script(call("write_todos", todos=todos), "I keep a shorter plan.", SHORT)
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(agent=AgentSettings(model=agent, agent="deep"), idle_timeout_s=IDLE_S)
        first = await within(rf.submit(tid, SubmitInput(message="plan a lot"), start=start))
        assert first.status == "answered" and first.answer == "I keep a shorter plan."
        refusal = next(m for m in first.transcript if m.role == "tool")
        assert "write refused" in refusal.content and f"at most {sizes.MAX_TODOS_BYTES} are allowed" in refusal.content
        assert first.todos == []
        await usable_afterwards(rf, tid, "todo list")

    @pytest.mark.parametrize("size", SIZES)
    async def test_follow_ups_on_a_kept_open_thread(self, client, task_queue, worker, script, size):
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(agent=AgentSettings(model=script("b" * size, "c" * size, SHORT)), idle_timeout_s=IDLE_S)
        first = await within(rf.submit(tid, SubmitInput(message="answer at length"), start=start))
        assert first.status == "answered" and clipped(first.answer or "", "bbbb")
        again = await within(rf.submit(tid, SubmitInput(message="again")))
        assert again.status == "answered" and clipped(again.answer or "", "cccc")
        assert [m.content for m in again.transcript if m.role == "user"] == ["answer at length", "again"]
        assert sizes.encoded_size(again) < sizes.SERVER_PAYLOAD_WARN_BYTES
        await usable_afterwards(rf, tid, "follow-up answer")


def write_script(folder: Path, responses: list[Any], record_to: Path | None = None) -> str:
    path = folder / "agent.json"
    body: dict[str, Any] = {"responses": responses}
    if record_to is not None:
        body["record_to"] = str(record_to)
    path.write_text(json.dumps(body), encoding="utf-8")
    return f"scripted:{path}"


class TestCommandLine:
    async def test_run_then_send_on_a_kept_open_thread_with_big_answers(self, client, task_queue, worker, script):
        """As a user met it: `run` with a 1.5 MB answer on a thread kept open, then `send`."""
        from tests.test_cli import rubricflow

        tid, agent = thread_id(), script("r" * 1_500_000, "s" * 700_000, SHORT)
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "answer at length",
            "--model",
            agent,
            "--thread",
            tid,
            "--idle-timeout",
            "900",
            "--json",
        )
        assert code == 0, err
        assert clipped(json.loads(out)["answer"], "rrrr")
        code, out, err = await rubricflow(client, task_queue, "send", tid, "again", "--json")
        assert code == 0, err
        assert clipped(json.loads(out)["answer"], "ssss") and json.loads(out)["status"] == "answered"
        assert "Traceback" not in err and "unexpected error" not in err
        await usable_afterwards(Rubricflow(client, task_queue), tid, "answer through the CLI")


class TestUserInput:
    @pytest.mark.parametrize("size", SIZES)
    async def test_an_oversized_message_is_refused_by_the_client_with_exit_2(
        self, client, task_queue, script, tmp_path, size
    ):
        from tests.test_cli import assert_no_workflow, rubricflow

        big = tmp_path / "message.txt"
        big.write_text("m" * size, encoding="utf-8")
        tid = thread_id()
        for command in (
            ["run", f"@{big}", "--model", script(SHORT)],
            ["send", tid, f"@{big}", "--model", script(SHORT)],
        ):
            code, out, err = (
                await rubricflow(client, task_queue, *command, "--thread", tid)
                if command[0] == "run"
                else await rubricflow(client, task_queue, *command)
            )
            assert code == 2, (out, err)
            assert "is too large" in err and f"has at most {sizes.MAX_MESSAGE_CHARS} characters" in err
            assert "Traceback" not in err
            REPORT.refuse("oversized user message")
        await assert_no_workflow(client, tid)

    async def test_a_typed_message_past_the_limit_is_refused_in_words(self, client, task_queue, script):
        from tests.test_cli import assert_no_workflow, rubricflow

        tid = thread_id()
        over = sizes.MAX_MESSAGE_CHARS + 1
        code, out, err = await rubricflow(client, task_queue, "send", tid, "m" * over, "--model", script(SHORT))
        assert code == 2 and f"message has {over} characters; at most {sizes.MAX_MESSAGE_CHARS} are allowed" in err
        assert "Traceback" not in err
        await assert_no_workflow(client, tid)
        REPORT.refuse("oversized user message")


class TestOverTheLimitByName:
    """What would still not fit once cut ends its step at once: non-retryable, by name."""

    async def test_a_turn_too_large_even_once_cut_fails_in_one_attempt_by_name(
        self, client, task_queue, registry, script
    ):
        from langchain_core.messages import AIMessage
        from langchain_core.runnables import RunnableLambda
        from temporalio.exceptions import ApplicationError

        from rubricflow.activities.agents import AgentRegistry, builtin_agents
        from rubricflow.client import RunFailed
        from rubricflow.worker import build_worker
        from rubricflow.workflows import errors

        steps = sizes.MAX_TURN_BYTES // sizes.MIN_TEXT_BYTES + 10

        async def flood(state: dict[str, Any]) -> dict[str, Any]:
            return {"messages": [*state["messages"], *(AIMessage(content="w" * 60_000) for _ in range(steps))]}

        agents = AgentRegistry({**builtin_agents(), "flood": lambda model, tools, prompt: RunnableLambda(flood)})
        rf, tid = Rubricflow(client, task_queue), thread_id()
        async with build_worker(client, queue=task_queue, tools=registry, agents=agents):
            run = await rf.start(
                RunInput(message="go", agent=AgentSettings(model=script("unused"), agent="flood")), tid
            )
            with pytest.raises(RunFailed) as failure:
                await within(run.result())
        cause = failure.value.cause
        assert isinstance(cause, ApplicationError) and cause.type == errors.AGENT_TURN_FAILED
        assert (
            "raised PayloadTooLargeError" in cause.message and f"at most {sizes.MAX_TURN_BYTES} bytes" in cause.message
        )
        assert await activity_attempts(run.handle) == [("rubricflow.run_agent_turn", 1)]
        assert await workflow_task_failures(run.handle) == []
        REPORT.fault("agent turn too large even once cut")
        REPORT.run(tid, "failed", failure.value.status)

    @pytest.mark.parametrize("size", SIZES)
    async def test_grader_output_is_clipped_or_a_grader_error_and_the_thread_goes_on(
        self, client, task_queue, worker, script, size
    ):
        long = verdict("needs_revision", "e" * size, answers="g" * size)
        crowded = verdict("satisfied", "ok", answers=True, **{f"c{i}": True for i in range(size // 40)})
        rf, tid = Rubricflow(client, task_queue), thread_id()
        start = RunInput(
            rubric="The answer is right.",
            agent=AgentSettings(model=script("v1", "v2", SHORT)),
            grader=GraderSettings(
                model=script(long, crowded, verdict("satisfied", "ok", answers=True)), max_iterations=2
            ),
            idle_timeout_s=IDLE_S,
        )
        first = await within(rf.submit(tid, SubmitInput(message="answer"), start=start))
        cut, crowd = first.evaluations
        assert cut.result == "needs_revision" and clipped(cut.explanation, "eeee")
        assert (
            cut.criteria[0].gap is not None
            and cut.criteria[0].gap.startswith("gggg")
            and sizes.MARK in cut.criteria[0].gap
        )
        assert sizes.encoded_size(cut) < sizes.MAX_VERDICT_BYTES
        # The revision the agent got carries the cut feedback, within the transcript's limit.
        assert sizes.MARK in next(m.content for m in first.transcript if m.source == "grader")
        assert crowd.result == "grader_error" and "PayloadTooLarge" in crowd.explanation
        assert first.status == "grader_error"
        await usable_afterwards(rf, tid, "grader output", "satisfied")


class TestSizeRules:
    def test_clip_keeps_what_fits_and_marks_the_cut_within_the_limit(self):
        assert sizes.clip("short", 100) == "short"
        cut = sizes.clip("é" * 10_000, 1_000)
        assert cut.startswith("éé") and sizes.MARK in cut and "20000 bytes, cut to 1000" in cut
        assert sizes.encoded_size(cut) - 2 <= 1_000
        # Characters JSON escapes count as what they cost.
        control = sizes.clip("\x01" * 10_000, 1_000)
        assert control.startswith("\x01") and sizes.encoded_size(control) - 2 <= 1_000

    def test_a_turn_keeps_its_answer_whole_and_cuts_earlier_texts_when_too_large(self):
        from rubricflow.workflows.types import Message, ToolCall

        big = "t" * (sizes.MAX_TEXT_BYTES * 2)
        call = Message(role="assistant", tool_calls=[ToolCall(id="c", name="emit", args={"text": big, "n": [big]})])
        outputs = [Message(role="tool", content=big, tool_call_id="c", name="emit") for _ in range(6)]
        answer = Message(role="assistant", content="a" * 50_000)
        fitted = sizes.fit_turn([call, *outputs, answer])
        assert fitted[-1] == answer
        assert all(sizes.encoded_size(m.content) <= sizes.MIN_TEXT_BYTES + 2 for m in fitted[1:-1])
        assert sizes.MARK in fitted[0].tool_calls[0].args[sizes.CLIPPED_ARGS]
        assert sizes.clip_args({"text": "short", "n": 1}, sizes.MAX_TEXT_BYTES) == {"text": "short", "n": 1}
        assert sizes.encoded_size(fitted) <= sizes.MAX_TURN_BYTES
        many = sizes.fit_turn(
            [
                Message(role="assistant", tool_calls=[ToolCall(id="c", name="t", args={"todos": ["s" * 900] * 500})]),
                answer,
            ]
        )
        collapsed = many[0].tool_calls[0].args
        assert list(collapsed) == [sizes.CLIPPED_ARGS] and collapsed[sizes.CLIPPED_ARGS].startswith('{"todos":["sss')
        assert sizes.encoded_size(collapsed) <= sizes.MAX_TEXT_BYTES + 40
        # A turn under the limit only has its over-long texts cut.
        one = sizes.fit_turn([outputs[0], answer])
        assert len(one[0].content.encode()) <= sizes.MAX_TEXT_BYTES and one[1] == answer
        with pytest.raises(sizes.PayloadTooLargeError, match=f"at most {sizes.MAX_TURN_BYTES} bytes"):
            sizes.fit_turn([Message(role="tool", content="x" * 2_000)] * 400 + [answer])

    def test_the_transcript_keeps_the_request_and_the_newest_and_never_starts_at_a_tool_result(self):
        from rubricflow.workflows.state import ThreadState, append_messages, carried, progress_view
        from rubricflow.workflows.types import Evaluation, Message

        state = ThreadState()
        append_messages(state, [Message(role="user", content="the request", source="user")])
        for i in range(40):
            append_messages(
                state,
                [
                    Message(role="assistant", content=f"call {i}"),
                    Message(role="tool", content="o" * 30_000, tool_call_id=str(i)),
                    Message(role="assistant", content=f"answer {i}"),
                ],
            )
        kept = state.transcript
        assert kept[0].content == "the request" and kept[-1].content == "answer 39"
        assert kept[1].role != "tool"
        assert sizes.encoded_size(kept) <= sizes.MAX_TRANSCRIPT_BYTES
        state.evaluations = [
            Evaluation(grading_run_id="r", iteration=i, result="needs_revision", explanation="x" * 5_000)
            for i in range(100)
        ]
        shown = progress_view(state, "t", 0)
        assert shown.evaluations[-1].iteration == 99
        assert sizes.encoded_size(shown.evaluations) <= sizes.MAX_SHOWN_EVALUATIONS_BYTES
        assert sizes.encoded_size(shown) < sizes.SERVER_PAYLOAD_WARN_BYTES
        assert carried(state).evaluations == shown.evaluations

    def test_the_carried_event_stream_keeps_its_newest_events_and_their_offsets(self):
        from temporalio.contrib.workflow_streams import WorkflowStreamState
        from temporalio.contrib.workflow_streams._types import _WorkflowStreamWireItem

        log = [_WorkflowStreamWireItem(topic="events", data=f"{i:04d}" + "d" * 10_000) for i in range(50)]
        state = WorkflowStreamState(log=log, base_offset=7)
        kept = sizes.carried_stream(state)
        assert kept.log == log[-len(kept.log) :] and 0 < len(kept.log) < 50
        assert kept.base_offset == 7 + 50 - len(kept.log)
        assert sizes.encoded_size(kept.log) <= sizes.MAX_CARRIED_STREAM_BYTES
        small = WorkflowStreamState(log=log[:3], base_offset=0)
        assert sizes.carried_stream(small) is small

    def test_a_path_past_its_limit_is_refused_by_the_workers_check(self):
        from rubricflow.workflows.files import AgentFile, limit_problem

        assert limit_problem({"/" + "p" * sizes.MAX_PATH_BYTES: AgentFile(content="x")}) == (
            f"a file path has {sizes.MAX_PATH_BYTES + 1} bytes; at most {sizes.MAX_PATH_BYTES} are "
            "allowed: choose a shorter path"
        )

    def test_with_every_limit_full_each_payload_fits_and_a_run_stays_inside_the_history_limit(self):
        """The budget's arithmetic: a thread with every limit full (the longest user message,
        a full transcript, 200 files at the longest path, the todo list, the evaluations and
        event stream carried, the longest prompts and rubric)."""
        from temporalio.contrib.workflow_streams import WorkflowStreamState
        from temporalio.contrib.workflow_streams._types import _WorkflowStreamWireItem

        from rubricflow.workflows.files import MAX_FILES, AgentFile, Todo
        from rubricflow.workflows.state import ThreadState, append_messages, carried, progress_view
        from rubricflow.workflows.types import (
            MAX_ITERATIONS,
            AgentTurnInput,
            AgentTurnResult,
            Criterion,
            Evaluation,
            GradeInput,
            Message,
        )

        grader = GraderSettings(model="scripted:g", system_prompt="p" * sizes.MAX_SYSTEM_PROMPT_CHARS)
        agent = AgentSettings(model="scripted:a", system_prompt="s" * sizes.MAX_SYSTEM_PROMPT_CHARS)
        state = ThreadState(rubric="r" * sizes.MAX_RUBRIC_CHARS, grader=grader)
        append_messages(state, [Message(role="user", content="é" * sizes.MAX_MESSAGE_CHARS, source="user")])
        for _ in range(10):
            append_messages(state, [Message(role="assistant", content="a" * sizes.MAX_TEXT_BYTES)])
        state.evaluations = [
            Evaluation(
                grading_run_id="r",
                iteration=i,
                result="needs_revision",
                explanation="e" * sizes.MAX_EXPLANATION_BYTES,
                criteria=[Criterion(name="c", passed=False, gap="g" * sizes.MAX_GAP_BYTES)],
            )
            for i in range(MAX_ITERATIONS)
        ]
        path = "/" + "p" * (sizes.MAX_PATH_BYTES - 4)
        state.files = {
            f"{path}{i:03d}": AgentFile(content="f" * (sizes.MAX_FILES_BYTES // MAX_FILES)) for i in range(MAX_FILES)
        }
        state.todos = [Todo(content="t" * 300)] * (sizes.MAX_TODOS_BYTES // 330)
        stream = WorkflowStreamState(log=[_WorkflowStreamWireItem(topic="events", data="d" * 5_000)] * 100)
        carried_input = RunInput(
            agent=agent,
            rubric=state.rubric,
            grader=grader,
            idle_timeout_s=60,
            state=carried(state),
            stream_state=sizes.carried_stream(stream),
        )
        turn_in = AgentTurnInput(
            thread_id="t", turn=1, settings=agent, messages=state.transcript, files=state.files, todos=state.todos
        )
        turn_out = AgentTurnResult(
            messages=sizes.fit_turn(
                [Message(role="tool", content="o" * sizes.MAX_TEXT_BYTES)] * 3
                + [Message(role="assistant", content="a" * sizes.MAX_TEXT_BYTES)]
            ),
            files=dict(state.files),
            todos=state.todos,
        )
        grade_in = GradeInput(
            thread_id="t",
            grading_run_id="r",
            iteration=0,
            rubric=state.rubric,
            settings=grader,
            transcript=state.transcript,
            files=state.files,
        )
        payloads = {
            "continue-as-new": carried_input,
            "progress": progress_view(state, "t", 0),
            "turn input": turn_in,
            "turn result": turn_out,
            "grader input": grade_in,
        }
        measured = {name: sizes.encoded_size(value) for name, value in payloads.items()}
        assert all(size < sizes.MAX_PAYLOAD_BYTES for size in measured.values()), measured
        iteration = (
            measured["turn input"] + measured["turn result"] + measured["grader input"] + sizes.MAX_VERDICT_BYTES
        )
        assert iteration * MAX_ITERATIONS < 0.75 * sizes.SERVER_HISTORY_LIMIT_BYTES
        REPORT.figure(
            "payloads with every size limit full: "
            + ", ".join(f"{name} {size / 1024:.0f} KiB" for name, size in measured.items())
            + f"; a grading run's iteration adds at most {iteration / 1e6:.2f} MB of history"
            + f" ({MAX_ITERATIONS} iterations: {iteration * MAX_ITERATIONS / 1e6:.0f} MB of the server's"
            + f" {sizes.SERVER_HISTORY_LIMIT_BYTES / 2**20:.0f} MiB)"
        )
