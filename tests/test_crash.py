"""Worker processes die (SIGKILL) or are told to stop (SIGTERM) mid-run; nothing is lost.

The crash round runs many grading runs on real `python -m rubricflow.worker` subprocesses and kills
the worker again and again at moments chosen by what the runs are doing: during an agent
turn, during a grader pass, and between them (a step finished, the next one queued and not
yet picked up). Each run's evaluations are compared with an uninterrupted control run of
the same deterministic scripted models, and each evaluation's hook must arrive once.
"""

from __future__ import annotations

import asyncio
import json
import signal
import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from temporalio.api.enums.v1 import PendingActivityState
from temporalio.client import WorkflowHandle

from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.errors import WORKER_SHUTDOWN
from rubricflow.workflows.step_policy import HEARTBEAT_TIMEOUT
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput, RunResult
from tests.helpers import (
    activity_attempts,
    activity_results,
    last_failures,
    start_worker_process,
    thread_id,
    until,
    verdict,
    wait_for_running_activity,
)
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability, pytest.mark.slow]

STARTED = PendingActivityState.PENDING_ACTIVITY_STATE_STARTED
SCHEDULED = PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED
PHASES = ("agent turn", "grader pass", "between steps")


def write_script(folder: Path, name: str, responses: list[Any]) -> str:
    """A deterministic script: a reply cut off by a crash is served again on retry."""
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"responses": responses, "deterministic": True}), encoding="utf-8")
    return f"scripted:{path}"


def crash_run_input(folder: Path, i: int) -> RunInput:
    """Run i: three iterations (needs_revision, needs_revision, satisfied); replies take
    1.0-1.75 s so that kills land mid-step and runs drift out of step with each other."""
    delay = 1.0 + 0.25 * (i % 4)
    agent = write_script(folder, f"agent-{i}", [{"content": f"run {i} draft {n}", "delay_s": delay} for n in (1, 2, 3)])
    grader = write_script(
        folder,
        f"grader-{i}",
        [
            {
                **verdict("needs_revision", f"run {i}: draft 1 lacks tests", tests=f"add tests ({i})", style=True),
                "delay_s": delay,
            },
            {
                **verdict("needs_revision", f"run {i}: draft 2 lacks docs", tests=True, style=f"add docs ({i})"),
                "delay_s": delay,
            },
            {**verdict("satisfied", f"run {i}: done", tests=True, style=True), "delay_s": delay},
        ],
    )
    return RunInput(
        message=f"task {i}",
        rubric="- tests\n- style",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=3),
    )


def comparable(result: RunResult) -> list[Any]:
    """What must match the control run: answer, status and every evaluation's content."""
    return [result.status, result.answer] + [
        (e.iteration, e.result, e.explanation, [(c.name, c.passed, c.gap) for c in e.criteria])
        for e in result.evaluations
    ]


@dataclass
class InFlight:
    handle: WorkflowHandle[Any, Any]
    activity_id: str
    attempt: int


async def phase_of(handle: WorkflowHandle[Any, Any]) -> tuple[str | None, InFlight | None]:
    """What the run is doing now: a started model step, or a queued step after a finished one."""
    description = await handle.describe()
    for pending in description.raw_description.pending_activities:
        kind = pending.activity_type.name
        if kind == "rubricflow.deliver_evaluation":
            continue
        if pending.state == STARTED:
            phase = "agent turn" if kind == "rubricflow.run_agent_turn" else "grader pass"
            return phase, InFlight(handle, pending.activity_id, pending.attempt)
        if pending.state == SCHEDULED and pending.activity_id != "1":
            return "between steps", None  # an earlier step finished; this one waits
    return None, None


async def wait_for_moment(
    handles: list[WorkflowHandle[Any, Any]], wanted: set[str]
) -> list[tuple[str | None, InFlight | None]]:
    """Poll until some run is in a wanted phase; return every run's phase at that moment."""

    async def moment() -> list[tuple[str | None, InFlight | None]] | None:
        snapshot = await asyncio.gather(*(phase_of(h) for h in handles))
        return snapshot if any(phase in wanted for phase, _ in snapshot) else None

    return await until(moment, f"a run reached one of {sorted(wanted)}", 90, every_s=0.1)


