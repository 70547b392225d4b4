"""Where a grading run differs from deepagents' `RubricMiddleware` (0.7.32), case by case.

Each test names the difference it pins down (docs/grading-runs.md; the spec's
"Where rubricflow goes beyond the middleware"): cancellation is not a verdict, records are
what the grader said, the first pass's criteria block only for list rubrics, coverage by
name or number, list rubrics pinned from pass 0, and the grammar a local grader answers in.
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from temporalio.client import WorkflowFailureError
from temporalio.exceptions import CancelledError

from rubricflow.activities.grader.assembly import merge_checks
from rubricflow.activities.grader.coverage import NOT_REPORTED_GAP, downgrade_unverified
from rubricflow.activities.grader.verdict_schema import verdict_schema
from rubricflow.client import Rubricflow
from rubricflow.workflows.types import (
    AgentSettings,
    Evaluation,
    GraderSettings,
    GraderVerdict,
    RunInput,
)
from tests.helpers import (
    activity_counts,
    activity_inputs,
    activity_results,
    thread_id,
    verdict,
    wait_for_running_activity,
)
from tests.test_grader import grade, grade_input, seen, user_text  # noqa: F401  (seen is a fixture)

RUBRIC = "- all tests pass\n- has a docstring"


def by_number(result: str, explanation: str, *entries: tuple[int, str, object]) -> dict:
    """A scripted grader reply whose entries carry the criterion's number (`id`) under a
    paraphrased name."""
    criteria = []
    for number, name, value in entries:
        entry = {"id": number, "name": name, "passed": value is True}
        if value is not True:
            entry["gap"] = value
        criteria.append(entry)
    return {"structured": {"result": result, "explanation": explanation, "criteria": criteria}}


class TestCancellationIsNotAVerdict:
    """deepagents lets the interrupt propagate: nothing is recorded. So do we."""

    @pytest.mark.parametrize("during", ["rubricflow.grade_transcript", "rubricflow.run_agent_turn"])
    async def test_cancel_mid_step_ends_cancelled_with_no_evaluation_and_no_hook(
        self, client, task_queue, worker, script, during
    ):
        slow = {"delay_s": 300, "content": "too late"}
        if during == "rubricflow.run_agent_turn":
            agent, grader = script(slow), script(verdict("satisfied", "ok", **{"all tests pass": True}))
        else:
            agent = script("v1")
            grader = script({**slow, **verdict("satisfied", "ok", **{"all tests pass": True})})
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="go",
                rubric="- all tests pass",
                agent=AgentSettings(model=agent),
                grader=GraderSettings(model=grader),
            ),
            thread_id(),
        )
        assert await wait_for_running_activity(run.handle) == during

        await run.handle.cancel()

        with pytest.raises(WorkflowFailureError) as failure:
            await run.handle.result()
        assert isinstance(failure.value.cause, CancelledError)
        counts = await activity_counts(run.handle)
        assert counts[during] == 1 and counts["rubricflow.deliver_evaluation"] == 0
        progress = await run.progress()  # the query still answers on the closed thread
        assert progress.evaluations == [] and progress.status != "grader_error"


class TestRecordsAreWhatTheGraderSaid:
    async def test_an_unnamed_objection_is_recorded_with_no_criteria(self, script):
        grader = script(verdict("needs_revision", "The docstring is missing."))
        result = await grade(grade_input(grader, rubric="The code is documented."))
        assert result.verdict.result == "needs_revision"
        assert result.verdict.criteria == []
        # ...and the objection reaches the agent through the revision message.
        evaluation = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="needs_revision",
            explanation=result.verdict.explanation,
            criteria=result.verdict.criteria,
        )
        assert "Change this:\n- The docstring is missing." in evaluation.revision_message()

    def test_an_unnamed_objection_with_failing_checks_adds_no_criterion(self):
        llm = GraderVerdict(result="needs_revision", explanation="Style is poor.", criteria=[])
        from rubricflow.workflows.types import Criterion

        merged = merge_checks(llm, [Criterion(name="tests pass", passed=False, gap="1 failed")])
        assert merged.result == "needs_revision"
        assert [c.name for c in merged.criteria] == ["tests pass"]

    def test_a_downgraded_record_keeps_the_graders_summary(self):
        claimed = GraderVerdict(
            result="satisfied", explanation="Looks complete to me.", criteria=[{"name": "A", "passed": True}]
        )
        downgraded = downgrade_unverified(claimed, ["B"])
        assert downgraded.result == "needs_revision"
        assert downgraded.explanation.startswith("The grader claimed 'satisfied' but did not report on: B.")
        assert downgraded.explanation.endswith("Original grader summary: Looks complete to me.")


class TestFirstPassCriteriaBlockOnlyForListRubrics:
    async def test_a_free_text_rubric_first_pass_has_no_criteria_block(self, script, seen):
        grader = script(verdict("satisfied", "ok", documented=True))
        result = await grade(grade_input(grader, rubric="The code should be documented and tested."))
        assert result.verdict.result == "satisfied" and result.model_calls == 1
        assert "<criteria-" not in user_text(seen[0])
        assert result.freeze == ["documented"]  # the middleware's rule: freeze the first answer

    async def test_a_list_rubric_first_pass_lists_its_lines_numbered(self, script, seen):
        grader = script(verdict("satisfied", "ok", **{"all tests pass": True, "has a docstring": True}))
        await grade(grade_input(grader, rubric=RUBRIC))
        block = user_text(seen[0]).split("\n</criteria-", 1)[0].rsplit(">\n", 1)[1]
        assert block == "1. all tests pass\n2. has a docstring"


class TestCoverageByNameOrNumber:
    async def test_a_paraphrasing_grader_answering_by_number_finishes_in_one_pass_and_one_call(
        self, client, task_queue, worker, script
    ):
        grader = script(
            by_number("satisfied", "All good.", (1, "Tests are green", True), (2, "Docstring present", True))
        )
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="go",
                rubric=RUBRIC,
                agent=AgentSettings(model=script("v1")),
                grader=GraderSettings(model=grader),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status == "satisfied"
        [evaluation] = result.evaluations
        assert not evaluation.unverified
        # Recorded under the criteria they answered, without the payload's numbers.
        assert [c.model_dump() for c in evaluation.criteria] == [
            {"name": "all tests pass", "passed": True},
            {"name": "has a docstring", "passed": True},
        ]
        [graded] = await activity_results(run.handle, "rubricflow.grade_transcript")
        assert graded["model_calls"] == 1

    async def test_a_number_outside_the_list_answers_nothing(self, script, seen):
        grader = script(by_number("satisfied", "ok", (1, "tests", True), (7, "docs", True)))
        result = await grade(grade_input(grader, rubric=RUBRIC))
        assert result.model_calls == 2 and "Missing:\n- 2. has a docstring" in seen[1][-1].content
        assert result.unverified


class TestListRubricsArePinnedFromPassZero:
    async def test_an_invented_name_is_no_criterion_the_missing_one_is_reasked_then_unverified(self, script, seen):
        # The 0.5B grader's "result" instead of the rubric's docstring criterion.
        grader = script(
            {
                "structured": {
                    "result": "satisfied",
                    "explanation": "fine",
                    "criteria": [{"name": "all tests pass", "passed": True}, {"name": "result", "passed": True}],
                }
            }
        )
        result = await grade(grade_input(grader, rubric=RUBRIC))
        assert result.model_calls == 2
        reask = seen[1][-1].content
        assert "Missing:\n- 2. has a docstring" in reask and "not criteria of the rubric: 'result'" in reask
        assert result.unverified and result.verdict.result == "needs_revision"
        assert {"name": "has a docstring", "passed": False, "gap": NOT_REPORTED_GAP} in [
            c.model_dump() for c in result.verdict.criteria
        ]
        assert result.freeze == ["all tests pass", "has a docstring"]  # never "result"

    async def test_the_run_is_pinned_from_its_first_pass(self, client, task_queue, worker, script):
        grader = script(
            verdict("needs_revision", "no", **{"all tests pass": "test_x fails", "has a docstring": True}),
            verdict("satisfied", "yes", **{"all tests pass": True, "has a docstring": True}),
        )
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="go",
                rubric=RUBRIC,
                agent=AgentSettings(model=script("v1", "v2")),
                grader=GraderSettings(model=grader),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status == "satisfied"
        assert result.frozen_criteria == ["all tests pass", "has a docstring"]
        inputs = await activity_inputs(run.handle, "rubricflow.grade_transcript")
        assert [i["frozen_criteria"] for i in inputs] == [[], ["all tests pass", "has a docstring"]]
        [first, _] = await activity_results(run.handle, "rubricflow.grade_transcript")
        assert first["freeze"] == ["all tests pass", "has a docstring"]


class TestLocalGraderGrammar:
    """The schema a local grader is forced through, tested as a schema and as a grammar."""

    PINNED = ["all tests pass", "has a docstring"]

    def valid(self, schema: dict, value: dict) -> bool:
        return jsonschema.Draft202012Validator(schema).is_valid(value)

    def test_every_valid_verdict_is_accepted(self):
        schema = verdict_schema(self.PINNED)
        for first in (True, False):
            for second in (True, False):
                entries = [
                    {"name": name, "passed": ok} if ok else {"name": name, "passed": False, "gap": "x"}
                    for name, ok in zip(self.PINNED, (first, second))
                ]
                result = "satisfied" if first and second else "needs_revision"
                value = {"result": result, "explanation": "e", "criteria": entries}
                GraderVerdict.model_validate(value)  # valid at the boundary...
                assert self.valid(schema, value)  # ...and sayable through the grammar

    @pytest.mark.parametrize(
        "criteria",
        [
            [{"name": "all tests pass", "passed": False}, {"name": "has a docstring", "passed": True}],
            [{"name": "all tests pass", "passed": False, "gap": ""}, {"name": "has a docstring", "passed": True}],
            [{"name": "all tests pass", "passed": True}, {"name": "result", "passed": True}],
            [{"name": "all tests pass", "passed": True}],
            [{"name": "all tests pass", "passed": True}, {"name": "all tests pass", "passed": True}],
            [
                {"name": "all tests pass", "passed": True},
                {"name": "has a docstring", "passed": True},
                {"name": "has a docstring", "passed": True},
            ],
        ],
        ids=["failing-without-gap", "empty-gap", "unknown-name", "one-missing", "one-twice", "extra"],
    )
    def test_what_fails_validation_cannot_be_said(self, criteria):
        value = {"result": "needs_revision", "explanation": "e", "criteria": criteria}
        assert not self.valid(verdict_schema(self.PINNED), value)

    def test_the_grammar_llama_cpp_builds_forces_the_pinned_names(self):
        llama_grammar = pytest.importorskip("llama_cpp.llama_grammar")
        from langchain_core.utils.function_calling import convert_to_openai_tool

        tool = convert_to_openai_tool(verdict_schema(self.PINNED))
        assert tool["function"]["name"] == "GraderVerdict"
        gbnf = llama_grammar.json_schema_to_gbnf(json.dumps(tool["function"]["parameters"]))
        llama_grammar.LlamaGrammar.from_string(gbnf, verbose=False)  # it compiles
        assert '"\\"all tests pass\\""' in gbnf and '"\\"has a docstring\\""' in gbnf
        assert 'criteria ::= "[" space criteria-tuple-0 "," space criteria-tuple-1 "]" space' in gbnf

    @pytest.mark.parametrize("where", ["explanation", "gap"])
    def test_the_output_is_bounded_so_it_cannot_run_past_max_tokens(self, where):
        """A 1.5B grader's verdict ran past the model's max_tokens (the demo, pass 3): the
        tool call was cut off and the run ended on a `failed` verdict quoting LangChain's
        "malformed or truncated" message. Each string has a length cap in the grammar."""
        from rubricflow.activities.grader.verdict_schema import MAX_EXPLANATION_CHARS, MAX_GAP_CHARS

        cap = MAX_EXPLANATION_CHARS if where == "explanation" else MAX_GAP_CHARS
        for length, sayable in ((cap, True), (cap + 1, False)):
            text = "x" * length
            value = {
                "result": "needs_revision",
                "explanation": text if where == "explanation" else "e",
                "criteria": [
                    {"name": "all tests pass", "passed": False, "gap": text if where == "gap" else "g"},
                    {"name": "has a docstring", "passed": True},
                ],
            }
            assert self.valid(verdict_schema(self.PINNED), value) is sayable
        # Three criteria at the caps stay well inside the local model's 1024 output tokens
        # (a token is at least one character of such text; JSON syntax adds ~20 per entry).
        assert MAX_EXPLANATION_CHARS + 3 * (MAX_GAP_CHARS + 60) < 1024

    def test_a_free_text_first_pass_still_needs_a_gap_for_a_failing_entry(self):
        schema = verdict_schema([])
        ok = {
            "result": "needs_revision",
            "explanation": "e",
            "criteria": [{"name": "anything", "passed": False, "gap": "why"}],
        }
        assert self.valid(schema, ok)
        ok["criteria"][0].pop("gap")
        assert not self.valid(schema, ok)
