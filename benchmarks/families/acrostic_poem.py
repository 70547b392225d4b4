"""Acrostic poem family (fresh6): an acrostic on a word the task gives (OCEAN, AUTUMN, LANTERN,
SPRING), its lines' first letters spelling the word, with a title, a word limit per line, an
image and a word the task wants in a given line, a word to avoid and a closing rhyming couplet,
a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh6`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the poem, after a lead-in line or none, its first letters bold or not, written
right and then changed by switches: every line starting with the word's letter or one line
starting with another word, every line under the word limit or one run long, the image the task
asks for or a neighbouring one, the word the task places in a line there or moved to the next
line, the word to avoid left out or used once, a title or none, one stanza or two, and a last
couplet that rhymes or one whose last word does not. Every truth is a function of the answer's
text: the title and the poem's lines are read off block by block, their first letters and words
read and counted, and the end words of the last two lines looked up in a table of rhymes
(below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "acrostic_poem"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RHYMES = {
    "shore": "ore",
    "more": "ore",
    "else": "else",
    "flow": "ow",
    "glow": "ow",
    "burn": "urn",
    "sight": "ite",
    "night": "ite",
    "dusk": "usk",
    "sky": "y",
    "by": "y",
    "past": "ast",
}
"""The rhyme of every word a poem's last two lines end with."""
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


@dataclass(frozen=True)
class Poem:
    task: str
    lead: str
    word: str
    title: str
    """The title line as written (a heading, bold or plain)."""
    lines: tuple[str, ...]
    """The poem written right, one line for each letter of `word`."""
    bold: bool
    """Whether each line's first letter is bold."""
    break_after: int
    """The line after which an answer in two stanzas leaves a blank line."""
    limit: int
    """The most words a line may have."""
    image: tuple[str, str]
    """(a pattern for the image the task asks for, how a criterion names it)."""
    placed: tuple[str, int]
    """(the word the task wants in a line, that line's index)."""
    avoid: str
    slips: tuple[tuple[str, int, str, str], ...]
    """(switch, line, old, new): what an answer with the switch off writes instead."""


POEMS = (
    Poem(
        "Write an acrostic poem on the word OCEAN. Give it a title, keep every line to 8 words or fewer, mention "
        'a lighthouse, put gulls in the second line, don\'t use the word "blue", keep it to one stanza, and end '
        "on a rhyming couplet.",
        "Here's an acrostic for OCEAN:",
        "OCEAN",
        "**Salt Hours**",
        (
            "Old tides fold over the sleeping sand,",
            "Circling gulls cry above the bay,",
            "Each wave brings salt and grey light,",
            "A lighthouse watches from the shore,",
            "Night falls; the sea asks nothing more.",
        ),
        True,
        3,
        8,
        (r"\blighthouses?\b", "a lighthouse"),
        ("gulls", 1),
        "blue",
        (
            ("lines", 0, "fold over the sleeping sand,", "fold slowly over the cold and sleeping sand,"),
            ("placed", 1, "Circling gulls", "Circling terns"),
            ("placed", 2, " salt ", " gulls "),
            ("avoid", 2, "grey light", "blue light"),
            ("spell", 2, "Each wave brings", "The waves bring"),
            ("image", 3, "A lighthouse watches", "A lantern watches"),
            ("couplet", 4, "nothing more.", "nothing else."),
        ),
    ),
    Poem(
        "Can you write me an acrostic poem for AUTUMN? It needs a title, no line longer than 7 words, the image "
        'of woodsmoke, the word "orchard" in the first line, and the last two lines should rhyme. Avoid the '
        'word "golden" - it\'s a cliché. One stanza, please.',
        "",
        "AUTUMN",
        "## Turning",
        (
            "Apples drop in the orchard grass,",
            "Under old oaks the shadows grow,",
            "Thin woodsmoke curls from chimneys,",
            "Umber and russet leaves drift down,",
            "Mornings wake where the rivers flow,",
            "Nights close in and embers glow.",
        ),
        False,
        3,
        7,
        (r"\bwood[- ]?smoke\b", "woodsmoke"),
        ("orchard", 0),
        "golden",
        (
            ("placed", 0, "in the orchard grass", "in the long grass"),
            ("placed", 1, "Under old oaks", "Under orchard oaks"),
            ("image", 2, "Thin woodsmoke curls", "Thin mist curls"),
            ("lines", 3, "leaves drift down,", "leaves drift down along the quiet lane,"),
            ("avoid", 3, "and russet leaves", "and golden leaves"),
            ("spell", 4, "Mornings wake", "Dawn wakes"),
            ("couplet", 5, "embers glow.", "embers burn."),
        ),
    ),
    Poem(
        "Please write an acrostic using the word LANTERN. Title it, at most 6 words per line, mention moths, "
        'the flame should be in line 2, don\'t use "dark", one stanza, and finish with a rhyming couplet.',
        "Sure - here is an acrostic poem for LANTERN:",
        "LANTERN",
        "Night Walk",
        (
            "Light spills on the path,",
            "A small flame sways,",
            "Night air holds still,",
            "Tiny moths circle round,",
            "Every shadow leans away,",
            "Roots and stones in sight,",
            "Nothing fears the night.",
        ),
        True,
        4,
        6,
        (r"\bmoths?\b", "moths"),
        ("flame", 1),
        "dark",
        (
            ("lines", 0, "spills on the path,", "spills in a warm gold circle on the path,"),
            ("placed", 1, "small flame sways", "small wick sways"),
            ("placed", 2, "Night air holds", "Night flame holds"),
            ("image", 3, "moths circle", "bats circle"),
            ("spell", 3, "Tiny", "Small"),
            ("avoid", 4, "Every shadow leans", "Every dark shape leans"),
            ("couplet", 6, "fears the night.", "fears the dusk."),
        ),
    ),
    Poem(
        "I'd like an acrostic poem spelling SPRING, with a title. Keep each line to 9 words or fewer, include "
        'blossom, mention the hawthorn in the third line, don\'t use the word "flowers", keep it all one stanza '
        "and end with a rhyming couplet.",
        "Here is one you could use:",
        "SPRING",
        "**First Green**",
        (
            "Soft rain wakes the sleeping ground,",
            "Pale shoots push up through the cold earth,",
            "Robins sing from the hawthorn hedge,",
            "In the orchard, blossom opens wide,",
            "New lambs leap under a wide, clean sky,",
            "Green days are coming, winter's gone by.",
        ),
        False,
        3,
        9,
        (r"\bblossoms?\b", "blossom"),
        ("hawthorn", 2),
        "flowers",
        (
            ("lines", 0, "sleeping ground,", "sleeping ground and fills every ditch and furrow,"),
            ("avoid", 1, "Pale shoots push", "Pale flowers push"),
            ("placed", 2, "the hawthorn hedge", "the garden hedge"),
            ("placed", 3, "In the orchard,", "In the hawthorn,"),
            ("image", 3, "blossom opens wide", "buds open wide"),
            ("spell", 5, "Green days", "Warm days"),
            ("couplet", 5, "gone by.", "past."),
        ),
    ),
)


