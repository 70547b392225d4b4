"""Scores and weights: the rubric's `[weight: N]`, `[required]` and `[scale: ...]`, the
weighted score of a pass, and a run that ends `satisfied` at its pass score.

The arithmetic is checked against sums done by hand; the loop against a real server with
a scripted grader that answers points for a scaled criterion; the recorded history
`weighted_pass_score` replays in tests/test_durability.py."""

from __future__ import annotations

import argparse

import pytest
from pydantic import ValidationError

from rubricflow.activities.grader.prompt import grader_payload
from rubricflow.activities.grader.verdict_schema import verdict_schema
from rubricflow.cli.inputs import BadInput, build_run_input
from rubricflow.cli.parser import build_parser
from rubricflow.client import Rubricflow
from rubricflow.preflight import RunRefused
from rubricflow.run_checks import check_rubric
from rubricflow.workflows.rubric import Scale, parse_rubric
from rubricflow.workflows.scores import (
    meets_pass_score,
    required_met,
    score_of_pass,
    weighted_score,
    with_scales,
)
from rubricflow.workflows.types import (
    AgentSettings,
    Criterion,
    Evaluation,
    GraderSettings,
    GraderVerdict,
    Message,
    RunInput,
)
from tests.helpers import activity_counts, thread_id
from tests.histories.record import SCORED_RUBRIC, SCORED_VERDICTS

BINARY = "Intro.\n- tests pass\n- has a docstring [check: run_python_tests]\n\n```python tests\nassert True\n```"


def met(name: str, score: int | None = None) -> Criterion:
    return Criterion(name=name, passed=True, score=score)


def unmet(name: str, score: int | None = None, gap: str = "missing") -> Criterion:
    return Criterion(name=name, passed=False, gap=gap, score=score)


class TestTheRubricReader:
    def test_weights_required_and_a_scale_with_its_points(self):
        rubric = parse_rubric(SCORED_RUBRIC)
        assert rubric.problems == []
        cites, words, tradeoff = rubric.criteria
        assert (cites.name, cites.weight, cites.required, cites.scale) == ("cites a source", 3.0, True, None)
        assert (words.name, words.weight, words.required) == ("under 50 words", 1.0, False)
        assert tradeoff.name == "explains the trade-off"
        assert tradeoff.scale == Scale(
            0, 4, 3, ((0, "no trade-off"), (2, "one side of it"), (4, "both sides, with what each costs"))
        )
        assert rubric.scored and rubric.scales == {"explains the trade-off": tradeoff.scale}

    def test_the_grader_sees_the_scale_and_its_points_but_no_weight_or_required(self):
        shown = parse_rubric(SCORED_RUBRIC).llm_rubric
        assert shown.splitlines() == [
            "- cites a source",
            "- under 50 words",
            "- explains the trade-off [scale: 0-4, pass: 3]",
            "  - 0: no trade-off",
            "  - 2: one side of it",
            "  - 4: both sides, with what each costs",
        ]

    def test_annotations_come_in_any_order_beside_a_check(self):
        rubric = parse_rubric("- it runs [required] [check: run_python_tests] [weight: 2]\n```python tests\nx = 1\n```")
        [criterion] = rubric.criteria
        assert (criterion.name, criterion.check, criterion.weight, criterion.required) == (
            "it runs",
            "run_python_tests",
            2.0,
            True,
        )

    def test_a_binary_rubric_reads_as_before(self):
        rubric = parse_rubric(BINARY)
        assert not rubric.scored
        assert [(c.name, c.check, c.weight, c.required, c.scale) for c in rubric.criteria] == [
            ("tests pass", None, 1.0, False, None),
            ("has a docstring", "run_python_tests", 1.0, False, None),
        ]
        assert rubric.llm_rubric == "Intro.\n- tests pass"

    def test_other_brackets_stay_in_the_name_and_points_need_a_scale_above_them(self):
        rubric = parse_rubric("- cites [1] [citation needed]\n- plain\n  - 0: a sub-bullet, so a criterion")
        assert [c.name for c in rubric.criteria] == [
            "cites [1] [citation needed]",
            "plain",
            "0: a sub-bullet, so a criterion",
        ]

    @pytest.mark.parametrize(
        ("line", "said"),
        [
            ("- a [weight: 0]", "weight must be a number above 0"),
            ("- a [weight: heavy]", "got 'heavy'"),
            ("- a [weight: 2] [weight: 3]", "[weight] is given twice"),
            ("- a [required: yes]", "[required] takes no value"),
            ("- a [scale: 4-0]", "from a lower to a higher whole number"),
            ("- a [scale: 0-4, pass: 0]", "the pass mark 0 must lie above 0"),
            ("- a [scale: one to five]", "written [scale: 0-4]"),
            ("- a [scale: 0-4]\n  - 5: too many", "points [5] lie outside its scale 0-4"),
            ("- a [scale: 0-4]\n  - 1: x\n  - 1: y", "point 1 is explained twice"),
            ("- a [scale: 0-4] [check: run_python_tests]\n```python tests\nx=1\n```", "cannot score a scale"),
        ],
    )
    def test_a_bad_annotation_is_a_problem_the_client_refuses(self, line, said):
        problems = parse_rubric(line).problems
        assert any(said in p for p in problems), problems
        with pytest.raises(RunRefused, match="the rubric cannot be graded"):
            check_rubric(line)


