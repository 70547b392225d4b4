"""What a model is told when it is asked again, one home for every such text.

- The grader, once per pass, when its verdict is unusable: it did not validate
  (`invalid_reask`) or did not answer for every criterion (`reask_message`).
- The agent, once per revision turn, when its revised answer is identical to the one the
  grader just asked it to change (`unchanged_reask`), at `REASK_TEMPERATURE` at least
  (`warmer`): at a low temperature a small model repeats its answer word for word, and a
  grader pass on an unchanged answer can only repeat its verdict.
"""

from __future__ import annotations

from typing import Any

from rubricflow.activities.grader.prompt import escape_closers
from rubricflow.activities.models import with_temperature

REASK_TEMPERATURE = 0.8
"""The lowest temperature an unchanged answer is asked again at (a model configured
hotter keeps its own)."""


def invalid_reask(payload: str, exc: Exception) -> str:
    """The grader's corrective re-ask after a verdict that did not validate: the payload
    again, and why."""
    return (
        payload
        + "\n\nYour previous verdict was invalid and was discarded: "
        + escape_closers(str(exc))[:1_000]
        + "\nReturn a valid GraderVerdict."
    )


def reask_message(missing: list[str], frozen: list[str], invented: list[str] | None = None) -> str:
    """The grader's corrective re-ask, telling it what was missing (and which of its names
    are not criteria of this rubric)."""
    if not frozen:
        return (
            "Your verdict listed no criteria. Answer again: list every criterion of the "
            "rubric once, with passed true or false and a gap for each failing one."
        )
    listed = "\n".join(f"- {frozen.index(name) + 1}. {escape_closers(name)}" for name in missing)
    not_criteria = ""
    if invented:
        names = ", ".join(repr(escape_closers(name)) for name in invented)
        not_criteria = f"These are not criteria of the rubric: {names}.\n"
    return (
        "Your verdict did not answer for every criterion. Missing:\n"
        f"{listed}\n"
        f"{not_criteria}"
        "Answer again, with one entry for each criterion of the numbered list, by exactly "
        "its name or by its number in `id`."
    )


def unchanged_reask() -> str:
    """The agent's re-ask when its revised answer is its previous one, word for word."""
    return (
        "Your revised answer is identical to your previous answer: nothing changed, so what "
        "the grader asked you to change still fails. Change your answer to fix each item to "
        "change, and give your complete revised answer."
    )


def warmer(model: Any) -> Any:
    """`model` at `REASK_TEMPERATURE` when it is configured cooler; a model without a
    temperature setting (the provider's default, usually 1) is asked as it is."""
    temperature = getattr(model, "temperature", None)
    if isinstance(temperature, (int, float)) and not isinstance(temperature, bool) and temperature < REASK_TEMPERATURE:
        return with_temperature(model, REASK_TEMPERATURE)
    return model
