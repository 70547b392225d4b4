"""A scaled criterion under the strategies that ask one criterion at a time: after its own
question the grader is asked the criterion's points, with the rubric's meaning of each point
in front of it, and the points decide it (scripted graders)."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import BaseMessage

from rubricflow.workflows.types import Message
from tests.histories.record import SCORED_RUBRIC
from tests.test_grader import grade, grade_input, seen  # noqa: F401  (fixture)

ANSWER = [Message(role="user", content="Pick a queue."), Message(role="assistant", content="Use Kafka: it is durable.")]


def said(passed: bool, reason: str = "because") -> dict[str, Any]:
    return {"structured": {"reason": reason, "passed": passed}}


def points(score: Any, reason: str = "one side only") -> dict[str, Any]:
    return {"structured": {"reason": reason, "score": score}}


def human(messages: list[BaseMessage]) -> str:
    return "\n".join(str(m.content) for m in messages if m.type == "human")


async def test_per_criterion_asks_the_points_of_a_scaled_criterion_and_they_decide_it(script, seen):
    # Three binary questions, then the scaled criterion's points: 2 is under its pass mark 3.
    grader = script(said(True), said(True), said(True), points(2))
    result = await grade(
        grade_input(grader, rubric=SCORED_RUBRIC, transcript=ANSWER, settings={"grading": "per_criterion"})
    )
    by_name = {c.name: c for c in result.verdict.criteria}
    scaled = by_name["explains the trade-off"]
    assert (scaled.passed, scaled.score, scaled.gap) == (False, 2, "one side only")
    assert scaled.decided_by == "points: 2 on 0-4, met from 3"
    assert result.verdict.result == "needs_revision"
    assert by_name["cites a source"].score is None and by_name["cites a source"].passed
    # Weights 3, 1, 1 and 2 of 4 points: (3 + 1 + 0.5) / 5.
    assert result.score == pytest.approx(0.9)
    asked = human(seen[-1])
    assert "explains the trade-off" in asked and "2: one side of it" in asked and "from 0 to 4 points" in asked
    assert result.model_calls == 4


async def test_points_at_the_pass_mark_meet_the_criterion(script):
    grader = script(said(True), said(True), said(False, "no trade-off named"), points(3, "both sides"))
    result = await grade(
        grade_input(grader, rubric=SCORED_RUBRIC, transcript=ANSWER, settings={"grading": "per_criterion"})
    )
    scaled = next(c for c in result.verdict.criteria if c.score is not None)
    assert (scaled.passed, scaled.score) == (True, 3)
    assert result.verdict.result == "satisfied"


async def test_points_off_the_scale_are_invalid_output_not_a_verdict(script):
    from temporalio.exceptions import ApplicationError

    grader = script(said(True), said(True), said(True), points(7))
    with pytest.raises(ApplicationError, match="not on its scale 0-4"):
        await grade(grade_input(grader, rubric=SCORED_RUBRIC, transcript=ANSWER, settings={"grading": "per_criterion"}))


async def test_a_binary_rubric_asks_no_points(script, seen):
    grader = script(said(True), said(False, "too long"))
    result = await grade(
        grade_input(grader, rubric="- a\n- b", transcript=ANSWER, settings={"grading": "per_criterion"})
    )
    assert result.model_calls == 2 and all(c.score is None for c in result.verdict.criteria)
    assert not any("points" in human(m) for m in seen)
