"""Figures that need no server: grader input size, ratios, the plot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rubricflow.activities.grading import grader_payload, select_transcript
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
        rows.append({
            "thread_messages": length,
            "messages_shown": len(select_transcript(thread)),
            "grader_input_chars": len(grader_payload("- ok", thread, 1, FIXED_NONCE, ["ok"])),
        })
    return rows


def ratios(batches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """rubricflow against the floor and in-process, per latency and concurrency: throughput
    ratio = other's runs/s / rubricflow's (above 1: rubricflow is slower), latency ratio =
    rubricflow's median run time / other's."""
    index = {(b["system"], b["latency_s"], b["concurrency"]): b for b in batches}
    rows = []
    for (system, latency, concurrency), rf in sorted(index.items()):
        if system != "rubricflow":
            continue
        row: dict[str, Any] = {"latency_s": latency, "concurrency": concurrency}
        for other in ("floor", "in_process"):
            ref = index[(other, latency, concurrency)]
            row[f"throughput_vs_{other}"] = ref["runs_per_s"] / rf["runs_per_s"]
            row[f"latency_vs_{other}"] = rf["run_s_median"] / ref["run_s_median"]
        rows.append(row)
    return rows


def plot(batches: list[dict[str, Any]], ratio_rows: list[dict[str, Any]], path: Path) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise SystemExit("the benchmark's plot needs matplotlib: pip install 'rubricflow[bench]'") from exc
    latencies = sorted({b["latency_s"] for b in batches})
    fig, axes = plt.subplots(2, len(latencies), figsize=(5 * len(latencies), 7), squeeze=False)
    for col, latency in enumerate(latencies):
        top, bottom = axes[0][col], axes[1][col]
        for system in ("rubricflow", "floor", "in_process"):
            rows = sorted((b for b in batches if b["system"] == system and b["latency_s"] == latency),
                          key=lambda b: b["concurrency"])
            top.plot([b["concurrency"] for b in rows], [b["runs_per_s"] for b in rows], marker="o", label=system)
        top.set(xscale="log", yscale="log", xlabel="concurrent runs", ylabel="runs/s",
                title=f"throughput, model latency {latency:g} s")
        top.legend()
        rows = [r for r in ratio_rows if r["latency_s"] == latency]
        xs = [r["concurrency"] for r in rows]
        bottom.plot(xs, [r["throughput_vs_floor"] for r in rows], marker="o", label="runs/s: floor / rubricflow")
        bottom.plot(xs, [r["latency_vs_floor"] for r in rows], marker="s", label="run time: rubricflow / floor")
        bottom.plot(xs, [r["latency_vs_in_process"] for r in rows], marker="^",
                    label="run time: rubricflow / in-process")
        bottom.axhline(1.0, color="grey", linewidth=0.8)
        bottom.set(xscale="log", yscale="log", xlabel="concurrent runs", ylabel="overhead (x)",
                   title=f"rubricflow overhead, model latency {latency:g} s")
        bottom.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=70)
    plt.close(fig)
