"""Batches: one rubric over a dataset, one thread per item, durably.

Against the session's real Temporal server with scripted models. A batch's item threads
are counted through visibility: every execution of every `NAME/ITEM` workflow id."""

from __future__ import annotations

import asyncio
import json
import signal
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowExecutionStatus

from rubricflow.batch_client import Batches, DatasetError, dataset_digest, read_dataset
from rubricflow.client import Rubricflow
from rubricflow.workflows.batch import BatchWorkflow
from rubricflow.workflows.batch_types import BatchItem, BatchSettings, BatchStatus
from rubricflow.workflows.types import AgentSettings, GraderSettings
from tests.helpers import start_worker_process, until, verdict
from tests.reliability import REPORT

RUBRIC = "- cites a source\n- under 50 words"
WAIT_S = 600
"""Generous: a batch of 200 items with its worker killed twice takes 35 s on 2 quiet cores."""


def items(n: int) -> list[BatchItem]:
    return [BatchItem(id=f"q{i:04d}", prompt=f"question {i}", metadata={"k": i % 3}) for i in range(n)]


def settings(script: Callable[..., str], name: str, dataset: list[BatchItem], concurrency: int) -> BatchSettings:
    """Every item: one agent turn, one pass; the grader fails `under 50 words` on a third
    of the items (each thread reads the same script with its own cursor)."""
    agent = script("an answer [1]")
    grader = script(verdict("satisfied", "ok", **{"cites a source": True, "under 50 words": True}))
    return BatchSettings(
        name=name,
        rubric=RUBRIC,
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=1),
        concurrency=concurrency,
        total=len(dataset),
        digest=dataset_digest(dataset),
    )


async def executions(client: Client, name: str) -> Counter[str]:
    """Closed executions per item thread id (continue-as-new runs aside)."""
    counts: Counter[str] = Counter()
    async for wf in client.list_workflows(f"WorkflowId STARTS_WITH '{name}/'"):
        if wf.status != WorkflowExecutionStatus.CONTINUED_AS_NEW:
            counts[wf.id] += 1
    return counts


async def run_batch(batches: Batches, name: str, s: BatchSettings, dataset: list[BatchItem]) -> BatchStatus:
    handle = await batches.start(name, s)
    await batches.feed(name, dataset)
    return await asyncio.wait_for(handle.result(), WAIT_S)


async def settled_executions(client: Client, name: str, n: int) -> Counter[str]:
    """Visibility is eventually consistent: wait until it lists `n` item threads."""
    counts: Counter[str] = Counter()

    async def listed() -> bool:
        nonlocal counts
        counts = await executions(client, name)
        return len(counts) >= n

    await until(listed, f"{n} item threads in visibility", 60)
    return counts


@pytest.mark.usefixtures("worker")
@pytest.mark.timeout(1200)
async def test_200_items_at_concurrency_20_end_with_200_reports(client: Client, task_queue: str, script) -> None:
    dataset = items(200)
    batches = Batches(Rubricflow(client, task_queue))
    name = f"b-{uuid.uuid4().hex[:8]}"
    final = await run_batch(batches, name, settings(script, name, dataset, 20), dataset)
    assert (final.phase, final.done, final.failed, final.satisfied) == ("done", 200, 0, 200)
    assert final.runs > 1, "the batch continued as new (the test server suggests it at 150 events)"
    assert final.criteria["cites a source"].passed == 200
    records = await batches.threads(name)
    assert len(records) == 200
    assert {r.item_id for r in records} == {i.id for i in dataset}
    assert all(r.result is not None and r.result.status == "satisfied" for r in records)
    assert {r.metadata["k"] for r in records} == {0, 1, 2}
    # Re-running the finished batch starts nothing: every thread is adopted.
    again = await run_batch(batches, name, settings(script, name, dataset, 20), dataset)
    assert (again.done, again.adopted, again.satisfied) == (200, 200, 200)
    assert set((await settled_executions(client, name, 200)).values()) == {1}


