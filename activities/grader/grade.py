"""One grader pass: the rubric's named checks run as code, the model grades the rest by
the pass's strategy, and one verdict comes back with what froze, what it cost and how it
was decided."""

from __future__ import annotations

from typing import Any

from rubricflow.activities.builtin_tools import thread_file_tools
from rubricflow.activities.grader.asking import Ask, invalid_output, structured_asker
from rubricflow.activities.grader.assembly import merge_checks
from rubricflow.activities.grader.budget import CallBudget
from rubricflow.activities.grader.coverage import normalize_name
from rubricflow.activities.grader.grounded import grade_grounded
from rubricflow.activities.grader.grounded_asker import Asker, CheckBook
from rubricflow.activities.grader.named_checks import CheckRegistry
from rubricflow.activities.grader.per_criterion import grade_each, resolve
from rubricflow.activities.grader.points import with_points
from rubricflow.activities.grader.prompt import grader_payload, new_nonce
from rubricflow.activities.grader.whole import whole_grader, whole_verdict
from rubricflow.activities.graph_cache import GraphCache
from rubricflow.activities.model_profiles import StructuredOutput
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.scripted import current_thread_id
from rubricflow.activities.step_guards import AGENT_RECURSION_LIMIT, cut_off_after, heartbeating, model_call
from rubricflow.activities.telemetry import UsageCounter
from rubricflow.activities.tools import ToolRegistry
from rubricflow.workflows.rubric import ParsedRubric, parse_rubric
from rubricflow.workflows.scores import score_of_pass
from rubricflow.workflows.types import GradeInput, GradeResult, GraderVerdict, last_answer


def pinned_criteria(rubric: ParsedRubric) -> list[str]:
    """A list rubric's LLM-graded criteria (its bullet or numbered lines without a check):
    the grading run's criteria before any grader call. Empty for a free-text rubric."""
    return [c.name for c in rubric.criteria if not c.check]


