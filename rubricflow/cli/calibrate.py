"""`rubricflow calibrate`: measure a grader against answers people labelled.

    rubricflow calibrate [LABELS.jsonl] --grader-model M [--grading G] [--samples N]
        [--compare model=M2,grading=G2,samples=N2] [--out DIR] [--embedded]

Each labelled answer is graded once, as it stands, by one grader pass: a batch
(`workflows/batch.py`) whose items carry the answer as their transcript, so no agent runs,
the work is durable and concurrent, and the same command again adopts what was graded
rather than paying for it twice. Then each criterion's verdict is set beside its label
(`rubricflow/calibration.py`): agreement, Cohen's kappa, the confusion matrix, unmet-passed
and met-failed rates and the unverified share, per criterion, per family and overall, with
cost and time, as a table (printed), JSON, the verdicts as JSON lines, and a plot.
`--compare` grades the same labels with a second grader and tests the difference.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from rubricflow.batch_client import Batches, ThreadRecord, check_items, check_name
from rubricflow.calibration import compare, summarize, write
from rubricflow.cli.batch import live_line, status_line
from rubricflow.cli.demo import DEMO_GRADER_MODEL, DEMO_STOPPED
from rubricflow.cli.exits import EXIT_OK
from rubricflow.cli.inputs import BadInput, validation_message, whole_flag
from rubricflow.cli.serve import serve
from rubricflow.cli.workers import preflight
from rubricflow.client import Rubricflow
from rubricflow.labels import LabelledAnswer, labels_digest, read_labels
from rubricflow.prices import price_table
from rubricflow.run_checks import check_input
from rubricflow.settings import data_dir
from rubricflow.workflows.batch_types import MAX_CONCURRENCY, BatchSettings
from rubricflow.workflows.rubric import parse_rubric
from rubricflow.workflows.types import (
    GRADING_STRATEGIES,
    MAX_GRADER_CALLS,
    MAX_GRADER_SAMPLES,
    AgentSettings,
    GraderSettings,
    ModelPrice,
    RunInput,
)

SHIPPED_LABELS = ("labels", "judge.jsonl")
"""The project's judge benchmark as labels, shipped with the package."""
FOLLOW_POLL_S = 1.0
COMPARE_KEYS = ("model", "grading", "samples")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "calibrate",
        help="measure a grader against labelled answers: agreement, kappa, false passes per criterion and family",
    )
    p.add_argument(
        "labels",
        nargs="?",
        help='LABELS.jsonl: lines {"id"?, "request", "answer" or "transcript", "rubric", "labels", "families"?} '
        "(default: the shipped judge labels, rubricflow/labels/judge.jsonl)",
    )
    p.add_argument(
        "--grader-model", help=f"the grader (env RUBRICFLOW_GRADER_MODEL; default {DEMO_GRADER_MODEL}, as the demo's)"
    )
    p.add_argument("--grading", choices=list(GRADING_STRATEGIES), help="how each pass decides (default auto)")
    p.add_argument("--samples", help=f"ask each criterion N times (odd, 1..{MAX_GRADER_SAMPLES}), take the majority")
    p.add_argument("--max-grader-calls", help=f"model calls one pass may make (1..{MAX_GRADER_CALLS})")
    p.add_argument("--no-cache", action="store_true", help="always ask the model, never the worker's grader cache")
    p.add_argument(
        "--compare",
        metavar="KEY=VALUE[,...]",
        help="grade the same labels with a second grader too and test the difference: "
        "model=M, grading=G, samples=N (what is left out is the first grader's)",
    )
    p.add_argument(
        "--concurrency",
        help=f"answers graded at once, 1..{MAX_CONCURRENCY} (default 4; 1 for a local: grader, "
        "whose model process generates one answer at a time)",
    )
    p.add_argument(
        "--sample",
        help="grade N of the labelled answers, spread evenly over the file (every k-th), "
        "so a shorter run keeps the file's mix (default: all)",
    )
    p.add_argument("--name", help="the batch's name (default: from the labels file, its content and the grader)")
    p.add_argument("--out", default=".", help="where NAME.calibration.{md,json,png} and NAME.verdicts.jsonl go")
    p.add_argument(
        "--embedded",
        action="store_true",
        help="start (or reuse) the embedded server and a worker here, as `demo` does; "
        "without it, the server at TEMPORAL_ADDRESS and its workers grade",
    )
    p.add_argument("--data-dir", default=str(data_dir()), help="with --embedded: the server's and worker's folder")
    p.add_argument("--port", type=int, default=7233, help="with --embedded: the server's gRPC port")
    p.add_argument("--verbose", action="store_true", help="with --embedded: the worker's output here")


