"""One verdict from its parts: the model's criteria and the named checks' criteria."""

from __future__ import annotations

from rubricflow.activities.grader.coverage import UNNAMED_OBJECTION, normalize_name
from rubricflow.workflows.types import Criterion, GraderVerdict


def merge_checks(llm: GraderVerdict | None, checks: list[Criterion]) -> GraderVerdict:
    """One verdict from the LLM's and the checks' criteria. A check's result is final: an
    LLM entry for a check-backed criterion is dropped, whatever it claimed."""
    if llm is None and not checks:
        raise ValueError("nothing was graded")
    checked = {normalize_name(c.name) for c in checks}
    llm_criteria = [
        c.model_copy(update={"isolation": None}) if c.isolation is not None else c  # only checks say
        for c in (llm.criteria if llm else [])
        if normalize_name(c.name) not in checked
    ]
    objection = llm is not None and llm.result == "needs_revision" and not llm.criteria
    if objection and checks and all(c.passed for c in checks):
        # An objection that names no criterion stands, and reaches the agent through the
        # summary. Recorded as the grader gave it (`criteria: []`) unless passing checks
        # would make the record contradict its verdict: then it is one failing entry.
        llm_criteria.append(
            Criterion(
                name=UNNAMED_OBJECTION,
                passed=False,
                gap=llm.explanation.strip() or "the grader asked for a revision without saying why",
            )
        )
    criteria = llm_criteria + checks
    failing_checks = [c.name for c in checks if not c.passed]
    if llm is not None and llm.result == "failed":
        result = "failed"
    elif objection or any(not c.passed for c in criteria):
        result = "needs_revision"
    else:
        result = "satisfied"
    parts = [llm.explanation.strip()] if llm is not None and llm.explanation.strip() else []
    if checks:
        if failing_checks:
            parts.append(f"Checks: {len(failing_checks)} of {len(checks)} failed ({', '.join(failing_checks)}).")
        else:
            parts.append(f"Checks: all {len(checks)} passed.")
    return GraderVerdict(result=result, explanation=" ".join(parts), criteria=criteria)


def verdict_of(entries: list[Criterion]) -> GraderVerdict:
    """The verdict that follows from criteria decided one at a time: `satisfied` only when
    every one passed; the explanation names what failed, then what could not be verified."""
    failing = [c for c in entries if not c.passed and not c.unverified]
    unsure = [c for c in entries if c.unverified]
    parts = []
    if failing:
        parts.append(
            f"{len(failing)} of {len(entries)} criteria not met: " + "; ".join(f"{c.name}: {c.gap}" for c in failing)
        )
    if unsure:
        parts.append(f"{len(unsure)} could not be verified: " + "; ".join(c.name for c in unsure) + ".")
    if not parts:
        parts.append(f"All {len(entries)} criteria met.")
    result = "needs_revision" if failing or unsure else "satisfied"
    return GraderVerdict(result=result, explanation=" ".join(parts)[:1_000], criteria=entries)
