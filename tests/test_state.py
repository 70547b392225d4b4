"""The thread's decisions as pure functions on its state: no server needed."""

from __future__ import annotations

import inspect

import pytest

from rubricflow.workflows import state as decide
from rubricflow.workflows import steering as steer
from rubricflow.workflows.activity_defs import RubricActivityDefs
from rubricflow.workflows.state import GradingRun, ThreadState
from rubricflow.workflows.types import (
    AgentSettings,
    ApproveInput,
    Criterion,
    Evaluation,
    ExtendInput,
    GraderSettings,
    Message,
    RejectInput,
    RunInput,
    SubmitInput,
    Usage,
)
from rubricflow.workflows.visibility import render_details

RUBRIC = "- tests pass"
GRADER = GraderSettings(model="scripted:g.json", max_iterations=2)


def graded_thread(status: str = "running", iteration: int = 0, cap: int = 2) -> ThreadState:
    """A thread in a grading run with `iteration` passes spent."""
    return ThreadState(
        status=status,
        rubric=RUBRIC,
        grader=GRADER,
        run=GradingRun(id="run-1", rubric=RUBRIC, iteration=iteration, max_iterations=cap),
    )


def evaluation(result: str, iteration: int = 0, run_id: str = "run-1") -> Evaluation:
    failing = [Criterion(name="tests", passed=False, gap="fails")] if result == "needs_revision" else []
    return Evaluation(grading_run_id=run_id, iteration=iteration, result=result, explanation=result, criteria=failing)


class TestMessages:
    def test_without_a_rubric_the_agent_answers(self):
        state = ThreadState()
        assert decide.take_message(state, SubmitInput(message="hi")) == "answer"
        assert state.transcript == [Message(role="user", content="hi", source="user")]

    def test_a_first_rubric_starts_a_run_with_the_graders_budget(self):
        state = ThreadState(rubric=RUBRIC, grader=GRADER)
        assert decide.take_message(state, SubmitInput(message="go")) == "new_run"
        run = decide.start_grading_run(state, "run-1")
        assert (run.id, run.rubric, run.iteration, run.max_iterations, run.frozen_criteria) == (
            "run-1",
            RUBRIC,
            0,
            2,
            [],
        )

    def test_same_rubric_continues_a_run_that_is_not_terminal(self):
        state = graded_thread(status="running", iteration=1)
        assert decide.take_message(state, SubmitInput(message="more")) == "continue_run"

    @pytest.mark.parametrize("status", ["satisfied", "failed", "grader_error", "max_iterations_reached", "answered"])
    def test_same_rubric_after_a_terminal_status_is_a_new_run(self, status):
        state = graded_thread(status=status)
        assert decide.take_message(state, SubmitInput(message="again")) == "new_run"

    def test_a_new_rubric_is_a_new_run_that_resets_budget_and_frozen_criteria(self):
        state = graded_thread(status="running", iteration=1)
        state.run.frozen_criteria = ["tests"]
        new_grader = GraderSettings(model="scripted:g2.json", max_iterations=5)
        plan = decide.take_message(state, SubmitInput(message="doc it", rubric="- docstring", grader=new_grader))
        assert plan == "new_run" and state.rubric == "- docstring" and state.grader == new_grader
        run = decide.start_grading_run(state, "run-2")
        assert (run.id, run.rubric, run.iteration, run.max_iterations, run.frozen_criteria) == (
            "run-2",
            "- docstring",
            0,
            5,
            [],
        )

    def test_submit_with_a_rubric_needs_grader_settings(self):
        with pytest.raises(
            ValueError, match="this thread has no grader settings: send grader settings with the rubric"
        ):
            steer.check_submit(ThreadState(), SubmitInput(message="x", rubric=RUBRIC))
        steer.check_submit(ThreadState(), SubmitInput(message="x", rubric=RUBRIC, grader=GRADER))