@dataclass(frozen=True)
class Plan:
    """One grader's calibration batch."""

    name: str
    settings: BatchSettings
    about: dict[str, Any]


def labels_path(given: str | None) -> Path:
    if given:
        return Path(given)
    shipped = Path(str(resources.files("rubricflow").joinpath(*SHIPPED_LABELS)))
    if not shipped.is_file():
        raise BadInput(
            "no labels file given, and this install ships none (rubricflow/labels/judge.jsonl): "
            "give LABELS.jsonl, one labelled answer a line"
        )
    return shipped


def spread(answers: list[LabelledAnswer], sample: str | None) -> list[LabelledAnswer]:
    """`--sample N`: N answers, every k-th of the file, so a short run keeps its mix."""
    if sample is None:
        return answers
    count = whole_flag(sample, "--sample", 1, len(answers))
    step = len(answers) / count
    return [answers[int(i * step)] for i in range(count)]


def grader_of(args: argparse.Namespace) -> GraderSettings:
    settings: dict[str, Any] = {
        "model": args.grader_model or os.environ.get("RUBRICFLOW_GRADER_MODEL") or DEMO_GRADER_MODEL,
        "max_iterations": 1,
        "cache": not args.no_cache,
    }
    if args.grading:
        settings["grading"] = args.grading
    if args.samples is not None:
        settings["samples"] = whole_flag(args.samples, "--samples", 1, MAX_GRADER_SAMPLES)
    if args.max_grader_calls is not None:
        settings["max_grader_calls"] = whole_flag(args.max_grader_calls, "--max-grader-calls", 1, MAX_GRADER_CALLS)
    return _settings(settings, "the grader")


def compared(first: GraderSettings, spec: str) -> GraderSettings:
    """The second grader: the first one's settings with `--compare`'s changes."""
    changes: dict[str, Any] = {}
    for part in spec.split(","):
        key, sep, value = (s.strip() for s in part.partition("="))
        if not sep or key not in COMPARE_KEYS or not value:
            raise BadInput(
                f"--compare takes KEY=VALUE pairs with keys {', '.join(COMPARE_KEYS)}, e.g. "
                f"'grading=per_criterion' or 'model=openai:gpt-4o-mini,samples=3'; got {part.strip()!r}"
            )
        changes[key] = whole_flag(value, "--compare samples", 1, MAX_GRADER_SAMPLES) if key == "samples" else value
    second = _settings({**first.model_dump(), **changes}, "--compare")
    if second == first:
        raise BadInput("--compare names the same grader as the first: change its model, grading or samples")
    return second


def _settings(values: dict[str, Any], what: str) -> GraderSettings:
    try:
        return GraderSettings(**values)
    except ValueError as err:
        message = validation_message(err) if hasattr(err, "errors") else str(err)
        raise BadInput(f"{what}: {message}") from None


def about(grader: GraderSettings) -> dict[str, Any]:
    return {"model": grader.model, "grading": grader.grading, "samples": grader.samples}


def plan_for(
    path: Path, answers: list[LabelledAnswer], grader: GraderSettings, name: str | None, concurrency: int
) -> Plan:
    """The batch that grades `answers` with `grader`. Its name and digest come from the
    labels and the grader: the same command again is the same batch (it adopts what was
    graded), another grader is another batch."""
    digest = hashlib.sha256(f"{labels_digest(answers)}\n{grader.model_dump_json()}".encode()).hexdigest()
    stem = "".join(c if c.isalnum() or c in "._-" else "-" for c in path.stem)[:60] or "labels"
    batch = check_name(name or f"calibrate-{stem}-{digest[:10]}")
    settings = BatchSettings(
        name=batch,
        # A thread's agent settings; no agent runs: each answer is given, and one pass
        # (max_iterations 1) leaves no revision for an agent to make.
        agent=AgentSettings(model=grader.model),
        grader=grader,
        concurrency=concurrency,
        total=len(answers),
        digest=digest,
    )
    check_items(batch, settings, [a.item() for a in answers], [a.line for a in answers])
    return Plan(batch, settings, about(grader))


