"""What the thread page shows, from a `Progress` alone (no server): which answer each pass
graded, and the diff between passes."""

from __future__ import annotations

import pytest

from rubricflow.ui.view import grading_runs, turn_answers
from rubricflow.workflows.types import Criterion, Evaluation, Message, Progress, ToolCall


def evaluation(iteration: int, passed: bool, reviewer: str | None = None, run: str = "r1") -> Evaluation:
    criteria = [Criterion(name="tests", passed=passed, gap=None if passed else "missing")]
    return Evaluation(
        grading_run_id=run,
        iteration=iteration,
        result="satisfied" if passed else "needs_revision",
        explanation="x",
        criteria=criteria,
        reviewer=reviewer,
    )


def progress(transcript: list[Message], evaluations: list[Evaluation], phase: str = "done") -> Progress:
    return Progress(
        thread_id="t",
        phase=phase,
        status="satisfied",
        rubric="- tests",
        grading_run_id="r1",
        iteration=len(evaluations),
        max_iterations=3,
        evaluations=evaluations,
        transcript=transcript,
        answer=None,
    )


def user(text: str, source: str = "user") -> Message:
    return Message(role="user", content=text, source=source)


def said(text: str) -> Message:
    return Message(role="assistant", content=text)


def test_each_turn_answers_with_its_last_message_that_calls_no_tool():
    calling = Message(role="assistant", content="", tool_calls=[ToolCall(id="1", name="ls")])
    transcript = [
        user("task"),
        said("draft"),
        calling,
        Message(role="tool", content="ok", tool_call_id="1"),
        said("v1"),
        user("revise", "grader"),
        said("v2"),
    ]
    assert turn_answers(transcript) == ["v1", "v2"]


def test_a_reviewers_verdict_grades_the_answer_already_there_and_the_newest_waits_for_its_pass():
    # pass 1 fails v1, a reviewer rejects v1 too, the agent revises to v2, then pass 3 grades v2
    transcript = [user("task"), said("v1"), user("reviewer: add tests", "grader"), said("v2")]
    evaluations = [evaluation(0, False), evaluation(1, False, reviewer="ana")]
    [run] = grading_runs(progress(transcript, evaluations, phase="grading"))
    assert [p.answer for p in run.passes] == ["v1", "v1"]
    [run] = grading_runs(progress(transcript, [*evaluations, evaluation(2, True)]))
    assert [p.answer for p in run.passes] == ["v1", "v1", "v2"]
    assert run.passes[1].diff is None  # the same answer: nothing changed
    assert run.passes[2].diff == [("hunk", "@@ -1 +1 @@"), ("del", "-v1"), ("add", "+v2")]


def test_each_grading_run_has_its_own_matrix_and_criteria():
    transcript = [user("task"), said("a1"), user("follow-up"), said("b1")]
    runs = grading_runs(progress(transcript, [evaluation(0, True, run="r1"), evaluation(0, False, run="r2")]))
    assert [(r.run_id, [p.answer for p in r.passes], r.criteria) for r in runs] == [
        ("r1", ["a1"], ["tests"]),
        ("r2", ["b1"], ["tests"]),
    ]


class TestForms:
    """The web view's forms become the client's typed inputs; a refusal speaks of the
    form's own fields, never of a command-line flag."""

    def test_extend_reads_more_passes_into_the_typed_input(self):
        from rubricflow.ui.forms import extend_input
        from rubricflow.workflows.types import ExtendInput

        assert extend_input({"iterations": " 2 ", "id": "t", "csrf": "x"}) == ExtendInput(iterations=2)
        assert extend_input({"extra_tokens": "500", "extra_cost_usd": ""}) == ExtendInput(extra_tokens=500)

    def test_a_bad_extend_form_is_refused_in_the_forms_words(self):
        from rubricflow.ui.forms import FormError, extend_input

        for form, words in (
            ({"iterations": "abc"}, "more passes: give a whole number"),
            ({"iterations": "2.5"}, "more passes: give a whole number"),
            ({"iterations": "99"}, "more passes: at most 20"),
            ({"iterations": "-1"}, "more passes: at least 0"),
            ({"extra_cost_usd": "lots"}, "extra USD: give a number"),
            ({}, "extend adds nothing: give more passes"),
        ):
            with pytest.raises(FormError) as refused:
                extend_input(form)
            assert words in str(refused.value), (form, str(refused.value))
            assert "--" not in str(refused.value) and "Input should" not in str(refused.value)

    def test_a_reject_without_feedback_says_the_feedback_is_needed(self):
        from rubricflow.ui.forms import FormError, reject_input

        with pytest.raises(FormError, match="feedback: this field is required"):
            reject_input({"feedback": "  ", "reviewer": "ana"})
        assert reject_input({"feedback": "add tests", "reviewer": ""}).reviewer == "web"


def test_an_error_page_carries_the_security_headers():
    from starlette.applications import Starlette
    from starlette.routing import Route
    from starlette.testclient import TestClient

    from rubricflow.ui.security import SECURITY_HEADERS, SecurityHeaders

    def broken(request):
        raise RuntimeError("a bug")

    app = SecurityHeaders(Starlette(routes=[Route("/broken", broken)]))
    with TestClient(app, raise_server_exceptions=False) as web:
        answer = web.get("/broken")
    assert answer.status_code == 500
    assert {k.lower(): v for k, v in SECURITY_HEADERS.items()}.items() <= dict(answer.headers).items()