class TestPasses:
    @pytest.mark.parametrize("result", ["satisfied", "failed", "grader_error"])
    def test_a_final_verdict_ends_the_run_with_its_own_status(self, result):
        state = graded_thread()
        assert decide.record_pass(state, evaluation(result)) == result
        assert state.status == result and state.run.iteration == 1 and state.evaluations[-1].result == result

    def test_needs_revision_within_the_budget_goes_on(self):
        state = graded_thread(cap=2)
        assert decide.record_pass(state, evaluation("needs_revision")) is None
        assert state.status == "running" and state.run.iteration == 1
        assert decide.has_budget(state)

    def test_needs_revision_on_the_last_pass_ends_at_the_cap_and_keeps_the_verdict(self):
        state = graded_thread(iteration=1, cap=2)
        assert decide.record_pass(state, evaluation("needs_revision", iteration=1)) == "max_iterations_reached"
        assert state.status == "max_iterations_reached" and state.evaluations[-1].result == "needs_revision"
        assert not decide.has_budget(state)

    def test_with_a_cap_of_one_the_first_needs_revision_ends_the_run(self):
        state = graded_thread(cap=1)
        assert decide.record_pass(state, evaluation("needs_revision")) == "max_iterations_reached"

    def test_the_revision_message_is_the_graders_and_carries_the_gaps(self):
        state = graded_thread()
        decide.append_revision(state, evaluation("needs_revision"))
        message = state.transcript[-1]
        assert (message.role, message.source, message.name) == ("user", "grader", "rubric_grader")
        assert "- tests: fails" in message.content

    def test_the_first_usable_pass_freezes_criteria_and_later_ones_do_not(self):
        state = graded_thread()
        decide.freeze_criteria(state, [])
        assert state.run.frozen_criteria == []
        decide.freeze_criteria(state, ["tests", "docs"])
        decide.freeze_criteria(state, ["other"])
        assert state.run.frozen_criteria == ["tests", "docs"]


class TestVisibleStatus:
    def test_a_run_revising_after_needs_revision_shows_needs_revision(self):
        state = graded_thread()
        decide.record_pass(state, evaluation("needs_revision"))
        assert state.status == "running" and decide.visible_status(state) == "needs_revision"

    def test_a_needs_revision_of_an_earlier_run_does_not_show(self):
        state = graded_thread()
        state.evaluations.append(evaluation("needs_revision", run_id="run-0"))
        assert decide.visible_status(state) == "running"

    def test_otherwise_the_status_itself(self):
        state = graded_thread(status="max_iterations_reached")
        state.evaluations.append(evaluation("needs_revision"))
        assert decide.visible_status(state) == "max_iterations_reached"


class TestPauseResume:
    def test_pause_then_resume_restores_the_status(self):
        state = graded_thread(status="running")
        steer.check_pause(state)
        steer.pause(state)
        assert (state.status, state.paused, state.paused_status) == ("paused", True, "running")
        with pytest.raises(ValueError, match="the thread is already paused: resume it first"):
            steer.check_pause(state)
        steer.check_resume(state)
        steer.resume(state)
        assert (state.status, state.paused) == ("running", False)

    def test_pause_needs_a_running_thread_and_resume_a_paused_one(self):
        state = graded_thread(status="satisfied")
        with pytest.raises(ValueError, match="nothing to pause: the thread's status is 'satisfied', not 'running'"):
            steer.check_pause(state)
        with pytest.raises(ValueError, match=r"the thread is not paused \(status 'satisfied'\)"):
            steer.check_resume(state)


