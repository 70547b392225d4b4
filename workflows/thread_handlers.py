"""The handlers of a thread (updates, signals, queries) and what it shows outside.

`RubricRunWorkflow` inherits them; the decisions they take are `workflows/steering.py`'s,
what they render is `workflows/visibility.py`'s.
"""

from __future__ import annotations

from typing import Any

from temporalio import workflow

with workflow.unsafe.imports_passed_through():
    import rubricflow.workflows.state as decide
    import rubricflow.workflows.steering as steer
    from rubricflow.workflows.files import AgentFile
    from rubricflow.workflows.mailbox import Mailbox
    from rubricflow.workflows.step_refs import STEP_QUERY, StepContext, grader_step
    from rubricflow.workflows.telemetry import record_run_end
    from rubricflow.workflows.thread_state import ThreadState
    from rubricflow.workflows.types import (
        ApproveInput,
        Evaluation,
        ExtendInput,
        Progress,
        RejectInput,
        RunEvent,
        RunStatus,
        SubmitInput,
    )
    from rubricflow.workflows.visibility import (
        render_details,
        run_end_event,
        search_attribute_updates,
        upsert_needed,
    )


class ThreadHandlers:
    """What callers may do to a thread, and what it shows them."""

    state: ThreadState
    _mailbox: Mailbox
    _inflight: Any
    _input: Any
    _events: Any
    _shown_status: str | None = None
    """The status this run last showed (None before its first show)."""

    def _record(self, evaluation: Evaluation) -> bool:
        raise NotImplementedError  # the workflow records a pass

    # -- messages: follow-ups ----------------------------------------------------------

    @workflow.update
    async def submit(self, input: SubmitInput) -> Progress:
        """Send a message (with an optional new rubric); returns once it is handled, with
        the thread's state as that message left it (messages queued behind it may be
        handled before this caller hears back)."""
        item = self._mailbox.push("message", submit=input, replies=True)
        await workflow.wait_condition(lambda: item.outcome is not None)
        assert item.outcome is not None
        return item.outcome

    @submit.validator
    def _validate_submit(self, input: SubmitInput) -> None:
        steer.check_submit(self.state, input)

    @workflow.signal
    def send(self, input: SubmitInput) -> None:
        """Fire-and-forget `submit`."""
        self._mailbox.push("message", submit=input)

    # -- pause / resume -------------------------------------------------------------------

    @workflow.update
    def pause(self) -> Progress:
        """Stop the in-flight work; the grading run keeps its id and remaining budget."""
        steer.pause(self.state)
        self._show_status()
        if self._inflight is not None:
            self._inflight.cancel()
        return self.progress()

    @pause.validator
    def _validate_pause(self) -> None:
        steer.check_pause(self.state)

    @workflow.update
    def resume(self) -> Progress:
        """Continue the paused grading run: same id, the iterations it has left."""
        steer.resume(self.state)
        self._show_status()
        return self.progress()

    @resume.validator
    def _validate_resume(self) -> None:
        steer.check_resume(self.state)

    # -- human review -----------------------------------------------------------------------

    @workflow.update
    def approve(self, input: ApproveInput) -> Progress:
        """A person accepts the work: the run ends `satisfied`, recorded as their verdict.
        A paused run is stopped where it waits on resume, with this verdict."""
        evaluation = steer.approve(self.state, input)
        if evaluation is not None:
            self._record(evaluation)
        return self.progress()

    @approve.validator
    def _validate_approve(self, input: ApproveInput) -> None:
        steer.check_approve(self.state, input.review)

    @workflow.update
    def reject(self, input: RejectInput) -> Progress:
        """A person's `needs_revision`: counts as a pass, their gaps go to the agent."""
        evaluation = steer.reject(self.state, input)
        self._show_status()
        self._mailbox.push("reject", evaluation=evaluation)
        return self.progress()

    @reject.validator
    def _validate_reject(self, input: RejectInput) -> None:
        steer.check_reject(self.state, input.review)

    @workflow.update
    def extend(self, input: ExtendInput) -> Progress:
        """Grant more iterations after `max_iterations_reached`, or more budget after
        `budget_exhausted`; the run goes on."""
        steer.extend(self.state, input)
        self._show_status()
        self._mailbox.push("extend", extend=input)
        return self.progress()

    @extend.validator
    def _validate_extend(self, input: ExtendInput) -> None:
        steer.check_extend(self.state, input)

    # -- visibility (workflows/visibility.py renders it) -----------------------------------

    def _set_status(self, status: RunStatus) -> None:
        self.state.status = status
        self._show_status()

    def _show_status(self) -> None:
        """Search attributes and Web UI details after the status changed."""
        info = workflow.info()
        shown = info.typed_search_attributes
        first_show = self._shown_status is None and info.continued_run_id is None
        if upsert_needed(self.state, shown, first_show=first_show):
            workflow.upsert_search_attributes(search_attribute_updates(self.state, shown))
        self._shown_status = decide.visible_status(self.state)
        self._show_details()

    def _show_pass(self) -> None:
        """After a pass that does not end the run: search attributes only when the visible
        status changed (a search-attribute upsert is an event and a billable action, so a
        run's `RubricIteration` is refreshed with its status, not on every pass); the Web
        UI's details (status, iteration) always."""
        if decide.visible_status(self.state) != self._shown_status:
            self._show_status()
        else:
            self._show_details()

    def _show_details(self) -> None:
        workflow.set_current_details(render_details(self.state))

    def _finish(self, status: RunStatus) -> None:
        self._set_status(status)
        self._publish(run_end_event(self.state, status))
        record_run_end(self.state, status, workflow.info().task_queue)

    def _publish(self, event: RunEvent) -> None:
        """Publish on the thread's stream, stamped with workflow time."""
        self._events.publish(event.model_copy(update={"at": workflow.now()}))

    @workflow.query
    def progress(self) -> Progress:
        """Everything a caller may want to see, at any moment."""
        return decide.progress_view(self.state, workflow.info().workflow_id, len(self._mailbox))

    @workflow.query(name=STEP_QUERY)
    def step_context(self) -> StepContext:
        """The transcript and settings the running step works on (`step_refs.py`)."""
        grader = grader_step(self.state)["settings"] if self.state.grader is not None else None
        return StepContext(
            transcript=self.state.transcript, agent=self._input.agent, grader=grader, rubric=self.state.rubric
        )

    @workflow.query
    def files(self) -> dict[str, AgentFile]:
        """The agent's virtual files with their content (`progress` lists names and sizes)."""
        return dict(self.state.files)
