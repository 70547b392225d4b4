"""What durability costs: rubricflow beside bare Temporal and in-process deepagents.

    python -m benchmarks --latency 0 1 --concurrency 1 20 200 500 --out bench-out

One throwaway dev server; one `python -m rubricflow.worker` process, one worker process per
floor (`floor`: the minimal bare-Temporal workflow of the same four activities, `str` in and
out, benchmarks/minimal_floor.py; `floor_pydantic`: the same activity sequence with
pydantic models defined in its sandboxed module) and, per batch, one in-process deepagents
`RubricMiddleware` child process. For each model latency and concurrency the systems run
alternately, max(concurrency, --runs) runs each. Worker start-up is excluded (the workers poll
and have done one warm-up run first). Then one 2-pass and one 10-pass run of rubricflow and of
the floor: history events, bytes and Temporal Cloud billable actions. Writes DIR/bench.json
(every figure) and DIR/bench.png; prints the tables. Needs the `bench` extra:
pip install 'rubricflow[bench]'.

    python -m benchmarks judge [--model M ...] [--grading S ...] [--set all|menu|new] [--families F ...] [--limit N]

measures the grader instead: benchmarks/judge.py.

    python -m benchmarks batch [--items 2000] [--concurrency 50]

measures a `BatchWorkflow` against independent starts: benchmarks/batch.py.

    python -m benchmarks revisions [--model M ...] [--runs 5]

measures what the demo's revisions do, per agent model: benchmarks/revisions.py.

    python -m benchmarks stall [--model qwen2.5-coder-1.5b] [--seconds 90]

measures workflow tasks while a local model generates on the same worker:
benchmarks/stall.py.

    python -m benchmarks stages [--model local:qwen2.5-coder-1.5b] [--set fresh14] [--every 8]

measures where a grounded grader pass spends its time, stage by stage: benchmarks/stages.py.

    python -m benchmarks threads [--model qwen2.5-coder-1.5b] [--rounds 3] [--beside]

measures a local model's prompt and generation speed at each thread setting, alone and beside a
second model: benchmarks/threads.py.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.harness import SYSTEMS, Bench
from benchmarks.history import BYTES_FACTOR, CATEGORIES, history_goal
from benchmarks.report import grader_input_chars, plot, ratios


def _require_extra() -> None:
    missing = []
    for module in ("deepagents", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        raise SystemExit(
            f"python -m benchmarks needs {', '.join(missing)}: install the bench extra, "
            "pip install 'rubricflow[bench]' (from a checkout: pip install -e '.[bench]')"
        )


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, got {text}")
    return value


def _latency(text: str) -> float:
    value = float(text)
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"model latency must be 0..60 seconds, got {text}")
    return value


def _table(batches: list[dict[str, Any]], ratio_rows: list[dict[str, Any]]) -> str:
    lines = [
        "latency  conc  rnd  system       runs/s  run p50  run p95  iter p50  cpu/iter  rss MB  srv/run  cli/run  events  bytes  fail  load"
    ]
    for b in batches:
        lines.append(
            f"{b['latency_s']:>6g}s {b['concurrency']:>5}  {b.get('round', 0) + 1:>3}  {b['system']:<11} {b['runs_per_s']:>7.1f} "
            f"{b['run_s_median']:>7.2f}s {b['run_s_p95']:>7.2f}s {b['iteration_s_median']:>8.2f}s "
            f"{b['worker_cpu_s_per_iteration'] * 1000:>7.1f}ms {b['worker_peak_rss_mb']:>6.0f} "
            f"{b['server_cpu_s_per_run'] * 1000:>6.1f}ms {b['client_cpu_s_per_run'] * 1000:>6.1f}ms "
            f"{b['history_events_per_run']:>6.0f} {b['history_bytes_per_run']:>6.0f} {b['failures']:>4} {b['machine_load_1m']:>5.1f}"
        )
    others = [s for s in SYSTEMS if s != "rubricflow" and any(f"throughput_vs_{s}" in r for r in ratio_rows)]
    lines.append("")
    lines.append(
        "latency  conc  "
        + "  ".join(f"{'runs/s ' + o + '/rf':>24} {'cpu rf/' + o:>18} {'all cpu rf/' + o:>22}" for o in others)
    )
    for r in ratio_rows:
        cells = [
            f"{r[f'throughput_vs_{o}']:>23.2f}x {r[f'cpu_vs_{o}']:>17.2f}x "
            + (f"{r[f'total_cpu_vs_{o}']:>21.2f}x" if f"total_cpu_vs_{o}" in r else f"{'-':>22}")
            for o in others
        ]
        lines.append(f"{r['latency_s']:>6g}s {r['concurrency']:>5}  " + "  ".join(cells))
    lines.append("")
    lines += [_throughput_goal(r) for r in ratio_rows if "throughput_vs_floor" in r]
    return "\n".join(lines)


def throughput_goal(concurrency: int) -> float:
    """Issue 24's bound on floor ÷ rubricflow in runs/s: 1.1x for one run at a time, 1.25x above."""
    return 1.1 if concurrency == 1 else 1.25