def build(poem: Poem, on: dict[str, bool]) -> str:
    lines = list(poem.lines)
    for switch, at, old, new in poem.slips:
        if not on[switch]:
            if old not in lines[at]:
                raise ValueError(f"{poem.word}: {switch} finds no {old!r}")
            lines[at] = lines[at].replace(old, new)
    if poem.bold:
        lines = [f"**{line[0]}**{line[1:]}" for line in lines]
    stanzas = [lines] if on["stanza"] else [lines[: poem.break_after], lines[poem.break_after :]]
    blocks = [poem.lead, poem.title if on["title"] else "", *("\n".join(stanza) for stanza in stanzas)]
    return "\n\n".join(block for block in blocks if block)


# Reading a poem -------------------------------------------------------------------------------


def plain(line: str) -> str:
    return re.sub(r"^#{1,6}\s+", "", line.replace("*", "").replace("_", "")).strip()


def read(answer: str) -> tuple[str | None, list[list[str]]]:
    """(the title or None, the poem's stanzas as lists of lines): a lead-in line ending with a colon
    is left out, a single line before the first stanza is the title, one after the poem a note."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", answer.strip()) if block.strip()]
    title, stanzas = None, []
    for block in blocks:
        lines = [plain(line) for line in block.splitlines() if line.strip()]
        if len(lines) > 1:
            stanzas.append(lines)
        elif not stanzas and not block.endswith(":"):
            title = lines[0]
    return title, stanzas


def words(line: str) -> list[str]:
    return re.findall(r"[A-Za-z']+(?:-[A-Za-z']+)*", line)


def rhymes(first: str, second: str) -> bool:
    a, b = (words(line)[-1].lower() if words(line) else "" for line in (first, second))
    return a != b and RHYMES.get(a, a) == RHYMES.get(b, b)


def candidates(rng: random.Random, poem: Poem, answer: str) -> list[Criterion]:
    title, stanzas = read(answer)
    lines = [line for stanza in stanzas for line in stanza]
    text = "\n".join([title or "", *lines])
    pattern, image = poem.image
    placed, at = poem.placed
    letters = "-".join(poem.word)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "spell",
            "".join(line[:1].upper() for line in lines) == poem.word,
            (f"The first letters of the lines spell {poem.word}", f"Reading down, the line initials are {letters}"),
        ),
        (
            "lines",
            bool(lines) and all(len(line.split()) <= poem.limit for line in lines),
            (f"Every line has at most {poem.limit} words", f"No line is longer than {poem.limit} words"),
        ),
        (
            "image",
            re.search(pattern, text, re.IGNORECASE) is not None,
            (f"Mentions {image}", f"Includes the image of {image}"),
        ),
        (
            "placed",
            len(lines) > at and re.search(rf"\b{placed}\b", lines[at], re.IGNORECASE) is not None,
            (f'The word "{placed}" is in line {at + 1}', f'The {ORDINALS[at]} line mentions "{placed}"'),
        ),
        (
            "avoid",
            re.search(rf"\b{poem.avoid}\b", text, re.IGNORECASE) is None,
            (f'Does not use the word "{poem.avoid}"', f'Avoids "{poem.avoid}" anywhere in the poem'),
        ),
        ("title", title is not None, ("Has a title", "Gives the poem a title above its first line")),
        (
            "stanza",
            len(stanzas) == 1,
            ("Is a single stanza with no blank lines between lines", "Keeps all the lines in one stanza"),
        ),
        (
            "couplet",
            len(lines) >= 2 and rhymes(lines[-2], lines[-1]),
            ("Ends with a rhyming couplet", "The last two lines rhyme with each other"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("spell", "lines", "image", "placed", "avoid", "title", "stanza", "couplet")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, POEMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
