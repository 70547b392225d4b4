"""Figures that need no server: grader input size, ratios, the plot."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from rubricflow.activities.grader.prompt import grader_payload, select_transcript
from rubricflow.workflows.types import Message

THREAD_LENGTHS = (2, 5, 10, 20, 30, 50, 100, 200)
MESSAGE_CHARS = 1_000
FIXED_NONCE = "0123456789abcdef"


def synthetic_thread(length: int) -> list[Message]:
    """A user request, then alternating answers and grader feedback, each MESSAGE_CHARS long."""
    messages = [Message(role="user", content="task " + "x" * (MESSAGE_CHARS - 5))]
    for i in range(1, length):
        if i % 2:
            messages.append(Message(role="assistant", content=f"answer {i} " + "y" * (MESSAGE_CHARS - 10)))
        else:
            messages.append(Message(role="user", source="grader", content=f"gap {i} " + "z" * (MESSAGE_CHARS - 8)))
    return messages


def grader_input_chars() -> list[dict[str, int]]:
    """Characters of the grader's user message per pass as a thread grows (pure: no model)."""
    rows = []
    for length in THREAD_LENGTHS:
        thread = synthetic_thread(length)
        rows.append(
            {
                "thread_messages": length,
                "messages_shown": len(select_transcript(thread)),
                "grader_input_chars": len(grader_payload("- ok", thread, 1, FIXED_NONCE, ["ok"])),
            }
        )
    return rows


def total_cpu_s_per_run(batch: dict[str, Any]) -> float:
    """Worker, dev server and client CPU per run: on shared cores, what runs/s follows."""
    return (
        batch["worker_cpu_s_per_run"] + batch.get("server_cpu_s_per_run", 0.0) + batch.get("client_cpu_s_per_run", 0.0)
    )


def _round_ratios(rf: dict[str, Any], ref: dict[str, Any], other: str) -> dict[str, float]:
    row = {
        f"throughput_vs_{other}": ref["runs_per_s"] / rf["runs_per_s"],
        f"latency_vs_{other}": rf["run_s_median"] / ref["run_s_median"],
        f"cpu_vs_{other}": rf["worker_cpu_s_per_iteration"] / ref["worker_cpu_s_per_iteration"],
    }
    if ref.get("server_cpu_s_per_run"):  # durable systems: the whole machine's CPU per run
        row[f"total_cpu_vs_{other}"] = total_cpu_s_per_run(rf) / total_cpu_s_per_run(ref)
    return row


def ratios(batches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """rubricflow against every other system measured, per latency and concurrency:
    throughput ratio = other's runs/s / rubricflow's (above 1: rubricflow is slower),
    latency ratio = rubricflow's median run time / other's, CPU ratio = rubricflow's worker
    CPU per iteration / other's, total CPU ratio = the same for worker + server + client CPU
    per run. With several rounds each ratio is the median of the rounds' ratios (each round
    compares batches run one after the other), and `*_rounds` lists them."""
    index = {(b["system"], b["latency_s"], b["concurrency"], b.get("round", 0)): b for b in batches}
    others = sorted({b["system"] for b in batches} - {"rubricflow"})
    rows = []
    for latency, concurrency in sorted({(b["latency_s"], b["concurrency"]) for b in batches}):
        rounds = sorted({r for (s, lat, c, r) in index if s == "rubricflow" and (lat, c) == (latency, concurrency)})
        if not rounds:
            continue
        row: dict[str, Any] = {"latency_s": latency, "concurrency": concurrency}
        for other in others:
            per_round = [
                _round_ratios(index[("rubricflow", latency, concurrency, r)], ref, other)
                for r in rounds
                if (ref := index.get((other, latency, concurrency, r))) is not None
            ]
            for key in per_round[0] if per_round else []:
                values = [p[key] for p in per_round if key in p]
                row[key] = statistics.median(values)
                if len(values) > 1:
                    row[f"{key}_rounds"] = values
        rows.append(row)
    return rows


def median_batches(batches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One batch per system, latency and concurrency: the round with the median runs/s."""
    groups: dict[tuple[str, float, int], list[dict[str, Any]]] = {}
    for b in batches:
        groups.setdefault((b["system"], b["latency_s"], b["concurrency"]), []).append(b)
    return [sorted(g, key=lambda b: b["runs_per_s"])[(len(g) - 1) // 2] for g in groups.values()]


def plot(batches: list[dict[str, Any]], ratio_rows: list[dict[str, Any]], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FixedLocator, NullLocator, ScalarFormatter
    except ImportError as exc:
        raise SystemExit("the benchmark's plot needs matplotlib: pip install 'rubricflow[bench]'") from exc
    batches = median_batches(batches)
    latencies = sorted({b["latency_s"] for b in batches})
    fig, axes = plt.subplots(2, len(latencies), figsize=(5 * len(latencies), 7), squeeze=False)
    for col, latency in enumerate(latencies):
        top, bottom = axes[0][col], axes[1][col]
        for system in sorted({b["system"] for b in batches}):
            rows = sorted(
                (b for b in batches if b["system"] == system and b["latency_s"] == latency),
                key=lambda b: b["concurrency"],
            )
            top.plot([b["concurrency"] for b in rows], [b["runs_per_s"] for b in rows], marker="o", label=system)
        top.set(
            xscale="log",
            yscale="log",
            xlabel="concurrent runs",
            ylabel="runs/s",
            title=f"throughput, model latency {latency:g} s",
        )
        top.legend()
        rows = [r for r in ratio_rows if r["latency_s"] == latency]
        xs = [r["concurrency"] for r in rows]
        for key, marker, label in (
            ("throughput_vs_floor", "o", "runs/s: floor / rubricflow"),
            ("throughput_vs_floor_pydantic", "v", "runs/s: floor_pydantic / rubricflow"),
            ("cpu_vs_floor", "D", "worker CPU: rubricflow / floor"),
            ("total_cpu_vs_floor", "s", "worker+server+client CPU: rubricflow / floor"),
            ("latency_vs_in_process", "^", "run time: rubricflow / in-process"),
        ):
            if rows and key in rows[0]:
                bottom.plot(xs, [r[key] for r in rows], marker=marker, label=label)
        bottom.axhline(1.25, color="red", linewidth=0.8, linestyle="--")
        bottom.axhline(1.0, color="grey", linewidth=0.8)
        bottom.set(
            xscale="log",
            yscale="log",
            xlabel="concurrent runs",
            ylabel="overhead (x)",
            title=f"rubricflow overhead, model latency {latency:g} s",
        )
        bottom.legend(fontsize=8)
        # Plain numbers on the log axes, the concurrencies measured as the x ticks.
        concurrencies = sorted({b["concurrency"] for b in batches if b["latency_s"] == latency})
        for ax in (top, bottom):
            ax.xaxis.set_major_locator(FixedLocator(concurrencies))
            ax.xaxis.set_minor_locator(NullLocator())
            for axis in (ax.xaxis, ax.yaxis):
                axis.set_major_formatter(ScalarFormatter())
                axis.set_minor_formatter(ScalarFormatter())
    fig.tight_layout()
    fig.savefig(path, dpi=70)
    plt.close(fig)