class TestReview:
    @pytest.mark.parametrize("status", ["max_iterations_reached", "failed", "grader_error"])
    def test_approve_an_ended_run_records_the_reviewers_satisfied(self, status):
        state = graded_thread(status=status, iteration=2)
        steer.check_approve(state)
        approval = steer.approve(state, ApproveInput(reviewer="ana", note="fine"))
        assert approval is not None
        assert (approval.result, approval.reviewer, approval.iteration, approval.explanation) == (
            "satisfied",
            "ana",
            2,
            "Approved by ana: fine",
        )
        assert decide.record_pass(state, approval) == "satisfied"
        assert state.status == "satisfied" and state.evaluations[-1] == approval

    def test_approve_a_paused_run_stops_it_where_it_waits(self):
        state = graded_thread(status="running", iteration=1)
        steer.pause(state)
        steer.check_approve(state)
        assert steer.approve(state, ApproveInput(reviewer="bo")) is None
        assert not state.paused and state.stop is not None
        stop = steer.take_stop(state)
        assert (stop.result, stop.explanation, state.stop) == ("satisfied", "Approved by bo.", None)
        assert decide.record_pass(state, stop) == "satisfied"

    def test_approve_is_refused_where_it_does_not_apply(self):
        with pytest.raises(ValueError, match="nothing to approve: this thread has no grading run"):
            steer.check_approve(ThreadState())
        for status in ("running", "satisfied"):
            with pytest.raises(
                ValueError,
                match=f"approve applies to a paused run or one that ended without 'satisfied'; the status is '{status}'",
            ):
                steer.check_approve(graded_thread(status=status))

    def test_reject_is_a_needs_revision_pass_with_the_reviewers_gaps(self):
        state = graded_thread(status="satisfied", iteration=1, cap=3)
        steer.check_reject(state)
        rejection = steer.reject(state, RejectInput(feedback="It crashes on None.", reviewer="ana"))
        assert state.status == "running"
        assert (rejection.result, rejection.iteration, rejection.reviewer) == ("needs_revision", 1, "ana")
        assert rejection.criteria == [Criterion(name="reviewer feedback", passed=False, gap="It crashes on None.")]
        assert decide.record_pass(state, rejection) is None and state.run.iteration == 2

    def test_reject_is_refused_before_the_run_ends_and_once_the_budget_is_spent(self):
        with pytest.raises(ValueError, match="nothing to reject: this thread has no grading run"):
            steer.check_reject(ThreadState())
        with pytest.raises(ValueError, match="reject applies once a grading run has ended; the status is 'running'"):
            steer.check_reject(graded_thread(status="running"))
        paused = graded_thread(status="running")
        steer.pause(paused)
        with pytest.raises(ValueError, match=r"\(resume or approve a paused run\)"):
            steer.check_reject(paused)
        with pytest.raises(ValueError, match="the grading run has used all 2 iterations: extend it first"):
            steer.check_reject(graded_thread(status="max_iterations_reached", iteration=2, cap=2))

    def test_numbered_decisions_have_their_own_operation_ids(self):
        """An approval spends no iteration: the rejection after it is at the same one."""
        state = graded_thread(status="failed", iteration=1, cap=3)
        approval = steer.approve(state, ApproveInput(reviewer="ana"))
        assert approval is not None
        decide.record_pass(state, approval)
        rejection = steer.reject(state, RejectInput(feedback="no", reviewer="bo"))
        assert (approval.iteration, rejection.iteration) == (1, 1)
        assert (approval.operation_id, rejection.operation_id) == ("run-1:1:review-1", "run-1:1:review-2")

    def test_a_decision_on_a_record_that_is_no_longer_the_latest_is_refused(self):
        state = graded_thread(status="failed", iteration=1, cap=3)
        decide.record_pass(state, evaluation("failed", 0))
        view = decide.progress_view(state, "t-1", pending=0)
        seen = view.pending_review
        assert seen == view.review == "run-1:0"
        steer.check_reject(state, seen)
        steer.reject(state, RejectInput(feedback="no", reviewer="bo"))  # queued, not yet recorded
        assert decide.progress_view(state, "t-1", pending=1).pending_review is None
        state.status = "failed"  # even were the run to end again before its next pass is recorded
        with pytest.raises(
            ValueError, match=r"another decision came first: bo rejected it \(record run-1:1:review-1, not run-1:0\)"
        ):
            steer.check_approve(state, seen)

    def test_a_review_is_decided_once(self):
        """Issue 38: the second of two racing reviewers read the first one's decision as
        "the latest record" and overturned it. A decision is not decided on again, whether
        the second names it or names nothing; the next grader pass is a new review."""
        state = graded_thread(status="failed", iteration=1, cap=3)
        decide.record_pass(state, evaluation("failed", 0))
        approval = steer.approve(state, ApproveInput(reviewer="ana"))
        assert approval is not None
        decide.record_pass(state, approval)
        assert decide.progress_view(state, "t-1", pending=0).pending_review is None
        for review in (approval.operation_id, None):
            with pytest.raises(
                ValueError, match=r"this review is decided already: ana approved it \(record run-1:1:review-1\)"
            ):
                steer.check_reject(state, review)
        rejected = graded_thread(status="failed", iteration=1, cap=3)
        decide.record_pass(rejected, evaluation("failed", 0))
        decide.record_pass(rejected, steer.reject(rejected, RejectInput(feedback="no", reviewer="bo")))
        steer.pause(rejected)
        steer.check_approve(rejected, None)  # approving a paused run stops it: no second decision
        steer.resume(rejected)
        decide.record_pass(rejected, evaluation("failed", 2))
        assert decide.progress_view(rejected, "t-1", pending=0).pending_review == "run-1:2"
        steer.check_approve(rejected, "run-1:2")
        # Read as bob's decision, sent once the next pass came: still said to be bob's.
        with pytest.raises(ValueError, match=r"another decision came first: bo rejected it"):
            steer.check_approve(rejected, "run-1:1:review-1")

    def test_extend_after_the_cap_grows_the_budget_when_handled(self):
        state = graded_thread(status="max_iterations_reached", iteration=2, cap=2)
        steer.check_extend(state)
        steer.extend(state, ExtendInput(iterations=3))
        assert state.status == "running" and state.run.max_iterations == 2
        decide.grant_budget(state, ExtendInput(iterations=3))
        assert state.run.max_iterations == 5 and decide.has_budget(state)

    def test_approve_after_the_cap_keeps_k_of_n(self):
        """`approve` after `2 of 2` showed `iteration 3 of 2`: an approval spends no pass."""
        state = graded_thread(status="max_iterations_reached", iteration=2, cap=2)
        approval = steer.approve(state, ApproveInput(reviewer="ana"))
        assert approval is not None and decide.record_pass(state, approval) == "satisfied"
        view = decide.progress_view(state, "t-1", pending=0)
        assert (view.iteration, view.max_iterations) == (2, 2)

    def test_extend_shows_the_new_budget_at_once_and_once_only(self):
        """The update's answer said `iteration 2 of 2` after `extend --iterations 2`."""
        state = graded_thread(status="max_iterations_reached", iteration=2, cap=2)
        steer.extend(state, ExtendInput(iterations=2))
        view = decide.progress_view(state, "t-1", pending=1)
        assert (view.status, view.iteration, view.max_iterations) == ("running", 2, 4)
        decide.grant_budget(state, ExtendInput(iterations=2))
        view = decide.progress_view(state, "t-1", pending=0)
        assert (view.iteration, view.max_iterations, state.granted) == (2, 4, 0)

    def test_extend_is_refused_unless_the_cap_was_reached(self):
        with pytest.raises(
            ValueError, match="extend applies after 'max_iterations_reached'; the status is 'satisfied'"
        ):
            steer.check_extend(graded_thread(status="satisfied"))


