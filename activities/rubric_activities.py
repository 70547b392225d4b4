"""The activities of a grading run: an agent turn and a grader pass.

Both are methods of `RubricActivities`, which holds the worker-only dependencies
(model factory, tool registry), so no key, client or tool object ever enters a
payload or the workflow history. Every failure leaves as an `ApplicationError`
classified by `provider_errors`, and Temporal owns the retries.
"""

from __future__ import annotations

import asyncio
from typing import Any

from temporalio import activity

from rubricflow.activities.agents import AgentRegistry, default_agents
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grader import CheckRegistry, Grader, default_checks, resolve
from rubricflow.activities.grader_cache import GraderCache, cache_key
from rubricflow.activities.graph_cache import GraphCache
from rubricflow.activities.hooks import Hook, Ledger, deliver
from rubricflow.activities.messages import from_langchain, to_langchain
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.models import ModelFactory, with_temperature
from rubricflow.activities.reasks import unchanged_reask, warmer
from rubricflow.activities.run_check import run_check
from rubricflow.activities.scripted import current_thread_id
from rubricflow.activities.step_guards import (
    AGENT_RECURSION_LIMIT,
    cut_off_after,
    heartbeating,
    model_call,
    refused_if_too_large,
)
from rubricflow.activities.step_inputs import StepCache, after_pass
from rubricflow.activities.telemetry import (
    UsageCounter,
    mark_failed,
    record_hook_failures,
    record_usage,
    record_verdict,
    step_span,
    tool_names,
)
from rubricflow.activities.tools import ToolRegistry, default_registry
from rubricflow.activities.turn_files import compact_file_args, turn_files
from rubricflow.workflows import names
from rubricflow.workflows.run_check_types import RunCheckInput, RunCheckResult
from rubricflow.workflows.sizes import (
    MAX_PAYLOAD_BYTES,
    MAX_VERDICT_BYTES,
    check_fits,
    clip_verdict,
    fit_turn,
)
from rubricflow.workflows.types import (
    AgentTurnInput,
    AgentTurnResult,
    GradeInput,
    GradeResult,
    HookInput,
    Message,
    last_answer,
)


