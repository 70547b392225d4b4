"""Grading strategies: one question per criterion, evidence, facts, votes (scripted graders)."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import BaseMessage
from pydantic import ValidationError

from rubricflow.activities.grader import fact_choice, per_criterion
from rubricflow.activities.grader import facts as evidence
from rubricflow.activities.grader.whole import as_verdict as _as_verdict
from rubricflow.client import Rubricflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, Message, RunInput
from tests.helpers import thread_id, verdict
from tests.test_grader import grade, grade_input, seen  # noqa: F401  (fixture)

NO_DOCSTRING = (
    "Here:\n\n```python\nimport numpy as np\n\ndef mean(xs):\n    print(xs)\n    return sum(xs) / len(xs)\n```"
)
WITH_DOCSTRING = (
    'Here:\n\n```python\ndef mean(xs: list) -> float:\n    """Return the mean of xs."""\n'
    "    return sum(xs) / len(xs)\n```"
)


def said(passed: bool, reason: str = "because") -> dict[str, Any]:
    return {"structured": {"reason": reason, "passed": passed}}


def fact(name: str, expected: Any, compare: str | None = None) -> dict[str, Any]:
    choice: dict[str, Any] = {"fact": name, "expected": expected}
    if compare is not None:
        choice["compare"] = compare
    return {"structured": choice}


def transcript(answer: str) -> list[Message]:
    return [Message(role="user", content="write mean(xs)"), Message(role="assistant", content=answer)]


def human(messages: list[BaseMessage]) -> str:
    return "\n".join(str(m.content) for m in messages if m.type == "human")


class TestPerCriterion:
    async def test_one_question_per_criterion_assembles_the_verdict(self, script, seen):
        grader = script(said(True), said(False, "no docstring on mean"))
        result = await grade(
            grade_input(
                grader,
                rubric="- Is correct\n- Has a docstring",
                transcript=transcript(NO_DOCSTRING),
                settings={"grading": "per_criterion"},
            )
        )
        verdict = result.verdict
        assert verdict.result == "needs_revision"
        assert [(c.name, c.passed, c.gap) for c in verdict.criteria] == [
            ("Is correct", True, None),
            ("Has a docstring", False, "no docstring on mean"),
        ]
        assert result.model_calls == 2 and len(seen) == 2
        # Each question names one criterion, after the shared request and answer.
        assert "Is correct" in human(seen[0]) and "Has a docstring" not in human(seen[0])
        assert (
            human(seen[0]).split("<criteria-")[0].split("\n", 1)[1]
            == human(seen[1]).split("<criteria-")[0].split("\n", 1)[1]
        )

    async def test_all_met_is_satisfied_and_result_comes_from_the_criteria(self, script):
        grader = script(said(True), said(True))
        result = await grade(
            grade_input(grader, transcript=transcript(WITH_DOCSTRING), settings={"grading": "per_criterion"})
        )
        assert result.verdict.result == "satisfied"
        assert all(c.passed for c in result.verdict.criteria)

    async def test_no_facts_in_a_plain_question(self, script, seen):
        await grade(
            grade_input(
                script(said(True)),
                rubric="- Has a docstring",
                transcript=transcript(NO_DOCSTRING),
                settings={"grading": "per_criterion"},
            )
        )
        assert "measured by code" not in human(seen[0])


class TestEvidence:
    async def test_facts_are_in_the_payload(self, script, seen):
        await grade(
            grade_input(
                script(said(False, "none")),
                rubric="- Has a docstring",
                transcript=transcript(NO_DOCSTRING),
                settings={"grading": "evidence"},
            )
        )
        shown = human(seen[0])
        assert "every_function_has_docstring: no (no docstring on mean)" in shown
        assert "only_standard_library_imports: no (imports numpy (third-party))" in shown
        assert "calls_print: yes" in shown

    def test_facts_of_python_answers(self):
        answer = evidence.read_answer(NO_DOCSTRING)
        facts = {f.name: f.measure(answer) for f in evidence.FACTS.values() if f.measure}
        assert facts["every_function_has_docstring"] is False
        assert facts["only_standard_library_imports"] is False
        assert facts["fully_type_annotated"] is False
        assert facts["calls_print"] is True
        good = evidence.read_answer(WITH_DOCSTRING)
        assert evidence.FACTS["every_function_has_docstring"].measure(good) is True  # type: ignore[misc]
        assert evidence.FACTS["fully_type_annotated"].measure(good) is True  # type: ignore[misc]

    def test_facts_of_prose(self):
        answer = evidence.read_answer("Temporal keeps history. Workers may crash! 97 is the number.")
        assert evidence.words(answer.prose) == 10
        assert evidence.sentences(answer.prose) == 3
        assert evidence.FACTS["numbers_are_prime"].measure(answer) is True  # type: ignore[misc]
        assert evidence.FACTS["numbers_are_prime"].measure(evidence.read_answer("It is 91.")) is False  # type: ignore[misc]

    def test_code_before_a_syntax_error_is_still_measured(self):
        answer = evidence.read_answer(
            "```python\nimport json\n\ndef f(xs):\n    return xs\n\nprint(f([1])))\nimport numpy\n```"
        )
        assert answer.syntax_error and "line 6" in answer.syntax_error
        measured = {f.name: f.measure(answer) for f in evidence.FACTS.values() if f.measure}
        assert measured["code_parses"] is False
        assert measured["function_count"] == 1  # f, defined before the error
        assert measured["every_function_has_docstring"] is False
        assert measured["calls_print"] is True  # the print in the line that does not parse
        assert measured["only_standard_library_imports"] is False  # numpy, imported past the error
        assert evidence.imported_modules(answer) == ["json", "numpy"]

    def test_a_syntax_error_is_a_fact(self):
        answer = evidence.read_answer("```python\ndef f(:\n    pass\n```")
        assert answer.tree is None and answer.syntax_error
        assert any(line.startswith("code_parses: no") for line in evidence.summary(answer))


class TestFacts:
    async def test_a_fact_the_model_chose_decides_and_is_recorded(self, script, seen):
        grader = script(fact("every_function_has_docstring", True), fact("word_count", 5, "at_most"))
        result = await grade(
            grade_input(
                grader,
                rubric="- Has a docstring\n- Uses at most 5 words",
                transcript=transcript(NO_DOCSTRING),
                settings={"grading": "facts"},
            )
        )
        doc, short = result.verdict.criteria
        assert not doc.passed and doc.decided_by is not None
        assert "every_function_has_docstring is true" in doc.decided_by and "no docstring on mean" in doc.gap
        assert short.passed and short.decided_by.startswith("fact: word_count <= 5")
        assert result.verdict.result == "needs_revision"
        # The fact question shows the criterion and the menu, never the answer.
        assert "def mean" not in human(seen[0])

    async def test_none_falls_back_to_a_judged_question_with_the_facts(self, script, seen):
        grader = script({"structured": {"fact": "none"}}, said(True, "clear"))
        result = await grade(
            grade_input(
                grader,
                rubric="- Explains the approach",
                transcript=transcript(WITH_DOCSTRING),
                settings={"grading": "facts"},
            )
        )
        (entry,) = result.verdict.criteria
        assert entry.passed and entry.decided_by is None
        assert result.model_calls == 2
        assert "measured by code" in human(seen[1])

    async def test_fact_questions_come_first_so_each_kind_shares_its_prefix(self, script, seen):
        grader = script({"structured": {"fact": "none"}}, fact("calls_print", False), said(True, "clear"))
        result = await grade(
            grade_input(
                grader,
                rubric="- Explains the approach\n- Does not print",
                transcript=transcript(NO_DOCSTRING),
                settings={"grading": "facts"},
            )
        )
        explains, prints = result.verdict.criteria
        assert explains.passed and explains.decided_by is None
        assert not prints.passed and prints.decided_by.startswith("fact: calls_print is false")
        assert [m[0].content == fact_choice.MAP_SYSTEM for m in seen] == [True, True, False]

    async def test_a_choice_that_does_not_fit_its_fact_is_judged(self, script):
        # A count fact without a comparison is no choice at all: the model judges instead.
        grader = script({"structured": {"fact": "word_count", "expected": 3}}, said(False, "too long"))
        result = await grade(
            grade_input(
                grader, rubric="- Is short", transcript=transcript(WITH_DOCSTRING), settings={"grading": "facts"}
            )
        )
        (entry,) = result.verdict.criteria
        assert not entry.passed and entry.gap == "too long" and entry.decided_by is None

    async def test_a_fact_that_measures_something_else_is_judged(self, script):
        """The issue's primes: "lists exactly three numbers" is no count of bullet items and
        "greater than 10" no primality; each is asked as a judged question instead."""
        grader = script(
            fact("list_item_count", 3, "equals"),
            fact("numbers_are_prime", False),
            said(True, "three numbers"),
            said(True, "all above 10"),
        )
        result = await grade(
            grade_input(
                grader,
                rubric="- The answer lists exactly three numbers\n- Every number listed is greater than 10",
                transcript=transcript("11, 13, 17"),
                settings={"grading": "facts"},
            )
        )
        three, above = result.verdict.criteria
        assert (three.passed, three.decided_by) == (True, None)
        assert (above.passed, above.decided_by) == (True, None)
        assert result.verdict.result == "satisfied"

    @pytest.mark.parametrize(
        ("criterion", "choice", "fit"),
        [
            # The menu's own examples, as the fact question shows them: each fits.
            ("Avoids recursion", {"fact": "uses_recursion", "expected": False}, True),
            ("Contains no syntax errors", {"fact": "code_parses", "expected": True}, True),
            (
                "Keeps the summary under 100 words",
                {"fact": "word_count", "compare": "less_than", "expected": 100},
                True,
            ),
            ("Defines at least two functions", {"fact": "function_count", "compare": "at_least", "expected": 2}, True),
            ("Has no more than 4 list items", {"fact": "list_item_count", "compare": "at_most", "expected": 4}, True),
            ("Mentions the CAP theorem", {"fact": "contains_text", "expected": "CAP theorem"}, True),
            ("Does not print anything", {"fact": "calls_print", "expected": False}, True),
            ("Every number listed is prime", {"fact": "numbers_are_prime", "expected": True}, True),
            ("Greets Olivia by name", {"fact": "contains_text", "expected": "Olivia"}, True),
            # A fact that measures something else than the criterion asks.
            ("Raises ValueError when window is 0", {"fact": "calls_print", "expected": True}, False),
            ("Every number is odd", {"fact": "numbers_are_prime", "expected": True}, False),
            (
                "The answer lists exactly three numbers",
                {"fact": "list_item_count", "compare": "equals", "expected": 3},
                False,
            ),
            ("The JSON is valid (it parses)", {"fact": "code_parses", "expected": True}, False),
            ("chunk([], 3) returns []", {"fact": "list_item_count", "compare": "equals", "expected": 0}, False),
            (
                "Has two bullet points under Decisions",
                {"fact": "list_item_count", "compare": "equals", "expected": 2},
                False,
            ),
            ("Follows the 5-7-5 syllable pattern", {"fact": "word_count", "compare": "equals", "expected": 5}, False),
            ("Uses no list", {"fact": "list_item_count", "compare": "less_than", "expected": 0}, False),
            # A text fact has no polarity, no place, and shows no claim right.
            ("Never uses the word 'very'", {"fact": "contains_text", "expected": "very"}, False),
            ("Puts Seoul first", {"fact": "contains_text", "expected": "Seoul"}, False),
            ("Names the right weekday", {"fact": "contains_text", "expected": "Monday"}, False),
            ("Describes the breaking change", {"fact": "contains_text", "expected": "breaking change"}, False),
            # The imports facts measure the kind of what is imported, not one import.
            ("Uses no third-party packages", {"fact": "imports_third_party_packages", "expected": False}, True),
            ("Relies only on built-in modules", {"fact": "only_standard_library_imports", "expected": True}, True),
            ("Imports median from the stats module", {"fact": "imports_third_party_packages", "expected": True}, False),
            ("Imports pytest before slugify", {"fact": "only_standard_library_imports", "expected": False}, False),
            # Every function's docstrings are not the class's or the module's.
            ("Every method has a docstring", {"fact": "every_function_has_docstring", "expected": True}, True),
            ("The class has a docstring", {"fact": "every_function_has_docstring", "expected": True}, False),
            (
                "Documents the module with a docstring",
                {"fact": "every_function_has_docstring", "expected": True},
                False,
            ),
            (
                "The class and each of its methods have docstrings",
                {"fact": "every_function_has_docstring", "expected": True},
                False,
            ),
        ],
    )
    def test_a_fact_fits_only_a_criterion_that_names_what_it_measures(self, criterion, choice, fit):
        assert (fact_choice.FactChoice.parse(choice, criterion) is not None) is fit

    def test_the_choice_schema_offers_every_fact_and_none(self):
        shapes = fact_choice.map_schema()["oneOf"]
        offered = {name for shape in shapes for name in shape["properties"]["fact"].get("enum", [])}
        assert offered == set(evidence.FACTS)
        assert any(shape["properties"]["fact"].get("const") == "none" for shape in shapes)


class TestVotes:
    async def test_majority_of_three_and_the_agreement_recorded(self, script, seen):
        grader = script(
            said(True), said(False, "missing"), said(True), said(False, "a"), said(False, "b"), said(False, "c")
        )
        result = await grade(
            grade_input(grader, rubric="- A\n- B", settings={"grading": "per_criterion", "samples": 3})
        )
        a, b = result.verdict.criteria
        assert (a.passed, a.votes) == (True, "2/3")
        assert (b.passed, b.votes, b.gap) == (False, "3/3", "a")
        assert result.split_vote is True
        assert result.model_calls == 6

    async def test_unanimous_votes_are_not_split(self, script):
        grader = script(said(True), said(True), said(True))
        result = await grade(grade_input(grader, rubric="- A", settings={"grading": "per_criterion", "samples": 3}))
        assert result.split_vote is False and result.verdict.criteria[0].votes == "3/3"

    @pytest.mark.parametrize("samples", [0, 2, 10, "3", True])
    def test_samples_must_be_an_odd_whole_number(self, samples):
        with pytest.raises(ValidationError, match="samples"):
            GraderSettings(model="scripted:x", grading="per_criterion", samples=samples)

    def test_samples_need_one_question_per_criterion(self):
        with pytest.raises(ValidationError, match="one question per criterion"):
            GraderSettings(model="scripted:x", grading="whole", samples=3)

    def test_unknown_strategy_is_refused_with_the_choices(self):
        with pytest.raises(ValidationError, match="whole, per_criterion, evidence, facts"):
            GraderSettings(model="scripted:x", grading="vibes")


class TestWhole:
    def test_a_local_whole_verdict_takes_its_result_from_its_criteria(self):
        raw = {"criteria": [{"name": "A", "passed": False, "gap": "g"}], "explanation": "", "result": "satisfied"}
        assert _as_verdict(raw, "local:x", derive=True).result == "needs_revision"
        raw = {"criteria": [{"name": "A", "passed": True}], "explanation": "", "result": "needs_revision"}
        assert _as_verdict(raw, "local:x", derive=True).result == "satisfied"
        raw = {"criteria": [], "explanation": "cannot", "result": "failed"}
        assert _as_verdict(raw, "local:x", derive=True).result == "failed"

    def test_auto_is_grounded_for_local_models_and_whole_elsewhere(self):
        assert per_criterion.resolve("auto", "local:qwen2.5-coder-1.5b", has_tools=False) == "grounded"
        assert per_criterion.resolve("auto", "local:qwen2.5-coder-1.5b", has_tools=False, samples=3) == "facts"
        assert per_criterion.resolve("auto", "local:qwen2.5-coder-1.5b", has_tools=True) == "whole"
        assert per_criterion.resolve("auto", "openai:gpt-4o-mini", has_tools=False) == "whole"
        assert per_criterion.resolve("evidence", "openai:gpt-4o-mini", has_tools=False) == "evidence"


class TestInAThread:
    async def test_a_facts_pass_through_a_real_thread(self, client, task_queue, worker, script):
        agent = script(NO_DOCSTRING)
        grader = script(fact("every_function_has_docstring", True), fact("calls_print", False))
        run = RunInput(
            message="write mean(xs)",
            rubric="- Has a docstring\n- Does not print",
            agent=AgentSettings(model=agent),
            grader=GraderSettings(model=grader, grading="facts", max_iterations=1),
        )
        handle = await Rubricflow(client, task_queue).start(run, thread_id())
        result = await handle.result()
        assert result.status == "max_iterations_reached"
        (evaluation,) = result.evaluations
        assert [c.passed for c in evaluation.criteria] == [False, False]
        assert all(c.decided_by and c.decided_by.startswith("fact: ") for c in evaluation.criteria)


def _run(agent: str, grader: GraderSettings, rubric: str, idle: int = 0) -> RunInput:
    return RunInput(
        message="write mean(xs)", rubric=rubric, agent=AgentSettings(model=agent), grader=grader, idle_timeout_s=idle
    )


class TestBestAnswer:
    async def test_the_pass_with_most_criteria_met_is_kept_beside_the_last(self, client, task_queue, worker, script):
        grader = script(
            verdict("needs_revision", "one short", a=True, b=True, c="no"),
            verdict("needs_revision", "worse", a="no", b="no", c="no"),
        )
        run = _run(
            script("first answer", "second answer"), GraderSettings(model=grader, max_iterations=2), "- a\n- b\n- c"
        )
        result = await (await Rubricflow(client, task_queue).start(run, thread_id())).result()
        assert result.status == "max_iterations_reached"
        assert result.answer == "second answer"  # the last stays the transcript's answer
        assert result.best is not None
        assert (result.best.iteration, result.best.met, result.best.total, result.best.answer) == (
            0,
            2,
            3,
            "first answer",
        )

    async def test_ties_go_to_the_later_pass(self, client, task_queue, worker, script):
        grader = script(verdict("needs_revision", "x", a=True, b="no"), verdict("needs_revision", "y", a="no", b=True))
        run = _run(script("first", "second"), GraderSettings(model=grader, max_iterations=2), "- a\n- b")
        result = await (await Rubricflow(client, task_queue).start(run, thread_id())).result()
        assert result.best is not None and (result.best.iteration, result.best.answer) == (1, "second")

    async def test_a_satisfied_run_shows_no_best(self, client, task_queue, worker, script):
        run = _run(script("fine"), GraderSettings(model=script(verdict("satisfied", "ok", a=True))), "- a")
        result = await (await Rubricflow(client, task_queue).start(run, thread_id())).result()
        assert result.status == "satisfied" and result.best is None


class TestSplitVotesToReview:
    async def test_a_split_vote_waits_for_a_person_then_approve_ends_it(self, client, task_queue, worker, script):
        from rubricflow.workflows.types import ApproveInput
        from tests.test_threads import run_end

        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = GraderSettings(
            model=script(said(True), said(False, "hm"), said(True)),
            grading="per_criterion",
            samples=3,
            review_split_votes=True,
            max_iterations=2,
        )
        await rf.start(_run(script("answer"), grader, "- a", idle=600), tid)
        await run_end(rf, tid, 1)
        waiting = await rf.progress(tid)
        assert waiting.status == "awaiting_review"
        (evaluation,) = waiting.evaluations
        assert evaluation.split_vote and evaluation.criteria[0].votes == "2/3"
        approved = await rf.approve(tid, ApproveInput(reviewer="ana"))
        assert approved.status == "satisfied" and approved.evaluations[-1].reviewer == "ana"
        await rf.cancel(tid)

    async def test_without_review_a_split_vote_is_acted_on(self, client, task_queue, worker, script):
        grader = GraderSettings(
            model=script(said(True), said(False, "hm"), said(True)),
            grading="per_criterion",
            samples=3,
            max_iterations=2,
        )
        result = await (
            await Rubricflow(client, task_queue).start(_run(script("answer"), grader, "- a"), thread_id())
        ).result()
        assert result.status == "satisfied" and result.evaluations[0].split_vote
