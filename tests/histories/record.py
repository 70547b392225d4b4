"""Record the histories that `test_recorded_histories_replay` replays.

Each history is recorded once, by the workflow version it documents, and every later
version must replay it. A new behaviour gets a new case under a new name
(`python -m tests.histories.record NAME`); never re-record a case to paper over a replay
failure. Without names it lists the cases; existing files are never overwritten. The
whole set is recorded afresh only at a new workflow baseline (see CHANGELOG.md), after
deleting the old files.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

from temporalio.api.enums.v1 import WorkflowExecutionStatus
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.testing import WorkflowEnvironment

from rubricflow.activities.hooks import Hook, Ledger
from rubricflow.client import Rubricflow, RunFailed
from rubricflow.devserver import temporal_binary
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.types import (
    AgentSettings,
    ApproveInput,
    Budget,
    ExtendInput,
    GraderSettings,
    Message,
    RunInput,
    SubmitInput,
)
from tests.helpers import verdict
from tests.test_deep_agent import RUBRIC as DEEP_RUBRIC
from tests.test_deep_agent import deep_script

HERE = Path(__file__).parent
SCORED_RUBRIC = """- cites a source [weight: 3] [required]
- under 50 words
- explains the trade-off [scale: 0-4, pass: 3]
  - 0: no trade-off
  - 2: one side of it
  - 4: both sides, with what each costs