class TestTheArithmetic:
    """By hand: weights 3, 1, 1 (sum 5); the scale 0-4 puts 2 points at 0.5, 3 at 0.75."""

    rubric = parse_rubric(SCORED_RUBRIC)

    @pytest.mark.parametrize(
        ("criteria", "score", "required"),
        [
            # (3*0 + 1*1 + 1*0.5) / 5
            ([unmet("cites a source"), met("under 50 words"), unmet("explains the trade-off", 2)], 0.3, False),
            # (3*1 + 1*0 + 1*1) / 5
            ([met("cites a source"), unmet("under 50 words"), met("explains the trade-off", 4)], 0.8, True),
            # (3*1 + 1*1 + 1*0.75) / 5
            ([met("cites a source"), met("under 50 words"), met("explains the trade-off", 3)], 0.95, True),
            # a scaled criterion without points counts as binary: (3 + 1 + 1) / 5
            ([met("cites a source"), met("under 50 words"), met("explains the trade-off")], 1.0, True),
            # a criterion not answered counts 0: (0 + 1 + 0) / 5; names compare as normalised
            ([met("UNDER  50 words.")], 0.2, False),
        ],
    )
    def test_weighted_score_and_required(self, criteria, score, required):
        assert weighted_score(self.rubric, criteria) == score
        assert required_met(self.rubric, criteria) is required

    def test_a_free_text_rubric_weighs_what_the_pass_answered_alike(self):
        free = parse_rubric("Be correct and brief.")
        assert weighted_score(free, [met("correct"), unmet("brief"), met("polite")]) == pytest.approx(2 / 3, abs=1e-6)
        assert weighted_score(free, []) is None
        assert required_met(free, [unmet("correct")]) is True

    def test_points_decide_passed_and_the_result_follows(self):
        claimed = GraderVerdict(
            result="satisfied",
            explanation="fine",
            criteria=[met("cites a source"), met("under 50 words"), met("explains the trade-off", 2)],
        )
        verdict = with_scales(self.rubric, claimed)
        assert verdict.result == "needs_revision"
        tradeoff = verdict.criteria[2]
        assert (tradeoff.passed, tradeoff.score) == (False, 2)
        assert tradeoff.gap == "scored 2 on 0-4, met from 3 (one side of it)"
        # And the other way: points at the pass mark pass a criterion the grader failed.
        raised = with_scales(
            self.rubric,
            GraderVerdict(
                result="needs_revision",
                explanation="x",
                criteria=[met("cites a source"), met("under 50 words"), unmet("explains the trade-off", 3)],
            ),
        )
        assert raised.result == "satisfied" and raised.criteria[2].passed and raised.criteria[2].gap is None

    def test_points_off_the_scale_fail_the_criterion_and_points_on_a_binary_one_are_dropped(self):
        verdict = with_scales(
            self.rubric,
            GraderVerdict(
                result="satisfied",
                explanation="x",
                criteria=[met("cites a source", 7), met("under 50 words"), met("explains the trade-off", 9)],
            ),
        )
        assert verdict.criteria[0].score is None and verdict.criteria[0].passed
        assert not verdict.criteria[2].passed and "outside the criterion's scale 0-4" in (verdict.criteria[2].gap or "")
        assert verdict.result == "needs_revision"

    def test_a_binary_rubric_records_no_score_unless_the_run_has_a_pass_score(self):
        binary = parse_rubric("- a\n- b")
        verdict = GraderVerdict(result="needs_revision", explanation="x", criteria=[met("a"), unmet("b")])
        assert score_of_pass(binary, verdict, None) == (verdict, None, None)
        assert score_of_pass(binary, verdict, 0.5)[1:] == (0.5, True)
        failed = GraderVerdict(result="failed", explanation="cannot", criteria=[])
        assert score_of_pass(self.rubric, failed, 0.5)[1:] == (None, None)

    @pytest.mark.parametrize(
        ("changes", "meets"),
        [
            ({}, True),
            ({"score": 0.79}, False),
            ({"required_met": False}, False),
            ({"unverified": True}, False),
            ({"result": "failed"}, False),
            ({"reviewer": "ana"}, False),
            ({"score": None}, False),
        ],
    )
    def test_meets_pass_score(self, changes, meets):
        evaluation = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="needs_revision",
            explanation="x",
            score=0.8,
            required_met=True,
        ).model_copy(update=changes)
        assert meets_pass_score(evaluation, 0.8) is meets
        assert meets_pass_score(evaluation.model_copy(update={"score": 1.0}), None) is False


