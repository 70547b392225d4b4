"""What the thread page shows, from a `Progress` alone (no server): which answer each pass
graded, and the diff between passes."""

from __future__ import annotations

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