async def wait_picked_up(inflight: list[InFlight], killed_at: float) -> tuple[list[float], list[float]]:
    """Seconds from the kill until the server had put each dead worker's step up for
    retry (its attempt went up), and until it was running again on another worker."""
    loop = asyncio.get_running_loop()
    waiting = {id(f): f for f in inflight}
    noticed: dict[int, float] = {}
    running: list[float] = []
    end = loop.time() + 120
    while waiting and loop.time() < end:
        for key, item in list(waiting.items()):
            description = await item.handle.describe()
            same = [p for p in description.raw_description.pending_activities if p.activity_id == item.activity_id]
            now = loop.time() - killed_at
            if not same or same[0].attempt > item.attempt:
                noticed.setdefault(key, now)
            if not same or (same[0].attempt > item.attempt and same[0].state == STARTED):
                running.append(now)
                del waiting[key]
        await asyncio.sleep(0.1)
    assert not waiting, f"{len(waiting)} in-flight steps were never picked up again"
    return list(noticed.values()), running


class TestCrashSuite:
    RUNS = 8
    MIN_KILLS = 3

    async def test_sigkill_at_every_phase_loses_nothing(self, client, tmp_path):
        inputs = [crash_run_input(tmp_path, i) for i in range(self.RUNS)]

        # Control: the same scripted models, uninterrupted, on an in-process worker.
        control_queue = f"control-{thread_id()}"
        control_rf = Rubricflow(client, control_queue)
        async with build_worker(client, queue=control_queue, hooks=[]):
            control_runs = [await control_rf.start(run_in, thread_id()) for run_in in inputs]
            control = [await run.result() for run in control_runs]
        assert [r.status for r in control] == ["satisfied"] * self.RUNS

        # The crash round: worker subprocesses with 2 activity slots, so that while two
        # steps run, others wait queued between steps.
        queue = f"crash-{thread_id()}"
        sink = tmp_path / "hooks.log"
        worker_env = {
            "RUBRICFLOW_HOOKS": "tests.hook_sink:record_to_file",
            "RUBRICFLOW_TEST_HOOK_SINK": str(sink),
            "RUBRICFLOW_DATA_DIR": str(tmp_path / "worker-data"),  # the hook ledger they share
            "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "2",
        }
        rf = Rubricflow(client, queue)
        worker = await start_worker_process(client, queue, **worker_env)
        runs = [await rf.start(run_in, thread_id()) for run_in in inputs]
        handles = [run.handle for run in runs]
        hit: Counter[str] = Counter()
        noticed: list[float] = []
        pickups: list[float] = []
        kills = 0
        loop = asyncio.get_running_loop()
        try:
            while kills < self.MIN_KILLS or set(hit) != set(PHASES):
                wanted = set(PHASES) - set(hit) or {"agent turn", "grader pass"}
                snapshot = await wait_for_moment(handles, wanted)
                worker.send_signal(signal.SIGKILL)
                killed_at = loop.time()
                await worker.wait()
                assert worker.returncode == -signal.SIGKILL
                kills += 1
                hit.update(phase for phase, _ in snapshot if phase)
                worker = await start_worker_process(client, queue, **worker_env)
                seen, running = await wait_picked_up([f for _, f in snapshot if f], killed_at)
                noticed += seen
                pickups += running
                assert kills <= 8, f"phases still not all hit after {kills} kills: {dict(hit)}"
            results = [await run.result() for run in runs]
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()

        # Every run ends as its control did, with the same evaluations, none twice.
        for result, expected, handle in zip(results, control, handles):
            REPORT.run(handle.id, "satisfied", result.status)
            assert comparable(result) == comparable(expected)
            operation_ids = [e.operation_id for e in result.evaluations]
            assert len(set(operation_ids)) == len(operation_ids) == 3
            assert len(await activity_results(handle, "rubricflow.grade_transcript")) == 3
        # Each evaluation's hook arrived exactly once, across all the workers.
        delivered = Counter(tuple(line.split("\t")[:2]) for line in sink.read_text().splitlines())
        expected_keys = {(h.id, e.operation_id) for h, r in zip(handles, results) for e in r.evaluations}
        assert set(delivered) == expected_keys
        assert set(delivered.values()) == {1}, f"hooks delivered more than once: {delivered}"

        REPORT.kill("worker SIGKILL", kills)
        for seconds in pickups:
            REPORT.pickup(seconds)
        REPORT.figure(
            f"crash round: {self.RUNS} runs, {kills} SIGKILLs, phases hit {dict(hit)}; "
            f"{len(pickups)} in-flight steps put up for retry {statistics.median(noticed):.1f} s "
            f"(median; max {max(noticed):.1f}) after the kill, running again on a fresh worker "
            f"{statistics.median(pickups):.1f} s (max {max(pickups):.1f}); "
            f"heartbeat timeout {HEARTBEAT_TIMEOUT.total_seconds():.0f} s; "
            f"evaluations equal to control: {len(results)}/{len(results)}; hooks once: {len(delivered)}"
        )
        # Noticed by the heartbeat timeout (plus the server's timer and the retry's 1 s
        # backoff), never by the 10-minute activity timeout; running again once the fresh
        # worker has a free slot.
        assert max(noticed) < HEARTBEAT_TIMEOUT.total_seconds() + 5
        assert max(pickups) < 60