@pytest.mark.reliability
@pytest.mark.timeout(1800)
async def test_worker_killed_twice_mid_batch_runs_each_item_once(client: Client, task_queue: str, script) -> None:
    dataset = items(200)
    batches = Batches(Rubricflow(client, task_queue))
    name = f"b-{uuid.uuid4().hex[:8]}"
    worker = await start_worker_process(client, task_queue)
    try:
        handle = await batches.start(name, settings(script, name, dataset, 20))
        feeding = asyncio.create_task(batches.feed(name, dataset))
        for at in (50, 120):

            async def past(at: int = at) -> bool:
                return (await handle.query(BatchWorkflow.status)).done >= at

            await until(past, f"{at} items done", WAIT_S)
            worker.send_signal(signal.SIGKILL)
            await worker.wait()
            REPORT.kill("batch worker (SIGKILL mid-batch)")
            worker = await start_worker_process(client, task_queue)
        await asyncio.wait_for(feeding, WAIT_S)
        final = await asyncio.wait_for(handle.result(), WAIT_S)
    finally:
        if worker.returncode is None:
            worker.send_signal(signal.SIGKILL)
            await worker.wait()
    assert (final.done, final.failed, final.satisfied) == (200, 0, 200)
    counts = await settled_executions(client, name, 200)
    assert len(counts) == 200 and set(counts.values()) == {1}, "each item's thread ran exactly once"
    REPORT.runs("batch: 200 items through 2 worker kills", checked=200, failed=200 - final.satisfied)


@pytest.mark.reliability
@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (['{"id": 1, "prompt": "a"}', '{"id": 2, "prompt": "b"', '{"id": 3, "prompt": "c"}'], ":2: not valid JSON"),
        (['{"id": 1, "prompt": "a"}', '{"id": 2}'], ":2: missing 'prompt'"),
        (
            ['{"id": 1, "prompt": "a"}', '{"id": 2, "prompt": "b"}', '{"id": "1", "prompt": "c"}'],
            ":3: duplicate id '1' (first on line 1)",
        ),
        (['{"id": 1, "prompt": "   "}'], ":1: prompt: Value error, prompt is empty"),
        (['["id", "prompt"]'], ":1: each line must be a JSON object"),
    ],
)
def test_bad_dataset_is_refused_with_its_line_number(tmp_path: Path, lines: list[str], said: str) -> None:
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=None) as refused:
        read_dataset(path)
    assert said in str(refused.value)
    REPORT.refuse("batch dataset: bad line")


def test_dataset_items_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(json.dumps({"id": i, "prompt": f"p{i}"}) for i in range(3)) + "\n\n", encoding="utf-8")
    read = read_dataset(path)
    assert [i.id for i in read] == ["0", "1", "2"]
    assert dataset_digest(read) == dataset_digest(read_dataset(path))


def write_dataset(folder: Path, dataset: list[BatchItem], name: str = "data.jsonl") -> Path:
    path = folder / name
    path.write_text("".join(i.model_dump_json() + "\n" for i in dataset), encoding="utf-8")
    return path


