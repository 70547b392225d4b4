"""Whole numbers as criteria and answers write them: in figures, or as words up to twenty."""

from __future__ import annotations

NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
WORDS = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
"""The words as a pattern's alternatives, the longest first ("seventeen" before "seven")."""


def number_value(written: str) -> int:
    """The value of a whole number written in figures or as a word ("12", "Twelve")."""
    return int(written) if written.isdigit() else NUMBER_WORDS[written.lower()]