"""
SCORED_VERDICTS = (
    {
        "structured": {
            "result": "needs_revision",
            "explanation": "no source; one side only",
            "criteria": [
                {"name": "cites a source", "passed": False, "gap": "no source"},
                {"name": "under 50 words", "passed": True},
                {"name": "explains the trade-off", "passed": False, "gap": "one side only", "score": 2},
            ],
        }
    },
    {
        "structured": {
            "result": "needs_revision",
            "explanation": "62 words",
            "criteria": [
                {"name": "cites a source", "passed": True},
                {"name": "under 50 words", "passed": False, "gap": "62 words"},
                {"name": "explains the trade-off", "passed": True, "score": 4},
            ],
        }
    },
)
"""Scores (3·0 + 1 + 0.5) / 5 = 0.3, then (3 + 0 + 1) / 5 = 0.8."""
SUGGEST_CAN_AT_EVENTS = 150
"""As in tests/conftest.py: long threads continue as new early."""


def _script(folder: Path, name: str, *responses: object) -> str:
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"responses": list(responses)}))
    return f"scripted:{path}"


def _single_runs(folder: Path) -> dict[str, RunInput]:
    return {
        "revision_then_satisfied": RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests\n- docstring",
            agent=AgentSettings(model=_script(folder, "a1", "v1", "v2")),
            grader=GraderSettings(
                model=_script(
                    folder,
                    "g1",
                    verdict("needs_revision", "no", tests="fails", docstring=True),
                    verdict("satisfied", "yes", tests=True, docstring=True),
                )
            ),
        ),
        # Started by rubricflow's client, which sets `running` at start: the thread's first
        # upsert is at the needs_revision pass.
        "status_set_at_start": RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests",
            agent=AgentSettings(model=_script(folder, "a9", "v1", "v2")),
            grader=GraderSettings(
                model=_script(
                    folder,
                    "g9",
                    verdict("needs_revision", "no", tests="fails"),
                    verdict("satisfied", "yes", tests=True),
                )
            ),
        ),
        "grader_error": RunInput(
            message="hi",
            rubric="- polite",
            agent=AgentSettings(model=_script(folder, "a2", "hello")),
            grader=GraderSettings(model=_script(folder, "g2", {"error": {"status": 401}})),
        ),
        "no_rubric": RunInput(message="hi", agent=AgentSettings(model=_script(folder, "a3", "hello"))),
        # A check-backed criterion: its verdict carries the sandbox's isolation level.
        "check_isolation": RunInput(
            message="Write find_duplicates(items).",
            rubric=(
                "- All tests pass [check: run_python_tests]\n- has a docstring\n\n"
                "```python tests\ndef test_dup():\n    assert find_duplicates([1, 1]) == [1]\n```\n"
            ),
            agent=AgentSettings(
                model=_script(
                    folder,
                    "a4",
                    "```python\ndef find_duplicates(items):\n    return sorted({i for i in items if items.count(i) > 1})\n```",
                    '```python\ndef find_duplicates(items):\n    """Repeated values."""\n'
                    "    return sorted({i for i in items if items.count(i) > 1})\n```",
                )
            ),
            grader=GraderSettings(
                model=_script(
                    folder,
                    "g4",
                    verdict("needs_revision", "no docstring", **{"has a docstring": "add one"}),
                    verdict("satisfied", "ok", **{"has a docstring": True}),
                )
            ),
        ),
        # A deep agent writes solution.py, the check fails it, the agent edits it, it passes:
        # the thread's files travel in the turn and grader inputs and results.
        "deep_agent_files": RunInput(
            message="Write find_duplicates(items) in solution.py.",
            rubric=DEEP_RUBRIC,
            agent=AgentSettings(model=_script(folder, "a5", *deep_script()), agent="deep"),
            grader=GraderSettings(model=_script(folder, "g5", "unused: the rubric is all checks")),
        ),
        # Three samples per criterion, a split vote, and a person asked to decide.
        "split_vote_review": RunInput(
            message="Write mean(xs).",
            rubric="- has a docstring",
            agent=AgentSettings(model=_script(folder, "a7", "def mean(xs): return sum(xs) / len(xs)")),
            grader=GraderSettings(
                model=_script(
                    folder, "g7", *({"structured": {"reason": "r", "passed": p}} for p in (True, False, True))
                ),
                grading="per_criterion",
                samples=3,
                review_split_votes=True,
                max_iterations=2,
            ),
        ),
        # Grounded grading: the grader's citation is not in the answer, so the criterion is
        # unverified, and with review_unverified the run waits for a person.
        "unverified_review": RunInput(
            message="Write the incident summary.",
            rubric="- names the root cause",
            agent=AgentSettings(
                model=_script(folder, "a12", "## Incident summary\n\nCheckout failed for 3,400 customers.\n")
            ),
            grader=GraderSettings(
                model=_script(folder, "g12", "    return judge()", "The cause was an expired TLS certificate."),
                grading="grounded",
                review_unverified=True,
                max_iterations=2,
            ),
        ),
        # Out of iterations: the best pass is kept beside the last.
        "best_at_the_cap": RunInput(
            message="Write mean(xs).",
            rubric="- a\n- b",
            agent=AgentSettings(model=_script(folder, "a8", "v1", "v2")),
            grader=GraderSettings(
                model=_script(
                    folder,
                    "g8",
                    verdict("needs_revision", "x", a=True, b="no"),
                    verdict("needs_revision", "y", a="no", b="no"),
                ),
                max_iterations=2,
            ),
        ),
        # Weights, [required], a scale and a pass score: the second pass misses a criterion,
        # but its weighted score (0.8) meets the pass score with the required one met, so
        # the run ends satisfied; each record keeps the grader's verdict and its score.
        "weighted_pass_score": RunInput(
            message="Explain caching in under 50 words, citing a source.",
            rubric=SCORED_RUBRIC,
            agent=AgentSettings(model=_script(folder, "a10", "v1", "v2")),
            grader=GraderSettings(model=_script(folder, "g10", *SCORED_VERDICTS), pass_score=0.8),
        ),
        # A conversation given to grade as it stands (`rubricflow calibrate`): one pass and
        # no agent turn; its needs_revision ends the run at the cap of one iteration.
        "given_transcript": RunInput(
            transcript=[
                Message(role="user", content="What is 2 + 2?"),
                Message(role="assistant", content="5"),
            ],
            rubric="- answers 4\n- is one line",
            agent=AgentSettings(model=_script(folder, "a11", "never called")),
            grader=GraderSettings(
                model=_script(
                    folder, "g11", verdict("needs_revision", "wrong", **{"answers 4": "says 5", "is one line": True})
                ),
                max_iterations=1,
            ),
        ),
        # Events stamped with workflow time; a provider's 401 said once (a patch marker).
        "agent_auth_error": RunInput(
            message="hi",
            agent=AgentSettings(model=_script(folder, "a6", {"error": {"status": 401, "message": "bad key"}})),
        ),
    }


FAILING = {"agent_auth_error"}
"""The cases whose run is meant to fail; any other case that fails is not recorded."""


async def _single_run(rf: Rubricflow, name: str, run_in: RunInput) -> None:
    run = await rf.start(run_in, f"recorded-{name}-{uuid.uuid4().hex[:6]}")
    try:
        await run.result()
    except RunFailed as err:
        if name not in FAILING:
            raise SystemExit(f"{name}: the run failed, so it was not recorded: {err}") from None
    history = await run.handle.fetch_history()
    (HERE / f"{name}.json").write_text(history.to_json())


async def _continued(client: Client, rf: Rubricflow, name: str, folder: Path) -> None:
    """A thread whose follow-ups each end at the cap until it continues as new; in the
    next run one more follow-up ends at the cap and a reviewer approves it. Both runs are
    kept: `NAME.first_run.json` ends with the continue-as-new, `NAME.json` starts from the
    state it handed over."""
    replies = 40
    run_in = RunInput(
        message="write it",
        rubric="- tests",
        agent=AgentSettings(model=_script(folder, f"{name}-agent", *[f"answer {i}" for i in range(replies)])),
        grader=GraderSettings(
            model=_script(folder, f"{name}-grader", *[verdict("needs_revision", "no", tests="fails")] * replies),
            max_iterations=1,
        ),
        idle_timeout_s=2,
    )
    tid = f"recorded-{name}-{uuid.uuid4().hex[:6]}"
    run = await rf.start(run_in, tid)
    first = client.get_workflow_handle(tid, run_id=run.handle.result_run_id)
    for i in range(1, replies):
        await rf.submit(tid, SubmitInput(message=f"follow-up {i}"))
        if (await first.describe()).status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_CONTINUED_AS_NEW:
            break
    else:
        raise SystemExit(f"{name}: the thread never continued as new")
    await rf.submit(tid, SubmitInput(message="one more"))
    await rf.approve(tid, ApproveInput(reviewer="recorder", note="good enough"))
    latest = client.get_workflow_handle(tid)
    await latest.result()  # closes after its idle time
    (HERE / f"{name}.first_run.json").write_text((await first.fetch_history()).to_json())
    (HERE / f"{name}.json").write_text((await latest.fetch_history()).to_json())


async def _cancelled_mid_pass(rf: Rubricflow, name: str, folder: Path) -> None:
    """A thread cancelled while its grader pass runs: it ends cancelled, nothing recorded."""
    from temporalio.client import WorkflowFailureError

    from tests.helpers import wait_for_running_activity

    run = await rf.start(
        RunInput(
            message="hi",
            rubric="- polite",
            agent=AgentSettings(model=_script(folder, f"{name}-agent", "hello")),
            grader=GraderSettings(
                model=_script(folder, f"{name}-grader", {"delay_s": 300, **verdict("satisfied", "ok", polite=True)})
            ),
        ),
        f"recorded-{name}-{uuid.uuid4().hex[:6]}",
    )
    await wait_for_running_activity(run.handle)
    await run.handle.cancel()
    try:
        await run.handle.result()
    except WorkflowFailureError:
        pass  # the cancellation is the expected end; the history is what is kept
    else:
        raise SystemExit(f"{name}: the thread was not cancelled")
    (HERE / f"{name}.json").write_text((await run.handle.fetch_history()).to_json())


async def _budget_extended(rf: Rubricflow, name: str, folder: Path) -> None:
    """A token budget ends the run with `budget_exhausted` after its first pass (usage
    declared by the scripted models); `extend` adds tokens and the run ends satisfied."""
    usage = {"usage": {"input_tokens": 100, "output_tokens": 20}}
    run_in = RunInput(
        message="Write find_duplicates(items).",
        rubric="- tests",
        agent=AgentSettings(
            model=_script(folder, f"{name}-agent", {"content": "v1", **usage}, {"content": "v2", **usage})
        ),
        grader=GraderSettings(
            model=_script(
                folder,
                f"{name}-grader",
                {**verdict("needs_revision", "no", tests="fails"), **usage},
                {**verdict("satisfied", "yes", tests=True), **usage},
            ),
        ),
        budget=Budget(max_tokens=200),
        idle_timeout_s=2,
    )
    tid = f"recorded-{name}-{uuid.uuid4().hex[:6]}"
    run = await rf.start(run_in, tid)
    async for event in rf.events(tid, follow=True):
        if event.type == "run_end":
            if event.status != "budget_exhausted":
                raise SystemExit(f"{name}: the run ended {event.status}, not budget_exhausted")
            break
    await rf.extend(tid, ExtendInput(extra_tokens=1000))
    final = await run.result()
    if final.status != "satisfied":
        raise SystemExit(f"{name}: the extended run ended {final.status}")
    (HERE / f"{name}.json").write_text((await run.handle.fetch_history()).to_json())


async def _cancel_and_keep(rf: Rubricflow, handle: Any, name: str) -> None:
    """Cancel the idle thread and keep its history as NAME.json."""
    from temporalio.client import WorkflowFailureError

    await rf.cancel(handle.id)
    try:
        await handle.result()
    except WorkflowFailureError:
        pass  # cancelled while idle: the expected end
    (HERE / f"{name}.json").write_text((await handle.fetch_history()).to_json())


async def _reviews_and_follow_ups(rf: Rubricflow, name: str, folder: Path) -> None:
    """A grader's `failed`, approved, then rejected at the same iteration (numbered
    decisions); the revision is satisfied; two follow-ups sent at once each answer with
    their own outcome. The idle thread is then cancelled."""

    from rubricflow.workflows.types import RejectInput

    run_in = RunInput(
        message="Write find_duplicates(items).",
        rubric="- tests",
        agent=AgentSettings(model=_script(folder, f"{name}-agent", "v1", "v2", "v3", "v4")),
        grader=GraderSettings(
            model=_script(
                folder,
                f"{name}-grader",
                verdict("failed", "cannot judge it"),
                *[verdict("satisfied", "yes", tests=True)] * 3,
            ),
            max_iterations=3,
        ),
        idle_timeout_s=600,
    )
    tid = f"recorded-{name}-{uuid.uuid4().hex[:6]}"
    run = await rf.start(run_in, tid)
    ends = 0
    async for event in rf.events(tid, follow=True):
        ends += event.type == "run_end"
        if ends == 1:
            break
    await rf.approve(tid, ApproveInput(reviewer="ana"))
    await rf.reject(tid, RejectInput(feedback="no", reviewer="bob"))
    first, second = await asyncio.gather(
        rf.submit(tid, SubmitInput(message="follow-up 1")), rf.submit(tid, SubmitInput(message="follow-up 2"))
    )
    decisions = [e.operation_id for e in second.evaluations if e.reviewer]
    if len(set(decisions)) != 2 or first.grading_run_id == second.grading_run_id:
        raise SystemExit(f"{name}: decisions {decisions}, runs {first.grading_run_id} {second.grading_run_id}")
    await _cancel_and_keep(rf, run.handle, name)


async def _review_decided_once(rf: Rubricflow, name: str, folder: Path) -> None:
    """A grader's `failed` approved by ana; bob's rejection of that review, sent after
    her decision, is refused (a review is decided once: nothing of it in the history); a
    follow-up starts a new run whose `failed` bob rejects, and the revision is satisfied.
    The idle thread is then cancelled."""

    from rubricflow.client import UpdateRefused
    from rubricflow.workflows.types import RejectInput

    run_in = RunInput(
        message="Write find_duplicates(items).",
        rubric="- tests",
        agent=AgentSettings(model=_script(folder, f"{name}-agent", "v1", "v2", "v3")),
        grader=GraderSettings(
            model=_script(
                folder,
                f"{name}-grader",
                verdict("failed", "cannot judge it"),
                verdict("failed", "still cannot judge it"),
                verdict("satisfied", "yes", tests=True),
            ),
            max_iterations=3,
        ),
        idle_timeout_s=600,
    )
    tid = f"recorded-{name}-{uuid.uuid4().hex[:6]}"
    run = await rf.start(run_in, tid)
    async for event in rf.events(tid, follow=True):
        if event.type == "run_end":
            break
    approved = await rf.approve(tid, ApproveInput(reviewer="ana"))
    try:
        await rf.reject(tid, RejectInput(feedback="no", reviewer="bob"))
        raise SystemExit(f"{name}: bob's rejection of the review ana decided was accepted")
    except UpdateRefused:
        pass
    second = await rf.submit(tid, SubmitInput(message="follow-up"))
    if second.status != "failed" or second.pending_review is None or approved.pending_review is not None:
        raise SystemExit(f"{name}: the follow-up's run ended {second.status}, pending {second.pending_review}")
    await rf.reject(tid, RejectInput(feedback="judge the tests", reviewer="bob", review=second.pending_review))
    ends = 0
    async for event in rf.events(tid, follow=True):
        ends += event.type == "run_end"
        if ends == 4:  # the first run's, ana's approval's, the follow-up's, its revision's
            break
    final = await rf.progress(tid)
    decisions = [(e.reviewer, e.result) for e in final.evaluations if e.reviewer]
    if final.status != "satisfied" or decisions != [("ana", "satisfied"), ("bob", "needs_revision")]:
        raise SystemExit(f"{name}: ended {final.status} with decisions {decisions}")
    await _cancel_and_keep(rf, run.handle, name)


async def _run_check(rf: Rubricflow, name: str, folder: Path) -> None:
    """`RunCheckWorkflow` asked about a run naming a tool and an agent the worker lacks
    and a scripted file it cannot read: one activity, the worker's words in the result."""
    from rubricflow.workflows.run_check import RunCheckWorkflow
    from rubricflow.workflows.run_check_types import RunCheckInput

    check = RunCheckInput(models=["scripted:/no/such/agent.json"], agent="nope", tools=["no_such_tool"])
    handle = await rf.client.start_workflow(
        RunCheckWorkflow.run, check, id=f"recorded-{name}-{uuid.uuid4().hex[:6]}", task_queue=rf.queue
    )
    answer = await handle.result()
    if len(answer.problems) != 3:
        raise SystemExit(f"{name}: the worker answered {answer.problems}")
    (HERE / f"{name}.json").write_text((await handle.fetch_history()).to_json())


