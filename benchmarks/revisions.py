"""Whether the demo's revisions act on the grader's feedback, per agent model.

    python -m benchmarks revisions --model local:qwen2.5-coder-0.5b local:qwen2.5-coder-1.5b --runs 5

One throwaway dev server and one `python -m rubricflow.worker` process (the judge
benchmark's). For each agent model, `--runs` threads of the demo exactly as `rubricflow
demo` starts them (its task, rubric, system prompt and grader; `--max-iterations` passes).
Each revision (an agent turn that answers a revision message) is scored from the truth that
code decides on the answers it graded, not from what the grader said: did the answer change,
did a criterion or a test go from fail to pass (and did one go the other way). Each judged
verdict is compared with that truth too (the docstring and third-party criteria by `ast`, the
tests criterion by running the tests). Prints the table and writes DIR/revisions.json and
DIR/revisions.png. Timings include whatever else the machine runs: the load is recorded.
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
from pathlib import Path
from typing import Any

from benchmarks.judge import JudgeBench
from benchmarks.judge_cases import truth_docstring, truth_stdlib_only
from rubricflow.activities.reasks import unchanged_reask
from rubricflow.cli.demo import DEMO_GRADER_MODEL, DEMO_LOCAL_MODEL, DEMO_TEMPERATURE, demo_run_input
from rubricflow.workflows.rubric import code_blocks, parse_rubric
from rubricflow.workflows.types import GraderSettings

TRUTHS = {
    "Has a docstring that explains what is returned": truth_docstring,
    "Uses no third-party packages": truth_stdlib_only,
}
"""The demo's judged criteria and the code that decides them (the judge benchmark's)."""


def _truth(fn: Any, answer: str) -> bool:
    try:
        return bool(fn(answer))
    except SyntaxError:
        return False


async def truth_of(answer: str, rubric: Any) -> dict[str, Any]:
    """What code says of one answer: each criterion met or not, and each test's result."""
    from rubricflow.activities.sandbox import run_python_tests

    code = code_blocks(answer)
    report = await run_python_tests(code, rubric.tests) if code.strip() else None
    tests = {o.name: o.passed for o in report.outcomes} if report else {}
    criteria = {name: _truth(fn, answer) for name, fn in TRUTHS.items()}
    [checked] = rubric.checked
    criteria[checked.name] = bool(report and report.passed)
    return {"criteria": criteria, "tests": tests}