class Grader:
    """Grades passes with the worker's models, tools and named checks."""

    def __init__(
        self,
        *,
        models: ModelFactory,
        tools: ToolRegistry,
        checks: CheckRegistry,
        graphs: GraphCache,
        allow_weak_sandbox: bool = False,
        examples_left_out: tuple[str, ...] = (),
    ) -> None:
        self._models = models
        self._tools = tools
        self._checks = checks
        self._graphs = graphs
        self._allow_weak_sandbox = allow_weak_sandbox
        """Written checks run without bubblewrap too (limits only), as named checks do."""
        self._examples_left_out = examples_left_out
        self._check_book = CheckBook()

    def check_names(self) -> list[str]:
        return self._checks.names()

    async def grade(self, input: GradeInput) -> GradeResult:
        """The pass's result: a rubric that cannot be evaluated as written is the grader's
        `failed`; otherwise the checks' and the model's criteria, merged."""
        rubric = parse_rubric(input.rubric, self._checks.names())
        if rubric.problems:
            return GradeResult(
                operation_id=input.operation_id,
                verdict=GraderVerdict(
                    result="failed",
                    explanation="The rubric cannot be evaluated: " + "; ".join(rubric.problems),
                    criteria=[],
                ),
            )
        token = current_thread_id.set(input.thread_id)
        try:
            async with (
                heartbeating(f"grader pass {input.operation_id}"),
                cut_off_after(input.settings.timeout_s, "grader pass", input.settings.model),
            ):
                checks = await self._checks.run(
                    rubric, input.transcript, last_answer(input.transcript) or "", input.files
                )
                llm, unverified, calls, split = (None, False, 0, False)
                counter = UsageCounter()
                budget = CallBudget(input.settings.max_grader_calls, input.settings.model)
                if rubric.needs_llm:
                    llm, unverified, calls, split = await self._model_verdict(input, rubric, counter, budget)
        finally:
            current_thread_id.reset(token)
        freeze: list[str] = []
        if not input.frozen_criteria and pinned_criteria(rubric):
            # A list rubric's criteria are the run's from pass 0, whatever the grader said.
            freeze = pinned_criteria(rubric)
        elif llm is not None and not input.frozen_criteria and llm.result != "failed" and not unverified:
            checked = {normalize_name(c.name) for c in rubric.checked}
            freeze = [c.name for c in llm.criteria if normalize_name(c.name) not in checked]
        verdict, score, required = score_of_pass(rubric, merge_checks(llm, checks), input.settings.pass_score)
        return GradeResult(
            operation_id=input.operation_id,
            verdict=verdict,
            unverified=unverified,
            freeze=freeze,
            model_calls=calls,
            usage=counter.usage,
            split_vote=split,
            evidence_calls=budget.tools,
            score=score,
            required_met=required,
        )

    def _grader_tools(self, input: GradeInput, names: list[str]) -> tuple[list[Any], dict[str, Any]]:
        """The pass's evidence tools in their order, and those bound to the thread's own
        files (a deep agent's: the grader reads them, not the worker's disk)."""
        on_thread: dict[str, Any] = {}
        if input.agent != "default":
            on_thread = {t.name: t for t in thread_file_tools(input.files)}
        others = iter(self._tools.resolve([n for n in names if n not in on_thread]))
        return [on_thread[n] if n in on_thread else next(others) for n in names], on_thread

    async def _model_verdict(
        self, input: GradeInput, rubric: ParsedRubric, counter: UsageCounter, budget: CallBudget
    ) -> tuple[GraderVerdict, bool, int, bool]:
        """The model's verdict, by the pass's strategy. Returns (verdict, unverified,
        calls, split vote)."""
        model_label = input.settings.model
        names = list(input.settings.tools)
        with model_call("grader", model_label):
            model = self._models.get(model_label)
            tools, on_thread = self._grader_tools(input, names)
        # The criteria this pass answers for: those frozen for the run, else a list
        # rubric's own lines (pinned from pass 0); none for a free-text rubric's first pass.
        frozen = list(input.frozen_criteria) or pinned_criteria(rubric)
        strategy = resolve(input.settings.grading, model_label, bool(tools), input.settings.samples)
        method = self._models.structured_output(model_label)
        config: dict[str, Any] = {
            "metadata": {"rubricflow_operation_id": input.operation_id},
            "callbacks": [counter, budget],
        }
        if strategy != "whole" and frozen:
            budget.for_criteria(len(frozen))
            calls = [0]
            ask = structured_asker(
                model, config, calls, lambda why: invalid_output(ValueError(why), model_label), method
            )
        if strategy == "grounded" and frozen:
            before = budget.calls
            with model_call("grader", model_label):
                verdict = await grade_grounded(
                    Asker(model, config, model_label, self._check_book),
                    criteria=frozen,
                    transcript=input.transcript,
                    files=input.files,
                    nonce=new_nonce(),
                    allow_weak_sandbox=self._allow_weak_sandbox,
                    leave_out=self._examples_left_out,
                    facts=ask,
                    reference=rubric.reference,
                )
                verdict = await self._points(ask, verdict, input, rubric, frozen)
            return verdict, any(c.unverified for c in verdict.criteria), budget.calls - before, False
        if strategy != "whole" and frozen:
            with model_call("grader", model_label):
                verdict, split = await grade_each(
                    ask,
                    strategy=strategy,  # type: ignore[arg-type]
                    criteria=frozen,
                    transcript=input.transcript,
                    files=input.files,
                    nonce=new_nonce(),
                    samples=input.settings.samples,
                    reference=rubric.reference,
                )
                verdict = await self._points(ask, verdict, input, rubric, frozen)
            # One question per criterion always covers the frozen criteria: no re-ask.
            return verdict, False, calls[0], split
        verdict, unverified, asks = await self._whole(
            input, rubric, model, tools, bool(on_thread), frozen, method, config
        )
        return verdict, unverified, asks, False

    async def _points(
        self, ask: Ask, verdict: GraderVerdict, input: GradeInput, rubric: ParsedRubric, frozen: list[str]
    ) -> GraderVerdict:
        """The verdict with the points of the rubric's scaled criteria among `frozen`, asked
        one criterion at a time (`points.py`); points off the scale are invalid output."""
        scales = {name: scale for name, scale in rubric.scales.items() if name in frozen}
        try:
            return await with_points(
                ask, verdict, scales, transcript=input.transcript, nonce=new_nonce(), reference=rubric.reference
            )
        except ValueError as exc:
            raise invalid_output(exc, input.settings.model) from None

    async def _whole(
        self,
        input: GradeInput,
        rubric: ParsedRubric,
        model: Any,
        tools: list[Any],
        on_thread: bool,
        frozen: list[str],
        method: StructuredOutput,
        config: dict[str, Any],
    ) -> tuple[GraderVerdict, bool, int]:
        """The `whole` strategy's verdict (`whole.py`), its grader shared between passes
        unless it reads the thread's own files."""
        model_label = input.settings.model
        names = list(input.settings.tools)
        local = model_label.startswith("local:")
        scales = {name: scale for name, scale in rubric.scales.items() if name in frozen}

        def build() -> Any:
            return whole_grader(model, tools, frozen, input, method, scales)

        # The thread's own file tools are bound to its files: such a grader is not shared.
        grader = (
            build()
            if on_thread
            else self._graphs.get(
                (
                    "grader",
                    model_label,
                    tuple(names),
                    input.settings.system_prompt,
                    (tuple(frozen), tuple(scales.items())) if local else None,
                ),
                build,
            )
        )
        # A fresh nonce on every attempt: a retried pass never reuses its delimiters.
        payload = grader_payload(
            rubric.llm_rubric, input.transcript, input.iteration, new_nonce(), frozen, scales, rubric.reference
        )
        config["recursion_limit"] = AGENT_RECURSION_LIMIT
        return await whole_verdict(grader, payload, frozen, input, config, method)
