"""Tokens, cost and budgets: usage summed exactly from what the scripted models declare,
each budget stops a run with `budget_exhausted` before the next spend, `extend` adds budget."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from rubricflow.client import Rubricflow
from rubricflow.workflows import state as decide
from rubricflow.workflows import steering as steer
from rubricflow.workflows.state import GradingRun, ThreadState
from rubricflow.workflows.types import (
    AgentSettings,
    Budget,
    ExtendInput,
    GraderSettings,
    ModelPrice,
    RunInput,
    Usage,
)
from tests.helpers import activity_counts, thread_id, verdict

RUBRIC = "- tests"
T0 = datetime(2026, 1, 1, tzinfo=UTC)


def reply(content: str, inp: int, out: int) -> dict:
    return {"content": content, "usage": {"input_tokens": inp, "output_tokens": out}}


def graded(v: dict, inp: int, out: int) -> dict:
    return {**v, "usage": {"input_tokens": inp, "output_tokens": out}}


def budgeted(prices: dict | None = None, **budget) -> ThreadState:
    grader = GraderSettings(model="scripted:g.json", max_iterations=5, prices=prices or {})
    state = ThreadState(
        rubric=RUBRIC, grader=grader, budget=Budget(**budget), run=GradingRun(id="r", rubric=RUBRIC, max_iterations=5)
    )
    decide.start_clock(state, T0)
    return state


class TestBudgetDecisions:
    def test_tokens_run_out_once_spent_reaches_the_budget(self):
        state = budgeted(max_tokens=100)
        decide.spend(state, "scripted:a.json", Usage(input_tokens=60, output_tokens=39), "agent")
        assert decide.budget_exhausted(state, T0) is None
        decide.spend(state, "scripted:g.json", Usage(input_tokens=1, output_tokens=0), "grader")
        assert decide.budget_exhausted(state, T0) == "tokens"

    def test_cost_is_priced_per_model_and_runs_out(self):
        prices = {
            "scripted:g.json": ModelPrice(input_usd_per_mtok=1.0, output_usd_per_mtok=2.0),
            "scripted:a.json": ModelPrice(input_usd_per_mtok=10.0, output_usd_per_mtok=0.0),
        }
        state = budgeted(max_cost_usd=0.003, prices=prices)
        decide.spend(state, "scripted:a.json", Usage(input_tokens=100, output_tokens=100), "agent")
        assert state.run.cost_usd == pytest.approx(0.001)
        assert decide.budget_exhausted(state, T0) is None
        decide.spend(state, "scripted:g.json", Usage(input_tokens=1000, output_tokens=500), "grader")
        assert state.run.cost_usd == pytest.approx(0.003)
        assert decide.budget_exhausted(state, T0) == "cost"

    def test_wall_clock_runs_out_from_the_runs_start(self):
        state = budgeted(max_wall_s=30)
        assert decide.budget_exhausted(state, T0 + timedelta(seconds=29)) is None
        assert decide.budget_exhausted(state, T0 + timedelta(seconds=30)) == "wall"

    def test_no_budget_never_runs_out(self):
        state = budgeted()
        decide.spend(state, "m:x", Usage(input_tokens=10**9, output_tokens=10**9), "agent")
        assert decide.budget_exhausted(state, T0 + timedelta(days=365)) is None

    def test_extend_adds_the_exhausted_budget_and_says_where_to_go_on(self):
        state = budgeted(max_tokens=10)
        decide.spend(state, "m:x", Usage(input_tokens=10), "agent")
        decide.exhaust(state, "tokens", "grading")
        assert state.status == "budget_exhausted" and decide.budget_view(state).exhausted == "tokens"
        with pytest.raises(ValueError, match="the run's tokens budget is used up: extend it with extra_tokens"):
            steer.check_extend(state, ExtendInput(extra_wall_s=5))
        steer.check_extend(state, ExtendInput(extra_tokens=5))
        assert decide.grant_budget(state, ExtendInput(extra_tokens=5)) == "grading"
        assert state.run.budget.max_tokens == 15 and state.status == "running"
        assert decide.budget_exhausted(state, T0) is None

    def test_pass_usage_takes_the_agents_share_once(self):
        state = budgeted()
        decide.spend(state, "m:a", Usage(input_tokens=3, output_tokens=4), "agent")
        first = decide.pass_usage(state, Usage(input_tokens=5, output_tokens=6))
        assert first.agent == Usage(input_tokens=3, output_tokens=4)
        assert decide.pass_usage(state, Usage()).agent == Usage()

    @pytest.mark.parametrize(
        ("field", "value", "message"),
        [
            ("max_tokens", 0, "max_tokens must be a whole number from 1 to"),
            ("max_tokens", "5", "max_tokens must be a whole number from 1 to"),
            ("max_wall_s", True, "max_wall_s must be a whole number from 1 to"),
            ("max_cost_usd", -1, "max_cost_usd must be a number of USD above 0"),
        ],
    )
    def test_bad_budgets_are_refused_saying_what_to_fix(self, field, value, message):
        with pytest.raises(ValidationError, match=message):
            Budget(**{field: value})

    def test_a_cost_budget_needs_the_graders_and_the_agents_price(self):
        def run(prices: dict) -> RunInput:
            return RunInput(
                message="hi",
                rubric=RUBRIC,
                agent=AgentSettings(model="scripted:a.json"),
                grader=GraderSettings(model="scripted:g.json", prices=prices),
                budget=Budget(max_cost_usd=1.0),
            )

        price = ModelPrice(input_usd_per_mtok=1, output_usd_per_mtok=1)
        with pytest.raises(ValidationError, match="max_cost_usd needs a price for model 'scripted:g.json'"):
            run({})
        with pytest.raises(ValidationError, match="max_cost_usd needs a price for model 'scripted:a.json'"):
            run({"scripted:g.json": price})
        assert run({"scripted:g.json": price, "scripted:a.json": price}).budget.max_cost_usd == 1.0

    def test_a_cost_budget_needs_a_grading_run(self):
        with pytest.raises(ValidationError, match="a cost budget is spent by a grading run"):
            RunInput(message="hi", agent=AgentSettings(model="scripted:a.json"), budget=Budget(max_cost_usd=1.0))

    def test_extend_must_add_something(self):
        with pytest.raises(ValidationError, match="extend adds nothing"):
            ExtendInput()


def run_input(agent: str, grader: str, prices: dict | None = None, **budget) -> RunInput:
    return RunInput(
        message="write it",
        rubric=RUBRIC,
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=3, prices=prices or {}),
        budget=Budget(**budget),
        idle_timeout_s=600,
    )


async def wait_status(rf: Rubricflow, tid: str, status: str):
    async for event in rf.events(tid, follow=True):
        if event.type == "run_end" and event.status == status:
            return await rf.progress(tid)
    raise AssertionError(f"the thread's events ended before {status!r}")


class TestTokensAndBudgetsInARun:
    async def test_token_sums_match_the_declared_usage_exactly(self, client, task_queue, worker, script):
        agent = script(reply("v1", 100, 20), reply("v2", 150, 30))
        grader = script(
            graded(verdict("needs_revision", "no", tests="fails"), 400, 50),
            graded(verdict("satisfied", "yes", tests=True), 500, 60),
        )
        prices = {
            agent: ModelPrice(input_usd_per_mtok=3.0, output_usd_per_mtok=15.0),
            grader: ModelPrice(input_usd_per_mtok=1.0, output_usd_per_mtok=5.0),
        }
        rf = Rubricflow(client, task_queue)
        run = await rf.start(
            RunInput(
                message="write it",
                rubric=RUBRIC,
                agent=AgentSettings(model=agent),
                grader=GraderSettings(model=grader, prices=prices),
            ),
            thread_id(),
        )
        final = await run.result()
        assert final.status == "satisfied"
        assert [e.usage.model_dump() for e in final.evaluations] == [
            {"agent": {"input_tokens": 100, "output_tokens": 20}, "grader": {"input_tokens": 400, "output_tokens": 50}},
            {"agent": {"input_tokens": 150, "output_tokens": 30}, "grader": {"input_tokens": 500, "output_tokens": 60}},
        ]
        assert final.usage == Usage(input_tokens=1150, output_tokens=160)
        assert final.run_usage == final.usage
        assert final.usage_by_model == {
            agent: Usage(input_tokens=250, output_tokens=50),
            grader: Usage(input_tokens=900, output_tokens=110),
        }
        expected = (250 * 3.0 + 50 * 15.0 + 900 * 1.0 + 110 * 5.0) / 1_000_000
        assert final.run_cost_usd == pytest.approx(expected)

    async def test_token_budget_stops_before_the_next_pass_and_extend_continues(
        self, client, task_queue, worker, script
    ):
        agent = script(reply("v1", 100, 20), reply("v2", 100, 20))
        grader = script(
            graded(verdict("needs_revision", "no", tests="fails"), 100, 10),
            graded(verdict("satisfied", "yes", tests=True), 100, 10),
        )
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(run_input(agent, grader, max_tokens=200), tid)
        stopped = await wait_status(rf, tid, "budget_exhausted")
        # The first turn (120) and pass (110) spent 230 >= 200: nothing more is spent.
        assert [e.result for e in stopped.evaluations] == ["needs_revision"]
        assert stopped.run_usage.total_tokens == 230 and stopped.budget.exhausted == "tokens"
        counts = await activity_counts(rf.handle(tid).handle)
        assert (counts["rubricflow.run_agent_turn"], counts["rubricflow.grade_transcript"]) == (1, 1)
        await rf.extend(tid, ExtendInput(extra_tokens=1000))
        done = await wait_status(rf, tid, "satisfied")
        assert [e.result for e in done.evaluations] == ["needs_revision", "satisfied"]
        assert done.budget.max_tokens == 1200

    async def test_cost_budget_stops_between_the_turn_and_the_pass(self, client, task_queue, worker, script):
        agent = script(reply("v1", 1_000_000, 0))
        grader = script(graded(verdict("satisfied", "yes", tests=True), 10, 10))
        prices = {
            agent: ModelPrice(input_usd_per_mtok=2.0, output_usd_per_mtok=0.0),
            grader: ModelPrice(input_usd_per_mtok=1.0, output_usd_per_mtok=1.0),
        }
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(run_input(agent, grader, max_cost_usd=1.5, prices=prices), tid)
        stopped = await wait_status(rf, tid, "budget_exhausted")
        assert stopped.evaluations == [] and stopped.budget.exhausted == "cost"
        assert stopped.run_cost_usd == pytest.approx(2.0)
        await rf.extend(tid, ExtendInput(extra_cost_usd=1.0))
        done = await wait_status(rf, tid, "satisfied")
        counts = await activity_counts(rf.handle(tid).handle)
        # Picked up where it stopped: the pass, not another turn.
        assert (counts["rubricflow.run_agent_turn"], counts["rubricflow.grade_transcript"]) == (1, 1)
        assert [e.result for e in done.evaluations] == ["satisfied"]

    async def test_wall_budget_stops_a_slow_run_before_its_pass(self, client, task_queue, worker, script):
        agent = script({"content": "v1", "delay_s": 1.5})
        grader = script(verdict("satisfied", "yes", tests=True))
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(run_input(agent, grader, max_wall_s=1), tid)
        stopped = await wait_status(rf, tid, "budget_exhausted")
        assert stopped.evaluations == [] and stopped.budget.exhausted == "wall"
        await rf.extend(tid, ExtendInput(extra_wall_s=600))
        done = await wait_status(rf, tid, "satisfied")
        assert [e.result for e in done.evaluations] == ["satisfied"]


class TestCommandLine:
    async def test_a_token_budget_holds_and_extend_adds_to_it_with_cost_shown(
        self, client, task_queue, worker, script, tmp_path
    ):
        from tests.test_cli import rubricflow

        agent = script(reply("v1", 100, 20), reply("v2", 100, 20))
        grader = script(
            graded(verdict("needs_revision", "no", tests="fails"), 100, 10),
            graded(verdict("satisfied", "yes", tests=True), 100, 10),
        )
        prices = tmp_path / "prices.toml"
        prices.write_text(
            f'["{agent}"]\ninput_usd_per_mtok = 3.0\noutput_usd_per_mtok = 15.0\n'
            f'["{grader}"]\ninput_usd_per_mtok = 1.0\noutput_usd_per_mtok = 5.0\n'
        )
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "write it",
            "--rubric",
            RUBRIC,
            "--model",
            agent,
            "--grader-model",
            grader,
            "--max-tokens",
            "200",
            "--thread",
            tid,
            "--idle-timeout",
            "600",
            "--json",
            RUBRICFLOW_PRICES=str(prices),
        )
        assert code == 1, err
        stopped = json.loads(out)
        assert stopped["status"] == "budget_exhausted" and stopped["budget"]["exhausted"] == "tokens"
        assert stopped["usage"] == {"input_tokens": 200, "output_tokens": 30, "total_tokens": 230}
        assert stopped["cost_usd"] == pytest.approx((100 * 3 + 20 * 15 + 100 * 1 + 10 * 5) / 1e6)
        assert stopped["run_cost_usd"] == pytest.approx(stopped["cost_usd"])  # the prices went with the run
        code, out, err = await rubricflow(client, task_queue, "extend", tid, "--extra-tokens", "1000")
        assert code == 0, err
        rf = Rubricflow(client, task_queue)
        done = await wait_status(rf, tid, "satisfied")
        assert done.usage == Usage(input_tokens=400, output_tokens=60)
        code, out, err = await rubricflow(client, task_queue, "status", tid, RUBRICFLOW_PRICES=str(prices))
        assert code == 0, err
        assert "tokens: 400 in / 60 out; cost: $0.001500" in out

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--max-tokens", "0"], "--max-tokens must be a whole number from 1 to"),
            (["--max-wall", "soon"], "--max-wall must be whole seconds from 1 to"),
            (["--max-cost", "free"], "--max-cost must be a number of USD above 0"),
            (["--max-cost", "1"], "--max-cost needs a price for scripted:a.json, scripted:g.json"),
        ],
    )
    async def test_bad_budget_flags_exit_2_saying_what_to_fix(self, client, task_queue, args, message):
        from tests.test_cli import rubricflow

        code, _, err = await rubricflow(
            client,
            task_queue,
            "run",
            "hi",
            "--rubric",
            RUBRIC,
            "--model",
            "scripted:a.json",
            "--grader-model",
            "scripted:g.json",
            *args,
        )
        assert code == 2 and message in err, err


class TestUsageReading:
    def test_llama_cpp_token_usage_is_read_when_messages_carry_no_usage_metadata(self):
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration, LLMResult

        from rubricflow.activities.telemetry import UsageCounter

        counter = UsageCounter()
        counter.on_llm_end(
            LLMResult(
                generations=[[ChatGeneration(message=AIMessage(content="hi"))]],
                llm_output={"token_usage": {"prompt_tokens": 12, "completion_tokens": 3}},
            )
        )
        counter.on_llm_end(
            LLMResult(
                generations=[
                    [
                        ChatGeneration(
                            message=AIMessage(
                                content="hi", usage_metadata={"input_tokens": 5, "output_tokens": 1, "total_tokens": 6}
                            )
                        )
                    ]
                ]
            )
        )
        assert counter.usage == Usage(input_tokens=17, output_tokens=4)

    async def test_a_chat_model_call_is_counted_without_rendering_the_messages_as_text(self, tmp_path):
        """A handler without `on_chat_model_start` makes LangChain raise, catch, render every
        message of the call as a string and call `on_llm_start` instead, on every call."""
        import json

        from langchain_core.messages import HumanMessage

        from rubricflow.activities.scripted import ScriptedChatModel
        from rubricflow.activities.telemetry import UsageCounter

        class Watched(UsageCounter):
            def __init__(self) -> None:
                super().__init__()
                self.text_prompts: list[Any] = []

            def on_llm_start(self, serialized: Any, prompts: Any, **kwargs: Any) -> None:
                self.text_prompts.append(prompts)

        script = tmp_path / "s.json"
        script.write_text(
            json.dumps({"responses": [{"content": "hi", "usage": {"input_tokens": 7, "output_tokens": 2}}]})
        )
        counter = Watched()
        model = ScriptedChatModel(path=str(script), state_dir=tmp_path / "cursors")
        await model.ainvoke([HumanMessage(content="a long transcript " * 100)], config={"callbacks": [counter]})
        assert counter.text_prompts == []
        assert counter.usage == Usage(input_tokens=7, output_tokens=2)

    def test_the_web_ui_details_show_tokens_cost_and_an_exhausted_budget(self):
        from rubricflow.workflows.visibility import render_details

        state = budgeted(
            max_tokens=10,
            max_cost_usd=1.0,
            prices={"scripted:g.json": ModelPrice(input_usd_per_mtok=1_000_000, output_usd_per_mtok=0)},
        )
        decide.spend(state, "scripted:g.json", Usage(input_tokens=12, output_tokens=2), "grader")
        decide.exhaust(state, decide.budget_exhausted(state, T0), "agent_turn")
        first = render_details(state).splitlines()[0]
        assert first.endswith("· **tokens** 12 in / 2 out · **run cost** $12.0000 · **tokens budget exhausted**")