async def cmd_calibrate(args: argparse.Namespace, out: TextIO) -> int:
    path = labels_path(args.labels)
    answers = spread(read_labels(path), args.sample)
    first = grader_of(args)
    graders = [first, *([compared(first, args.compare)] if args.compare else [])]
    local = any(g.model.startswith("local:") for g in graders)
    concurrency = whole_flag(args.concurrency or ("1" if local else "4"), "--concurrency", 1, MAX_CONCURRENCY)
    if args.name and len(graders) > 1:
        raise BadInput("--name names one batch; with --compare each grader has its own: leave --name out")
    plans = [plan_for(path, answers, g, args.name, concurrency) for g in graders]
    runs = [
        RunInput(
            transcript=answers[0].transcript, rubric=answers[0].rubric, agent=AgentSettings(model=g.model), grader=g
        )
        for g in graders
    ]
    for run in runs:
        check_input(run)
    for answer in {a.rubric: a for a in answers}.values():  # what the contract alone can read
        problems = parse_rubric(answer.rubric).problems
        if problems:
            raise BadInput(f"{path}:{answer.line}: the rubric cannot be graded: " + "; ".join(problems))
    rubrics = {
        f"{path}:{a.line}: the rubric cannot be graded": a.rubric for a in {a.rubric: a for a in answers}.values()
    }

    async def calibrate(rf: Rubricflow) -> int:
        priced: dict[str, ModelPrice] = {}  # the workers' prices of their profiles
        for run in runs:  # the workers say what they would refuse: models, the checks each rubric names
            answer = await preflight(rf, run, rubrics)
            priced.update(answer.prices if answer is not None else {})
        graded = [await grade(Batches(rf), plan, answers, out) for plan in plans]
        return report(args, path, answers, plans, graded, out, {**priced, **price_table()})

    if not args.embedded:
        return await calibrate(await Rubricflow.connect())

    async def embedded(client: Any, server: Any, worker: Any) -> int:
        return await calibrate(Rubricflow(client))

    code = await serve(Path(args.data_dir), args.port, args.verbose, out, embedded, stopped=DEMO_STOPPED)
    if code == DEMO_STOPPED:
        out.write("\nstopped: the batches stay on the server; the same command goes on from where they are\n")
    return code


async def grade(
    batches: Batches, plan: Plan, answers: list[LabelledAnswer], out: TextIO
) -> tuple[dict[str, ThreadRecord], float]:
    """Grade every answer (what an earlier run of the batch graded is adopted); the item
    threads by id, and the seconds it took."""
    started = time.monotonic()
    items = [a.item() for a in answers]
    await batches.start(plan.name, plan.settings)
    grader = ", ".join(f"{k} {v}" for k, v in plan.about.items())
    out.write(
        f"calibrate: {len(items)} answers, grader {grader}, batch {plan.name} on task queue {batches.rf.queue!r}\n"
    )
    out.flush()
    with live_line(out, plan.name) as show:
        status = await batches.feed(plan.name, items, on_wait=show)
        while status.phase not in ("done", "cancelled"):
            show(status)
            await asyncio.sleep(FOLLOW_POLL_S)
            status = await batches.status(plan.name)
    out.write(status_line(status) + "\n")
    records = await batches.settled_threads(plan.name, len(items))
    if len(records) < len(items):
        out.write(
            f"calibrate: visibility lists {len(records)} of {len(items)} item threads; the others count as ungraded\n"
        )
    return {r.item_id: r for r in records}, time.monotonic() - started


def report(
    args: argparse.Namespace,
    path: Path,
    answers: list[LabelledAnswer],
    plans: list[Plan],
    graded: list[tuple[dict[str, ThreadRecord], float]],
    out: TextIO,
    prices: dict[str, ModelPrice],
) -> int:
    summaries = [
        summarize(answers, records, plan.about, wall, prices)
        for plan, (records, wall) in zip(plans, graded, strict=True)
    ]
    comparison = None
    if len(summaries) == 2:
        comparison = {"summary": summaries[1], "result": compare(summaries[0]["rows"], summaries[1]["rows"])}
    try:
        paths = write(Path(args.out), plans[0].name, summaries[0], str(path), comparison)
    except ImportError:
        raise BadInput("the report's plot needs matplotlib: pip install 'rubricflow[bench]'") from None
    out.write("\n" + paths["table"].read_text(encoding="utf-8"))
    out.write("wrote " + ", ".join(str(p) for p in paths.values()) + "\n")
    return EXIT_OK
