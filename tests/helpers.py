"""Helpers shared by the tests: scripted grader replies and history inspection."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import sys
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from temporalio.api.enums.v1 import EventType, PendingActivityState
from temporalio.client import WorkflowHandle

from rubricflow.activities.step_inputs import after_pass
from rubricflow.workflows import names
from rubricflow.workflows.step_refs import settings_digest, transcript_digest
from rubricflow.workflows.types import AgentTurnInput, AgentTurnResult, GradeInput, GradeResult, HookInput, Message

# The wire leaves out fields at their default: decoded through the contract, a step's
# payload reads with every field.
INPUTS = {
    names.AGENT_TURN_ACTIVITY: AgentTurnInput,
    names.GRADER_PASS_ACTIVITY: GradeInput,
    names.HOOKS_ACTIVITY: HookInput,
}
RESULTS = {names.AGENT_TURN_ACTIVITY: AgentTurnResult, names.GRADER_PASS_ACTIVITY: GradeResult}


def _full(data: bytes, model: Any) -> Any:
    decoded = json.loads(data)
    return decoded if model is None else model.model_validate(decoded).model_dump(mode="json")


def verdict(result: str, explanation: str = "", **criteria: Any) -> dict[str, Any]:
    """A scripted grader reply: `verdict("needs_revision", tests=("fails", "gap"), style=True)`."""
    items = []
    for name, value in criteria.items():
        if value is True:
            items.append({"name": name, "passed": True})
        else:
            items.append({"name": name, "passed": False, "gap": value})
    return {"structured": {"result": result, "explanation": explanation or result, "criteria": items}}


def thread_id() -> str:
    return f"thread-test-{uuid.uuid4().hex[:10]}"


async def activity_counts(handle: WorkflowHandle[Any, Any]) -> Counter[str]:
    """How many times each activity type was scheduled, read from the history."""
    counts: Counter[str] = Counter()
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            counts[event.activity_task_scheduled_event_attributes.activity_type.name] += 1
    return counts


async def activity_attempts(handle: WorkflowHandle[Any, Any]) -> list[tuple[str, int]]:
    """(activity type, attempt on which it last started) for each scheduled activity."""
    names: dict[int, str] = {}
    attempts: list[tuple[str, int]] = []
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            names[event.event_id] = event.activity_task_scheduled_event_attributes.activity_type.name
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            attrs = event.activity_task_started_event_attributes
            attempts.append((names[attrs.scheduled_event_id], attrs.attempt))
    return attempts


async def activity_inputs(handle: WorkflowHandle[Any, Any], activity_type: str) -> list[dict[str, Any]]:
    """The decoded input of each scheduled activity of a type, from the history, with the
    transcript each step saw (`step_transcripts`) in its `messages` / `transcript`."""
    found = []
    async for event, step, _ in _steps(handle):
        if event.activity_task_scheduled_event_attributes.activity_type.name == activity_type:
            found.append(step)
    return found


async def _steps(handle: WorkflowHandle[Any, Any]) -> Any:
    """(scheduled event, its input with the transcript filled in, the type) per step. The
    transcript and settings are rebuilt from the history alone, the way a worker's cache
    has them: the steps before gave every base."""
    seen: dict[str, list[Message]] = {transcript_digest([]): []}
    sent: dict[int, list[Message]] = {}
    steps: dict[int, Any] = {}
    settings: dict[tuple[str, str], Any] = {}
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            attrs = event.activity_task_scheduled_event_attributes
            model = INPUTS.get(attrs.activity_type.name)
            step = _full(attrs.input.payloads[0].data, model)
            grading = attrs.activity_type.name == names.GRADER_PASS_ACTIVITY
            if step.get("settings") is not None:  # sent whole: later steps of its kind may get its digest
                value = model.model_validate(step)
                digest = settings_digest(value.settings, value.rubric if grading else None)
                settings[(attrs.activity_type.name, digest)] = (step["settings"], step.get("rubric"))
            elif "settings" in step:
                step["settings"], rubric = settings[(attrs.activity_type.name, step["settings_digest"])]
                if grading:
                    step["rubric"] = rubric
            step.pop("settings_digest", None)
            ref = step.pop("transcript_ref", None)
            if ref is not None:
                base = seen[ref["base"] or transcript_digest([])]
                full = [*base, *(Message.model_validate(m) for m in ref["tail"])]
                seen[transcript_digest(full)] = sent[event.event_id] = full
                key = "messages" if attrs.activity_type.name == names.AGENT_TURN_ACTIVITY else "transcript"
                step[key] = [m.model_dump(mode="json") for m in full]
                steps[event.event_id] = model.model_validate(step)
            yield event, step, attrs.activity_type.name
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
            attrs = event.activity_task_completed_event_attributes
            if attrs.scheduled_event_id in sent:
                step = steps[attrs.scheduled_event_id]
                data = attrs.result.payloads[0].data
                if isinstance(step, AgentTurnInput):  # its worker keeps the turn's messages with what it was sent
                    kept = [[*step.messages, *AgentTurnResult.model_validate_json(data).messages]]
                else:
                    kept = after_pass(step, GradeResult.model_validate_json(data))
                seen.update({transcript_digest(t): t for t in kept})


async def activity_results(handle: WorkflowHandle[Any, Any], activity_type: str) -> list[dict[str, Any]]:
    """The decoded result of each completed activity of a type, from the history."""
    scheduled: dict[int, str] = {}
    found = []
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            scheduled[event.event_id] = event.activity_task_scheduled_event_attributes.activity_type.name
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
            attrs = event.activity_task_completed_event_attributes
            if scheduled[attrs.scheduled_event_id] == activity_type:
                found.append(_full(attrs.result.payloads[0].data, RESULTS.get(activity_type)))
    return found


async def last_failures(handle) -> dict[str, object]:
    """For each activity type that was retried: the failure of the attempt before its last."""
    names: dict[int, str] = {}
    found: dict[str, object] = {}
    async for event in handle.fetch_history_events():
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            names[event.event_id] = event.activity_task_scheduled_event_attributes.activity_type.name
        elif event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            attrs = event.activity_task_started_event_attributes
            if attrs.attempt > 1:
                found[names[attrs.scheduled_event_id]] = attrs.last_failure
    return found


async def start_worker_process(client, task_queue: str, **env_extra: str) -> asyncio.subprocess.Process:
    """`python -m rubricflow.worker` as a real subprocess, on the test server and task queue."""
    env = {
        **os.environ,
        "TEMPORAL_ADDRESS": client.service_client.config.target_host,
        "TEMPORAL_NAMESPACE": client.namespace,
        "RUBRICFLOW_TASK_QUEUE": task_queue,
        "RUBRICFLOW_LOG_LEVEL": "WARNING",
        **env_extra,
    }
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "rubricflow.worker", env=env, stdin=asyncio.subprocess.DEVNULL
    )


T = TypeVar("T")


async def until(
    probe: Callable[[], Awaitable[T | None] | T | None], what: str, deadline_s: float = 60, every_s: float = 0.2
) -> T:
    """Poll `probe` (sync or async) until it answers something truthy, and return that.

    For what has no event to await: a server's description, a file, a port. `deadline_s`
    is a bound for a busy machine, never a timing check: past it, an AssertionError says
    what never happened."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline_s
    while True:
        answer = probe()
        if inspect.isawaitable(answer):
            answer = await answer
        if answer:
            return answer  # type: ignore[return-value]
        if loop.time() >= end:
            raise AssertionError(f"not within {deadline_s:g} s: {what}")
        await asyncio.sleep(every_s)


