"""`rubricflow batch`: one rubric over a JSONL dataset, and the batch's status, controls
and report.

    rubricflow batch DATASET.jsonl --rubric @rubric.md --model M [--concurrency N] [--name NAME]
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
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from rubricflow.ask_workers import check_of, item_rubrics
from rubricflow.batch_client import Batches, check_items, check_name, dataset_digest, default_name, read_dataset
from rubricflow.cli.exits import EXIT_NOT_SATISFIED, EXIT_OK
from rubricflow.cli.inputs import BadInput, build_run_input, whole_flag
from rubricflow.cli.render import console
from rubricflow.cli.workers import preflight
from rubricflow.client import Rubricflow, check_input
from rubricflow.workflows.batch_types import MAX_CONCURRENCY, BatchSettings, BatchStatus

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
    batch.add_argument("--out", default=".", help="report: the folder to write to (default .)")
    batch.add_argument("--compare", help="report: another batch to compare pass rates with")


async def cmd_batch(args: argparse.Namespace, out: TextIO) -> int:
    if args.target in ACTIONS:
        if not args.name_arg:
            raise BadInput(f"`rubricflow batch {args.target}` needs the batch's NAME")
        check_name(args.name_arg)
        batches = Batches(await Rubricflow.connect())
        if args.target == "status":
            return await follow(batches, args.name_arg, out)
        if args.target == "report":
            return await report(batches, args, out)
        status = await batches.control(args.name_arg, args.target)
        out.write(status_line(status) + "\n")
        return EXIT_OK
    return await start(args, out)


def batch_settings(args: argparse.Namespace, name: str, total: int, digest: str) -> BatchSettings:
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
    )
    run_args = argparse.Namespace(
        **vars(args), prompt="(each item's prompt)", idle_timeout="0", **{k: None for k in keys if not hasattr(args, k)}
    )
    run = build_run_input(run_args)
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
    settings = batch_settings(args, name, len(items), digest)
    check_items(name, settings, items)
    batches = Batches(await Rubricflow.connect())
    await preflight(batches.rf, check_of(settings.agent, settings.grader), item_rubrics(settings.rubric, items))
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
    return await follow(batches, name, out)


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


async def follow(batches: Batches, name: str, out: TextIO) -> int:
    """The batch's status until it ends: a live line on a terminal, then one summary."""
    status = await batches.status(name)
    with live_line(out, name) as show:
        while status.phase not in ("done", "cancelled"):
            show(status)
            await asyncio.sleep(FOLLOW_POLL_S)
            status = await batches.status(name)
    out.write(status_line(status) + "\n")
    if status.phase == "done":
        out.write(f"report: rubricflow batch report {name} --out DIR\n")
    return EXIT_OK if status.finished and status.satisfied == status.finished else EXIT_NOT_SATISFIED


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
        parts.append(f"${status.cost_usd:.4f}")
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
