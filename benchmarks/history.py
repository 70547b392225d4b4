"""What a run leaves on the server: history events, bytes, and Temporal Cloud billable actions.

Actions are counted from the history as Temporal Cloud bills them (docs.temporal.io/cloud/actions):
the workflow start (a continue-as-new or child start too), every activity attempt, every
timer (a `wait_condition` with a timeout starts one), every search-attribute upsert command
(one action however many keys it sets; one that sets only `TemporalChangeVersion` is exempt),
every signal and accepted update, and every recorded marker. Queries and heartbeats do not
appear in a history; a benchmark run makes no query, and its heartbeats are named apart.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from temporalio.api.enums.v1 import EventType
from temporalio.api.history.v1 import HistoryEvent
from temporalio.client import WorkflowHandle

from rubricflow.converter import data_converter
from rubricflow.workflows.types import Message

E = EventType
EXTRA_EVENTS = 4
"""A run may write at most this many events more than the minimal floor of the same passes."""
BYTES_FACTOR = 2
"""... and at most this many times the floor's bytes, plus its transcript itself."""
CHANGE_VERSION = "TemporalChangeVersion"

ACTION_EVENTS = {
    E.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED: "workflow start",
    E.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED: "workflow start",
    E.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW: "workflow start",
    E.EVENT_TYPE_TIMER_STARTED: "timers",
    E.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED: "signals/updates",
    E.EVENT_TYPE_SIGNAL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED: "signals/updates",
    E.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED: "signals/updates",
    E.EVENT_TYPE_MARKER_RECORDED: "markers",
}
CATEGORIES = ("workflow start", "activities", "signals/updates", "timers", "search-attribute upserts", "markers")


def billable_actions(events: list[HistoryEvent]) -> dict[str, int]:
    """Billable actions by category (every category present, 0 when none) and their total."""
    counts: Counter[str] = Counter({c: 0 for c in CATEGORIES})
    for event in events:
        if event.event_type == E.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            # One event for the attempt that ran last: earlier attempts are counted by its number.
            counts["activities"] += max(1, event.activity_task_started_event_attributes.attempt)
        elif event.event_type == E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            continue
        elif event.event_type == E.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
            keys = set(event.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields)
            counts["search-attribute upserts"] += keys != {CHANGE_VERSION}
        elif event.event_type in ACTION_EVENTS:
            counts[ACTION_EVENTS[event.event_type]] += 1
    result = dict(counts)
    result["total"] = sum(counts.values())
    return result


def scheduled_activities(events: list[HistoryEvent]) -> list[str]:
    return [
        e.activity_task_scheduled_event_attributes.activity_type.name
        for e in events
        if e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
    ]


def event_kinds(events: list[HistoryEvent]) -> dict[str, int]:
    """Events per type, short names (`ACTIVITY_TASK_SCHEDULED`), most frequent first."""
    kinds = Counter(E.Name(e.event_type).removeprefix("EVENT_TYPE_") for e in events)
    return dict(kinds.most_common())


async def history_stats(handle: WorkflowHandle[Any, Any]) -> tuple[int, int, list[str]]:
    """Events, bytes (the events' protobuf size) and the scheduled activity types, in order."""
    history = await handle.fetch_history()
    return len(history.events), sum(e.ByteSize() for e in history.events), scheduled_activities(history.events)


async def history_profile(handle: WorkflowHandle[Any, Any]) -> dict[str, Any]:
    """One run's history: events, bytes, billable actions, events per type and where the
    bytes are (`payload_breakdown`)."""
    history = await handle.fetch_history()
    events = list(history.events)
    return {
        "events": len(events),
        "bytes": sum(e.ByteSize() for e in events),
        "actions": billable_actions(events),
        "event_kinds": event_kinds(events),
        "breakdown": payload_breakdown(events),
    }


def transcript_bytes(transcript: list[Message]) -> int:
    """The transcript itself: the run's messages (its final `transcript`) as the data
    converter puts them on the wire, counted once."""
    return sum(len(p.data) for p in data_converter.payload_converter.to_payloads(transcript))


def history_goal(run: dict[str, Any], floor: dict[str, Any], transcript: int) -> dict[str, Any]:
    """The history goal for one run length: at most the floor's events + EXTRA_EVENTS, and
    at most 2x the floor's bytes plus the transcript itself (nothing carried twice)."""
    allowance = BYTES_FACTOR * floor["bytes"] + transcript
    return {
        "passes": run["passes"],
        "events": run["events"],
        "max_events": floor["events"] + EXTRA_EVENTS,
        "bytes": run["bytes"],
        "transcript_bytes": transcript,
        "max_bytes": allowance,
        "met": run["events"] <= floor["events"] + EXTRA_EVENTS and run["bytes"] <= allowance,
    }


def _payloads_size(payloads: Any) -> int:
    return sum(p.ByteSize() for p in payloads.payloads)


def payload_breakdown(events: list[HistoryEvent]) -> dict[str, dict[str, int]]:
    """Where a history's bytes are: `events` (bytes per event type, whole events) and
    `payloads` (the payload bytes inside them: the workflow's input and result, each
    activity type's inputs and results, search-attribute upserts)."""
    by_event: Counter[str] = Counter()
    by_payload: Counter[str] = Counter()
    activity_of: dict[int, str] = {}
    for event in events:
        by_event[E.Name(event.event_type).removeprefix("EVENT_TYPE_")] += event.ByteSize()
        if event.event_type == E.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
            by_payload["workflow input"] += _payloads_size(event.workflow_execution_started_event_attributes.input)
        elif event.event_type == E.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED:
            by_payload["workflow result"] += _payloads_size(event.workflow_execution_completed_event_attributes.result)
        elif event.event_type == E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
            attrs = event.activity_task_scheduled_event_attributes
            activity_of[event.event_id] = attrs.activity_type.name
            by_payload[f"{attrs.activity_type.name} input"] += _payloads_size(attrs.input)
        elif event.event_type == E.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
            attrs = event.activity_task_completed_event_attributes
            by_payload[f"{activity_of[attrs.scheduled_event_id]} result"] += _payloads_size(attrs.result)
        elif event.event_type == E.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
            fields = event.upsert_workflow_search_attributes_event_attributes.search_attributes.indexed_fields
            by_payload["search-attribute upserts"] += sum(p.ByteSize() for p in fields.values())
    return {"events": dict(by_event.most_common()), "payloads": dict(by_payload.most_common())}
