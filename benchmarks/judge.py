"""How right the grader is: the labelled set graded through real threads, one pass each.

    python -m benchmarks judge --model local:qwen2.5-coder-1.5b --grading facts whole
    python -m benchmarks judge --set new --families behaviour verse   # or --set held, --set fresh, --set fresh2

One throwaway dev server and one `python -m rubricflow.worker` process. For every grader
model and strategy, each case of the labelled set (`judge_cases.build_set`) is a thread: a scripted agent gives the case's answer,
the grader under test grades it once (`max_iterations` 1), and its record is compared
criterion by criterion with the truth that code decided. Prints and writes DIR/judge.json and
DIR/judge.png: criterion accuracy, false passes (an unmet criterion passed), false fails,
verdict accuracy, seconds and tokens per pass, and each family of criteria apart.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.harness import wait_for_pollers
from benchmarks.judge_cases import ALONE_SETS, SETS, WORDINGS, JudgeCase, build_set, family_names
from rubricflow.client import Rubricflow
from rubricflow.converter import data_converter
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows.types import GRADING_STRATEGIES, AgentSettings, GraderSettings, RunInput

DEFAULT_MODELS = ["local:qwen2.5-coder-1.5b"]
DEFAULT_GRADINGS = ["facts"]


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def in_families(family: str, names: list[str] | None) -> bool:
    """`family` is one of `names`, or inside one (`menu` holds every `menu:<kind>`)."""
    return names is None or any(family == n or family.startswith(f"{n}:") for n in names)


def family_of(row: dict[str, Any]) -> str:
    """A graded criterion's family (rows written before families existed: `menu:<kind>`)."""
    return row.get("family") or f"menu:{row['kind']}"


def family_figures(cs: list[dict[str, Any]]) -> dict[str, Any]:
    """A family's figures. A criterion the grader recorded as unverified is neither right
    nor wrong: it counts in `unverified`, and accuracy is over the decided ones; unmet
    passed and met failed are shares of all the family's unmet and met criteria."""
    decided = [c for c in cs if not c.get("unverified")]
    unmet = sum(1 for c in cs if not c["truth"])
    return {
        "criteria": len(cs),
        "unmet": unmet,
        "decided": len(decided),
        "accuracy": _rate(sum(c["passed"] == c["truth"] for c in decided), len(decided)),
        "unmet_passed": sum(1 for c in decided if c["passed"] and not c["truth"]),
        "met_failed": sum(1 for c in decided if not c["passed"] and c["truth"]),
        "unverified": len(cs) - len(decided),
        "unmet_passed_rate": _rate(sum(1 for c in decided if c["passed"] and not c["truth"]), unmet),
        "met_failed_rate": _rate(sum(1 for c in decided if not c["passed"] and c["truth"]), len(cs) - unmet),
        "unverified_rate": _rate(len(cs) - len(decided), len(cs)),
    }


def score(rows: list[dict[str, Any]], families: list[str] | None = None) -> dict[str, Any]:
    """The classifier figures of one (model, strategy) over its graded criteria (those of
    `families` only, when given; verdicts are of whole rubrics either way)."""
    graded = [c for r in rows for c in r["criteria"] if in_families(family_of(c), families)]
    unmet = [c for c in graded if not c["truth"]]
    met = [c for c in graded if c["truth"]]
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_family: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in graded:
        by_kind[c["kind"]].append(c)
        by_family[family_of(c)].append(c)
    seconds = [r["seconds"] for r in rows]
    tokens = [r["tokens"] for r in rows]
    return {
        "cases": len(rows),
        "criteria": len(graded),
        "unmet": len(unmet),
        "errors": sum(1 for r in rows if r["error"]),
        "criterion_accuracy": _rate(sum(c["passed"] == c["truth"] for c in graded), len(graded)),
        "decided": family_figures(graded),
        "examples_left_out": None,
        "false_pass_rate": _rate(sum(c["passed"] for c in unmet), len(unmet)),
        "false_fail_rate": _rate(sum(not c["passed"] for c in met), len(met)),
        "verdict_accuracy": _rate(sum(r["verdict_right"] for r in rows), len(rows)),
        "seconds_per_pass_median": statistics.median(seconds) if seconds else None,
        "tokens_per_pass_median": statistics.median(tokens) if tokens else None,
        "decided_by_fact": sum(1 for c in graded if c.get("decided_by")),
        "by_kind": {
            kind: {
                "criteria": len(cs),
                "accuracy": _rate(sum(c["passed"] == c["truth"] for c in cs), len(cs)),
                "false_passes": sum(1 for c in cs if c["passed"] and not c["truth"]),
            }
            for kind, cs in sorted(by_kind.items())
        },
        "by_family": {family: family_figures(by_family[family]) for family in _family_order(by_family)},
    }


