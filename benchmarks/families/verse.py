"""Verse family: haiku (5-7-5 syllables, three lines, a word in the last line) and quatrains
(which lines rhyme, four lines, a word in the last line).

Syllables come from `SYLLABLES`, a table written by hand for every word the poems use (words
whose count is disputed, like "fire", "hour" or "every", are not used in a haiku); generation
fails on a word missing from it. Rhymes come from `RHYME`, the end words grouped by their
rhyme (perfect rhymes only: no eye rhymes, no near rhymes). A wrong haiku swaps one line for a
version one syllable longer or shorter, or has a line too many or too few; a wrong quatrain
breaks one rhyme pair.
"""

from __future__ import annotations

import random
import re

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "verse"
HAIKU = 12
QUATRAINS = 10
CRITERIA_PER_ANSWER = 3

SYLLABLES = {
    **dict.fromkeys(
        "a an and as barks black blink boats cat catch cold crow dog drift fence first flakes fold from frog geese green "
        "gulls i in is kids lake lamps last late leaps leaves light lights my old on pale pines pond pot rain read "
        "red reeds run sand shine sleep sleeps snow south splash steam stove stream streets still taps the "
        "them then to train waves wind with cools".split(),
        1,
    ),
    **dict.fromkeys(
        "awake beside carries children circle coffee falling follow harbour into kettle moonlight morning "
        "over returns river silent under water window".split(),
        2,
    ),
}
HAIKUS = (
    # (theme, (line 1, line 2, line 3), {line index: the same line a syllable off})
    (
        "a pond",
        ("an old silent pond", "a frog leaps in with a splash", "the water is still"),
        {0: "an old and silent pond", 1: "a green frog leaps in with a splash", 2: "then the water is still"},
    ),
    (
        "winter",
        ("cold wind in the pines", "children run to catch the flakes", "the first snow falling"),
        {1: "kids run to catch the flakes", 2: "the first snow is falling"},
    ),
    (
        "the harbour",
        ("waves fold on the sand", "the harbour lights blink awake", "gulls drift into sleep"),
        {1: "the old harbour lights blink awake", 2: "gulls drift to sleep"},
    ),
    (
        "a rainy kitchen",
        ("steam from the kettle", "a cat sleeps beside the stove", "rain on the window"),
        {0: "steam from a pot", 2: "rain taps on the window"},
    ),
    (
        "the city at night",
        ("the last train leaves late", "old streets shine under the lamps", "a dog barks then sleeps"),
        {1: "streets shine under the lamps", 2: "a black dog barks then sleeps"},
    ),
    (
        "morning",
        ("morning light returns", "my coffee cools as I read", "a crow on the fence"),
        {1: "my black coffee cools as I read", 2: "a black crow on the fence"},
    ),
    (
        "a lake",
        ("moonlight on the lake", "the gulls circle over boats", "cold wind in the reeds"),
        {0: "pale moonlight on the lake", 1: "gulls circle over boats"},
    ),
    (
        "autumn",
        ("red leaves on the stream", "the river carries them south", "the geese follow them"),
        {2: "and the geese follow them", 1: "the river carries south"},
    ),
)
RHYME = {
    "night": "ight",
    "sight": "ight",
    "light": "ight",
    "bright": "ight",
    "bay": "ay",
    "grey": "ay",
    "day": "ay",
    "away": "ay",
    "shore": "ore",
    "before": "ore",
    "door": "ore",
    "more": "ore",
    "cold": "old",
    "gold": "old",
    "old": "old",
    "told": "old",
    "town": "own",
    "down": "own",
    "brown": "own",
    "crown": "own",
    "sea": "ee",
    "tree": "ee",
    "me": "ee",
    "free": "ee",
}
QUATRAIN_LINES = {
    "ight": (
        "The harbour settles into night",
        "The gulls fly off and out of sight",
        "The last boat shows a single light",
        "The stars come out, both small and bright",
    ),
    "ay": (
        "The morning fog has burned away",
        "The tide rolls out across the bay",
        "The nets are mended for the day",
        "The sky fades down to silver grey",
    ),
    "ore": (
        "The waves come rolling to the shore",
        "The wind is louder than before",
        "A lantern swings beside the door",
        "The gulls are crying out for more",
    ),
    "old": (
        "The evening air is sharp and cold",
        "The sunset turns the water gold",
        "The fishermen are growing old",
        "The harbour keeps the tales they told",
    ),
    "own": (
        "The lamps come on across the town",
        "The sun is slowly sinking down",
        "The hills have turned from green to brown",
        "The moon sits on the hill, a crown",
    ),
    "ee": (
        "A single boat heads out to sea",
        "The wind is shaking every tree",
        "The night belongs to you and me",
        "The gulls are calling, wild and free",
    ),
}
SCHEMES = {"AABB": (0, 0, 1, 1), "ABAB": (0, 1, 0, 1), "ABCB": (0, 1, 2, 1)}


def syllables(line: str) -> int:
    return sum(SYLLABLES[w] for w in re.findall(r"[a-z']+", line.lower()))


def end_word(line: str) -> str:
    return re.findall(r"[a-z']+", line.lower())[-1]


def rhymes(a: str, b: str) -> bool:
    """Two lines rhyme when their different end words share a rhyme in `RHYME`."""
    x, y = end_word(a), end_word(b)
    return x != y and RHYME[x] == RHYME[y]