async def wait_for_running_activity(handle, deadline_s: float = 60) -> str:
    """Wait until an activity of the run is running on a worker (started); return its type.

    A step heartbeats only after half its heartbeat timeout, so a short one never does:
    started is what says a worker holds it."""

    async def started() -> str | None:
        description = await handle.describe()
        for pending in description.raw_description.pending_activities:
            if pending.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED:
                return pending.activity_type.name
        return None

    return await until(started, "an activity of the run started", deadline_s)


async def wait_for_calls(log: Path, calls: int, deadline_s: float = 90) -> None:
    """Until the scripted model has taken its `calls`-th reply (a line of its `record_to`
    log is written once the reply is taken). The activity's attempt being STARTED on the
    server is not enough: a kill before the model is called would leave the reply unused
    and shift every later attempt by one. There is no event to await from outside: poll."""
    await until(
        lambda: log.exists() and len(log.read_text(encoding="utf-8").splitlines()) >= calls,
        f"the model called a {calls}th time",
        deadline_s,
    )


def local_threads() -> int | None:
    """The CPU threads a local model a test builds itself generates on: the suite's worker
    setting (`RUBRICFLOW_LOCAL_THREADS`, which conftest sets), so it matches its workers'."""
    from rubricflow.worker_env import config_from_env

    return config_from_env().local_threads
