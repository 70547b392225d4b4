"""Coverage of a grader's verdict: which pinned criterion each entry answers (by name or
number), what it missed or invented, the one corrective re-ask, and the `unverified`
downgrade of a `satisfied` that never covered every criterion."""

from __future__ import annotations

from rubricflow.workflows.rubric import normalize_name
from rubricflow.workflows.types import Criterion, GraderVerdict

NOT_REPORTED_GAP = "not verified: the grader did not report on this criterion"
UNNAMED_OBJECTION = "grader's objection (no criterion named)"


def answered_index(criterion: Criterion, pinned: list[str]) -> int | None:
    """The zero-based place in `pinned` that an entry answers: by its exact (normalised)
    name, else by its number (`id`, one-based as in the payload's numbered list)."""
    wanted = normalize_name(criterion.name)
    for index, name in enumerate(pinned):
        if normalize_name(name) == wanted:
            return index
    if criterion.id is not None and 1 <= criterion.id <= len(pinned):
        return criterion.id - 1
    return None


def canonical_criteria(verdict: GraderVerdict, pinned: list[str]) -> GraderVerdict:
    """Entries that answer a pinned criterion carry its pinned name (an entry answered by
    number under a paraphrased name is recorded under the criterion it answered); other
    entries stay as the grader gave them. The numbers are the payload's, not the record's."""
    if not pinned:
        return verdict
    criteria = []
    for criterion in verdict.criteria:
        index = answered_index(criterion, pinned)
        name = pinned[index] if index is not None else criterion.name
        criteria.append(criterion.model_copy(update={"name": name, "id": None}))
    return verdict.model_copy(update={"criteria": criteria})


def invented_criteria(verdict: GraderVerdict, pinned: list[str]) -> list[str]:
    """Names the grader gave that answer no pinned criterion: not criteria of the run."""
    if not pinned:
        return []
    return [c.name for c in verdict.criteria if answered_index(c, pinned) is None]


def missing_criteria(verdict: GraderVerdict, frozen: list[str]) -> list[str]:
    """What a usable verdict lacks: pinned or frozen criteria it did not answer for (by
    name or number), or (with none pinned yet) the criteria list itself. `failed` needs
    no criteria."""
    if verdict.result == "failed":
        return []
    if not frozen:
        return [] if verdict.criteria else ["(no criteria listed)"]
    answered = {answered_index(c, frozen) for c in verdict.criteria}
    return [name for index, name in enumerate(frozen) if index not in answered]


def downgrade_unverified(verdict: GraderVerdict, missing: list[str]) -> GraderVerdict:
    """A `satisfied` that never covered every criterion becomes `needs_revision`: what is
    missing is verification, not (necessarily) the work. The grader's own summary is kept
    after the note on what was not verified."""
    reported = list(verdict.criteria)
    unreported = [
        Criterion(name=name, passed=False, gap=NOT_REPORTED_GAP) for name in missing if name != "(no criteria listed)"
    ]
    gaps = ", ".join(missing)
    explanation = (
        f"The grader claimed 'satisfied' but did not report on: {gaps}. The work may "
        "be fine; its verification is missing."
    )
    if verdict.explanation.strip():
        explanation += f" Original grader summary: {verdict.explanation.strip()}"
    return GraderVerdict(result="needs_revision", explanation=explanation, criteria=reported + unreported)