def in_line(word: str, line: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", line, flags=re.IGNORECASE) is not None


def haiku(rng: random.Random, index: int) -> tuple[str, str, list[str]]:
    theme, lines, off = HAIKUS[index % len(HAIKUS)]
    poem = list(lines)
    flaw = ("none", "syllables", "syllables", "lines")[(index + index // len(HAIKUS)) % 4]
    if flaw == "syllables":
        where = rng.choice(sorted(off))
        poem[where] = off[where]
    elif flaw == "lines":
        poem = poem[:2] if rng.random() < 0.5 else [*poem, HAIKUS[(index + 1) % len(HAIKUS)][1][0]]
    if rng.random() < 0.5:
        poem = [line[0].upper() + line[1:] for line in poem]
    return f"Write a haiku about {theme}.", theme, poem


def haiku_criteria(rng: random.Random, poem: list[str]) -> list[tuple[str, bool, tuple[str, ...], dict[str, object]]]:
    counts = [syllables(line) for line in poem]
    word = rng.choice(re.findall(r"[a-z]{4,}", (poem[-1] if rng.random() < 0.5 else poem[0]).lower()))
    return [
        (
            "five_seven_five",
            counts == [5, 7, 5],
            (
                "Follows the 5-7-5 syllable pattern",
                "Its three lines have 5, 7 and 5 syllables",
                "Is a proper 5-7-5 haiku",
            ),
            {},
        ),
        ("three_lines", len(poem) == 3, ("Has exactly three lines", "The poem is three lines long"), {}),
        (
            "middle_seven",
            counts[1] == 7,
            # Only a three-line poem has one middle line.
            ("The second line has seven syllables", "The middle line is 7 syllables")
            if len(poem) == 3
            else ("The second line has seven syllables",),
            {},
        ),
        ("last_five", counts[-1] == 5, ("The last line has five syllables", "Ends on a line of 5 syllables"), {}),
        (
            "last_word",
            in_line(word, poem[-1]),
            ("Uses the word '{w}' in the last line", "The final line contains '{w}'"),
            {"w": word},
        ),
    ]


def quatrain(rng: random.Random, index: int) -> tuple[str, list[str]]:
    scheme = list(SCHEMES)[index % len(SCHEMES)]
    classes = rng.sample(list(QUATRAIN_LINES), 3)
    pattern = list(SCHEMES[scheme])
    if index % 2:
        # Break one rhyme pair: a line of a rhyme used nowhere else in the poem.
        pattern[rng.choice([i for i in range(4) if pattern.count(pattern[i]) > 1])] = 2 if scheme != "ABCB" else 3
    extra = rng.choice([c for c in QUATRAIN_LINES if c not in classes])
    pool = {i: list(QUATRAIN_LINES[c]) for i, c in enumerate([*classes, extra])}
    for lines in pool.values():
        rng.shuffle(lines)
    poem = [pool[p].pop() for p in pattern]
    return scheme, poem


def follows(scheme: str, poem: list[str]) -> bool:
    """Lines rhyme exactly where the scheme's letters are the same."""
    return all(
        rhymes(poem[i], poem[j]) == (scheme[i] == scheme[j]) for i in range(len(poem)) for j in range(i + 1, len(poem))
    )


def quatrain_criteria(
    rng: random.Random, scheme: str, poem: list[str]
) -> list[tuple[str, bool, tuple[str, ...], dict[str, object]]]:
    word = end_word(poem[-1]) if rng.random() < 0.5 else end_word(poem[0])
    return [
        (
            "scheme",
            len(poem) == 4 and follows(scheme, poem),
            ("Follows an {s} rhyme scheme", "Rhymes {s}"),
            {"s": scheme},
        ),
        ("rhyme_1_2", rhymes(poem[0], poem[1]), ("Lines 1 and 2 rhyme", "The first two lines rhyme"), {}),
        (
            "rhyme_3_4",
            rhymes(poem[2], poem[3]),
            ("Lines 3 and 4 rhyme", "The last two lines rhyme with each other"),
            {},
        ),
        ("rhyme_2_4", rhymes(poem[1], poem[3]), ("Lines 2 and 4 rhyme", "The second and fourth lines rhyme"), {}),
        ("rhyme_1_3", rhymes(poem[0], poem[2]), ("Lines 1 and 3 rhyme", "The first and third lines rhyme"), {}),
        (
            "last_word",
            end_word(poem[-1]) == word,
            ("The last line ends with the word '{w}'", "Ends its last line with '{w}'"),
            {"w": word},
        ),
    ]


INTROS = ("Here's a haiku about {theme}:", "", "Sure, here is one:", "{theme_cap}, in three lines:")
QUATRAIN_INTROS = ("Here's a short poem about the harbour:", "", "Here you go:")


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(HAIKU):
        task, theme, poem = haiku(rng, index)
        intro = rng.choice(INTROS).format(theme=theme, theme_cap=theme[0].upper() + theme[1:])
        answer = (f"{intro}\n\n" if intro else "") + "\n".join(poem)
        kinds = haiku_criteria(rng, poem)
        candidates = [Criterion(pick_wording(rng, w, **v), truth, kind, FAMILY) for kind, truth, w, v in kinds]
        out.append(JudgeCase(f"verse-haiku-{index:02d}", task, answer, balance.choose(candidates, CRITERIA_PER_ANSWER)))
    for index in range(QUATRAINS):
        scheme, poem = quatrain(rng, index)
        intro = rng.choice(QUATRAIN_INTROS)
        answer = (f"{intro}\n\n" if intro else "") + "\n".join(poem)
        task = f"Write a four-line poem about a harbour at dusk with an {scheme} rhyme scheme."
        candidates = [
            Criterion(pick_wording(rng, w, **v), t, kind, FAMILY)
            for kind, t, w, v in quatrain_criteria(rng, scheme, poem)
        ]
        out.append(
            JudgeCase(f"verse-quatrain-{index:02d}", task, answer, balance.choose(candidates, CRITERIA_PER_ANSWER))
        )
    return out
