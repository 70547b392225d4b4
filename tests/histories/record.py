"""Record the histories that `test_recorded_histories_replay` replays.

Run after a deliberate, compatible workflow change that needs new reference histories,
naming the cases to record (`python -m tests.histories.record review_after_continue_as_new`);
never to paper over a replay failure. Without names it lists the cases; existing files
are never overwritten, so the histories of earlier versions stay as they were recorded.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import uuid
from pathlib import Path

from temporalio.api.enums.v1 import WorkflowExecutionStatus
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.testing import WorkflowEnvironment

from rubricflow.activities.hooks import Hook, Ledger
from rubricflow.client import Rubricflow
from rubricflow.devserver import temporal_binary
from tests.helpers import verdict
from rubricflow.worker import build_worker, ensure_search_attributes
from rubricflow.workflows.types import AgentSettings, ApproveInput, GraderSettings, RunInput, SubmitInput

HERE = Path(__file__).parent
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
            rubric="- tests pass\n- has a docstring",
            agent=AgentSettings(model=_script(folder, "a1", "v1", "v2")),
            grader=GraderSettings(model=_script(
                folder, "g1",
                verdict("needs_revision", "no", tests="fails", docstring=True),
                verdict("satisfied", "yes", tests=True, docstring=True),
            )),
        ),
        "grader_error": RunInput(
            message="hi",
            rubric="- polite",
            agent=AgentSettings(model=_script(folder, "a2", "hello")),
            grader=GraderSettings(model=_script(folder, "g2", {"error": {"status": 401}})),
        ),
        "no_rubric": RunInput(
            message="hi", agent=AgentSettings(model=_script(folder, "a3", "hello"))
        ),
    }


async def _single_run(rf: Rubricflow, name: str, run_in: RunInput) -> None:
    run = await rf.start(run_in, f"recorded-{name}-{uuid.uuid4().hex[:6]}")
    await run.result()
    history = await run.handle.fetch_history()
    (HERE / f"{name}.json").write_text(history.to_json())


async def _continued(client: Client, rf: Rubricflow, name: str, folder: Path) -> None:
    """A thread whose follow-ups each end at the cap until it continues as new; in the
    next run one more follow-up ends at the cap and a reviewer approves it. Both runs are
    kept: `NAME.before.json` ends with the continue-as-new, `NAME.json` starts from the
    state it handed over."""
    replies = 40
    run_in = RunInput(
        message="write it",
        rubric="- tests pass",
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
    (HERE / f"{name}.before.json").write_text((await first.fetch_history()).to_json())
    (HERE / f"{name}.json").write_text((await latest.fetch_history()).to_json())


def _hooked_runs(folder: Path) -> dict[str, RunInput]:
    """Cases recorded on a worker with a failing and a working hook."""
    return {
        # Hooks beside the thread (a failure recorded as `hook_failed`), steps bounded by
        # total time (the step-retries-by-time patch).
        "hook_failed_beside_thread": RunInput(
            message="Write find_duplicates(items).",
            rubric="- tests pass",
            agent=AgentSettings(model=_script(folder, "a-hooked", "v1", "v2")),
            grader=GraderSettings(model=_script(
                folder, "g-hooked",
                verdict("needs_revision", "no", tests="fails"),
                verdict("satisfied", "yes", tests=True),
            )),
        ),
    }


HOOKS = [Hook("tests.hook_sink:explode"), Hook("tests.hook_sink:record")]


CONTINUED = ("review_after_continue_as_new", "continued_flat_state")
"""`continued_flat_state` was recorded with the code before the thread's state was one
object (it carries the earlier, flat `state`); record new cases under new names."""


async def main(names: list[str]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        singles = _single_runs(folder)
        hooked = _hooked_runs(folder)
        known = [*singles, *hooked, *CONTINUED]
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
                "--dynamic-config-value", f"limit.historyCount.suggestContinueAsNew={SUGGEST_CAN_AT_EVENTS}",
            ],
        )
        await ensure_search_attributes(env.client)
        queue = f"record-{uuid.uuid4().hex[:8]}"
        try:
            async with build_worker(env.client, queue=queue):
                rf = Rubricflow(env.client, queue)
                for name in names:
                    if name in singles:
                        await _single_run(rf, name, singles[name])
                    elif name in CONTINUED:
                        await _continued(env.client, rf, name, folder)
                    else:
                        continue
                    print(f"recorded {name}")
            async with build_worker(env.client, queue=queue, hooks=HOOKS, ledger=Ledger(folder / "ledger")):
                for name in names:
                    if name in hooked:
                        await _single_run(rf, name, hooked[name])
                        print(f"recorded {name}")
        finally:
            await env.shutdown()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