async def _batch(rf: Rubricflow, name: str, folder: Path) -> None:
    """A `BatchWorkflow` of 40 items at concurrency 5: item q0000's thread exists before
    the batch starts (adopted through the activity), a pause and a resume on the way, and
    the first run continues as new (suggested at 150 events). Two files, as `_continued`."""
    from rubricflow.batch_client import Batches, dataset_digest
    from rubricflow.workflows.batch_types import BatchItem, BatchSettings, thread_id_of

    items = [BatchItem(id=f"q{i:04d}", prompt=f"question {i}") for i in range(40)]
    agent = AgentSettings(model=_script(folder, f"{name}-agent", "an answer"))
    grader = GraderSettings(
        model=_script(folder, f"{name}-grader", verdict("satisfied", "yes", tests=True)), max_iterations=1
    )
    batch = f"recorded-{name}-{uuid.uuid4().hex[:6]}"
    early = await rf.start(
        RunInput(message=items[0].prompt, rubric="- tests", agent=agent, grader=grader),
        thread_id_of(batch, items[0].id),
    )
    await early.result()
    batches = Batches(rf)
    handle = await batches.start(
        batch,
        BatchSettings(
            name=batch,
            rubric="- tests",
            agent=agent,
            grader=grader,
            concurrency=5,
            total=len(items),
            digest=dataset_digest(items),
        ),
    )
    await batches.feed(batch, items[:10])
    await batches.control(batch, "pause")
    await batches.control(batch, "resume")
    await batches.feed(batch, items)
    final = await handle.result()
    if final.runs < 2 or final.adopted != 1 or final.satisfied != 40:
        raise SystemExit(f"{name}: runs {final.runs}, adopted {final.adopted}, satisfied {final.satisfied}")
    first = rf.client.get_workflow_handle(batch, run_id=handle.first_execution_run_id)
    (HERE / f"{name}.first_run.json").write_text((await first.fetch_history()).to_json())
    (HERE / f"{name}.json").write_text((await rf.client.get_workflow_handle(batch).fetch_history()).to_json())


