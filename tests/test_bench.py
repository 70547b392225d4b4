"""The benchmark command at tiny sizes, so it never rots: every system, every figure a number."""

from __future__ import annotations

import ast
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks.harness import FOREIGN_START

SYSTEMS = {"rubricflow", "floor", "floor_pydantic", "in_process"}
FLOOR_MODULE = Path(__file__).parent.parent / "benchmarks" / "minimal_floor.py"


def _numbers(value: Any, where: str) -> list[str]:
    """Paths of every figure that is not a finite number (bools and None count as not)."""
    if isinstance(value, dict):
        return [bad for k, v in value.items() for bad in _numbers(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [bad for i, v in enumerate(value) for bad in _numbers(v, f"{where}[{i}]")] if value else [where]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return [where]
    return []


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Path]:
    out = tmp_path_factory.mktemp("bench")
    # As a user runs it: without the test session's RUBRICFLOW_ALLOW_SCRIPTED (the bench's
    # own worker must be told to serve its scripted models).
    env = {k: v for k, v in os.environ.items() if k != "RUBRICFLOW_ALLOW_SCRIPTED"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "--latency",
            "0",
            "--concurrency",
            "1",
            "2",
            "--runs",
            "2",
            "--rounds",
            "2",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads((out / "bench.json").read_text()), out


def test_every_system_at_every_concurrency(report):
    data, _ = report
    seen = [(b["system"], b["latency_s"], b["concurrency"], b["round"]) for b in data["batches"]]
    assert sorted(seen) == sorted((s, 0.0, c, r) for s in SYSTEMS for c in (1, 2) for r in (0, 1))
    # The second round runs the systems in the reverse order.
    assert [s for s, _, c, r in seen if c == 1] == ["rubricflow", "floor", "floor_pydantic", "in_process"] * 1 + [
        "in_process",
        "floor_pydantic",
        "floor",
        "rubricflow",
    ]
    assert [(r["latency_s"], r["concurrency"]) for r in data["ratios"]] == [(0.0, 1), (0.0, 2)]
    for row in data["ratios"]:
        assert len(row["throughput_vs_floor_rounds"]) == 2
        assert "total_cpu_vs_floor" in row and "total_cpu_vs_in_process" not in row  # no server in process


def test_every_figure_is_a_number_and_no_run_failed(report):
    data, _ = report
    for batch in data["batches"]:
        figures = {k: v for k, v in batch.items() if k != "system"}
        assert _numbers(figures, batch["system"]) == []
        assert batch["failures"] == 0
        assert batch["runs"] == 2
        assert batch["runs_per_s"] > 0 and batch["worker_peak_rss_mb"] > 0
    for row in data["ratios"]:
        assert _numbers(row, "ratios") == []
    for row in data["grader_input"]:
        assert _numbers(row, "grader_input") == []


def test_ratios_are_medians_of_the_rounds_and_count_the_server():
    from benchmarks.report import median_batches, ratios

    def batch(system: str, round: int, runs_per_s: float, worker_ms: float, server_ms: float) -> dict[str, Any]:
        return {
            "system": system,
            "latency_s": 0.0,
            "concurrency": 20,
            "round": round,
            "runs_per_s": runs_per_s,
            "run_s_median": 1.0,
            "worker_cpu_s_per_iteration": worker_ms / 1000,
            "worker_cpu_s_per_run": 2 * worker_ms / 1000,
            "server_cpu_s_per_run": server_ms / 1000,
            "client_cpu_s_per_run": 0.0,
        }

    batches = [
        batch("rubricflow", 0, 10.0, 20, 40),
        batch("floor", 0, 15.0, 10, 40),
        batch("rubricflow", 1, 20.0, 20, 40),
        batch("floor", 1, 22.0, 10, 40),
        batch("rubricflow", 2, 10.0, 20, 40),
        batch("floor", 2, 12.0, 10, 40),
    ]
    [row] = ratios(batches)
    assert row["throughput_vs_floor_rounds"] == pytest.approx([1.5, 1.1, 1.2])
    assert row["throughput_vs_floor"] == pytest.approx(1.2)  # the median round, not a ratio of medians
    assert row["cpu_vs_floor"] == pytest.approx(2.0)
    assert row["total_cpu_vs_floor"] == pytest.approx((40 + 40) / (20 + 40))
    picked = {b["system"]: b["runs_per_s"] for b in median_batches(batches)}
    assert picked == {"rubricflow": 10.0, "floor": 15.0}  # 10, 10, 20 -> 10; 12, 15, 22 -> 15


def test_the_floors_schedule_as_many_activities_as_rubricflow(report):
    data, _ = report
    steps = data["activities_per_run"]
    assert steps.count("rubricflow.run_agent_turn") == 2 and steps.count("rubricflow.grade_transcript") == 2
    per_run = {b["system"]: b["activities_per_run"] for b in data["batches"] if b["concurrency"] == 1}
    assert per_run["rubricflow"] == per_run["floor"] == per_run["floor_pydantic"] == len(steps)
    assert per_run["in_process"] == 0  # nothing durable: no history


def test_histories_of_2_and_10_passes_with_actions_that_add_up(report):
    data, _ = report
    rows = {(r["system"], r["passes"]): r for r in data["histories"]}
    assert set(rows) == {(s, p) for s in ("rubricflow", "floor") for p in (2, 10)} | {(FOREIGN_START, 2)}
    for (system, passes), row in rows.items():
        actions = row["actions"]
        assert actions["total"] == sum(v for k, v in actions.items() if k != "total")
        assert actions["workflow start"] == 1 and actions["activities"] == 2 * passes, (system, actions)
        assert sum(row["event_kinds"].values()) == row["events"]
        assert row["event_kinds"]["ACTIVITY_TASK_SCHEDULED"] == 2 * passes
    assert rows[("floor", 2)]["actions"]["total"] == 5  # start + 4 activities, nothing else
    assert rows[("rubricflow", 10)]["bytes"] > rows[("rubricflow", 2)]["bytes"] > rows[("floor", 2)]["bytes"]
    # Started with its status attribute, a run upserts at the two changes of status; started
    # without it, once more, first.
    upserts = {key: row["actions"]["search-attribute upserts"] for key, row in rows.items()}
    assert upserts[("rubricflow", 2)] == upserts[("rubricflow", 10)] == 2 and upserts[(FOREIGN_START, 2)] == 3
    assert rows[(FOREIGN_START, 2)]["events"] == rows[("rubricflow", 2)]["events"] + 1


def test_histories_only_measures_the_history_goal_for_both_run_lengths(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "RUBRICFLOW_ALLOW_SCRIPTED"}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--histories-only", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((tmp_path / "bench.json").read_text())
    assert data["batches"] == [] and not (tmp_path / "bench.png").exists()
    floors = {r["passes"]: r for r in data["histories"] if r["system"] == "floor"}
    goals = {g["passes"]: g for g in data["history_goals"]}
    assert set(goals) == {2, 10}
    for passes, goal in goals.items():
        assert goal["max_events"] == floors[passes]["events"] + 4
        assert goal["max_bytes"] == 2 * floors[passes]["bytes"] + goal["transcript_bytes"] > 2 * floors[passes]["bytes"]
        assert goal["met"] == (goal["events"] <= goal["max_events"] and goal["bytes"] <= goal["max_bytes"])
        assert f"history goal, {passes} passes: {goal['events']} events" in done.stdout
    rubricflow = [r for r in data["histories"] if r["system"] == "rubricflow"]
    for row in rubricflow:
        payloads = row["breakdown"]["payloads"]
        assert {"workflow input", "workflow result", "rubricflow.run_agent_turn input"} <= set(payloads)
        assert sum(row["breakdown"]["events"].values()) == row["bytes"]


def test_the_minimal_floor_module_imports_only_temporalio_and_the_standard_library():
    tree = ast.parse(FLOOR_MODULE.read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    roots = {name.split(".")[0] for name in imported}
    assert roots - set(sys.stdlib_module_names) == {"temporalio"}, roots
    # Loaded by itself it brings in no pydantic and nothing of rubricflow's.
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('minimal_floor', {str(FLOOR_MODULE)!r})\n"
        "spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'rubricflow', 'langchain_core'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_grader_input_is_flat_beyond_the_caps(report):
    data, _ = report
    rows = {r["thread_messages"]: r for r in data["grader_input"]}
    # the last 30 messages plus the first user request, which fell out of that window
    assert rows[200]["messages_shown"] == rows[50]["messages_shown"] == 31
    beyond = [rows[n]["grader_input_chars"] for n in (50, 100, 200)]
    assert max(beyond) <= min(beyond) * 1.01
    assert rows[2]["grader_input_chars"] < rows[30]["grader_input_chars"]


def test_the_plot_is_written(report):
    _, out = report
    png = out / "bench.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("flag", "value", "says"),
    [("--concurrency", "0", "at least 1"), ("--latency", "-1", "0..60 seconds"), ("--runs", "x", "invalid")],
)
def test_bad_arguments_are_refused_with_what_is_allowed(tmp_path, flag, value, says):
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", flag, value, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert flag in done.stderr and says in done.stderr
    assert not (tmp_path / "bench.json").exists()


def test_a_missing_bench_extra_is_named_with_how_to_install_it(tmp_path):
    # deepagents made unimportable in the child: the command must say which extra to install.
    code = (
        "import sys; sys.modules['deepagents'] = None\n"
        "from benchmarks.__main__ import main\n"
        f"main(['--out', {str(tmp_path)!r}])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "deepagents" in done.stderr and "rubricflow[bench]" in done.stderr
    assert not (tmp_path / "bench.json").exists()


@pytest.mark.timeout(900)
def test_the_stall_benchmark_measures_every_phase_of_both_modes(tmp_path):
    """`bench stall` at a tiny size on the 0.5B model: short runs in every phase of both
    modes, workflow tasks counted at least while idle, every figure a number (the cost
    part, minutes of generation on two busy cores, is skipped). How many tasks fall inside
    a generation window of a few seconds is timing, so it may be none."""
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "stall", "--model", "qwen2.5-coder-0.5b"]
        + ["--idle", "2", "--cold", "3", "--seconds", "3", "--calls", "0", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads((tmp_path / "stall.json").read_text())
    assert [m["mode"] for m in data["modes"]] == ["in_process", "model_process"]
    for mode in data["modes"]:
        assert mode["idle"]["run_s"]["n"] > 0, mode["mode"]
        for phase in ("idle", "loading", "generating"):
            assert mode[phase]["runs"] > 0, (mode["mode"], phase)
            assert _numbers(mode[phase], f"{mode['mode']}.{phase}") == []
    assert data["costs"] is None
    assert "p99" in done.stdout
