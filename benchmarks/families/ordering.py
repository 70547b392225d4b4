"""Ordering family: a list the request asks to be ordered (by a number the request gives, by
date, alphabetically) is in that order, complete, without repeats, with a given item first.

The request names the items and what orders them; the answer lists them, in order or with the
slips a small model makes (two neighbours swapped, one item moved, one left out, one listed
twice). The truth reads the answer's items back (`items_in`) and compares them with the key;
generation holds the items read equal to the items written.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "ordering"
ANSWERS = 15
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Ask:
    request: str
    key: dict[str, object]
    """item -> what orders it (the first item is the smallest key)."""
    noun: str
    order_words: tuple[str, ...]
    reverse: bool = False


ASKS = (
    Ask(
        "Rank these cities from most to least populous (metro population, millions): Lagos 15.4, Cairo 22.6, "
        "Lima 11.2, Madrid 6.8, Seoul 25.9, Toronto 6.4.",
        {"Lagos": 15.4, "Cairo": 22.6, "Lima": 11.2, "Madrid": 6.8, "Seoul": 25.9, "Toronto": 6.4},
        "cities",
        ("Lists the cities from most to least populous", "Ranks the cities by population, largest first"),
        reverse=True,
    ),
    Ask(
        "Sort these team members alphabetically by first name: Priya, Marco, Dana, Ivo, Lea, Sam, Noor.",
        {name: name for name in ("Priya", "Marco", "Dana", "Ivo", "Lea", "Sam", "Noor")},
        "names",
        ("The names are in alphabetical order", "Sorted A to Z"),
    ),
    Ask(
        "Put these release milestones in chronological order: public launch (3 June), code freeze (12 May), "
        "beta opens (21 April), security review (19 May), first RC (26 May).",
        {"beta opens": 421, "code freeze": 512, "security review": 519, "first RC": 526, "public launch": 603},
        "milestones",
        ("The milestones are in chronological order", "Orders the milestones from earliest to latest"),
    ),
    Ask(
        "Order these planets by distance from the Sun, nearest first: Saturn, Mercury, Mars, Neptune, Earth, Jupiter.",
        {"Mercury": 1, "Earth": 3, "Mars": 4, "Jupiter": 5, "Saturn": 6, "Neptune": 8},
        "planets",
        ("Lists the planets from nearest to farthest from the Sun", "Nearest planet first, farthest last"),
    ),
)


def ordered(ask: Ask) -> list[str]:
    return sorted(ask.key, key=lambda item: ask.key[item], reverse=ask.reverse)  # type: ignore[arg-type,return-value]


def in_order(ask: Ask, items: list[str]) -> bool:
    truth = ordered(ask)
    ranks = [truth.index(item) for item in items]
    return all(a < b for a, b in zip(ranks, ranks[1:], strict=False))


def items_in(answer: str) -> list[str]:
    """The answer's items: its numbered or bulleted lines, else its comma-separated line."""
    lines = [m.group(1) for m in re.finditer(r"^\s*(?:\d+[.)]|[-*])\s+(.+?)\s*$", answer, flags=re.MULTILINE)]
    if not lines:
        line = answer.strip().splitlines()[-1].rpartition(":")[2]
        lines = [part.strip().rstrip(".") for part in line.split(",")]
    return [re.sub(r"\s*\(.*\)$", "", line).strip() for line in lines]


def slipped(rng: random.Random, items: list[str], slip: str) -> list[str]:
    items = list(items)
    if slip == "swap":
        i = rng.randrange(len(items) - 1)
        items[i], items[i + 1] = items[i + 1], items[i]
    elif slip == "move":
        item = items.pop(rng.randrange(len(items)))
        items.insert(rng.randrange(len(items) + 1), item)
    elif slip == "drop":
        items.pop(rng.randrange(len(items)))
    elif slip == "repeat":
        items.insert(rng.randrange(1, len(items)), rng.choice(items))
    return items


def render(rng: random.Random, ask: Ask, items: list[str]) -> str:
    form = rng.choice(["numbered", "numbered", "bullets", "inline"])
    shown = [f"{item} ({ask.key[item]})" if ask.noun == "cities" and rng.random() < 0.5 else item for item in items]
    if form == "inline":
        return f"In order: {', '.join(shown)}."
    marks = [f"{i}." for i in range(1, len(items) + 1)] if form == "numbered" else ["-"] * len(items)
    intro = rng.choice(["Here's the order:\n\n", "", "Sure:\n\n"])
    return intro + "\n".join(f"{m} {s}" for m, s in zip(marks, shown, strict=True))


def named(item: str) -> str:
    """An item as a criterion names it: quoted when it is more than one word."""
    return f"'{item}'" if " " in item else item


def candidates(rng: random.Random, ask: Ask, items: list[str]) -> list[Criterion]:
    truth = ordered(ask)
    first = rng.choice([truth[0], truth[0], truth[1], truth[-1]])
    a, b = rng.sample([i for i in truth if items.count(i) == 1], 2)
    kinds: list[tuple[str, bool, tuple[str, ...], dict[str, object]]] = []
    if len(set(items)) == len(items):
        # Whether a list with a repeat is "in order" has no one answer: not asked.
        kinds.append(("in_order", in_order(ask, items), ask.order_words, {}))
    kinds += [
        (
            "complete",
            set(truth) <= set(items),
            ("Includes all {n} {noun}", "Every one of the {n} {noun} appears"),
            {"n": len(truth), "noun": ask.noun},
        ),
        (
            "once",
            len(set(items)) == len(items),
            ("Lists each of the {noun} only once", "No item appears twice"),
            {"noun": ask.noun},
        ),
        ("first", items[0] == first, ("Puts {x} first", "{x} is at the top of the list"), {"x": named(first)}),
        (
            "before",
            items.index(a) < items.index(b),
            ("{a} comes before {b}", "{a} is listed ahead of {b}"),
            {"a": named(a), "b": named(b)},
        ),
    ]
    return [Criterion(pick_wording(rng, w, **v), t, kind, FAMILY) for kind, t, w, v in kinds]


SLIPS = ("none", "swap", "move", "none", "drop", "repeat", "swap")


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        ask = ASKS[index % len(ASKS)]
        items = slipped(rng, ordered(ask), SLIPS[index % len(SLIPS)])
        answer = render(rng, ask, items)
        if items_in(answer) != items:
            raise AssertionError(f"the answer's items are not the items written: {answer!r}")
        chosen = balance.choose(candidates(rng, ask, items), CRITERIA_PER_ANSWER)
        out.append(JudgeCase(f"ordering-{ask.noun}-{index:02d}", ask.request, answer, chosen))
    return out
