"""`rubricflow batch`: one rubric over a JSONL dataset, and the batch's status, controls
and report.

    rubricflow batch DATASET.jsonl --rubric @rubric.md --model M [--concurrency N] [--name NAME]
        [--fail-under RATE] [--junit FILE]
    rubricflow batch status|pause|resume|cancel NAME
    rubricflow batch report NAME [--out DIR] [--compare OTHER]

Starting reads and checks the whole dataset first (nothing starts on a bad line), then
feeds the batch as it makes room and follows it; Ctrl-C leaves it running (the same
command feeds the rest later; `batch status NAME` follows it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from rubricflow.ask_workers import check_of, item_rubrics
from rubricflow.batch_client import Batches, check_items, check_name, dataset_digest, default_name, read_dataset
from rubricflow.cli.exits import EXIT_NOT_SATISFIED, EXIT_OK
from rubricflow.cli.inputs import BadInput, build_run_input, whole_flag
from rubricflow.cli.render import console
from rubricflow.cli.workers import preflight, with_worker_prices
from rubricflow.client import Rubricflow, check_input
from rubricflow.prices import priced_grader, usd
from rubricflow.workflows.batch_types import MAX_CONCURRENCY, BatchSettings, BatchStatus
from rubricflow.workflows.types import ModelPrice

ACTIONS = ("status", "pause", "resume", "cancel", "report")
FOLLOW_POLL_S = 1.0
"""How often the live line asks the batch's status."""


def add_parser(sub: Any) -> None:
    batch = sub.add_parser(
        "batch", help="run a rubric over a JSONL dataset; batch status|pause|resume|cancel|report NAME"
    )
    batch.add_argument(
        "target",
        help='DATASET.jsonl (lines {"id", "prompt", "rubric"?, "metadata"?}), or an action: ' + ", ".join(ACTIONS),
    )
    batch.add_argument("name_arg", nargs="?", metavar="NAME", help="the batch, for an action")
    batch.add_argument("--rubric", help="the rubric for items without their own (TEXT or @FILE)")
    batch.add_argument("--model", help="agent model 'provider:model-id' (env RUBRICFLOW_AGENT_MODEL)")
    batch.add_argument("--grader-model", help="grader model (default: --model)")
    batch.add_argument("--max-iterations", help="grader passes allowed per item (default 3)")
    batch.add_argument("--concurrency", default="10", help=f"item threads at once, 1..{MAX_CONCURRENCY} (default 10)")
    batch.add_argument("--name", help="the batch's name (default: from the dataset's file name and content)")
    batch.add_argument("--no-follow", action="store_true", help="return once every item is sent to the batch")
    batch.add_argument(
        "--fail-under",
        metavar="RATE",
        help="CI gate: once the batch ends, exit 1 when its pass rate is below RATE (0 to 1), 0 at or above it",
    )
    batch.add_argument(
        "--junit",
        metavar="FILE",
        help="once the batch ends, write JUnit XML there: a test case per item, a failure per unmet criterion",
    )
    batch.add_argument("--out", default=".", help="report: the folder to write to (default .)")
    batch.add_argument("--compare", help="report: another batch to compare pass rates with")


@dataclass(frozen=True)
class Gate:
    """What `--fail-under` and `--junit` ask of a batch once it ends."""

    fail_under: float | None = None
    junit: Path | None = None


def gate_of(args: argparse.Namespace) -> Gate | None:
    if args.fail_under is None and args.junit is None:
        return None
    if args.target in ACTIONS and args.target != "status":
        raise BadInput(
            "--fail-under and --junit apply to a batch being followed: `batch DATASET` or `batch status NAME`"
        )
    if args.no_follow:
        raise BadInput(
            "--fail-under and --junit act once the batch ends: drop --no-follow, or run "
            "`rubricflow batch status NAME --fail-under RATE` later"
        )
    rate = None
    if args.fail_under is not None:
        try:
            rate = float(args.fail_under)
        except ValueError:
            rate = -1.0
        if not 0 <= rate <= 1:
            raise BadInput(f"--fail-under must be a pass rate from 0 to 1 (e.g. 0.9), got {args.fail_under!r}")
    return Gate(rate, Path(args.junit) if args.junit else None)


