"""A calibration's report: each labelled criterion beside the grader's verdict, the
agreement measures per criterion, per family and overall (`rubricflow/agreement.py`), cost
and time; written as a table, JSON, the verdicts as JSON lines, and a plot.

Read from the item threads of the calibration's batch (one grader pass each, on the answer
as given) and the labels file, joined by item id.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rubricflow.agreement import (
    Verdict,
    bootstrap_difference,
    mcnemar_exact,
    measures,
    tally,
    total,
)
from rubricflow.batch_client import ThreadRecord
from rubricflow.batch_report import quantile
from rubricflow.labels import LabelledAnswer
from rubricflow.prices import thread_cost
from rubricflow.workflows.rubric import normalize_name
from rubricflow.workflows.types import Criterion, Evaluation, ModelPrice, Usage

NOT_VERIFIED_PREFIX = "not verified"
"""How the gap of a criterion the grader never reported on begins (the worker's
`activities/grader/coverage.py` NOT_REPORTED_GAP; tests/test_calibrate.py holds them together)."""


@dataclass(frozen=True)
class Row:
    """One labelled criterion and the grader's verdict on it."""

    id: str
    criterion: str
    family: str
    label: bool
    verdict: Verdict
    gap: str | None = None

    @property
    def right(self) -> bool:
        """The grader decided as the person did (not verifying is not deciding)."""
        return self.verdict in ("passed", "failed") and (self.verdict == "passed") == self.label


def verdict_of(criterion: Criterion | None, evaluation: Evaluation | None) -> Verdict:
    """A criterion's verdict as calibration counts it. `unverified`: the record says so
    (a criterion's own `unverified`, or a pass that never reported on it)."""
    if criterion is None or evaluation is None or evaluation.result in ("failed", "grader_error"):
        return "ungraded"
    if getattr(criterion, "unverified", False):
        return "unverified"
    if evaluation.unverified and not criterion.passed and (criterion.gap or "").startswith(NOT_VERIFIED_PREFIX):
        return "unverified"
    return "passed" if criterion.passed else "failed"


def rows_of(answer: LabelledAnswer, record: ThreadRecord | None) -> list[Row]:
    """The answer's labelled criteria beside its thread's (only) grader pass."""
    result = record.result if record is not None else None
    evaluation = result.evaluations[-1] if result is not None and result.evaluations else None
    said = {normalize_name(c.name): c for c in evaluation.criteria} if evaluation is not None else {}
    rows = []
    for name, label in answer.labels.items():
        criterion = said.get(normalize_name(name))
        rows.append(
            Row(
                id=answer.id,
                criterion=name,
                family=answer.family(name),
                label=label,
                verdict=verdict_of(criterion, evaluation),
                gap=criterion.gap if criterion is not None else None,
            )
        )
    return rows


def _grouped(rows: Iterable[Row], key: str) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(getattr(row, key), []).append(row)
    return {name: measures(total(tally(r.label, r.verdict) for r in group)) for name, group in sorted(groups.items())}


def summarize(
    answers: list[LabelledAnswer],
    records: Mapping[str, ThreadRecord],
    grader: Mapping[str, Any],
    wall_s: float,
    prices: Mapping[str, ModelPrice],
) -> dict[str, Any]:
    """The calibration of one grader: measures overall, per family and per criterion, what
    its passes cost (tokens; USD where the price table has the models) and took."""
    rows = [row for answer in answers for row in rows_of(answer, records.get(answer.id))]
    results = [r.result for r in records.values() if r.result is not None]
    evaluations = [res.evaluations[-1] for res in results if res.evaluations]
    usage: dict[str, Any] = {}
    for result in results:
        for model, used in result.usage_by_model.items():
            usage[model] = usage.get(model, Usage()) + used
    cost, unpriced = thread_cost(usage, prices)
    passes = sorted((r.closed - r.started).total_seconds() for r in records.values() if r.closed is not None)
    return {
        "grader": dict(grader),
        "answers": len(answers),
        "overall": measures(total(tally(r.label, r.verdict) for r in rows)),
        "families": _grouped(rows, "family"),
        "criteria": _grouped(rows, "criterion"),
        "cost": {
            "tokens": sum(u.total_tokens for u in usage.values()),
            "cost_usd": None if unpriced else cost,
            "unpriced_models": unpriced,
            "from_cache": sum(e.from_cache for e in evaluations),
            "passes": len(evaluations),
        },
        "time": {"wall_s": wall_s, "pass_s_p50": quantile(passes, 0.5), "pass_s_p95": quantile(passes, 0.95)},
        "rows": rows,
    }