OTHERS = {
    "batch_adopt_pause_continue": _batch,
    "cancelled_mid_pass": _cancelled_mid_pass,
    "budget_then_extend": _budget_extended,
    "reviews_and_follow_ups": _reviews_and_follow_ups,
    "review_decided_once": _review_decided_once,
    "run_check": _run_check,
}


def _hooked_runs(folder: Path) -> dict[str, RunInput]:
    """Cases recorded on a worker with a failing and a working hook."""
    return {
        # Hooks beside the thread (a failure recorded as `hook_failed`), steps bounded by
        # total time (the step-retries-by-time patch).
        "hook_failed_beside_thread": RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests pass",
            agent=AgentSettings(model=_script(folder, "a-hooked", "v1", "v2")),
            grader=GraderSettings(
                model=_script(
                    folder,
                    "g-hooked",
                    verdict("needs_revision", "no", tests="fails"),
                    verdict("satisfied", "yes", tests=True),
                )
            ),
        ),
    }


HOOKS = [Hook("tests.hook_sink:explode"), Hook("tests.hook_sink:record")]


CONTINUED = ("continued_without_hooks",)
"""A thread that continues as new on a worker without hooks (no hook activity; an idle
thread acts on the continue-as-new suggestion when it comes)."""
CONTINUED_HOOKED = ("review_after_continue_as_new",)
"""The same on a worker with hooks: each evaluation's hook activity runs beside the thread."""