async def cmd_batch(args: argparse.Namespace, out: TextIO) -> int:
    gate = gate_of(args)
    if args.target in ACTIONS:
        if not args.name_arg:
            raise BadInput(f"`rubricflow batch {args.target}` needs the batch's NAME")
        check_name(args.name_arg)
        batches = Batches(await Rubricflow.connect())
        if args.target == "status":
            return await follow(batches, args.name_arg, out, gate)
        if args.target == "report":
            return await report(batches, args, out)
        status = await batches.control(args.name_arg, args.target)
        out.write(status_line(status) + "\n")
        return EXIT_OK
    return await start(args, out)


def batch_settings(
    args: argparse.Namespace, name: str, total: int, digest: str, worker_prices: Mapping[str, ModelPrice] | None = None
) -> BatchSettings:
    """The `run` command's settings (the same flags, the same checks), for every item."""
    keys = (
        "system_prompt",
        "grader_prompt",
        "tool",
        "grader_tool",
        "step_timeout",
        "max_tokens",
        "max_cost",
        "max_wall",
        "grading",
        "grader_samples",
        "review_split",
        "review_unverified",
        "max_grader_calls",
        "pass_score",
        "no_cache",
    )
    run_args = argparse.Namespace(
        **vars(args), prompt="(each item's prompt)", idle_timeout="0", **{k: None for k in keys if not hasattr(args, k)}
    )
    run = build_run_input(run_args, worker_prices)
    check_input(run)
    return BatchSettings(
        name=name,
        rubric=run.rubric,
        agent=run.agent,
        grader=run.grader,
        total=total,
        digest=digest,
        concurrency=whole_flag(args.concurrency, "--concurrency", 1, MAX_CONCURRENCY),
    )


async def start(args: argparse.Namespace, out: TextIO) -> int:
    if args.name_arg:
        raise BadInput(f"unexpected {args.name_arg!r}: give the dataset, then --name NAME")
    items = read_dataset(args.target)
    digest = dataset_digest(items)
    name = check_name(args.name or default_name(args.target, digest))
    settings = await with_worker_prices(lambda prices: batch_settings(args, name, len(items), digest, prices))
    check_items(name, settings, items)
    batches = Batches(await Rubricflow.connect())
    answer = await preflight(
        batches.rf, check_of(settings.agent, settings.grader), item_rubrics(settings.rubric, items)
    )
    if answer is not None and settings.grader is not None:
        settings = settings.model_copy(
            update={"grader": priced_grader(settings.grader, settings.agent.model, answer.prices)}
        )
    await batches.start(name, settings)
    args.current_thread = None
    out.write(
        f"batch {name}: {len(items)} items at concurrency {settings.concurrency} on task queue {batches.rf.queue!r}\n"
    )
    out.flush()
    with live_line(out, name) as show:
        status = await batches.feed(name, items, on_wait=show)
    if args.no_follow:
        out.write(status_line(status) + "\n")
        return EXIT_OK
    return await follow(batches, name, out, gate_of(args))


@contextlib.contextmanager
def live_line(out: TextIO, name: str) -> Iterator[Any]:
    """A `run`-style live line on a terminal; piped, a line each time the counts change,
    written at once."""
    term = console(out)
    if not term.is_terminal:
        shown: list[tuple[object, ...] | None] = [None]

        def show(status: BatchStatus) -> None:
            counts = (status.phase, status.done, status.running, status.queued, status.failed)
            if counts != shown[0]:
                shown[0] = counts
                out.write(status_line(status) + "\n")
                out.flush()

        yield show
        return
    with term.status(f"batch {name}: starting") as line:
        yield lambda status: line.update(status_line(status))