def _family_order(by_family: dict[str, Any]) -> list[str]:
    return sorted(by_family, key=lambda f: (not f.startswith("menu:"), f))


class JudgeBench:
    """A dev server and a worker process that serves scripted agents and the graders."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.queue = f"bench-judge-{uuid.uuid4().hex[:8]}"
        self.env = {k: v for k, v in os.environ.items() if k != "RUBRICFLOW_HOOKS"}
        self.env.update(
            {
                "RUBRICFLOW_LOG_LEVEL": "WARNING",
                "RUBRICFLOW_DATA_DIR": os.environ.get("RUBRICFLOW_DATA_DIR", str(Path(".rubricflow").resolve())),
                "RUBRICFLOW_SCRIPT_STATE": str(folder / "cursors"),
                # The agents are scripted (each case's answer); a scripted grader may be measured too.
                "RUBRICFLOW_ALLOW_SCRIPTED": "1",
                "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "1",
                # The benchmark measures the model: no verdict from an earlier run's cache.
                "RUBRICFLOW_GRADER_CACHE_MAX_MB": "0",
            }
        )
        self.procs: list[Any] = []

    def leave_out(self, families: list[str]) -> None:
        """The worker's grounded check prompt leaves out the examples about these families
        (set before the bench starts its worker)."""
        self.env["RUBRICFLOW_GRADER_EXAMPLES_LEFT_OUT"] = ",".join(families)

    async def __aenter__(self) -> JudgeBench:
        import subprocess

        port = free_port()
        address = f"127.0.0.1:{port}"
        self.server = spawn_dev_server(port)
        self.procs.append(self.server)
        client = await connect_when_up(address, self.server, data_converter=data_converter)
        self.env.update({"TEMPORAL_ADDRESS": address, "RUBRICFLOW_TASK_QUEUE": self.queue})
        log = (self.folder / "worker.log").open("wb")
        worker = subprocess.Popen(
            [sys.executable, "-m", "rubricflow.worker"],
            env=self.env,
            start_new_session=True,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
        self.procs.insert(0, worker)
        await wait_for_pollers(client, self.queue, worker)
        self.rubricflow = Rubricflow(client, self.queue)
        (self.folder / "scripts").mkdir(parents=True, exist_ok=True)
        return self

    async def __aexit__(self, *exc: object) -> None:
        import subprocess

        for proc in self.procs:
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    async def grade(self, case: JudgeCase, model: str, grading: str, samples: int) -> dict[str, Any]:
        script = self.folder / "scripts" / f"{case.id}.json"
        script.write_text(json.dumps({"responses": [case.answer], "deterministic": True}))
        run = RunInput(
            message=case.task,
            rubric=case.rubric,
            agent=AgentSettings(model=f"scripted:{script}"),
            grader=GraderSettings(model=model, grading=grading, samples=samples, max_iterations=1),
        )
        started = time.monotonic()
        handle = await self.rubricflow.start(run, f"judge-{case.id}-{uuid.uuid4().hex[:6]}")
        result = await handle.result()
        seconds = time.monotonic() - started
        evaluation = result.evaluations[-1] if result.evaluations else None
        said = {c.name: c for c in evaluation.criteria} if evaluation else {}
        criteria = []
        for truth in case.criteria:
            entry = said.get(truth.text)
            criteria.append(
                {
                    "text": truth.text,
                    "kind": truth.kind,
                    "family": truth.family,
                    "truth": truth.met,
                    # An unanswered criterion counts as passed: the dangerous reading.
                    "passed": entry.passed if entry is not None else True,
                    "gap": entry.gap if entry is not None else None,
                    "decided_by": entry.decided_by if entry is not None else None,
                    "votes": entry.votes if entry is not None else None,
                    "unverified": entry.unverified if entry is not None else False,
                    "check": entry.check if entry is not None else None,
                    "quote": entry.quote if entry is not None else None,
                }
            )
        all_met = all(c.met for c in case.criteria)
        result_right = evaluation is not None and (evaluation.result == "satisfied") == all_met
        usage = evaluation.usage.grader if evaluation and evaluation.usage else None
        return {
            "case": case.id,
            "model": model,
            "grading": grading,
            "status": result.status,
            "result": evaluation.result if evaluation else None,
            "verdict_right": result_right,
            "error": evaluation is None or evaluation.result == "grader_error",
            "seconds": seconds,
            "tokens": (usage.input_tokens + usage.output_tokens) if usage else 0,
            "criteria": criteria,
        }


def pick(cases: list[JudgeCase], limit: int | None, shift: int = 0, rest: bool = False) -> list[JudgeCase]:
    """Every k-th case, so a shorter run keeps the mix of kinds; `shift` starts each step
    that many cases later (below the step), so two samples share no case. `rest`: the
    cases no shift of `limit` picks (what every such sample leaves)."""
    if limit is None or limit >= len(cases):
        return cases
    step = len(cases) / limit
    if rest:
        taken = {id(c) for k in range(int(step)) for c in pick(cases, limit, k)}
        return [c for c in cases if id(c) not in taken]
    if not 0 <= shift < int(step):
        raise ValueError(f"--shift must be from 0 to {int(step) - 1} with --limit {limit} of {len(cases)} cases")
    return [cases[int(i * step) + shift] for i in range(limit)]


def family_table(results: dict[str, dict[str, Any]]) -> str:
    """Each family apart, for every grader: accuracy, unmet criteria passed, met ones failed."""

    def pct(value: float | None) -> str:
        return "  -  " if value is None else f"{value * 100:5.1f}%"

    lines = []
    for key, s in results.items():
        lines += [
            f"{key}",
            "  family                 crit  unmet  acc(decided)  unmet passed  met failed  unverified",
        ]
        for family, f in [*s["by_family"].items(), ("all", s["decided"])]:
            lines.append(
                f"  {family:<21} {f['criteria']:>5}  {f['unmet']:>5}  {pct(f['accuracy'])}        "
                f"{f['unmet_passed']:>5} of {f['unmet']:<4}  {f['met_failed']:>4} of {f['criteria'] - f['unmet']:<4}"
                f"  {f.get('unverified', 0):>4} ({pct(f.get('unverified_rate'))})"
            )
    return "\n".join(lines)


def table(results: dict[str, dict[str, Any]]) -> str:
    def pct(value: float | None) -> str:
        return "  -  " if value is None else f"{value * 100:5.1f}%"

    lines = [
        "model                        grading        crit  acc     false+  false-  verdict  s/pass  tok/pass  by fact"
    ]
    for key, s in results.items():
        model, grading = key.split(" ", 1)
        lines.append(
            f"{model:<28} {grading:<13} {s['criteria']:>5}  {pct(s['criterion_accuracy'])}  "
            f"{pct(s['false_pass_rate'])}  {pct(s['false_fail_rate'])}  {pct(s['verdict_accuracy'])}   "
            f"{s['seconds_per_pass_median']:>5.1f}  {s['tokens_per_pass_median']:>8.0f}  {s['decided_by_fact']:>7}"
        )
    return "\n".join(lines)


def plot(results: dict[str, dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = list(results)
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(keys)), 4))
    width = 0.38
    xs = range(len(keys))
    acc = [100 * (results[k]["criterion_accuracy"] or 0) for k in keys]
    fp = [100 * (results[k]["false_pass_rate"] or 0) for k in keys]
    ax.bar([x - width / 2 for x in xs], acc, width, label="criterion accuracy %")
    ax.bar([x + width / 2 for x in xs], fp, width, label="false passes % (of unmet)", color="tab:red")
    ax.axhline(90, color="tab:blue", linestyle=":", linewidth=1)
    ax.axhline(5, color="tab:red", linestyle=":", linewidth=1)
    ax.set_xticks(list(xs), [k.replace("local:", "").replace(" ", "\n") for k in keys], fontsize=8)
    ax.set_ylim(0, 100)
    ax.set_title(f"rubricflow judge benchmark: {results[keys[0]]['criteria']} criteria per grader")
    ax.legend(loc="center right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def select(cases: list[JudgeCase], families: list[str] | None) -> list[JudgeCase]:
    """The cases with a criterion in `families` (all cases when None); an unknown name is an
    error that lists the known ones."""
    if families is None:
        return cases
    known = family_names(cases)
    unknown = [n for n in families if not any(in_families(f, [n]) for f in known)]
    if unknown:
        raise ValueError(
            f"unknown famil{'y' if len(unknown) == 1 else 'ies'} {', '.join(unknown)}: known are {', '.join(known)} (and menu)"
        )
    return [case for case in cases if any(in_families(f, families) for f in case.families)]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    cases = pick(select(build_set(args.set, args.wordings), args.families), args.limit, args.shift, args.rest)
    results: dict[str, dict[str, Any]] = {}
    rows_by_key: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="rubricflow-judge-") as tmp:
        bench = JudgeBench(Path(tmp))
        if args.leave_out:
            bench.leave_out(args.leave_out)
        async with bench:
            for model in args.model:
                for grading in args.grading:
                    key = f"{model} {grading}"
                    rows = []
                    for index, case in enumerate(cases, 1):
                        row = await bench.grade(case, model, grading, args.samples)
                        rows.append(row)
                        wrong = [c["text"] for c in row["criteria"] if c["passed"] != c["truth"]]
                        print(
                            f"[{key}] {index}/{len(cases)} {case.id}: {row['result']} in {row['seconds']:.1f}s"
                            + (f"; wrong on {wrong}" if wrong else ""),
                            file=sys.stderr,
                            flush=True,
                        )
                    rows_by_key[key] = rows
                    results[key] = score(rows, args.families)
                    results[key]["examples_left_out"] = args.leave_out
                    write(args.out, report(args, cases, results, rows_by_key))
    return report(args, cases, results, rows_by_key)


def report(
    args: argparse.Namespace, cases: list[JudgeCase], results: dict[str, Any], rows: dict[str, Any]
) -> dict[str, Any]:
    return {
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_1m": os.getloadavg()[0],
        },
        "command": "python -m benchmarks judge " + " ".join(sys.argv[2:]),
        "cases": len(cases),
        "set": args.set,
        "families": args.families,
        "wordings": args.wordings,
        "samples": args.samples,
        "examples_left_out": args.leave_out,
        "results": results,
        "rows": rows,
    }


def write(out: Path, data: dict[str, Any]) -> None:
    """judge.json and judge.png, rewritten after each grader so a long run keeps what it has."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "judge.json").write_text(json.dumps(data, indent=1))
    plot(data["results"], out / "judge.png")