@pytest.mark.usefixtures("worker")
async def test_cli_runs_a_batch_then_reports_and_compares(
    client: Client, task_queue: str, script, tmp_path: Path
) -> None:
    from tests.test_cli import rubricflow

    dataset = items(12)
    data = write_dataset(tmp_path, dataset)
    agent = script("an answer [1]")
    passing = script(verdict("satisfied", "ok", **{"cites a source": True, "under 50 words": True}))
    failing = script(verdict("failed", "too long", **{"cites a source": True, "under 50 words": "120 words"}))
    rubric = tmp_path / "rubric.md"
    rubric.write_text(RUBRIC, encoding="utf-8")
    a, b = f"cli-{uuid.uuid4().hex[:6]}", f"cli-{uuid.uuid4().hex[:6]}"
    for name, grader, code in ((a, passing, 0), (b, failing, 1)):
        rc, out, err = await rubricflow(
            client,
            task_queue,
            "batch",
            str(data),
            "--rubric",
            f"@{rubric}",
            "--model",
            agent,
            "--grader-model",
            grader,
            "--max-iterations",
            "1",
            "--concurrency",
            "4",
            "--name",
            name,
        )
        assert rc == code, err
        assert f"batch {name}: done · 12 done, 0 running, 0 queued, 0 failed of 12" in out
    rc, out, err = await rubricflow(client, task_queue, "batch", "status", a)
    assert rc == 0 and "pass rate 100%" in out, err
    await settled_executions(client, b, 12)
    await settled_executions(client, a, 12)
    rc, out, err = await rubricflow(
        client, task_queue, "batch", "report", a, "--out", str(tmp_path / "r"), "--compare", b
    )
    assert rc == 0, err
    assert "| criterion under 50 words | 100.0% (12/12), +100.0 pts vs " + b in out
    lines = (tmp_path / "r" / f"{a}.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 12 and json.loads(lines[0])["criteria"] == {"cites a source": True, "under 50 words": True}
    assert (tmp_path / "r" / f"{a}.png").stat().st_size > 10_000


@pytest.mark.reliability
async def test_cli_refuses_a_malformed_dataset_before_anything_starts(
    client: Client, task_queue: str, tmp_path: Path
) -> None:
    from tests.test_cli import rubricflow

    data = tmp_path / "bad.jsonl"
    data.write_text('{"id": 1, "prompt": "a"}\n{"id": 2, "prompt": "b"}\n{"id": 3, "prompt": \n', encoding="utf-8")
    name = f"bad-{uuid.uuid4().hex[:6]}"
    rc, out, err = await rubricflow(
        client,
        task_queue,
        "batch",
        str(data),
        "--rubric",
        "- ok",
        "--model",
        "scripted:/nonexistent.json",
        "--name",
        name,
    )
    assert rc == 2
    assert f"{data}:3: not valid JSON" in err and "Traceback" not in err
    with pytest.raises(Exception, match="not found"):
        await client.get_workflow_handle(name).describe()
    REPORT.refuse("batch dataset: bad line")


@pytest.mark.usefixtures("worker")
async def test_pause_resume_and_cancel(client: Client, task_queue: str, script) -> None:
    from rubricflow.client import UpdateRefused
    from rubricflow.preflight import RunRefused

    dataset = items(30)
    name = f"b-{uuid.uuid4().hex[:8]}"
    s = settings(script, name, dataset, 3).model_copy(
        update={"agent": AgentSettings(model=script({"content": "slow answer", "delay_s": 1.0}))}
    )
    batches = Batches(Rubricflow(client, task_queue))
    handle = await batches.start(name, s)
    await batches.feed(name, dataset)
    paused = await batches.control(name, "pause")
    assert paused.phase == "paused"
    with pytest.raises(UpdateRefused, match="already paused"):
        await batches.control(name, "pause")

    async def idle() -> bool:
        return (await batches.status(name)).running == 0

    await until(idle, "the running items to end while paused", WAIT_S)
    held = await batches.status(name)
    assert held.started < 30 and held.queued == 30 - held.started
    resumed = await batches.control(name, "resume")
    assert resumed.phase == "running"

    async def more() -> bool:
        return (await batches.status(name)).started > held.started

    await until(more, "new items to start after resume", WAIT_S)
    cancelled = await batches.control(name, "cancel")
    assert cancelled.phase == "cancelled" and cancelled.queued == 0
    final = await asyncio.wait_for(handle.result(), WAIT_S)
    assert final.phase == "cancelled"
    assert final.done + final.failed == final.started < 30
    assert final.statuses.get("thread_cancelled", 0) == final.failed
    with pytest.raises(RunRefused, match="no running batch"):
        await batches.control(name, "resume")


class TestDecisions:
    """The batch's pure decisions: no server."""

    def test_a_chunk_sent_again_is_not_queued_twice_and_a_gap_is_refused(self) -> None:
        from rubricflow.workflows.batch_types import BatchState, ItemChunk, check_chunk, take_items

        state, dataset = BatchState(), items(5)
        s = BatchSettings(name="b", agent=AgentSettings(model="scripted:x"), total=5, digest="d")
        assert take_items(state, ItemChunk(offset=0, items=dataset[:3])) == 3
        assert take_items(state, ItemChunk(offset=1, items=dataset[1:4])) == 1  # 1, 2 again; 3 is new
        assert [i.id for i in state.queue] == ["q0000", "q0001", "q0002", "q0003"] and state.received == 4
        with pytest.raises(ValueError, match="position 4 are expected next, got 5"):
            check_chunk(state, s, ItemChunk(offset=5, items=dataset[4:]))
        with pytest.raises(ValueError, match="the dataset has 5 items"):
            check_chunk(state, s, ItemChunk(offset=4, items=[*dataset[4:], dataset[0]]))

    def test_the_queue_takes_no_more_than_its_room(self) -> None:
        from rubricflow.workflows.batch_types import MAX_QUEUED_CHARS, BatchState, ItemChunk, room, take_items

        big = [BatchItem(id=f"b{i}", prompt="x" * 30_000) for i in range(20)]
        state = BatchState()
        taken = take_items(state, ItemChunk(offset=0, items=big))
        assert 0 < taken < 20 and state.received == taken
        assert sum(len(i.prompt) for i in state.queue) <= MAX_QUEUED_CHARS
        assert room(state) == 0 and take_items(state, ItemChunk(offset=taken, items=big[taken:])) == 0

    def test_outcomes_count_once_each_and_failures_apart(self) -> None:
        from rubricflow.workflows.batch_types import BatchState, ItemOutcome, record_outcome

        state = BatchState()
        record_outcome(
            state, ItemOutcome(item_id="a", status="satisfied", iterations=1, criteria={"x": True}, tokens=5)
        )
        record_outcome(state, ItemOutcome(item_id="b", status="failed", iterations=2, criteria={"x": False}, tokens=7))
        record_outcome(state, ItemOutcome(item_id="c", status="thread_failed", reason="boom"))
        assert (state.done, state.failed, state.tokens) == (2, 1, 12)
        assert (state.criteria["x"].passed, state.criteria["x"].total) == (1, 2)
        assert state.iterations == {"1": 1, "2": 1}


def test_the_adopt_activity_implements_the_contracts_stub() -> None:
    from temporalio import activity

    from rubricflow.activities.batch import BATCH_ACTIVITIES, adopt_thread
    from rubricflow.workflows.activity_defs import BatchActivityDefs

    contract = activity._Definition.must_from_callable(BatchActivityDefs.adopt_thread)
    implementation = activity._Definition.must_from_callable(adopt_thread)
    assert (implementation.name, implementation.arg_types, implementation.ret_type) == (
        contract.name,
        contract.arg_types,
        contract.ret_type,
    )
    assert BATCH_ACTIVITIES == [adopt_thread]


def test_the_status_line_says_counts_pass_rate_cost_and_eta() -> None:
    from datetime import datetime, timedelta

    from rubricflow.cli.batch import status_line
    from rubricflow.workflows.batch_types import BatchState, status_view

    start = datetime(2026, 1, 1, tzinfo=UTC)
    state = BatchState(
        received=100,
        done=30,
        failed=10,
        tokens=1234,
        cost_usd=0.5,
        started_at=start,
        statuses={"satisfied": 20, "failed": 10, "thread_failed": 10},
        started=50,
    )
    s = BatchSettings(name="b", agent=AgentSettings(model="scripted:x"), total=100, digest="d")
    status = status_view("b", s, state, 10, "running", start + timedelta(seconds=40))
    assert status.eta_s(start + timedelta(seconds=40)) == pytest.approx(60.0)  # 40 ended in 40 s, 60 to go
    line = status_line(status)
    assert "30 done, 10 running, 0 queued, 10 failed of 100" in line and "pass rate 50%" in line
    assert "1234 tokens · $0.5000" in line and "ETA" in line
