"""A batch's report: every item's final state (JSONL), a summary table and a PNG plot.

Built from the items' own threads (`Batches.threads`), not from the batch's counters:
the report of a batch that was re-run, interrupted or cancelled says what each item's
thread actually ended as. `--compare OTHER` adds per-criterion pass-rate differences.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from rubricflow.batch_client import ThreadRecord
from rubricflow.prices import usd

PASSING = ("satisfied", "answered")


def item_row(record: ThreadRecord) -> dict[str, Any]:
    """One JSONL line: status, iterations, per-criterion verdicts, tokens, cost, time."""
    result = record.result
    last = result.evaluations[-1] if result is not None and result.evaluations else None
    wall = (record.closed - record.started).total_seconds() if record.closed is not None else None
    return {
        "id": record.item_id,
        "thread_id": record.thread_id,
        "status": result.status if result is not None else record.workflow_status,
        "iterations": result.iteration if result is not None else 0,
        "criteria": {c.name: c.passed for c in last.criteria} if last is not None else {},
        "tokens": result.usage.total_tokens if result is not None else 0,
        "cost_usd": (result.run_cost_usd or 0.0) if result is not None else 0.0,
        "wall_s": wall,
        "metadata": record.metadata,
        "reason": record.reason,
    }


def quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Status counts, pass rate overall and per criterion, iterations histogram, p50/p95
    wall time, tokens and cost."""
    criteria: dict[str, list[int]] = {}
    for row in rows:
        for name, passed in row["criteria"].items():
            tally = criteria.setdefault(name, [0, 0])
            tally[0] += int(passed)
            tally[1] += 1
    walls = sorted(r["wall_s"] for r in rows if r["wall_s"] is not None)
    return {
        "items": len(rows),
        "statuses": dict(Counter(r["status"] for r in rows).most_common()),
        "pass_rate": sum(r["status"] in PASSING for r in rows) / len(rows) if rows else None,
        "criteria": {name: {"passed": p, "graded": n, "pass_rate": p / n} for name, (p, n) in sorted(criteria.items())},
        "iterations": {str(k): v for k, v in sorted(Counter(r["iterations"] for r in rows).items())},
        "wall_s_p50": quantile(walls, 0.5),
        "wall_s_p95": quantile(walls, 0.95),
        "tokens": sum(r["tokens"] for r in rows),
        "cost_usd": sum(r["cost_usd"] for r in rows),
    }


def compare(summary: dict[str, Any], other: dict[str, Any]) -> dict[str, float | None]:
    """Per-criterion pass rate of `summary` minus `other`'s (None: one side lacks it)."""
    names = sorted(set(summary["criteria"]) | set(other["criteria"]))
    return {
        name: (summary["criteria"][name]["pass_rate"] - other["criteria"][name]["pass_rate"])
        if name in summary["criteria"] and name in other["criteria"]
        else None
        for name in names
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _secs(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


def render_table(
    name: str, summary: dict[str, Any], diff: dict[str, float | None] | None = None, other: str | None = None
) -> str:
    """The summary as a markdown table (readable as plain text too)."""
    lines = [f"batch {name}: {summary['items']} items", "", "| measure | value |", "| --- | --- |"]
    for status, count in summary["statuses"].items():
        lines.append(f"| status {status} | {count} |")
    lines.append(f"| pass rate | {_pct(summary['pass_rate'])} |")
    for crit, tally in summary["criteria"].items():
        cell = f"{_pct(tally['pass_rate'])} ({tally['passed']}/{tally['graded']})"
        if diff is not None:
            delta = diff.get(crit)
            cell += f", {'n/a' if delta is None else f'{delta * 100:+.1f} pts'} vs {other}"
        lines.append(f"| criterion {crit} | {cell} |")
    hist = ", ".join(f"{k}: {v}" for k, v in summary["iterations"].items())
    lines += [
        f"| iterations (count of items) | {hist} |",
        f"| wall time p50 / p95 | {_secs(summary['wall_s_p50'])} / {_secs(summary['wall_s_p95'])} |",
        f"| tokens | {summary['tokens']} |",
        f"| cost | {usd(summary['cost_usd'])} |",
    ]
    return "\n".join(lines) + "\n"


def plot(name: str, summary: dict[str, Any], path: Path, other: tuple[str, dict[str, Any]] | None = None) -> None:
    """Pass rate per criterion (beside OTHER's) and the iterations histogram."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    names = sorted(set(summary["criteria"]) | set(other[1]["criteria"] if other else []))
    xs = range(len(names))
    width = 0.4 if other else 0.7
    rates = [summary["criteria"].get(n, {}).get("pass_rate", 0) * 100 for n in names]
    left.bar([x - (width / 2 if other else 0) for x in xs], rates, width, label=name)
    if other:
        theirs = [other[1]["criteria"].get(n, {}).get("pass_rate", 0) * 100 for n in names]
        left.bar([x + width / 2 for x in xs], theirs, width, label=other[0])
        left.legend(fontsize=8)
    left.set_xticks(list(xs), names, rotation=20, ha="right", fontsize=8)
    left.set_ylim(0, 105)
    left.set_ylabel("pass rate (%)")
    left.set_title("pass rate per criterion")
    keys = list(summary["iterations"])
    right.bar(keys, [summary["iterations"][k] for k in keys])
    right.set_xlabel("grader passes (iterations)")
    right.set_ylabel("items")
    right.set_title("iterations")
    fig.suptitle(f"batch {name}: {summary['items']} items, pass rate {_pct(summary['pass_rate'])}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(
    out: Path, name: str, rows: list[dict[str, Any]], other: tuple[str, list[dict[str, Any]]] | None = None
) -> dict[str, Path]:
    """DIR/NAME.jsonl, NAME.summary.json, NAME.summary.md and NAME.png; their paths (no
    `plot` without matplotlib, the `bench` extra: the rest is written all the same)."""
    out.mkdir(parents=True, exist_ok=True)
    summary = summarize(rows)
    other_summary = (other[0], summarize(other[1])) if other else None
    diff = compare(summary, other_summary[1]) if other_summary else None
    paths = {
        kind: out / f"{name}{suffix}"
        for kind, suffix in (
            ("items", ".jsonl"),
            ("summary", ".summary.json"),
            ("table", ".summary.md"),
            ("plot", ".png"),
        )
    }
    with paths["items"].open("w", encoding="utf-8") as f:
        for row in sorted(rows, key=lambda r: r["id"]):
            f.write(json.dumps(row, default=str) + "\n")
    data = {"name": name, **summary}
    if other_summary is not None:
        data["compare"] = {"other": other_summary[0], "pass_rate_difference": diff}
    paths["summary"].write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    paths["table"].write_text(
        render_table(name, summary, diff, other_summary[0] if other_summary else None), encoding="utf-8"
    )
    try:
        plot(name, summary, paths["plot"], other_summary)
    except ImportError:
        del paths["plot"]
    return paths