async def follow(batches: Batches, name: str, out: TextIO, gate: Gate | None = None) -> int:
    """The batch's status until it ends: a live line on a terminal, then one summary; then
    the gate, when one is asked for. Without `--fail-under`, 0 only when every item passed."""
    status = await batches.status(name)
    with live_line(out, name) as show:
        while status.phase not in ("done", "cancelled"):
            show(status)
            await asyncio.sleep(FOLLOW_POLL_S)
            status = await batches.status(name)
    out.write(status_line(status) + "\n")
    if status.phase == "done":
        out.write(f"report: rubricflow batch report {name} --out DIR\n")
    if gate is not None and gate.junit is not None:
        await write_gate_report(batches, status, gate, out)
    if gate is not None and gate.fail_under is not None:
        return judge_gate(status, gate.fail_under, out)
    return EXIT_OK if status.finished and status.satisfied == status.finished else EXIT_NOT_SATISFIED


async def write_gate_report(batches: Batches, status: BatchStatus, gate: Gate, out: TextIO) -> None:
    from rubricflow.junit import write_junit

    assert gate.junit is not None
    records = await batches.settled_threads(status.name, status.finished)
    properties = {"pass_rate": f"{status.pass_rate or 0.0:.4f}", "phase": status.phase}
    if gate.fail_under is not None:
        properties["fail_under"] = f"{gate.fail_under:g}"
    write_junit(gate.junit, status.name, records, properties)
    missing = status.finished - len(records)
    out.write(
        f"junit: {gate.junit} ({len(records)} test cases"
        + (f"; visibility did not list {missing} item threads" if missing > 0 else "")
        + ")\n"
    )


def judge_gate(status: BatchStatus, fail_under: float, out: TextIO) -> int:
    """0 when the batch ended and its pass rate is at least `fail_under`, else 1."""
    rate = status.pass_rate or 0.0
    passed = status.phase == "done" and rate >= fail_under
    verdict = "passed" if passed else "FAILED"
    why = "" if status.phase == "done" else f" (the batch was {status.phase})"
    out.write(f"gate {verdict}: pass rate {rate * 100:.1f}% against --fail-under {fail_under * 100:.1f}%{why}\n")
    return EXIT_OK if passed else EXIT_NOT_SATISFIED


def status_line(status: BatchStatus) -> str:
    rate = "-" if status.pass_rate is None else f"{status.pass_rate * 100:.0f}%"
    eta = status.eta_s(datetime.now(UTC)) if status.phase not in ("done", "cancelled") else None
    parts = [
        f"batch {status.name}: {status.phase}",
        f"{status.done} done, {status.running} running, {status.queued} queued, {status.failed} failed of {status.total}",
        f"pass rate {rate}",
        f"{status.tokens} tokens",
    ]
    if status.cost_usd:
        parts.append(usd(status.cost_usd))
    if eta is not None:
        parts.append(f"ETA {eta:.0f} s")
    if status.adopted:
        parts.append(f"{status.adopted} already done")
    return " · ".join(parts)


async def report(batches: Batches, args: argparse.Namespace, out: TextIO) -> int:
    from rubricflow.batch_report import item_row, write_report

    rows = [item_row(r) for r in await batches.threads(args.name_arg)]
    if not rows:
        raise BadInput(f"batch {args.name_arg!r} has no item threads on this server (see `rubricflow batch status`)")
    other = None
    if args.compare:
        theirs = [item_row(r) for r in await batches.threads(check_name(args.compare))]
        if not theirs:
            raise BadInput(f"batch {args.compare!r} has no item threads to compare with")
        other = (args.compare, theirs)
    paths = write_report(Path(args.out), args.name_arg, rows, other)
    out.write(paths["table"].read_text(encoding="utf-8"))
    out.write("wrote " + ", ".join(str(p) for p in paths.values()) + "\n")
    if "plot" not in paths:
        out.write("plot skipped: it needs matplotlib (pip install 'rubricflow[bench]')\n")
    return EXIT_OK