class TestGracefulShutdown:
    async def run_with_slow_turn(self, client, tmp_path, queue: str, delay_s: float):
        agent = write_script(tmp_path, "agent", [{"content": "the answer", "delay_s": delay_s}])
        grader = write_script(tmp_path, "grader", [verdict("satisfied", "ok", ok=True)])
        run_in = RunInput(
            message="go", rubric="- ok", agent=AgentSettings(model=agent), grader=GraderSettings(model=grader)
        )
        return await Rubricflow(client, queue).start(run_in, thread_id())

    async def sigterm(self, worker: asyncio.subprocess.Process) -> float:
        loop = asyncio.get_running_loop()
        began = loop.time()
        worker.send_signal(signal.SIGTERM)
        await asyncio.wait_for(worker.wait(), 120)
        assert worker.returncode == 0, "the worker should exit cleanly on SIGTERM"
        return loop.time() - began

    async def test_in_flight_turn_finishes_within_the_grace_period(self, client, task_queue, tmp_path):
        worker = await start_worker_process(client, task_queue, RUBRICFLOW_GRACEFUL_SHUTDOWN_S="30")
        run = await self.run_with_slow_turn(client, tmp_path, task_queue, delay_s=4)
        assert await wait_for_running_activity(run.handle) == "rubricflow.run_agent_turn"
        exit_s = await self.sigterm(worker)
        # The stopping worker finished the turn and reported it: attempt 1 completed.
        assert ("rubricflow.run_agent_turn", 1) in await activity_attempts(run.handle)
        async with build_worker(client, queue=task_queue):
            result = await run.result()
        assert result.status == "satisfied" and result.answer == "the answer"
        REPORT.kill("worker SIGTERM (turn finished in grace)")
        REPORT.run(run.handle.id, "satisfied", result.status)
        REPORT.figure(f"SIGTERM with 30 s grace: the worker finished its 4 s turn and exited after {exit_s:.1f} s")

    async def test_turn_past_the_grace_period_is_handed_back(self, client, task_queue, tmp_path):
        worker = await start_worker_process(client, task_queue, RUBRICFLOW_GRACEFUL_SHUTDOWN_S="1")
        run = await self.run_with_slow_turn(client, tmp_path, task_queue, delay_s=6)
        assert await wait_for_running_activity(run.handle) == "rubricflow.run_agent_turn"
        exit_s = await self.sigterm(worker)
        async with build_worker(client, queue=task_queue):
            result = await run.result()
        assert result.status == "satisfied" and result.answer == "the answer"
        # Attempt 2 ran on the new worker; attempt 1 ended as handed back, not as a
        # heartbeat timeout and not as a cancellation that would have failed the run.
        assert ("rubricflow.run_agent_turn", 2) in await activity_attempts(run.handle), "the turn was not retried"
        last_failure = (await last_failures(run.handle))["rubricflow.run_agent_turn"]
        assert last_failure.application_failure_info.type == WORKER_SHUTDOWN, last_failure
        REPORT.kill("worker SIGTERM (turn handed back)")
        REPORT.run(run.handle.id, "satisfied", result.status)
        REPORT.figure(f"SIGTERM with 1 s grace: the worker handed its turn back and exited after {exit_s:.1f} s")