class TestWhatTheGraderIsAsked:
    def test_a_binary_payload_is_unchanged_and_a_scaled_one_asks_for_points(self):
        transcript = [Message(role="user", content="t"), Message(role="assistant", content="a")]
        plain = grader_payload("- a", transcript, 0, "n0nce", ["a"])
        assert grader_payload("- a", transcript, 0, "n0nce", ["a"], {}) == plain
        assert "score" not in plain
        scales = parse_rubric(SCORED_RUBRIC).scales
        asked = grader_payload("- x", transcript, 0, "n0nce", ["explains the trade-off"], scales)
        assert "give each of them `score`" in asked and "- explains the trade-off: 0-4, met from 3" in asked

    def test_the_schema_a_grader_answers_to_has_an_optional_score(self):
        properties = GraderVerdict.model_json_schema()["$defs"]["Criterion"]["properties"]
        assert "score" in properties and "score" not in GraderVerdict.model_json_schema()["$defs"]["Criterion"].get(
            "required", []
        )

    def test_a_local_graders_grammar_asks_a_scaled_criterion_for_its_points_first(self):
        schema = verdict_schema(["a", "b"], {"b": Scale(0, 2, 2)})
        plain, scaled = schema["properties"]["criteria"]["prefixItems"]
        assert "score" not in plain["oneOf"][0]["properties"]
        for shape in scaled["oneOf"]:
            assert list(shape["properties"])[:2] == ["name", "score"]
            assert shape["properties"]["score"] == {"enum": [0, 1, 2]} and "score" in shape["required"]
        assert verdict_schema(["a"]) == verdict_schema(["a"], {})


class TestPassScoreSettings:
    @pytest.mark.parametrize("value", [0, 1.5, -0.1, True, "0.8"])
    def test_a_pass_score_outside_0_to_1_is_refused(self, value):
        with pytest.raises(ValidationError, match="pass_score must be a number above 0 and at most 1"):
            GraderSettings(model="scripted:x", pass_score=value)

    @pytest.mark.parametrize("flag", ["0", "1.01", "most"])
    def test_the_flag_is_refused_before_anything_starts(self, flag):
        args = build_parser().parse_args(
            ["run", "task", "--rubric", "- a", "--model", "scripted:a", "--pass-score", flag]
        )
        with pytest.raises(BadInput, match="--pass-score must be a number above 0 and at most 1"):
            build_run_input(args)

    def test_the_flags_set_the_settings(self):
        args = build_parser().parse_args(
            ["run", "task", "--rubric", "- a", "--model", "scripted:a", "--pass-score", "0.8", "--no-cache"]
        )
        grader = build_run_input(args).grader
        assert grader is not None and (grader.pass_score, grader.cache) == (0.8, False)
        no_rubric = build_parser().parse_args(["run", "task", "--model", "scripted:a", "--pass-score", "0.8"])
        with pytest.raises(BadInput, match="need a --rubric"):
            build_run_input(argparse.Namespace(**vars(no_rubric)))


class TestTheLoop:
    async def test_a_pass_that_meets_the_pass_score_ends_the_run_satisfied(self, client, task_queue, worker, script):
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Explain caching.",
                rubric=SCORED_RUBRIC,
                agent=AgentSettings(model=script("v1", "v2", "v3")),
                grader=GraderSettings(model=script(*SCORED_VERDICTS), pass_score=0.8),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status == "satisfied" and result.iteration == 2
        assert [(e.result, e.score, e.required_met) for e in result.evaluations] == [
            ("needs_revision", 0.3, False),
            ("needs_revision", 0.8, True),
        ]
        assert [(c.name, c.passed, c.score) for c in result.evaluations[1].criteria] == [
            ("cites a source", True, None),
            ("under 50 words", False, None),
            ("explains the trade-off", True, 4),
        ]

    async def test_without_a_pass_score_the_same_passes_revise_as_before(self, client, task_queue, worker, script):
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Explain caching.",
                rubric=SCORED_RUBRIC,
                agent=AgentSettings(model=script("v1", "v2")),
                grader=GraderSettings(model=script(*SCORED_VERDICTS), max_iterations=2),
            ),
            thread_id(),
        )
        result = await run.result()
        assert result.status == "max_iterations_reached"
        assert [e.score for e in result.evaluations] == [0.3, 0.8]  # recorded: the rubric is scored
        assert await activity_counts(run.handle) == {"rubricflow.run_agent_turn": 2, "rubricflow.grade_transcript": 2}


def test_a_scored_pass_is_shown_with_its_score_and_points():
    import io

    from rubricflow.cli.render import render_event
    from rubricflow.workflows.types import RunEvent

    out = io.StringIO()
    event = RunEvent(
        type="rubric_evaluation_end",
        iteration=1,
        result="needs_revision",
        explanation="62 words",
        criteria=[met("explains the trade-off", 4), unmet("under 50 words", gap="62 words")],
        score=0.8,
        from_cache=True,
    )
    render_event(event, out)
    text = out.getvalue()
    assert "(score 0.80) (from the grader cache) - 62 words" in text
    assert "explains the trade-off (4 points)" in text
