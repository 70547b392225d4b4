"""The names and defaults that the workflow, its workers and its clients must agree on.

Each is defined here once: the task queue and data directory a process uses when nothing
is configured, the search attributes a thread upserts (and their types, which a
namespace must have registered), the activities' registered names, the event topic.
"""

from __future__ import annotations

from temporalio.common import SearchAttributeKey

TASK_QUEUE_ENV = "RUBRICFLOW_TASK_QUEUE"
DEFAULT_TASK_QUEUE = "rubricflow"
DATA_DIR_ENV = "RUBRICFLOW_DATA_DIR"
DEFAULT_DATA_DIR = ".rubricflow"
"""Relative to the working directory: joined local models, the hook ledger, the embedded
server's database."""

STATUS_ATTR = SearchAttributeKey.for_keyword("RubricStatus")
"""The thread's visible status (`state.visible_status`): a `RunStatus` or `needs_revision`."""
ITERATION_ATTR = SearchAttributeKey.for_int("RubricIteration")
RUN_ID_ATTR = SearchAttributeKey.for_keyword("GradingRunId")
SEARCH_ATTRIBUTES = (STATUS_ATTR, ITERATION_ATTR, RUN_ID_ATTR)
"""Every search attribute a thread upserts; a namespace must have each registered."""

AGENT_TURN_ACTIVITY = "rubricflow.run_agent_turn"
GRADER_PASS_ACTIVITY = "rubricflow.grade_transcript"
HOOKS_ACTIVITY = "rubricflow.deliver_evaluation"
CHECK_RUN_ACTIVITY = "rubricflow.check_run"
"""`RunCheckWorkflow`'s one activity: what a worker would refuse of a run."""
ACTIVITY_NAMES = (AGENT_TURN_ACTIVITY, GRADER_PASS_ACTIVITY, HOOKS_ACTIVITY, CHECK_RUN_ACTIVITY)
"""Namespaced, so they never clash with the activities of a user's own workflows on the
same worker."""
ADOPT_THREAD_ACTIVITY = "rubricflow.batch.adopt_thread"
"""`BatchWorkflow`'s one activity (rubricflow.activities.batch)."""

EVENTS_TOPIC = "events"
"""The thread's `WorkflowStream` topic of `RunEvent`s."""