def add_sample_options(parser: argparse.ArgumentParser) -> None:
    """Which of the set's answers a run grades: every k-th, shifted, or what the shifts leave."""
    parser.add_argument("--limit", type=int, default=None, help="grade every k-th case, this many (default: all)")
    parser.add_argument(
        "--shift",
        type=int,
        default=0,
        help="with --limit: start each step this many cases later, for a sample that shares no case with another",
    )
    parser.add_argument(
        "--rest",
        action="store_true",
        help="with --limit: the cases that no --shift of that limit picks (a sample no such sample shares)",
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks judge", description=__doc__.splitlines()[0])
    parser.add_argument("--model", nargs="+", default=DEFAULT_MODELS, help="grader models (default %(default)s)")
    parser.add_argument(
        "--grading",
        nargs="+",
        default=DEFAULT_GRADINGS,
        choices=[g for g in GRADING_STRATEGIES if g != "auto"],
        help="strategies (default %(default)s)",
    )
    parser.add_argument("--samples", type=int, default=1, help="samples per criterion (odd; default 1)")
    parser.add_argument(
        "--wordings",
        choices=list(WORDINGS),
        default="main",
        help="the menu's criteria in their main words, or held_out (the same truths in words no prompt was made "
        "with); the families beyond the menu have one set of words",
    )
    parser.add_argument(
        "--set",
        choices=SETS,
        default="all",
        help="the menu's own kinds, the families beyond the menu, all of both (default %(default)s); alone: "
        f"docs (the documents' tuning families), held, fresh to {ALONE_SETS[-1]} (written later, docs/grading.md)",
    )
    parser.add_argument(
        "--families",
        nargs="+",
        metavar="NAME",
        default=None,
        help="grade only the cases with criteria of these families, and score only those criteria "
        "(`menu` names all the menu's own kinds)",
    )
    parser.add_argument(
        "--leave-out",
        nargs="+",
        metavar="FAMILY",
        default=None,
        help="the grounded grader's check prompt leaves out its examples about these families: with "
        "--families, a figure on families no example of the prompt was about (leave-one-family-out)",
    )
    add_sample_options(parser)
    parser.add_argument("--out", type=Path, default=Path("bench-out"), help="folder for judge.json and judge.png")
    args = parser.parse_args(argv)
    try:
        pick(select(build_set(args.set, args.wordings), args.families), args.limit, args.shift, args.rest)
    except ValueError as error:
        parser.error(str(error))
    data = asyncio.run(run(args))
    write(args.out, data)
    print(table(data["results"]))
    print()
    print(family_table(data["results"]))
    print(f"wrote {args.out / 'judge.json'} and {args.out / 'judge.png'}")
    return 0