def score_revision(before: dict[str, Any], after: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """One revision: the answer changed; a criterion or a test went from fail to pass (fixed)
    or from pass to fail (broke), by the truth of the two answers."""
    pairs = [(before["criteria"], after["criteria"]), (before["tests"], after["tests"])]
    fixed = [[k for k, v in b.items() if not v and a.get(k)] for b, a in pairs]
    broke = [[k for k, v in b.items() if v and not a.get(k)] for b, a in pairs]
    return {
        "changed": new.strip() != old.strip(),
        "fixed_criteria": fixed[0],
        "fixed_tests": fixed[1],
        "broke": broke[0] + broke[1],
    }


class RevisionBench(JudgeBench):
    async def demo_run(self, model: str, max_iterations: int, temperature: float | None) -> dict[str, Any]:
        run = demo_run_input(model, GraderSettings(model=DEMO_GRADER_MODEL, max_iterations=max_iterations), temperature)
        rubric = parse_rubric(run.rubric or "")
        started = time.monotonic()
        handle = await self.rubricflow.start(run, f"revisions-{uuid.uuid4().hex[:10]}")
        answers, ends = [], []
        async for event in self.rubricflow.events(handle.thread_id):
            if event.type == "agent_turn_end":
                answers.append(event.answer or "")
            elif event.type == "rubric_evaluation_end":
                ends.append(time.monotonic() - started)
        result = await handle.result()
        seconds = time.monotonic() - started
        passes, revisions, wrong = [], [], []
        for index, (evaluation, answer) in enumerate(zip(result.evaluations, answers)):
            truth = await truth_of(answer, rubric)
            said = {c.name: c.passed for c in evaluation.criteria}
            wrong += [
                {"pass": index + 1, "criterion": name, "said": said.get(name), "truth": met}
                for name, met in truth["criteria"].items()
                if said.get(name) is not met
            ]
            passes.append({"truth": truth, "said": said, "result": evaluation.result, "at_s": ends[index]})
            if index:
                revision = score_revision(passes[index - 1]["truth"], truth, answers[index - 1], answer)
                revisions.append({"pass": index + 1, **revision})
        first_fix = next((r["pass"] for r in revisions if r["fixed_criteria"] or r["fixed_tests"]), None)
        return {
            "model": model,
            "status": result.status,
            "seconds": seconds,
            "first_fix_pass": first_fix,
            "first_fix_s": passes[first_fix - 1]["at_s"] if first_fix else None,
            "reasked": sum(1 for m in result.transcript if m.source == "grader" and m.content == unchanged_reask()),
            "passes": passes,
            "revisions": revisions,
            "wrong_verdicts": wrong,
            "load_1m": os.getloadavg()[0],
        }


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    revisions = [r for row in rows for r in row["revisions"]]
    n = len(revisions)

    def share(count: int) -> float | None:
        return count / n if n else None

    fixes = [row["first_fix_s"] for row in rows if row["first_fix_s"] is not None]
    return {
        "runs": len(rows),
        "revisions": n,
        "changed": share(sum(r["changed"] for r in revisions)),
        "fixed_criterion": share(sum(bool(r["fixed_criteria"]) for r in revisions)),
        "fixed_test": share(sum(bool(r["fixed_tests"]) for r in revisions)),
        "fixed_any": share(sum(bool(r["fixed_criteria"] or r["fixed_tests"]) for r in revisions)),
        "broke": share(sum(bool(r["broke"]) for r in revisions)),
        "runs_with_a_fix": sum(row["first_fix_pass"] is not None for row in rows),
        "first_fix_s_median": statistics.median(fixes) if fixes else None,
        "run_s_median": statistics.median(row["seconds"] for row in rows) if rows else None,
        "reasked": sum(row["reasked"] for row in rows),
        "wrong_verdicts": sum(len(row["wrong_verdicts"]) for row in rows),
        "judged_verdicts": sum(len(p["truth"]["criteria"]) for row in rows for p in row["passes"]),
        "statuses": sorted(row["status"] for row in rows),
    }


def table(results: dict[str, dict[str, Any]]) -> str:
    def pct(value: float | None) -> str:
        return "  -  " if value is None else f"{value * 100:5.1f}%"

    def secs(value: float | None) -> str:
        return "    -" if value is None else f"{value:5.0f}"

    lines = [
        "agent model                  runs  revs  changed  fixed crit  fixed test  fixed any  broke   "
        "runs fixed  1st fix s  run s  re-asked  verdicts wrong"
    ]
    for model, s in results.items():
        lines.append(
            f"{model:<28} {s['runs']:>4}  {s['revisions']:>4}   {pct(s['changed'])}     {pct(s['fixed_criterion'])}"
            f"      {pct(s['fixed_test'])}     {pct(s['fixed_any'])}  {pct(s['broke'])}   "
            f"{s['runs_with_a_fix']:>2} of {s['runs']:<2}     {secs(s['first_fix_s_median'])}  "
            f"{secs(s['run_s_median'])}  {s['reasked']:>8}  {s['wrong_verdicts']} of {s['judged_verdicts']}"
        )
    return "\n".join(lines)


def plot(results: dict[str, dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    keys = list(results)
    measures = [("changed", "answer changed"), ("fixed_any", "fixed a criterion or test"), ("broke", "broke one")]
    fig, ax = plt.subplots(figsize=(max(6, 2.4 * len(keys)), 4))
    width = 0.8 / len(measures)
    for k, (field, label) in enumerate(measures):
        xs = [i + (k - 1) * width for i in range(len(keys))]
        ax.bar(xs, [100 * (results[m][field] or 0) for m in keys], width, label=label)
    ax.set_xticks(range(len(keys)), [m.replace("local:", "") for m in keys])
    ax.set_ylabel("% of revisions")
    ax.set_ylim(0, 100)
    ax.set_title("rubricflow demo: what each revision did, per agent model")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    rows: dict[str, list[dict[str, Any]]] = {}
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="rubricflow-revisions-") as tmp:
        async with RevisionBench(Path(tmp)) as bench:
            for model in args.model:
                rows[model] = []
                for index in range(args.runs):
                    row = await bench.demo_run(model, args.max_iterations, args.temperature)
                    rows[model].append(row)
                    results[model] = summary(rows[model])
                    write(args.out, report(args, results, rows))  # a long run keeps what it has
                    print(
                        f"[{model}] run {index + 1}/{args.runs}: {row['status']} in {row['seconds']:.0f}s, "
                        f"first fix at pass {row['first_fix_pass']}, revisions "
                        f"{[(r['changed'], r['fixed_criteria'] + r['fixed_tests']) for r in row['revisions']]}, "
                        f"wrong verdicts {row['wrong_verdicts']}, load {row['load_1m']:.1f}",
                        file=sys.stderr,
                        flush=True,
                    )
    return report(args, results, rows)


def report(args: argparse.Namespace, results: dict[str, Any], rows: dict[str, Any]) -> dict[str, Any]:
    return {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "command": "python -m benchmarks revisions " + " ".join(sys.argv[2:]),
        "grader": DEMO_GRADER_MODEL,
        "max_iterations": args.max_iterations,
        "temperature": args.temperature,
        "results": results,
        "rows": rows,
    }


def write(out: Path, data: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "revisions.json").write_text(json.dumps(data, indent=1))
    if data["results"]:
        plot(data["results"], out / "revisions.png")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks revisions", description=__doc__.splitlines()[0])
    parser.add_argument("--model", nargs="+", default=[DEMO_LOCAL_MODEL], help="agent models (default %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="demo runs per agent model (default 5)")
    parser.add_argument(
        "--temperature", type=float, default=DEMO_TEMPERATURE, help="the agent's temperature (default: the demo's)"
    )
    parser.add_argument("--max-iterations", type=int, default=3, help="grading passes per run (default 3)")
    parser.add_argument("--out", type=Path, default=Path("bench-out"), help="folder for revisions.json and .png")
    args = parser.parse_args(argv)
    data = asyncio.run(run(args))
    write(args.out, data)
    print(table(data["results"]))
    print(f"wrote {args.out / 'revisions.json'} and {args.out / 'revisions.png'}")
    return 0