async def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        singles = _single_runs(folder)
        hooked = _hooked_runs(folder)
        known = [*singles, *OTHERS, *hooked, *CONTINUED, *CONTINUED_HOOKED]
        unknown = [n for n in names if n not in known]
        if not names or unknown:
            raise SystemExit(f"name the cases to record, from: {', '.join(known)} (unknown: {unknown})")
        existing = [n for n in names if (HERE / f"{n}.json").exists()]
        if existing:
            raise SystemExit(f"already recorded, not overwritten: {existing}")
        env = await WorkflowEnvironment.start_local(
            dev_server_existing_path=temporal_binary(),
            data_converter=pydantic_data_converter,
            dev_server_extra_args=[
                "--dynamic-config-value",
                f"limit.historyCount.suggestContinueAsNew={SUGGEST_CAN_AT_EVENTS}",
            ],
        )
        await ensure_search_attributes(env.client)
        queue = f"record-{uuid.uuid4().hex[:8]}"
        try:
            # Scripted models are a test tool: this worker serves them.
            config = replace(config_from_env(), allow_scripted=True)
            async with build_worker(env.client, queue=queue, config=config):
                rf = Rubricflow(env.client, queue)
                for name in names:
                    if name in singles:
                        await _single_run(rf, name, singles[name])
                    elif name in OTHERS:
                        await OTHERS[name](rf, name, folder)
                    elif name in CONTINUED:
                        await _continued(env.client, rf, name, folder)
                    else:
                        continue
                    print(f"recorded {name}")
            async with build_worker(
                env.client, queue=queue, config=config, hooks=HOOKS, ledger=Ledger(folder / "ledger")
            ):
                for name in names:
                    if name in hooked:
                        await _single_run(rf, name, hooked[name])
                    elif name in CONTINUED_HOOKED:
                        await _continued(env.client, rf, name, folder)
                    else:
                        continue
                    print(f"recorded {name}")
        finally:
            await env.shutdown()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