def compare(first: list[Row], second: list[Row]) -> dict[str, Any]:
    """Two graders on the same labels, pair by pair (the same answer's same criterion):
    McNemar's exact test on the pairs one grader got right and the other not, and the
    difference in agreement (second minus first) with a bootstrap interval over answers."""
    theirs = {(r.id, r.criterion): r for r in second}
    by_item: dict[str, list[tuple[bool, bool]]] = {}
    for row in first:
        other = theirs.get((row.id, row.criterion))
        if other is not None:
            by_item.setdefault(row.id, []).append((row.right, other.right))
    pairs = [pair for item in by_item.values() for pair in item]
    only_first = sum(a and not b for a, b in pairs)
    only_second = sum(b and not a for a, b in pairs)
    interval = bootstrap_difference(list(by_item.values()))
    return {
        "pairs": len(pairs),
        "right_first": sum(a for a, _ in pairs),
        "right_second": sum(b for _, b in pairs),
        "only_first_right": only_first,
        "only_second_right": only_second,
        "mcnemar_p": mcnemar_exact(only_first, only_second),
        "difference": None if interval is None else interval[0],
        "interval_95": None if interval is None else [interval[1], interval[2]],
    }


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f}%"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _line(group: str, m: Mapping[str, Any]) -> str:
    c = m["confusion"]
    return (
        f"| {group} | {m['labelled']} | {_pct(m['agreement'])} | {_num(m['kappa'])} | "
        f"{_pct(m['unmet_passed_rate'])} | {_pct(m['met_failed_rate'])} | {_pct(m['unverified_share'])} | "
        f"{c['tp']} {c['fn']} {c['fp']} {c['tn']} | {m['ungraded']} |"
    )


def render(summary: Mapping[str, Any], labels: str, comparison: Mapping[str, Any] | None = None) -> str:
    """One grader's calibration (and, with `comparison`, the second's) as a markdown table."""
    lines = []
    for part in [summary, *([comparison["summary"]] if comparison else [])]:
        grader = ", ".join(f"{k} {v}" for k, v in part["grader"].items())
        lines += [
            f"calibration of grader {grader} on {labels}: {part['answers']} answers, "
            f"{part['overall']['labelled']} labelled criteria",
            "",
            "| group | labelled | agreement | kappa | unmet passed | met failed | unverified | tp fn fp tn | ungraded |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
            _line("overall", part["overall"]),
            *(_line(f"family {name}", m) for name, m in part["families"].items()),
            *(_line(f"criterion {name}", m) for name, m in part["criteria"].items()),
            "",
        ]
        cost, took = part["cost"], part["time"]
        usd = "unpriced" if cost["cost_usd"] is None else f"${cost['cost_usd']:.4f}"
        p50 = "-" if took["pass_s_p50"] is None else f"{took['pass_s_p50']:.2f} s"
        p95 = "-" if took["pass_s_p95"] is None else f"{took['pass_s_p95']:.2f} s"
        lines += [
            f"cost: {cost['tokens']} tokens, {usd}; {cost['from_cache']} of {cost['passes']} passes from the "
            f"grader cache. time: {took['wall_s']:.1f} s in all, a pass p50 {p50}, p95 {p95}",
            "",
        ]
    if comparison:
        c = comparison["result"]
        interval = c["interval_95"]
        between = "-" if interval is None else f"[{interval[0] * 100:+.1f}, {interval[1] * 100:+.1f}] pts"
        difference = "-" if c["difference"] is None else f"{c['difference'] * 100:+.1f} pts"
        lines += [
            f"compared on {c['pairs']} labelled criteria: right {c['right_first']} vs {c['right_second']}; "
            f"only the first right {c['only_first_right']}, only the second {c['only_second_right']}; "
            f"McNemar exact p = {c['mcnemar_p']:.4f}; agreement difference (second - first) "
            f"{difference}, 95% bootstrap interval {between}",
            "",
        ]
    return "\n".join(lines)