def _throughput_goal(row: dict[str, Any]) -> str:
    goal = throughput_goal(row["concurrency"])
    value = row["throughput_vs_floor"]
    rounds = row.get("throughput_vs_floor_rounds")
    each = f" (rounds {', '.join(f'{v:.2f}' for v in rounds)})" if rounds else ""
    return (
        f"throughput goal, latency {row['latency_s']:g} s, {row['concurrency']} concurrent: floor ÷ rubricflow "
        f"{value:.2f}x{each}, at most {goal:.2f}x: {'met' if value <= goal else 'NOT met'}"
    )


def _history_table(rows: list[dict[str, Any]]) -> str:
    """Per run: events, bytes and billable actions by category, rubricflow beside the floor."""
    width = max([11, *(len(r["system"]) for r in rows)])
    lines = [f"{'system':<{width}} passes  events   bytes  " + "  ".join(CATEGORIES) + "  actions"]
    for r in rows:
        cells = "  ".join(f"{r['actions'][c]:>{len(c)}}" for c in CATEGORIES)
        lines.append(
            f"{r['system']:<{width}} {r['passes']:>6} {r['events']:>7} {r['bytes']:>7}  {cells}  "
            f"{r['actions']['total']:>7}"
        )
    return "\n".join(lines)


def history_goals(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per run length: rubricflow's history against its goal (`history.history_goal`)."""
    floors = {r["passes"]: r for r in rows if r["system"] == "floor"}
    return [history_goal(r, floors[r["passes"]], r["transcript_bytes"]) for r in rows if r["system"] == "rubricflow"]


def _goal_lines(goals: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"history goal, {g['passes']} passes: {g['events']} events (at most {g['max_events']}), "
        f"{g['bytes']} bytes (at most {g['max_bytes']} = {BYTES_FACTOR}x floor + transcript "
        f"{g['transcript_bytes']}): {'met' if g['met'] else 'NOT met'}"
        for g in goals
    )


def _breakdown_lines(rows: list[dict[str, Any]]) -> str:
    """rubricflow's history bytes by payload, per run length."""
    lines = []
    for r in rows:
        if r["system"] == "rubricflow":
            parts = ", ".join(f"{k} {v}" for k, v in r["breakdown"]["payloads"].items())
            lines.append(f"rubricflow {r['passes']} passes, payload bytes: {parts}")
    return "\n".join(lines)


def _print_report(report: dict[str, Any], out: Path) -> None:
    """The tables, the plot (with batches) and the history goal, as `main` prints them."""
    if report["batches"]:
        plot(report["batches"], report["ratios"], out / "bench.png")
        print(_table(report["batches"], report["ratios"]))
        print()
    print(_history_table(report["histories"]))
    print(_breakdown_lines(report["histories"]))
    print(_goal_lines(report["history_goals"]))
    print(f"\nactivities per rubricflow run: {', '.join(report['activities_per_run'])}")
    print(
        "grader input per pass: "
        + ", ".join(f"{r['thread_messages']} msgs -> {r['grader_input_chars']} chars" for r in report["grader_input"])
    )
    print(f"wrote {out / 'bench.json'}" + (f" and {out / 'bench.png'}" if report["batches"] else ""))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    batches: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="rubricflow-bench-") as tmp:
        async with Bench(Path(tmp)) as bench:
            for latency in [] if args.histories_only else args.latency:
                for concurrency in args.concurrency:
                    runs = max(concurrency, args.runs)
                    for round in range(args.rounds):
                        # Alternating, on the same server and machine; every other round in
                        # reverse, so that no system always runs first (on a fresher server).
                        order = args.systems if round % 2 == 0 else args.systems[::-1]
                        for system in order:
                            batch = (await bench.batch(system, latency, concurrency, runs)).figures()
                            batch["round"] = round
                            batches.append(batch)
                            print(
                                f"latency {latency:g} s, {concurrency} concurrent, round {round + 1}, {system}: {runs} runs, "
                                f"{batch['runs_per_s']:.1f} runs/s, p50 {batch['run_s_median']:.2f} s, "
                                f"failures {batch['failures']}",
                                file=sys.stderr,
                                flush=True,
                            )
            floor_steps = bench.steps
            histories = await bench.histories()
    ratio_rows = ratios(batches)
    return {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "command": "python -m benchmarks " + " ".join(sys.argv[1:]),
        "parameters": {
            "latency_s": args.latency,
            "concurrency": args.concurrency,
            "min_runs": args.runs,
            "rounds": args.rounds,
            "systems": args.systems,
        },
        "activities_per_run": floor_steps,
        "batches": batches,
        "ratios": ratio_rows,
        "histories": histories,
        "history_goals": history_goals(histories),
        "grader_input": grader_input_chars(),
    }


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["judge"]:
        from benchmarks import judge

        return judge.main(argv[1:])
    if argv[:1] == ["batch"]:
        from benchmarks import batch

        return batch.main(argv[1:])
    if argv[:1] == ["revisions"]:
        from benchmarks import revisions

        return revisions.main(argv[1:])
    if argv[:1] == ["stages"]:
        from benchmarks import stages

        return stages.main(argv[1:])
    if argv[:1] == ["stall"]:
        from benchmarks import stall

        return stall.main(argv[1:])
    if argv[:1] == ["threads"]:
        from benchmarks import threads

        return threads.main(argv[1:])
    args = _parser().parse_args(argv)
    args.systems = ["rubricflow", *(s for s in SYSTEMS if s in args.systems and s != "rubricflow")]
    _require_extra()
    report = asyncio.run(run(args))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bench.json").write_text(json.dumps(report, indent=1))
    _print_report(report, args.out)
    return 1 if any(b["failures"] for b in report["batches"]) else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--latency",
        type=_latency,
        nargs="+",
        default=[0.0, 1.0],
        help="model latency per agent turn and grader pass, seconds (default 0 1)",
    )
    parser.add_argument(
        "--concurrency",
        type=_positive,
        nargs="+",
        default=[1, 20, 200, 500],
        help="concurrent runs per batch (default 1 20 200 500)",
    )
    parser.add_argument(
        "--runs",
        type=_positive,
        default=10,
        help="runs per batch at least (a batch runs max(concurrency, RUNS)); default 10",
    )
    parser.add_argument(
        "--rounds",
        type=_positive,
        default=1,
        help="batches per system at each latency and concurrency, in alternating order; the ratios are "
        "the medians of the rounds' (default 1)",
    )
    parser.add_argument(
        "--systems",
        nargs="+",
        choices=SYSTEMS,
        default=list(SYSTEMS),
        help="systems to measure, rubricflow always among them (default: all)",
    )
    parser.add_argument(
        "--histories-only",
        action="store_true",
        help="measure only the 2- and 10-pass histories (events, bytes, billable actions), no batches",
    )
    parser.add_argument("--out", type=Path, default=Path("bench-out"), help="folder for bench.json and bench.png")
    return parser


if __name__ == "__main__":
    sys.exit(main())