class RubricActivities:
    """Activities with the worker's model factory, tool registry and check registry.

    Every dependency is keyword-only; what is not given is built from `config` (the
    worker's settings, read from its environment by `worker_env.py`; defaults without it)."""

    def __init__(
        self,
        *,
        config: WorkerConfig | None = None,
        models: ModelFactory | None = None,
        tools: ToolRegistry | None = None,
        checks: CheckRegistry | None = None,
        hooks: list[Hook] | None = None,
        ledger: Ledger | None = None,
        agents: AgentRegistry | None = None,
        cache: GraderCache | None = None,
    ) -> None:
        config = config or WorkerConfig()
        self._hooks = list(hooks if hooks is not None else config.hooks)
        self._webhook_secret = config.webhook_secret
        self._ledger = ledger or Ledger(config.ledger_dir)
        self._models = models or ModelFactory(
            models_dir=config.models_dir,
            script_state_dir=config.script_state_dir,
            allow_scripted=config.allow_scripted,
            scripted_dir=config.scripted_dir,
            profiles=config.model_profiles,
            keys=config.model_keys,
            local_in_process=config.local_in_process,
            local_threads=config.local_threads,
        )
        self._tools = (
            tools
            if tools is not None
            else default_registry(config.files_dir, allow_weak_sandbox=config.allow_weak_sandbox)
        )
        self._agents = agents if agents is not None else default_agents()
        self._graphs = GraphCache()
        self._grader = Grader(
            models=self._models,
            tools=self._tools,
            checks=checks if checks is not None else default_checks(allow_weak_sandbox=config.allow_weak_sandbox),
            graphs=self._graphs,
            allow_weak_sandbox=config.allow_weak_sandbox,
            examples_left_out=config.grader_examples_left_out,
        )
        self._cache = cache
        if cache is None and config.grader_cache_max_mb:
            self._cache = GraderCache(config.grader_cache_root, config.grader_cache_max_mb * 1024 * 1024)
        self.steps = StepCache()
        """The transcripts and settings this worker's steps saw (`activities/step_inputs.py`)."""

    def close(self) -> None:
        """Stop what the activities keep running between calls: the model processes of
        local models."""
        self._models.close()

    @activity.defn(name=names.HOOKS_ACTIVITY)
    async def deliver_evaluation(self, input: HookInput) -> list[str]:
        """Run the worker's per-evaluation hooks; returns the ones that failed for good
        (logged in one line: a failing hook does not stop the run). A webhook that may
        answer later raises a retryable error until the retry policy's last attempt."""
        info = activity.info()
        cap = info.retry_policy.maximum_attempts if info.retry_policy else 1
        async with heartbeating(f"hooks for {input.evaluation.operation_id}", count_faults=False):
            failed = await deliver(
                self._hooks,
                self._ledger,
                input,
                secret=self._webhook_secret,
                final_attempt=cap > 0 and info.attempt >= cap,
            )
        record_hook_failures(failed)
        return failed

    @activity.defn(name=names.CHECK_RUN_ACTIVITY)
    async def check_run(self, input: RunCheckInput) -> RunCheckResult:
        """What this worker would refuse of a run before it starts (`activities/run_check.py`)."""
        return await asyncio.to_thread(
            run_check,
            input,
            tools=self._tools,
            agents=self._agents,
            checks=self._grader.check_names(),
            models=self._models,
        )

    @activity.defn(name=names.AGENT_TURN_ACTIVITY)
    async def run_agent_turn(self, input: AgentTurnInput) -> AgentTurnResult:
        """Run the agent until it answers without calling a tool; return the new messages
        and the tokens its model calls reported."""
        input = await self.steps.whole(input)
        attributes: dict[str, Any] = {"rubric.thread_id": input.thread_id, "rubric.turn": input.turn}
        if input.grading_run_id is not None:
            attributes["rubric.grading_run_id"] = input.grading_run_id
            attributes["rubric.iteration"] = input.iteration if input.iteration is not None else 0
        with step_span("agent_turn", "agent", input.settings.model, attributes) as span:
            result = await self._agent_turn(input)
            # The thread's next step starts from the transcript with this turn's messages.
            self.steps.keep(input.thread_id, [*input.messages, *result.messages])
            span.set_attribute("rubric.tool_calls", tool_names(result.messages))
            record_usage(span, "agent", input.settings.model, result.usage, input.price)
            return result

    async def _agent_turn(self, input: AgentTurnInput) -> AgentTurnResult:
        settings = input.settings
        with model_call("agent", settings.model):
            factory = self._agents.resolve(settings.agent)
            model = self._models.get(settings.model)
            if settings.temperature is not None:
                model = with_temperature(model, settings.temperature)
            tools = self._tools.resolve(settings.tools)
        key = (
            "agent",
            settings.agent,
            settings.model,
            settings.temperature,
            tuple(settings.tools),
            settings.system_prompt,
        )
        agent = self._graphs.get(key, lambda: factory(model, tools, settings.system_prompt))
        history = [to_langchain(m) for m in input.messages]
        counter = UsageCounter()
        graph_input: dict[str, Any] = {"messages": history}
        if settings.agent != "default":
            # The thread's files and todos: a graph without these keys ignores them.
            graph_input["files"] = {p: f.model_dump(exclude_none=True) for p, f in input.files.items()}
            graph_input["todos"] = [t.model_dump() for t in input.todos]
        config = {"recursion_limit": AGENT_RECURSION_LIMIT, "callbacks": [counter]}
        token = current_thread_id.set(input.thread_id)
        try:
            async with (
                heartbeating(f"agent turn {input.turn}"),
                cut_off_after(settings.timeout_s, "agent turn", settings.model),
            ):
                with model_call("agent", settings.model):
                    state = await agent.ainvoke(graph_input, config=config)
                files, todos = turn_files(input, state)
                if unchanged_revision(input, state["messages"][len(history) :], files):
                    # Asked once more, warmer, before the grader sees the same answer again.
                    activity.logger.info("agent turn %s: the revised answer is unchanged; asking again", input.turn)
                    warm = warmer(model)
                    again = self._graphs.get((*key, "warm"), lambda: factory(warm, tools, settings.system_prompt))
                    reask = to_langchain(Message(role="user", content=unchanged_reask(), source="grader"))
                    with model_call("agent", settings.model):
                        state = await again.ainvoke({**graph_input, "messages": [*state["messages"], reask]}, config)
                    files, todos = turn_files(input, state)
        finally:
            current_thread_id.reset(token)
        messages = [from_langchain(m) for m in state["messages"][len(history) :]]
        if settings.agent != "default":
            messages = [compact_file_args(m) for m in messages]
        with refused_if_too_large(settings.model):
            result = AgentTurnResult(messages=fit_turn(messages), files=files, todos=todos, usage=counter.usage)
            check_fits(result, MAX_PAYLOAD_BYTES, f"agent turn {input.turn}'s result")
        return result

    @activity.defn(name=names.GRADER_PASS_ACTIVITY)
    async def grade_transcript(self, input: GradeInput) -> GradeResult:
        """One grader pass: checks run as code, the LLM grades the rest, one verdict."""
        input = await self.steps.whole(input)
        model = input.settings.model
        attributes = {
            "rubric.thread_id": input.thread_id,
            "rubric.grading_run_id": input.grading_run_id,
            "rubric.iteration": input.iteration,
        }
        with step_span("grader_pass", "grader", model, attributes) as span:
            key = self._cache_key(input)
            cached = await asyncio.to_thread(self._cache.get, key) if self._cache and key else None
            if cached is not None:
                result = cached.model_copy(update={"operation_id": input.operation_id})
            else:
                result = await self._grader.grade(input)
                with refused_if_too_large(model):
                    result = result.model_copy(update={"verdict": clip_verdict(result.verdict)})
                    check_fits(result, MAX_VERDICT_BYTES, f"grader pass {input.operation_id}'s result")
                if self._cache and key:
                    await asyncio.to_thread(self._cache.put, key, result)
            if result.from_cache:
                span.set_attribute("rubric.from_cache", True)
            verdict = result.verdict
            record_verdict(span, verdict.result, verdict.criteria, result.unverified)
            record_usage(span, "grader", model, result.usage, input.price or input.settings.prices.get(model))
            if verdict.result == "failed":
                mark_failed(span, verdict.explanation)
            self.steps.keep(input.thread_id, *after_pass(input, result))
            # Tells the thread whether to schedule hook deliveries for its evaluations.
            return result.model_copy(update={"hooks": bool(self._hooks)})

    def _cache_key(self, input: GradeInput) -> str | None:
        """The pass's grader-cache key, when it may be cached: the run allows it, one
        sample, no evidence tools, and a model that answers alike at the temperature the
        pass runs at (`activities/grader_cache.py`); None otherwise."""
        settings = input.settings
        if self._cache is None or not settings.cache or settings.samples != 1 or settings.tools:
            return None
        strategy = resolve(settings.grading, settings.model, False, settings.samples)
        try:
            identity = self._models.cache_identity(settings.model, zero_per_call=strategy != "whole")
        except (ModelConfigError, OSError):
            return None  # the pass itself says what is wrong with the model, if it calls it
        if identity is None:
            return None
        return cache_key(input, identity, strategy, self._grader.check_names())


def unchanged_revision(input: AgentTurnInput, added: list[Any], files: dict[str, Any]) -> bool:
    """Whether a turn that answers the grader's revision message gave, word for word, the
    answer that message asked it to change, and changed no file."""
    if not input.messages or input.messages[-1].source != "grader" or files:
        return False
    previous = last_answer(input.messages)
    answer = last_answer([from_langchain(m) for m in added])
    return previous is not None and answer is not None and answer.strip() == previous.strip()