def plot(summary: Mapping[str, Any], path: Path, other: Mapping[str, Any] | None = None) -> None:
    """Agreement and kappa per family (beside the second grader's), and the confusion
    matrix of all labelled criteria."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [2, 1]})
    groups = ["overall", *summary["families"]]

    def values(part: Mapping[str, Any], measure: str) -> list[float]:
        found = [part["overall"], *(part["families"].get(g, {}) for g in groups[1:])]
        return [100 * (m.get(measure) or 0.0) for m in found]

    series = [("agreement", summary, ""), ("kappa", summary, "")]
    if other is not None:
        series = [("agreement", summary, " (first)"), ("agreement", other, " (second)")]
    width = 0.8 / len(series)
    for n, (measure, part, suffix) in enumerate(series):
        xs = [i + (n - (len(series) - 1) / 2) * width for i in range(len(groups))]
        left.bar(xs, values(part, measure), width, label=f"{measure}{suffix}" + (" x100" if measure == "kappa" else ""))
    left.set_xticks(range(len(groups)), groups, rotation=20, ha="right", fontsize=8)
    left.set_ylim(-100 if any(v < 0 for v in values(summary, "kappa")) else 0, 125)
    left.set_yticks([t for t in range(-100, 101, 20) if t >= left.get_ylim()[0]])
    left.set_ylabel("% (kappa x 100)")
    left.legend(fontsize=8, loc="upper right", ncol=2)
    left.set_title("agreement with the labels, per family")
    c = summary["overall"]["confusion"]
    matrix = [[c["tp"], c["fn"]], [c["fp"], c["tn"]]]
    right.imshow(matrix, cmap="Blues")
    for i in range(2):
        for j in range(2):
            right.text(j, i, str(matrix[i][j]), ha="center", va="center", fontsize=12)
    right.set_xticks([0, 1], ["passed", "failed"])
    right.set_yticks([0, 1], ["met", "unmet"])
    right.set_xlabel("grader")
    right.set_ylabel("person")
    right.set_title("all labelled criteria")
    grader = ", ".join(str(v) for v in summary["grader"].values())
    fig.suptitle(f"calibration of {grader}: agreement {_pct(agreement_of(summary))}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def agreement_of(summary: Mapping[str, Any]) -> float | None:
    return summary["overall"]["agreement"]


def write(
    out: Path, name: str, summary: dict[str, Any], labels: str, comparison: dict[str, Any] | None = None
) -> dict[str, Path]:
    """OUT/NAME.calibration.json, .md and .png, and NAME.verdicts.jsonl; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {
        kind: out / f"{name}{suffix}"
        for kind, suffix in (
            ("json", ".calibration.json"),
            ("table", ".calibration.md"),
            ("verdicts", ".verdicts.jsonl"),
            ("plot", ".calibration.png"),
        )
    }
    parts = [("first", summary), *([("second", comparison["summary"])] if comparison else [])]
    with paths["verdicts"].open("w", encoding="utf-8") as f:
        for which, part in parts:
            for row in part["rows"]:
                f.write(json.dumps({"grader": which, **row.__dict__}) + "\n")
    data: dict[str, Any] = {"labels": labels, **_public(summary)}
    if comparison:
        data["compare"] = {"second": _public(comparison["summary"]), **comparison["result"]}
    paths["json"].write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    paths["table"].write_text(render(summary, labels, comparison), encoding="utf-8")
    plot(summary, paths["plot"], comparison["summary"] if comparison else None)
    return paths


def _public(summary: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "rows"}
