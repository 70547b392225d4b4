"""Behaviour family: what a function does, decided by running the answer's code.

Each answer is one implementation (correct or subtly wrong, as a small model writes them)
in a ```python block with some prose around it. Each criterion is a check (empty input,
order kept, each value once, input not mutated, raises on bad input, a given call's result)
whose probes run the answer's code in a child process (`execute.run_probes`) when the set is
generated; the result is stored as the label, and a test holds it equal to what the variant
fails by construction.
"""

from __future__ import annotations

import random

from benchmarks.families.behaviour_lists import FUNCTIONS as LIST_FUNCTIONS
from benchmarks.families.behaviour_specs import Function, Variant
from benchmarks.families.behaviour_values import FUNCTIONS as VALUE_FUNCTIONS
from benchmarks.families.execute import python_blocks, run_probes
from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "behaviour"
FUNCTIONS: tuple[Function, ...] = (*LIST_FUNCTIONS, *VALUE_FUNCTIONS)
CRITERIA_PER_ANSWER = 3
"""Checks asked of a wrong answer; a correct one, which can offer only met criteria, gets one
or two (alternately), so that the family keeps about half of its criteria unmet."""

INTROS = (
    "Here's `{name}`:",
    "Sure! Here is an implementation of `{name}`:",
    "You can do this with a short function:",
    "Here is one way to write it:",
    "Below is `{name}`, with a short explanation after it.",
)
NOTE_FORMS = (
    "{note}",
    "**How it works:** {note}",
    "### Notes\n\n- {note}",
)
CLOSINGS = (
    "",
    "",
    "Let me know if you need it to handle other input types.",
    "Happy to add tests for it if you like.",
)


def answer_text(rng: random.Random, fn: Function, variant: Variant) -> str:
    intro = rng.choice(INTROS).format(name=fn.name)
    parts = [intro, f"```python\n{variant.code}\n```", rng.choice(NOTE_FORMS).format(note=variant.note)]
    closing = rng.choice(CLOSINGS)
    if closing:
        parts.append(closing)
    return "\n\n".join(parts)


def truths(fn: Function, code: str) -> dict[str, bool]:
    """Each check of `fn` on `code`: true when every one of its probes is."""
    probes = [probe for check in fn.checks.values() for probe in check.probes]
    results = iter(run_probes(code, fn.name, probes))
    return {key: all([next(results) for _ in check.probes]) for key, check in fn.checks.items()}


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for fn in FUNCTIONS:
        for index, variant in enumerate(fn.variants):
            answer = answer_text(rng, fn, variant)
            truth = truths(fn, python_blocks(answer))
            candidates = [
                Criterion(pick_wording(rng, check.wordings), truth[key], key, FAMILY)
                for key, check in fn.checks.items()
            ]
            out.append(
                JudgeCase(
                    f"behaviour-{fn.name}-{index}",
                    fn.request,
                    answer,
                    balance.choose(candidates, CRITERIA_PER_ANSWER if variant.fails else 1 + index % 2),
                )
            )
    return out
