"""Truth functions over an answer's text, shared by the prose-form and negation families.

Each is the plain reading of its criterion for the answers these families generate: those
answers are written so that the plain reading is the only one (no abbreviations or decimals
inside sentences, no hyphenated words, code only in fenced blocks).
"""

from __future__ import annotations

import re

BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z0-9']+", text)


def sentence_count(text: str) -> int:
    """Sentences of plain prose: runs of text ended by '.', '!' or '?'."""
    return len(re.findall(r"[^.!?\s][^.!?]*[.!?]+", text))


def paragraph_count(text: str) -> int:
    return len([block for block in re.split(r"\n\s*\n", text.strip()) if block.strip()])


def bullet_count(text: str) -> int:
    return sum(1 for line in text.splitlines() if BULLET.match(line))


def has_list(text: str) -> bool:
    return bullet_count(text) > 0


def has_code(text: str) -> bool:
    """A fenced block or inline code."""
    return "```" in text or re.search(r"`[^`\n]+`", text) is not None


def has_heading(text: str) -> bool:
    return any(re.match(r"#{1,6}\s", line) for line in text.splitlines())


def uses_word(text: str, word: str) -> bool:
    """`word` as a whole word, in any case ('every' does not use 'very')."""
    return re.search(rf"\b{re.escape(word)}\b", text, flags=re.IGNORECASE) is not None


def has_link(text: str) -> bool:
    return re.search(r"https?://", text) is not None


def all_lowercase(text: str) -> bool:
    return text == text.lower()


def ends_with_question(text: str) -> bool:
    return text.rstrip().endswith("?")


def starts_with(text: str, phrase: str) -> bool:
    return text.lstrip().lower().startswith(phrase.lower())
