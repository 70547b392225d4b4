"""Where a grounded grader pass spends its time, stage by stage.

    python -m benchmarks stages [--model local:qwen2.5-coder-1.5b] [--set fresh14] [--every 8] [--out bench-out]

Every --every-th case of the labelled set, graded once by the `grounded` strategy in this
process (no worker, no Temporal: the stages alone), with a fresh check book (nothing written
before, as on a run's first pass), after one pass not counted (the model loaded, as on a
worker that has graded before). Each kind of question the pass puts to the model is
timed: the checks' bodies, the grader's own example answers (asked only when a measuring
check returned False), the citations, the quotes read again, the fact choices; `code` is
the rest of the pass (the sandboxed checks, reading the answer, deciding). Prints each
stage's seconds a pass and share; writes DIR/stages.json and DIR/stages.png (a bar per
case, stacked by stage). The figures vary with the documents' length: a local model reads
its prompt at a rate set by the CPU, and the citations' prompt holds the whole answer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import time
from collections import defaultdict
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.fresh_sets import ALONE, build_alone
from benchmarks.labelled import JudgeCase
from rubricflow.activities.grader.asking import Ask, structured_asker
from rubricflow.activities.grader.grounded import grade_grounded
from rubricflow.activities.grader.grounded_asker import Asker, CheckBook
from rubricflow.activities.grader.prompt import new_nonce
from rubricflow.activities.models import ModelFactory
from rubricflow.workflows.types import Message

T = TypeVar("T")

STAGES = ("checks", "examples", "citations", "confirm", "facts", "code")


async def timed(seconds: dict[str, float], stage: str, call: Awaitable[T]) -> T:
    """`call`'s result, its seconds added to `stage`'s."""
    start = time.perf_counter()
    try:
        return await call
    finally:
        seconds[stage] += time.perf_counter() - start


class TimedAsker(Asker):
    """An `Asker` that adds each kind of question's seconds to `seconds`."""

    def __init__(self, *args: Any, seconds: dict[str, float], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds

    async def check_bodies(self, prompts: list[str]) -> list[str]:
        return await timed(self.seconds, "checks", super().check_bodies(prompts))

    async def examples(self, questions: list[list[Any]]) -> list[str]:
        return await timed(self.seconds, "examples", super().examples(questions))

    async def quotes(self, questions: list[list[Any]]) -> list[str]:
        return await timed(self.seconds, "citations", super().quotes(questions))

    async def probabilities(self, questions: list[list[dict[str, str]]], choices: list[str]) -> list[float | None]:
        return await timed(self.seconds, "confirm", super().probabilities(questions, choices))


def timed_facts(ask: Ask, seconds: dict[str, float]) -> Ask:
    """`ask` adding its seconds to the `facts` stage."""

    async def asked(*args: Any, **kwargs: Any) -> Any:
        return await timed(seconds, "facts", ask(*args, **kwargs))

    return asked


async def time_pass(model: Any, case: JudgeCase, label: str, structured: Any = "tool") -> dict[str, Any]:
    """One grounded pass of `case` on `model`, with each stage's seconds and the pass's."""
    seconds: dict[str, float] = defaultdict(float)
    asker = TimedAsker(model, {}, label, CheckBook(), seconds=seconds)
    facts = timed_facts(structured_asker(model, {}, [0], ValueError, structured), seconds)
    start = time.perf_counter()
    verdict = await grade_grounded(
        asker,
        criteria=[c.text for c in case.criteria],
        transcript=[Message(role="user", content=case.task), Message(role="assistant", content=case.answer)],
        nonce=new_nonce(),
        allow_weak_sandbox=True,
        facts=facts,
    )
    total = time.perf_counter() - start
    seconds["code"] = max(0.0, total - sum(seconds[s] for s in STAGES if s != "code"))
    return {
        "case": case.id,
        "seconds": round(total, 3),
        "stages": {s: round(seconds[s], 3) for s in STAGES},
        "answer_chars": len(case.answer),
        "criteria": len(case.criteria),
        "decided_by": [c.decided_by for c in verdict.criteria],
    }


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Each stage's mean seconds a pass and share of all the passes' time; the median pass."""
    if not rows:
        return {"passes": 0, "median_s": None, "mean_s": None, "stages": {}}
    total = sum(r["seconds"] for r in rows) or 1.0
    spent = {s: sum(r["stages"][s] for r in rows) for s in STAGES}
    return {
        "passes": len(rows),
        "median_s": round(statistics.median(r["seconds"] for r in rows), 2),
        "mean_s": round(total / len(rows), 2),
        "stages": {s: {"mean_s": round(spent[s] / len(rows), 2), "share": round(spent[s] / total, 3)} for s in STAGES},
    }


def table(result: dict[str, Any]) -> str:
    lines = [f"passes {result['passes']}, median {result['median_s']} s, mean {result['mean_s']} s"]
    lines.append(f"{'stage':<10} {'s/pass':>7} {'share':>6}")
    for stage, row in result["stages"].items():
        lines.append(f"{stage:<10} {row['mean_s']:>7.2f} {100 * row['share']:>5.1f}%")
    return "\n".join(lines)


def plot(rows: Sequence[dict[str, Any]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(6, 0.5 * len(rows)), 4))
    bottoms = [0.0] * len(rows)
    for stage in STAGES:
        heights = [r["stages"][stage] for r in rows]
        ax.bar(range(len(rows)), heights, bottom=bottoms, label=stage)
        bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    ax.set_xticks(range(len(rows)), [r["case"] for r in rows], rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("seconds")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    models = ModelFactory(local_in_process=True, allow_scripted=True)
    try:
        model = models.get(args.model)
        cases = build_alone(args.set)[:: args.every]
        # The model loads and reads the checks' shared prefix once, as on a worker that has
        # graded before: a first pass, of the last case, is not counted.
        await time_pass(model, cases[-1], args.model, models.structured_output(args.model))
        rows = []
        for case in cases:
            row = await time_pass(model, case, args.model, models.structured_output(args.model))
            print(f"{case.id}: {row['seconds']:.1f} s  " + "  ".join(f"{k} {v:.1f}" for k, v in row["stages"].items()))
            rows.append(row)
    finally:
        models.close()
    return {"rows": rows, "summary": summary(rows)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks stages", description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="local:qwen2.5-coder-1.5b", help="grader model (default %(default)s)")
    parser.add_argument(
        "--set", default="fresh14", choices=sorted(ALONE), help="a set graded alone (default %(default)s)"
    )
    parser.add_argument("--every", type=int, default=8, help="grade every k-th case (default %(default)s)")
    parser.add_argument("--out", type=Path, default=Path("bench-out"), help="folder for stages.json and stages.png")
    args = parser.parse_args(argv)
    if args.every < 1:
        parser.error("--every must be 1 or more")
    result = asyncio.run(run(args))
    args.out.mkdir(parents=True, exist_ok=True)
    result["machine"] = {"cpus": os.cpu_count(), "platform": platform.platform()}
    result["command"] = "python -m benchmarks stages " + " ".join(argv)
    (args.out / "stages.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    plot(result["rows"], args.out / "stages.png", f"grounded pass stages: {args.model}, --set {args.set}")
    print(table(result["summary"]))
    print(f"wrote {args.out / 'stages.json'} and {args.out / 'stages.png'}")
    return 0