def test_every_status_a_page_can_show_has_its_own_colour():
    import re
    from importlib import resources
    from typing import get_args

    from rubricflow.listing import CLOSED_STATUSES, LIST_STATUSES
    from rubricflow.workflows.batch_types import Phase

    css = resources.files("rubricflow.ui").joinpath("static", "ui.css").read_text(encoding="utf-8")
    coloured = set(re.findall(r"\.status-([a-z_]+)", css))
    shown = {*LIST_STATUSES, *CLOSED_STATUSES.values(), *get_args(Phase), "thread_failed", "thread_cancelled"}
    assert shown - coloured == set()


class TestHub:
    """One reader per thread, however many tabs follow it."""

    async def test_three_tabs_share_one_reader_and_each_gets_every_event(self):
        import asyncio

        from rubricflow.ui.live import Hub, Problem
        from rubricflow.workflows.types import RunEvent

        go_on = asyncio.Event()
        reads = []

        async def source(thread_id: str):
            reads.append(thread_id)
            for offset in range(3):
                yield RunEvent(type="agent_turn_start", offset=offset)
            await go_on.wait()
            yield RunEvent(type="run_end", status="satisfied", offset=3)
            raise ConnectionError("the server went away")

        hub = Hub(source)

        async def tab(from_offset: int) -> list:
            return [e if isinstance(e, Problem) else e.offset async for e in hub.follow("t", from_offset)]

        tabs = [asyncio.create_task(tab(start)) for start in (0, 0, 2)]
        while "t" not in hub.feeds or len(hub.feeds["t"].events) < 3 or hub.feeds["t"].viewers < 3:
            await asyncio.sleep(0)  # the tabs and the reader take their turns on this loop
        go_on.set()
        got = await asyncio.gather(*tabs)
        problem = Problem("the thread's events stopped: ConnectionError: the server went away")
        assert got == [[0, 1, 2, 3, problem], [0, 1, 2, 3, problem], [2, 3, problem]]
        assert (reads, hub.readers_started, hub.feeds) == (["t"], 1, {})

    async def test_the_reader_stops_when_the_last_tab_leaves(self):
        import asyncio

        from rubricflow.ui.live import Hub
        from rubricflow.workflows.types import RunEvent

        closed = asyncio.Event()

        async def source(thread_id: str):
            try:
                yield RunEvent(type="agent_turn_start", offset=0)
                await asyncio.Event().wait()  # a thread that runs on
            finally:
                closed.set()

        hub = Hub(source)
        follower = hub.follow("t")
        assert (await anext(follower)).offset == 0
        await follower.aclose()
        await asyncio.wait_for(closed.wait(), 10)
        assert hub.feeds == {}


class TestThreadView:
    def test_a_thread_is_offered_only_the_actions_its_validators_accept_now(self):
        from rubricflow.ui.view import offered_actions

        def offered(status: str, phase: str = "idle", spent: int = 1, cap: int = 3, run: str | None = "r1"):
            base = progress([], [evaluation(0, False)], phase=phase)
            update = {"status": status, "iteration": spent, "max_iterations": cap, "grading_run_id": run}
            return offered_actions(base.model_copy(update=update))

        assert offered("max_iterations_reached", spent=3) == ("approve", "extend")  # no pass left to reject
        assert offered("max_iterations_reached", spent=3, phase="done") == ()  # closed: nothing
        assert offered("satisfied") == ("reject",)
        assert offered("satisfied", spent=3) == ()
        assert offered("failed") == ("approve", "reject")
        assert offered("budget_exhausted") == ("approve", "reject", "extend")
        assert offered("paused", phase="agent_turn") == ("approve",)
        assert offered("running", phase="grading") == ()
        assert offered("answered", run=None) == ()

    def test_the_task_is_the_first_message_from_a_person(self):
        from rubricflow.ui.view import the_task

        transcript = [user("revise this", "grader"), user("the task"), said("v1"), user("a follow-up")]
        assert the_task(progress(transcript, [])) == "the task"
        assert the_task(progress([], [])) is None

    def test_a_pass_is_priced_with_the_runs_prices_then_the_client_table(self):
        from rubricflow.ui.view import pass_cost
        from rubricflow.workflows.types import (
            AgentSettings,
            GraderSettings,
            ModelPrice,
            PassUsage,
            RunInput,
            Usage,
        )

        usage = PassUsage(agent=Usage(input_tokens=1_000_000), grader=Usage(output_tokens=1_000_000))
        started = RunInput(
            message="x",
            rubric="- r",
            agent=AgentSettings(model="a:m"),
            grader=GraderSettings(model="g:m", prices={"g:m": ModelPrice(input_usd_per_mtok=0, output_usd_per_mtok=4)}),
        )
        table = {"a:m": ModelPrice(input_usd_per_mtok=1, output_usd_per_mtok=0)}
        assert pass_cost(usage, started, table) == 5.0
        assert pass_cost(usage, started, {}) is None  # the agent's model has no price
        assert pass_cost(PassUsage(grader=usage.grader), started, {}) == 4.0  # the agent spent nothing
        assert pass_cost(None, started, table) is None  # a reviewer's record
