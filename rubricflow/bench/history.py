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

E = EventType
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
    """One run's history: events, bytes, billable actions and events per type."""
    history = await handle.fetch_history()
    events = list(history.events)
    return {
        "events": len(events),
        "bytes": sum(e.ByteSize() for e in events),
        "actions": billable_actions(events),
        "event_kinds": event_kinds(events),
    }
