"""A pass's weighted score: what its criteria are worth by the rubric's weights and scales.

Pure and deterministic, beside the rubric reader (`workflows/rubric.py`): the worker scores
each pass with it, and the thread decides with the recorded score (`meets_pass_score`).

- A criterion counts its weight (1 without `[weight: N]`) times how far it is met: 1 or 0
  for a binary criterion (passed or not), its points' place on its scale for a scaled one
  (`[scale: 0-4]`: 3 points count 0.75). A criterion of the rubric the pass did not answer
  for counts 0. A scaled criterion answered without points counts as a binary one.
- The score is the sum over the rubric's criteria divided by the sum of their weights (0.0
  to 1.0). A free-text rubric (no list) weighs every criterion the pass answered 1.
- A scaled criterion is met from its pass mark (its top, or `[scale: 0-4, pass: 3]`): its
  record's `passed` follows from its points, never the other way round, and so does the
  verdict's `result`.
"""

from __future__ import annotations

from rubricflow.workflows.evaluation import Criterion, Evaluation, GraderVerdict
from rubricflow.workflows.rubric import ParsedRubric, Scale

SCORE_DIGITS = 6
"""A score is rounded to this many digits, so that 4/5 meets a pass score of 0.8."""


def scaled_criterion(criterion: Criterion, scale: Scale | None) -> Criterion:
    """`criterion` with `passed` set by its points on `scale`: met from the pass mark; a
    failing one keeps the grader's gap or says what it scored. Points off the scale are not
    a verdict: the criterion fails, saying so. Points on a criterion without a scale are
    dropped (they are no score of the rubric's)."""
    if scale is None or criterion.score is None:
        return criterion.model_copy(update={"score": None}) if criterion.score is not None else criterion
    points = criterion.score
    if not scale.low <= points <= scale.high:
        gap = f"the grader scored {points}, outside the criterion's scale {scale.low}-{scale.high}: not a verdict"
        return criterion.model_copy(update={"passed": False, "gap": gap, "score": None})
    if points >= scale.pass_mark:
        return criterion.model_copy(update={"passed": True, "gap": None})
    meaning = scale.meaning(points)
    said = f"scored {points} on {scale.low}-{scale.high}, met from {scale.pass_mark}" + (
        f" ({meaning})" if meaning else ""
    )
    gap = criterion.gap if not criterion.passed and criterion.gap and criterion.gap.strip() else said
    return criterion.model_copy(update={"passed": False, "gap": gap})


def with_scales(rubric: ParsedRubric, verdict: GraderVerdict) -> GraderVerdict:
    """The verdict with each scaled criterion's `passed` following from its points, and the
    `result` following from the criteria wherever that changed one (`failed` stays)."""
    criteria = []
    for criterion in verdict.criteria:
        found = rubric.criterion(criterion.name)
        criteria.append(scaled_criterion(criterion, found.scale if found is not None else None))
    if criteria == list(verdict.criteria):
        return verdict
    result = verdict.result
    if result != "failed" and criteria:
        result = "satisfied" if all(c.passed for c in criteria) else "needs_revision"
    return GraderVerdict(result=result, explanation=verdict.explanation, criteria=criteria)


def _met(criterion: Criterion | None, scale: Scale | None) -> float:
    if criterion is None:
        return 0.0
    if scale is not None and criterion.score is not None:
        return scale.fraction(criterion.score)
    return 1.0 if criterion.passed else 0.0


def weighted_score(rubric: ParsedRubric, criteria: list[Criterion]) -> float | None:
    """The weighted score of a pass's criteria on `rubric`, 0.0 to 1.0 (None: nothing to
    score: a free-text rubric's pass that answered no criterion)."""
    if rubric.criteria:
        answered: dict[str, Criterion] = {}
        for criterion in criteria:
            found = rubric.criterion(criterion.name)
            if found is not None:
                answered.setdefault(found.name, criterion)
        total = sum(c.weight for c in rubric.criteria)
        got = sum(c.weight * _met(answered.get(c.name), c.scale) for c in rubric.criteria)
        return round(got / total, SCORE_DIGITS)
    if not criteria:
        return None
    return round(sum(_met(c, None) for c in criteria) / len(criteria), SCORE_DIGITS)


def required_met(rubric: ParsedRubric, criteria: list[Criterion]) -> bool:
    """Whether every `[required]` criterion of the rubric was answered and passed."""
    passed = set()
    for criterion in criteria:
        found = rubric.criterion(criterion.name)
        if found is not None and criterion.passed:
            passed.add(found.name)
    return all(c.name in passed for c in rubric.criteria if c.required)


def score_of_pass(
    rubric: ParsedRubric, verdict: GraderVerdict, pass_score: float | None
) -> tuple[GraderVerdict, float | None, bool | None]:
    """A pass's verdict with its scales applied, its weighted score and whether its required
    criteria are met. The score is recorded when the rubric is scored (`ParsedRubric.scored`)
    or the run has a pass score; a binary rubric's pass otherwise records none, as before.
    A `failed` verdict has no score."""
    verdict = with_scales(rubric, verdict)
    if verdict.result == "failed" or not (rubric.scored or pass_score is not None):
        return verdict, None, None
    return verdict, weighted_score(rubric, verdict.criteria), required_met(rubric, verdict.criteria)


def meets_pass_score(evaluation: Evaluation, pass_score: float | None) -> bool:
    """A grader's `needs_revision` pass that still ends its run `satisfied`: the run has a
    pass score, the pass's weighted score reaches it, every required criterion passed and
    nothing was left unverified."""
    return (
        pass_score is not None
        and evaluation.reviewer is None
        and evaluation.result == "needs_revision"
        and not evaluation.unverified
        and evaluation.score is not None
        and evaluation.score >= pass_score
        and evaluation.required_met is True
    )
