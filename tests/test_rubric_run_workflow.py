"""The grading loop end to end on a real Temporal server, with scripted models."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ValidationError
from temporalio.client import Client, WorkflowFailureError
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.exceptions import ApplicationError
from temporalio.worker import Replayer

from rubricflow.activities.models import ModelFactory
from rubricflow.activities.reasks import REASK_TEMPERATURE, unchanged_reask
from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.errors import PROVIDER_ATTEMPTS
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, Progress, RunInput, SubmitInput
from tests.helpers import activity_attempts, activity_counts, activity_inputs, thread_id, verdict

RUBRIC = "The tests pass and the function has a docstring."
"""Free text: the grader's first usable answer names the criteria (the scripted graders
here answer `tests` and `docstring`); list rubrics, pinned from pass 0, are tested in
tests/test_middleware_differences.py."""


def run_input(agent: str, grader: str | None, rubric: str | None = RUBRIC, **grader_opts: Any) -> RunInput:
    return RunInput(
        message="Write find_duplicates(items).",
        rubric=rubric,
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, **grader_opts) if grader else None,
    )


async def start(client: Client, task_queue: str, run: RunInput) -> Any:
    return await Rubricflow(client, task_queue).start(run, thread_id())


class TestVerdicts:
    async def test_satisfied_on_first_pass(self, client, task_queue, worker, script):
        agent = script("answer v1")
        grader = script(verdict("satisfied", "all good", tests=True, docstring=True))
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()

        assert result.status == "satisfied"
        assert result.phase == "done"
        assert result.iteration == 1
        assert [e.result for e in result.evaluations] == ["satisfied"]
        evaluation = result.evaluations[0]
        assert evaluation.grading_run_id == result.grading_run_id
        assert evaluation.iteration == 0
        assert [c.model_dump() for c in evaluation.criteria] == [
            {"name": "tests", "passed": True},
            {"name": "docstring", "passed": True},
        ]
        assert result.answer == "answer v1"
        # The worker has no hooks: the thread schedules no hook activity.
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 1, "rubricflow.grade_transcript": 1}

    async def test_needs_revision_then_satisfied(self, client, task_queue, worker, script):
        agent = script("answer v1", "answer v2")
        grader = script(
            verdict("needs_revision", "one test fails", tests="test_triple fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()

        assert result.status == "satisfied"
        assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
        assert [e.iteration for e in result.evaluations] == [0, 1]
        assert len({e.grading_run_id for e in result.evaluations}) == 1
        assert result.answer == "answer v2"
        # The revision message sits between the two answers, tagged as the grader's,
        # carrying the failing criterion with its gap and the passing one not to regress.
        roles = [(m.role, m.source) for m in result.transcript]
        assert roles == [
            ("user", "user"),
            ("assistant", None),
            ("user", "grader"),
            ("assistant", None),
        ]
        revision = result.transcript[2].content
        assert "- tests: test_triple fails" in revision
        assert "do not regress" in revision and "- docstring" in revision
        # ...and it reached the agent: the second agent turn's input holds it.
        inputs = await activity_inputs(run.handle, "rubricflow.run_agent_turn")
        sent = [[m["content"] for m in turn["messages"]] for turn in inputs]
        assert revision in sent[1] and revision not in sent[0]
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 2, "rubricflow.grade_transcript": 2}

    async def test_a_worker_with_hooks_gets_one_hook_activity_per_evaluation(
        self, client, task_queue, script, tmp_path
    ):
        from rubricflow.activities.hooks import Ledger, parse_hooks
        from rubricflow.worker import build_worker
        from tests import hook_sink

        agent = script("answer v1", "answer v2")
        grader = script(
            verdict("needs_revision", "no", tests="fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        async with build_worker(
            client, queue=task_queue, hooks=parse_hooks("tests.hook_sink:record"), ledger=Ledger(tmp_path)
        ):
            run = await start(client, task_queue, run_input(agent, grader))
            result = await run.result()
        assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
        assert await activity_counts(run.handle) == {
            "rubricflow.run_agent_turn": 2,
            "rubricflow.grade_transcript": 2,
            "rubricflow.deliver_evaluation": 2,
        }
        assert [d for d in hook_sink.DELIVERED if d[0] == run.thread_id] == [
            (run.thread_id, e.operation_id, e.result) for e in result.evaluations
        ]

    async def test_a_thread_runs_in_the_default_sandbox(self, client, task_queue, script):
        """Workers pass the contract package through the sandbox (`worker.WORKFLOW_RUNNER`);
        here the default sandbox re-imports and checks `rubric_run.py` as it did before."""
        from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

        from rubricflow.worker import build_worker

        agent = script("answer v1", "answer v2", "follow-up answer")
        grader = script(
            verdict("needs_revision", "no", tests="fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        async with build_worker(client, queue=task_queue, workflow_runner=SandboxedWorkflowRunner()):
            rf = Rubricflow(client, task_queue)
            run = await rf.start(run_input(agent, grader).model_copy(update={"idle_timeout_s": 60}), thread_id())
            await rf.submit(run.thread_id, SubmitInput(message="and a follow-up"))
            after = await rf.progress(run.thread_id)
        assert [e.result for e in after.evaluations] == ["needs_revision", "satisfied", "satisfied"]
        assert after.answer == "follow-up answer"

    @pytest.mark.parametrize("cap", [1, 2])
    async def test_cap_ends_with_max_iterations_reached(self, client, task_queue, worker, script, cap):
        agent = script("answer v1", "answer v2", "answer v3")
        grader = script(verdict("needs_revision", "still failing", tests="fails"))
        run = await start(client, task_queue, run_input(agent, grader, max_iterations=cap))
        result = await run.result()

        assert result.status == "max_iterations_reached"
        # Each record keeps the grader's own verdict; the status says why the run stopped.
        assert [e.result for e in result.evaluations] == ["needs_revision"] * cap
        assert result.iteration == cap
        # The agent's last answer stays as it was: no revision message after the last pass.
        assert result.transcript[-1].role == "assistant"
        assert result.answer == f"answer v{cap}"
        assert await activity_counts(run.handle) == {
            "rubricflow.run_agent_turn": cap,
            "rubricflow.grade_transcript": cap,
        }

    async def test_failed_ends_the_run(self, client, task_queue, worker, script):
        agent = script("answer")
        grader = script(verdict("failed", "the rubric contradicts itself"))
        result = await (await start(client, task_queue, run_input(agent, grader))).result()
        assert result.status == "failed"
        assert [e.result for e in result.evaluations] == ["failed"]
        assert result.evaluations[0].explanation == "the rubric contradicts itself"

    async def test_no_rubric_answers_once_without_grading(self, client, task_queue, worker, script):
        agent = script("just an answer")
        run = await start(client, task_queue, run_input(agent, None, rubric=None))
        result = await run.result()
        assert result.status == "answered"
        assert result.evaluations == [] and result.grading_run_id is None
        assert result.answer == "just an answer"
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 1}


class TestUnchangedAnswer:
    """Issue 40: a revised answer identical to the one the grader asked to change is asked
    for once more (saying it did not change, warmer) within the same agent turn, then graded."""

    async def test_an_unchanged_revision_is_asked_again_once_then_graded(self, client, task_queue, worker, script):
        agent = script("answer v1", "answer v1", "answer v2")
        grader = script(
            verdict("needs_revision", "one test fails", tests="test_triple fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()

        assert result.status == "satisfied" and result.answer == "answer v2"
        assert [(m.role, m.source, m.content[:9]) for m in result.transcript] == [
            ("user", "user", "Write fin"),
            ("assistant", None, "answer v1"),
            ("user", "grader", "A grader "),
            ("assistant", None, "answer v1"),
            ("user", "grader", "Your revi"),
            ("assistant", None, "answer v2"),
        ]
        assert result.transcript[4].content == unchanged_reask()
        # One agent turn holds the re-ask; the grader saw only the changed answer.
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 2, "rubricflow.grade_transcript": 2}
        graded = await activity_inputs(run.handle, "rubricflow.grade_transcript")
        assert [m["content"] for m in graded[1]["transcript"]][-1] == "answer v2"

    async def test_an_answer_unchanged_again_is_graded_not_asked_a_third_time(self, client, task_queue, worker, script):
        agent = script("same", "same", "same")
        grader = script(*[verdict("needs_revision", "still", tests="fails", docstring=True)] * 2)
        run = await start(client, task_queue, run_input(agent, grader, max_iterations=2))
        result = await run.result()

        assert result.status == "max_iterations_reached"
        assert [m.content for m in result.transcript if m.role == "assistant"] == ["same", "same", "same"]
        assert sum(m.content == unchanged_reask() for m in result.transcript) == 1
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 2, "rubricflow.grade_transcript": 2}

    async def test_the_re_ask_is_warmer_than_a_cool_agent(self, client, task_queue, script):
        calls: list[tuple[float, str]] = []
        agent_spec = script("unused")

        class CoolModel(BaseChatModel):
            """An agent at temperature 0.1 that answers the same until it is asked warmer."""

            temperature: float = 0.1

            @property
            def _llm_type(self) -> str:
                return "cool"

            def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
                calls.append((self.temperature, str(messages[-1].content)))
                text = "answer v2" if self.temperature >= REASK_TEMPERATURE else "answer v1"
                return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])

        class Models(ModelFactory):
            def get(self, spec: str) -> Any:
                return CoolModel() if spec == agent_spec else super().get(spec)

        grader = script(
            verdict("needs_revision", "one test fails", tests="test_triple fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        async with build_worker(client, queue=task_queue, tools=ToolRegistry(), models=Models(allow_scripted=True)):
            run = await start(client, task_queue, run_input(agent_spec, grader))
            result = await run.result()

        assert result.status == "satisfied" and result.answer == "answer v2"
        assert [t for t, _ in calls] == [0.1, 0.1, REASK_TEMPERATURE]
        assert calls[2][1] == unchanged_reask()

        # A run's own agent temperature is the model's for its turns; the re-ask is warmer still.
        calls.clear()
        grader = script(
            verdict("needs_revision", "one test fails", tests="test_triple fails", docstring=True),
            verdict("satisfied", "fixed", tests=True, docstring=True),
        )
        cold = run_input(agent_spec, grader)
        cold = cold.model_copy(update={"agent": cold.agent.model_copy(update={"temperature": 0.0})})
        async with build_worker(client, queue=task_queue, tools=ToolRegistry(), models=Models(allow_scripted=True)):
            result = await (await start(client, task_queue, cold)).result()
        assert result.status == "satisfied"
        assert [t for t, _ in calls] == [0.0, 0.0, REASK_TEMPERATURE]


class TestGraderErrors:
    async def test_401_is_not_retried_and_ends_in_grader_error(self, client, task_queue, worker, script):
        agent = script("answer")
        grader = script({"error": {"status": 401, "message": "invalid api key"}})
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()

        assert result.status == "grader_error"
        [evaluation] = result.evaluations
        assert evaluation.result == "grader_error"
        assert "ScriptedProviderError" in evaluation.explanation
        assert "HTTP 401" in evaluation.explanation
        assert grader in evaluation.explanation  # the configured grader model
        assert ("rubricflow.grade_transcript", 1) in await activity_attempts(run.handle)

    async def test_429_is_retried_then_succeeds(self, client, task_queue, worker, script):
        agent = script("answer")
        grader = script(
            {"error": {"status": 429, "message": "slow down", "retry_after_s": 1}},
            verdict("satisfied", "ok", tests=True),
        )
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()

        assert result.status == "satisfied"
        assert [e.result for e in result.evaluations] == ["satisfied"]
        # The grader activity completed on its second attempt: one retry, in the history.
        assert ("rubricflow.grade_transcript", 2) in await activity_attempts(run.handle)

    async def test_contradictory_output_is_reasked_within_the_pass(self, client, task_queue, worker, script):
        agent = script("answer")
        contradiction = {
            "structured": {
                "result": "satisfied",
                "explanation": "x",
                "criteria": [{"name": "tests", "passed": False, "gap": "fails"}],
            }
        }
        grader = script(contradiction, verdict("needs_revision", "real", tests="fails"))
        run = await start(client, task_queue, run_input(agent, grader, max_iterations=1))
        result = await run.result()
        assert [e.result for e in result.evaluations] == ["needs_revision"]
        # The corrective re-ask happened inside the first attempt: no Temporal retry needed.
        assert ("rubricflow.grade_transcript", 1) in await activity_attempts(run.handle)

    async def test_output_that_never_validates_ends_in_grader_error(self, client, task_queue, worker, script):
        agent = script("answer")
        grader = script(
            {
                "structured": {
                    "result": "satisfied",
                    "explanation": "x",
                    "criteria": [{"name": "tests", "passed": False, "gap": "fails"}],
                }
            }
        )
        run = await start(client, task_queue, run_input(agent, grader))
        result = await run.result()
        assert result.status == "grader_error"
        [evaluation] = result.evaluations
        assert "GraderOutputInvalid" in evaluation.explanation or "did not validate" in evaluation.explanation
        assert grader in evaluation.explanation
        # Every attempt the retry policy allows was spent before giving up, and no more.
        assert ("rubricflow.grade_transcript", PROVIDER_ATTEMPTS) in await activity_attempts(run.handle)

    async def test_agent_auth_error_fails_the_run_with_a_clear_error(self, client, task_queue, worker, script):
        agent = script({"error": {"status": 401, "message": "bad key"}})
        run = await start(client, task_queue, run_input(agent, script(verdict("satisfied"))))
        with pytest.raises(WorkflowFailureError) as failure:
            await run.result()
        cause = failure.value.cause
        assert isinstance(cause, ApplicationError) and cause.non_retryable
        assert "agent turn 0 failed" in cause.message and "HTTP 401" in cause.message
        assert ("rubricflow.run_agent_turn", 1) in await activity_attempts(run.handle)

    @pytest.mark.parametrize(
        "agent_settings, kind",
        [
            ({"tools": ["no_such_tool"]}, "UnknownTool"),
            ({"agent": "no_such_agent"}, "UnknownAgent"),
            ({"model": "scripted:/no/such/script.json"}, "ModelConfigError"),
        ],
    )
    async def test_a_step_that_cannot_run_here_fails_at_its_first_attempt(
        self, client, task_queue, worker, script, agent_settings, kind
    ):
        # Raised non-retryable by the activity itself: the step's retry policy names no types.
        base = run_input(script("answer"), script(verdict("satisfied")))
        run = await start(
            client, task_queue, base.model_copy(update={"agent": base.agent.model_copy(update=agent_settings)})
        )
        with pytest.raises(WorkflowFailureError) as failure:
            await run.result()
        cause = failure.value.cause
        assert isinstance(cause, ApplicationError) and cause.non_retryable
        assert kind in str(cause.__cause__) or kind in cause.message or kind in repr(cause.cause), cause
        assert [a for a in await activity_attempts(run.handle) if a[0] == "rubricflow.run_agent_turn"] == [
            ("rubricflow.run_agent_turn", 1)
        ]


class TestBadInput:
    @pytest.mark.parametrize("bad", [0, 21, "3", True, 2.5, None, -1])
    def test_invalid_max_iterations_refused_by_the_input_model(self, bad):
        raw = {
            "message": "hi",
            "rubric": "- x",
            "agent": {"model": "scripted:a.json"},
            "grader": {"model": "scripted:g.json", "max_iterations": bad},
        }
        with pytest.raises(ValidationError, match="max_iterations must be a whole number from 1 to 20"):
            RunInput.model_validate(raw)

    @pytest.mark.parametrize("good", [1, 3, 20])
    def test_valid_max_iterations_accepted(self, good):
        assert GraderSettings(model="scripted:g.json", max_iterations=good).max_iterations == good

    async def test_raw_invalid_input_fails_the_workflow_not_its_task(self, client, task_queue, worker):
        raw = {
            "message": "hi",
            "rubric": "- x",
            "agent": {"model": "scripted:a.json"},
            "grader": {"model": "scripted:g.json", "max_iterations": 0},
        }
        handle = await client.start_workflow("RubricRunWorkflow", raw, id=thread_id(), task_queue=task_queue)
        with pytest.raises(WorkflowFailureError) as failure:
            await handle.result()
        assert "max_iterations must be a whole number" in str(failure.value.cause)

    async def test_unknown_tool_fails_fast_without_retries(self, client, task_queue, worker, script):
        run_in = RunInput(
            message="hi",
            agent=AgentSettings(model=script("x"), tools=["no_such_tool"]),
        )
        run = await start(client, task_queue, run_in)
        with pytest.raises(WorkflowFailureError) as failure:
            await run.result()
        assert "unknown tool(s) ['no_such_tool']" in str(failure.value.cause)
        assert await activity_attempts(run.handle) == [("rubricflow.run_agent_turn", 1)]


class TestProgressQuery:
    async def test_progress_mid_agent_turn_and_mid_grading(self, client, task_queue, script):
        entered = {"agent": asyncio.Event(), "grader": asyncio.Event()}
        release = {"agent": asyncio.Event(), "grader": asyncio.Event()}
        registry = ToolRegistry()

        @registry.tool
        async def agent_gate() -> str:
            """Blocks the agent turn until the test releases it."""
            entered["agent"].set()
            await release["agent"].wait()
            return "released"

        @registry.tool
        async def grader_gate() -> str:
            """Blocks the grader pass until the test releases it."""
            entered["grader"].set()
            await release["grader"].wait()
            return "released"

        agent = script({"tool_calls": [{"name": "agent_gate", "args": {}}]}, "the answer")
        grader = script(
            {"tool_calls": [{"name": "grader_gate", "args": {}}]},
            verdict("satisfied", "ok", tests=True),
        )
        run_in = RunInput(
            message="go",
            rubric=RUBRIC,
            agent=AgentSettings(model=agent, tools=["agent_gate"]),
            grader=GraderSettings(model=grader, tools=["grader_gate"], max_iterations=2),
        )
        from rubricflow.worker import build_worker

        async with build_worker(client, queue=task_queue, tools=registry):
            run = await start(client, task_queue, run_in)

            await entered["agent"].wait()
            during_turn: Progress = await run.progress()
            assert (during_turn.phase, during_turn.status) == ("agent_turn", "running")
            assert during_turn.iteration == 0 and during_turn.evaluations == []
            assert during_turn.rubric == RUBRIC and during_turn.max_iterations == 2
            assert during_turn.grading_run_id is not None
            release["agent"].set()

            await entered["grader"].wait()
            during_grading = await run.progress()
            assert (during_grading.phase, during_grading.status) == ("grading", "running")
            assert during_grading.answer == "the answer"
            # The tool call and its result are in the transcript, as our own types.
            roles = [m.role for m in during_grading.transcript]
            assert roles == ["user", "assistant", "tool", "assistant"]
            assert during_grading.transcript[1].tool_calls[0].name == "agent_gate"
            assert during_grading.transcript[2].content == "released"
            release["grader"].set()

            result = await run.result()
            assert result.status == "satisfied" and result.phase == "done"


class TestDurability:
    async def test_history_replays_deterministically(self, client, task_queue, worker, script):
        agent = script("v1", "v2")
        grader = script(
            verdict("needs_revision", "no", tests="fails"),
            verdict("satisfied", "yes", tests=True),
        )
        run = await start(client, task_queue, run_input(agent, grader))
        await run.result()
        history = await run.handle.fetch_history()
        replayer = Replayer(workflows=[RubricRunWorkflow], data_converter=pydantic_data_converter)
        await replayer.replay_workflow(history)

    async def test_events_stream_carries_every_pass_in_order(self, client, task_queue, worker, script):
        agent = script("v1", "v2")
        grader = script(
            verdict("needs_revision", "no", tests="fails"),
            verdict("satisfied", "yes", tests=True),
        )
        rf = Rubricflow(client, task_queue)
        run = await rf.start(run_input(agent, grader), thread_id())
        await run.result()
        # A subscriber that joins after the end still reads everything from offset 0.
        events = [e async for e in rf.events(run.thread_id)]
        assert [(e.type, e.iteration) for e in events] == [
            ("agent_turn_start", 0),
            ("agent_turn_end", 0),
            ("rubric_evaluation_start", 0),
            ("rubric_evaluation_end", 0),
            ("agent_turn_start", 1),
            ("agent_turn_end", 1),
            ("rubric_evaluation_start", 1),
            ("rubric_evaluation_end", 1),
            ("run_end", 2),
        ]
        assert events[3].result == "needs_revision" and events[3].criteria[0].gap == "fails"
        assert events[-1].status == "satisfied"