class TestViewsAndCarrying:
    def test_progress_before_any_run_shows_the_graders_cap(self):
        view = decide.progress_view(ThreadState(rubric=RUBRIC, grader=GRADER), "t-1", pending=2)
        assert (view.grading_run_id, view.iteration, view.max_iterations, view.pending) == (None, 0, 2, 2)
        assert decide.progress_view(ThreadState(), "t-1", 0).max_iterations is None

    def test_progress_of_a_run(self):
        state = graded_thread(iteration=1)
        state.run.frozen_criteria = ["tests"]
        state.transcript = [Message(role="user", content="q"), Message(role="assistant", content="a")]
        view = decide.progress_view(state, "t-1", 0)
        assert (view.grading_run_id, view.iteration, view.max_iterations, view.frozen_criteria, view.answer) == (
            "run-1",
            1,
            2,
            ["tests"],
            "a",
        )

    def test_details_render_the_budget_and_the_last_pass(self):
        state = graded_thread(iteration=1)
        state.evaluations.append(evaluation("needs_revision"))
        details = render_details(state)
        assert "**iteration** 1/2" in details and "| tests | FAIL | fails |" in details

    def test_the_state_round_trips_through_run_input(self):
        state = graded_thread(status="satisfied", iteration=1)
        state.evaluations.append(evaluation("satisfied"))
        run_in = RunInput(agent=AgentSettings(model="a:b"), idle_timeout_s=5, state=state)
        again = RunInput.model_validate_json(run_in.model_dump_json())
        assert again.state == state
        assert decide.initial_state(again) == state and decide.initial_state(again) is not again.state

    def test_carried_state_is_bounded(self):
        state = ThreadState(transcript=[Message(role="user", content=str(i)) for i in range(250)])
        assert len(decide.carried(state).transcript) == 201 and len(state.transcript) == 250


class TestUsage:
    def test_usage_by_model_lists_only_the_models_that_reported_tokens(self):
        state = graded_thread()
        decide.spend(state, "scripted:agent.json", Usage(), "agent")
        decide.spend(state, "scripted:g.json", Usage(input_tokens=7, output_tokens=2), "grader")
        decide.spend(state, "scripted:g.json", Usage(input_tokens=3), "grader")
        assert state.usage_by_model == {"scripted:g.json": Usage(input_tokens=10, output_tokens=2)}
        assert state.usage == Usage(input_tokens=10, output_tokens=2)
        assert decide.progress_view(state, "t", 0).usage_by_model == state.usage_by_model


class TestActivityInterface:
    def test_the_workers_activities_implement_the_contracts_interface(self):
        """The workflow calls the stubs in `RubricActivityDefs`; the worker must register
        activities of the same names, argument and result types."""
        from temporalio import activity

        from rubricflow.activities.rubric_activities import RubricActivities
        from rubricflow.workflows import names

        for name, stub in inspect.getmembers(RubricActivityDefs, inspect.iscoroutinefunction):
            contract = activity._Definition.must_from_callable(stub)
            implementation = activity._Definition.must_from_callable(getattr(RubricActivities, name))
            assert (implementation.name, implementation.arg_types, implementation.ret_type) == (
                contract.name,
                contract.arg_types,
                contract.ret_type,
            )
        assert set(names.ACTIVITY_NAMES) == {
            activity._Definition.must_from_callable(stub).name
            for _, stub in inspect.getmembers(RubricActivityDefs, inspect.iscoroutinefunction)
        }
