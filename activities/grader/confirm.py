"""A quote's second reading: shown the quoted lines alone and the criterion, does the model
say that they meet it?

A citation is found by reading the whole answer, where a small model often picks a line
that is about the criterion's subject without meeting it (the salary line for "Mentions
benefits beyond the salary", three names for "Names all four people who attended"). Read
alone, beside the criterion, such a line is judged better. The question is asked of a model
whose reply the grader reads as a probability (a `local:` one: `Batcher.choose`), and a
pass that rests on a quote stands only when the probability of "yes" reaches `CONFIRMED`;
below it the criterion is `unverified`. A model that gives no probabilities is not asked.

The excerpt is the answer's own lines (code found them in it), untrusted text: the question
can only take a pass away, never give one, so words in it that ask for a "yes" gain nothing.
The question's wording is the one `CONFIRMED` was chosen with (on `--set docs`): another
wording moves the probabilities.
"""

from __future__ import annotations

CONFIRM_SYSTEM = "You check one criterion against an excerpt of a document. Reply with one word: yes or no."
CONFIRMED = 0.6
"""The probability of "yes" at which a quote's pass stands (the 1.5B model's "yes" is about
0.55 on lines it cannot tell about; chosen on `--set docs`, see docs/grading.md)."""
CHOICES = ["yes", "no"]


def confirm_question(quote: str, criterion: str) -> list[dict[str, str]]:
    """The question, as chat messages: the quoted lines, then the criterion."""
    return [
        {"role": "system", "content": CONFIRM_SYSTEM},
        {
            "role": "user",
            "content": f"Excerpt:\n{quote}\n\nCriterion: {criterion}\n\n"
            "Does the excerpt show that the criterion is met? Reply yes or no.",
        },
    ]


def unconfirmed(quote: str, probability: float) -> str:
    """Why a quote's pass did not stand."""
    return (
        f"the grader cited {quote!r}, but shown those words alone it does not judge that they meet the "
        f"criterion (yes {probability:.2f}, below {CONFIRMED})"
    )
