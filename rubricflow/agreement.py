"""How far a grader agrees with people: the statistics of `rubricflow calibrate`, as plain
functions of counts (no model, no server), tested against arithmetic done by hand.

A person's label says whether a criterion is met; the grader's record says whether it
passed. Each labelled criterion lands in one cell:

                      grader passed    grader failed
    person: met           tp               fn   (met, failed: sends the agent to "fix" what is right)
    person: unmet         fp               tn   (fp: unmet, passed: the dangerous error)

or outside the table: `unverified` (the grader recorded it as not verified) or `ungraded`
(no verdict at all: the pass broke, or it answered for another criterion).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

Verdict = Literal["passed", "failed", "unverified", "ungraded"]


@dataclass(frozen=True)
class Confusion:
    """The cells of one group of labelled criteria."""

    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0
    unverified: int = 0
    ungraded: int = 0

    def __add__(self, other: Confusion) -> Confusion:
        return Confusion(**{k: getattr(self, k) + getattr(other, k) for k in asdict(self)})

    @property
    def decided(self) -> int:
        """Criteria the grader passed or failed: the table's total."""
        return self.tp + self.fn + self.fp + self.tn

    @property
    def labelled(self) -> int:
        return self.decided + self.unverified + self.ungraded


def tally(label: bool, verdict: Verdict) -> Confusion:
    """The one cell a labelled criterion lands in."""
    if verdict in ("unverified", "ungraded"):
        return Confusion(**{verdict: 1})
    passed = verdict == "passed"
    cell = ("tp" if passed else "fn") if label else ("fp" if passed else "tn")
    return Confusion(**{cell: 1})


def total(cells: Iterable[Confusion]) -> Confusion:
    return sum(cells, Confusion())


def _ratio(top: int, bottom: int) -> float | None:
    return top / bottom if bottom else None


def agreement(c: Confusion) -> float | None:
    """The share of decided criteria where the grader says what the person said."""
    return _ratio(c.tp + c.tn, c.decided)


def cohen_kappa(c: Confusion) -> float | None:
    """Cohen's kappa over the decided criteria: (po - pe) / (1 - pe), pe the agreement two
    raters with these margins reach by chance. None where it is undefined (no criteria, or
    both raters said one thing throughout: pe = 1)."""
    n = c.decided
    if not n:
        return None
    po = (c.tp + c.tn) / n
    pe = ((c.tp + c.fn) * (c.tp + c.fp) + (c.fp + c.tn) * (c.fn + c.tn)) / (n * n)
    if pe == 1:
        return None
    return (po - pe) / (1 - pe)


def unmet_passed_rate(c: Confusion) -> float | None:
    """Of the criteria the person found unmet and the grader decided: the share it passed."""
    return _ratio(c.fp, c.fp + c.tn)


def met_failed_rate(c: Confusion) -> float | None:
    """Of the criteria the person found met and the grader decided: the share it failed."""
    return _ratio(c.fn, c.tp + c.fn)


def unverified_share(c: Confusion) -> float | None:
    """Of the criteria the grader graded (decided or not verified): the share not verified."""
    return _ratio(c.unverified, c.decided + c.unverified)


def measures(c: Confusion) -> dict[str, Any]:
    """Every measure of a group, with its cells, as the report shows it."""
    return {
        "labelled": c.labelled,
        "confusion": {"tp": c.tp, "fn": c.fn, "fp": c.fp, "tn": c.tn},
        "unverified": c.unverified,
        "ungraded": c.ungraded,
        "agreement": agreement(c),
        "kappa": cohen_kappa(c),
        "unmet_passed_rate": unmet_passed_rate(c),
        "met_failed_rate": met_failed_rate(c),
        "unverified_share": unverified_share(c),
    }


# Two graders on the same labels -----------------------------------------------------


def mcnemar_exact(b: int, c: int) -> float:
    """McNemar's exact test, two-sided: the chance of a split of the discordant pairs at
    least as uneven as `b` (only the first grader right) against `c` (only the second) if
    either were as likely: 2 * P(X <= min(b, c)) for X ~ Binomial(b + c, 1/2), at most 1."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(b, c) + 1)) / 2**n
    return min(1.0, 2 * tail)


def bootstrap_difference(
    pairs_by_item: Sequence[Sequence[tuple[bool, bool]]],
    *,
    resamples: int = 2000,
    seed: int = 41,
    level: float = 0.95,
) -> tuple[float, float, float] | None:
    """The difference in agreement (second grader minus first) over all pairs, with a
    percentile bootstrap interval at `level` that resamples whole items (an item's
    criteria are graded together, so they are not independent). Each pair is (first
    right, second right). Seeded: the same labels give the same interval."""
    items = [list(pairs) for pairs in pairs_by_item if pairs]
    if not items:
        return None

    def difference(chosen: Iterable[list[tuple[bool, bool]]]) -> float:
        flat = [pair for pairs in chosen for pair in pairs]
        return (sum(second for _, second in flat) - sum(first for first, _ in flat)) / len(flat)

    rng = random.Random(seed)
    draws = sorted(difference(rng.choices(items, k=len(items))) for _ in range(resamples))
    tail = (1 - level) / 2
    low = draws[int(tail * (resamples - 1))]
    high = draws[int(math.ceil((1 - tail) * (resamples - 1)))]
    return difference(items), low, high
