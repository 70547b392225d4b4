"""Knitting pattern family (fresh39): the written pattern a yarn shop or a designer asks for (a ribbed beanie, a
garter-stitch baby blanket, a seed-stitch cowl, a striped rib scarf), with a short description, the materials, the
finished size, the tension, the abbreviations, the instructions and the finishing, a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh39`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the pattern (Markdown headings with the abbreviations in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings with the yarn in a key-facts table), written right and then
changed by switches. Every truth is read from the text: the knitting terms, the advice to knit a tension square and
the note on personal use by the words that write them, the sections by their headings, the description's words under
its heading, the yarn from the first line giving balls (or skeins), the metres in each and the metres in all, the
size from the first line with centimetres and inches, and the abbreviations from the line saying how many there are
against the list or table rows of their section.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    heading_of,
    heading_order,
    listed,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "knitting_pattern"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
US_TERMS = re.compile(r"\bbind(?:ing)? off\b|\bbound off\b|\bstockinette\b|\bgauge\b", re.I)
SWATCH = re.compile(r"tension square|swatch|check (?:your|the) tension", re.I)
PERSONAL = re.compile(r"personal use|not for (?:re)?sale|do not sell|don't sell", re.I)
ABOUT = r"^about"
ABBREVIATIONS = r"abbrev"
INSTRUCTIONS = r"^(?:the )?pattern$|instructions|^method"
TENSION = re.compile(r"tension|gauge", re.I)
BALLS = re.compile(r"\b(\d+)\s*(?:[x×]\s*\d+\s*g\s+)?(?:balls?|skeins?|hanks?)\b", re.I)
EACH = re.compile(r"\b(\d+)\s*m\s+(?:per|a|each|in each)\s+(?:ball|skein|hank)\b", re.I)
IN_ALL = re.compile(r"\b(\d+)\s*m\s+(?:in all|in total|altogether)\b", re.I)
CM = re.compile(r"(\d+(?:\.\d+)?)\s*cm\b")
INCHES = re.compile(r"(\d+(?:\.\d+)?)\s?(?:inches|in)\b(?!\s+(?:all|total|the|each|a)\b)")
INCHES_PER_CM = 1 / 2.54
STATED = re.compile(rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\s+abbreviations\b", re.I)


@dataclass(frozen=True)
class Pattern:
    name: str
    """What is knitted."""
    task: str
    text: str
    """The answer written right."""
    limit: int
    """The description's limit in words."""
    unit: str
    """What the yarn comes in (balls or skeins)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BEANIE = """# Harbour Beanie

## About this pattern
A snug ribbed beanie knitted in the round from the brim up, with a simple crown. It suits a confident beginner who can knit, purl and work a decrease.

## Materials
- 2 balls of Westmoor Aran (50 g), 90 m per ball (180 m in all)
- 4.5 mm and 5 mm circular needles, 40 cm long
- 5 mm double-pointed needles for the crown
- a stitch marker and a tapestry needle

## Size
Finished circumference: 48 cm (19 in), to fit most adult heads.

## Tension
18 sts and 24 rounds to 10 cm over stocking stitch on 5 mm needles. Knit a tension square before you start and change needle size if you need to.

## Abbreviations
This pattern uses six abbreviations.

| Abbreviation | Meaning |
|---|---|
| k | knit |
| p | purl |
| k2tog | knit two together |
| pm | place marker |
| rep | repeat |
| st(s) | stitch(es) |

## Pattern
Using 4.5 mm needles, cast on 88 sts, pm and join to work in the round.
Rounds 1 to 12: *k2, p2; rep from * to end.
Change to 5 mm needles and knit every round until the hat measures 18 cm.
First crown round: *k9, k2tog; rep from * to end (80 sts).
Knit one round. Keep decreasing on every other round, with one stitch fewer between the decreases each time, until 8 sts remain.
Cut the yarn, thread it through the remaining stitches and pull tight.

## Finishing
Weave in the ends and block the hat gently over a balloon.

© Westmoor Yarns 2026. For personal use only; please do not sell copies.
"""

BLANKET = """**Little Acorn Baby Blanket**

**About**
A soft garter-stitch blanket with a seed-stitch border, knitted flat in one piece. It makes a relaxing first project for a new knitter.

**Materials**
- 4 balls of Meadow Cotton DK (100 g), 210 m per ball (840 m in all)
- a 4 mm circular needle, 80 cm long, used flat
- a tapestry needle

**Finished size**
- 70 cm x 80 cm (28 in x 31 in)

**Tension**
- 20 sts and 40 rows to 10 cm over garter stitch. Always knit a swatch first: a blanket that is too loose will use more yarn.

**Abbreviations**
- k: knit
- p: purl
- rep: repeat
- st(s): stitch(es)

There are four abbreviations in this pattern.

**Instructions**
1. Cast on 141 sts.
2. Border row: *k1, p1; rep from * to the last st, k1. Work this row 9 more times.
3. Next row: k1, p1, k1, p1, k1, knit to the last 5 sts, k1, p1, k1, p1, k1.
4. Repeat row 3 until the blanket measures 75 cm.
5. Work the border row 10 times.
6. Cast off loosely in pattern.

**Finishing**
- Weave in the ends and block the blanket flat to size.

Pattern © Little Acorn Knits. For personal use only; not for resale.
"""

COWL = """CHUNKY SEED-STITCH COWL
A free pattern from Brook Street Wool Shop

About this pattern:
A quick, squishy cowl worked in the round in seed stitch, which looks the same on both sides. Most knitters finish it in an evening or two.

Materials:
1. 2 skeins of Fellside Chunky (100 g), 110 m per skein (220 m in all)
2. an 8 mm circular needle, 60 cm long
3. a stitch marker
4. a tapestry needle

Measurements:
Circumference 64 cm (25 in), depth 25 cm.

Tension:
10 sts and 16 rounds to 10 cm over seed stitch. Please check your tension with a small swatch, because chunky yarns vary a lot.

Abbreviations:
1. k: knit
2. p: purl
3. pm: place marker
4. rep: repeat
5. st(s): stitch(es)

These are the five abbreviations used.

Method:
1. Cast on 64 sts, pm and join in the round, taking care not to twist.
2. Round 1: *k1, p1; rep from * to end.
3. Round 2: *p1, k1; rep from * to end.
4. Repeat rounds 1 and 2 until the cowl measures 25 cm.
5. Cast off loosely in pattern.

Finishing:
Weave in the ends. Steam lightly if you wish; seed stitch needs very little blocking.

Copyright Brook Street Wool Shop. This pattern is for personal use only.
"""

SCARF = """### Rainbow Rib Scarf

### About this scarf
A long, cosy scarf in two-by-two rib with a new colour every 20 rows, so you always know where you are.

### Yarn and needles
| | |
|---|---|
| Yarn | 3 balls of Hillside DK (50 g), one of each colour, 120 m per ball (360 m in all) |
| Needles | 4 mm straight needles |
| Finished size | 150 cm long (59 in), 18 cm wide |

### Tension
22 sts and 28 rows to 10 cm over k2, p2 rib, unstretched. It is worth knitting a tension square first.

### Abbreviations
The pattern uses six abbreviations.

- k: knit
- p: purl
- rep: repeat
- RS: right side
- WS: wrong side
- st(s): stitch(es)

### Pattern
1. Cast on 42 sts in the first colour.
2. Row 1 (RS): k2, *p2, k2; rep from * to end.
3. Row 2 (WS): p2, *k2, p2; rep from * to end.
4. Repeat these 2 rows, changing colour every 20 rows, until the scarf measures 150 cm.
5. Cast off in rib.

### Finishing
Weave the ends in along the colour changes, then block lightly without flattening the rib.

*© Hillside Yarns. Free for personal use; please don't sell this pattern.*
"""

DETAIL = (
    " The yarn is a soft, hard-wearing blend that washes well, comes in a generous range of shades and feels lovely"
    " against the skin, and the finished piece makes a thoughtful handmade present for a friend, a relative or"
    " anyone who feels the cold when the evenings draw in."
)

PATTERNS = (
    Pattern(
        "Harbour Beanie",
        "Please write up our Harbour Beanie pattern for the shop website, in Markdown. A short description (40 words "
        "at most), then materials: 2 balls of Westmoor Aran at 90 m a ball (give the total metres), 4.5 mm and 5 mm "
        "circulars, 5 mm DPNs, marker. Size: 48 cm around, in inches too. Tension under its own heading (18 sts and "
        "24 rounds to 10 cm, stocking stitch), telling people to knit a tension square. The abbreviations (say how "
        "many) in a table before the pattern: cast on 88, 12 rounds of k2, p2 rib, knit to 18 cm, then the crown. UK "
        "terms only. End with our copyright line saying it's for personal use only.",
        BEANIE,
        40,
        "balls",
        (
            swap_spans(BEANIE, "## Abbreviations", "## Pattern", "## Finishing"),
            ("uk_terms", "over stocking stitch", "over stockinette stitch"),
            ("swatch", " Knit a tension square before you start and change needle size if you need to.", ""),
            ("personal_use", "\n© Westmoor Yarns 2026. For personal use only; please do not sell copies.\n", ""),
            ("heading", "## Tension\n", ""),
            ("intro", "work a decrease.", "work a decrease." + DETAIL),
            ("yarn", "(180 m in all)", "(160 m in all)"),
            ("size", "(19 in)", "(21 in)"),
            ("count", "uses six abbreviations", "uses five abbreviations"),
        ),
    ),
    Pattern(
        "Little Acorn Baby Blanket",
        "Can you write the pattern for my Little Acorn baby blanket? Bold headings and bullets, please. About it in "
        "no more than 35 words; materials (4 balls of Meadow Cotton DK, 210 m each, with the total; 4 mm circular "
        "needle; tapestry needle); finished size 70 x 80 cm with inches; tension with its own heading (20 sts and 40 "
        "rows to 10 cm in garter stitch), and tell them to swatch first. List the abbreviations, saying how many, "
        "before the numbered instructions: cast on 141, 10 rows of seed-stitch border, garter with a 5-stitch border "
        "to 75 cm, 10 border rows, cast off loosely. I'm in the UK, so UK terms. Add a personal-use-only copyright "
        "line.",
        BLANKET,
        35,
        "balls",
        (
            swap_spans(BLANKET, "**Abbreviations**", "**Instructions**", "**Finishing**"),
            ("uk_terms", "6. Cast off loosely", "6. Bind off loosely"),
            ("swatch", " Always knit a swatch first: a blanket that is too loose will use more yarn.", ""),
            ("personal_use", "\nPattern © Little Acorn Knits. For personal use only; not for resale.\n", ""),
            ("heading", "**Tension**\n", ""),
            ("intro", "for a new knitter.", "for a new knitter." + DETAIL),
            ("yarn", "(840 m in all)", "(820 m in all)"),
            ("size", "(28 in x 31 in)", "(26 in x 30 in)"),
            ("count", "There are four abbreviations", "There are five abbreviations"),
        ),
    ),
    Pattern(
        "Chunky Seed-Stitch Cowl",
        "Write a free pattern for Brook Street Wool Shop's chunky seed-stitch cowl, as plain text with 'Label:' "
        "headings and numbered lists. Description of 40 words or fewer. Materials: 2 skeins of Fellside Chunky, 110 m "
        "per skein (with the total), 8 mm circular needle, marker, tapestry needle. Circumference 64 cm (and in "
        "inches). A Tension heading: 10 sts and 16 rounds to 10 cm; remind them to check their tension with a "
        "swatch. Abbreviations, with how many there are, then the method: cast on 64, join, alternate the two seed "
        "rounds to 25 cm, cast off loosely. British terms throughout. Finish with 'personal use only' copyright.",
        COWL,
        40,
        "skeins",
        (
            swap_spans(COWL, "Abbreviations:", "Method:", "Finishing:"),
            ("uk_terms", "5. Cast off loosely", "5. Bind off loosely"),
            ("swatch", " Please check your tension with a small swatch, because chunky yarns vary a lot.", ""),
            ("personal_use", "\nCopyright Brook Street Wool Shop. This pattern is for personal use only.\n", ""),
            ("heading", "Tension:\n", ""),
            ("intro", "in an evening or two.", "in an evening or two." + DETAIL),
            ("yarn", "(220 m in all)", "(200 m in all)"),
            ("size", "(25 in)", "(28 in)"),
            ("count", "the five abbreviations", "the six abbreviations"),
        ),
    ),
    Pattern(
        "Rainbow Rib Scarf",
        "Pattern write-up for the Rainbow Rib Scarf from Hillside Yarns, with ### headings and the yarn, needles and "
        "size in a small table: 3 balls of Hillside DK, one per colour, 120 m per ball (and the total metres), 4 mm "
        "needles, 150 cm long (with inches) by 18 cm wide. About the scarf in 30 words or less. Give tension its own "
        "heading (22 sts and 28 rows to 10 cm over rib) and suggest a tension square. Then the abbreviations (say how "
        "many) ahead of the pattern: cast on 42, k2, p2 rib, new colour every 20 rows, to 150 cm, cast off in rib. "
        "UK terminology. Close with a note that it's free for personal use and not to be sold.",
        SCARF,
        30,
        "balls",
        (
            swap_spans(SCARF, "### Abbreviations", "### Pattern", "### Finishing"),
            ("uk_terms", "5. Cast off in rib.", "5. Bind off in rib."),
            ("swatch", " It is worth knitting a tension square first.", ""),
            ("personal_use", "\n*© Hillside Yarns. Free for personal use; please don't sell this pattern.*\n", ""),
            ("heading", "### Tension\n", ""),
            ("intro", "where you are.", "where you are." + DETAIL),
            ("yarn", "(360 m in all)", "(340 m in all)"),
            ("size", "(59 in)", "(65 in)"),
            ("count", "uses six abbreviations", "uses seven abbreviations"),
        ),
    ),
)


def build(pattern: Pattern, on: dict[str, bool]) -> str:
    return slipped(pattern.text, pattern.slips, on, pattern.name)


# Reading a pattern ------------------------------------------------------------------------------


def yarn_right(answer: str) -> bool:
    """Whether the first line giving balls (or skeins), the metres in each and the metres in all states their
    product."""
    line = next((line for line in answer.splitlines() if BALLS.search(line) and IN_ALL.search(line)), "")
    balls, each, total = BALLS.search(line), EACH.search(line), IN_ALL.search(line)
    if balls is None or each is None or total is None:
        return False
    return int(balls.group(1)) * int(each.group(1)) == int(total.group(1))


def entries(lines: list[str]) -> int:
    """The list items of `lines` and the rows of their tables below each table's first (its headings)."""
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def count_right(answer: str) -> bool:
    """Whether the number of abbreviations the answer says it uses is the number its abbreviations section lists."""
    stated = STATED.search(answer)
    if stated is None:
        return False
    word = stated.group(1).lower()
    number = int(word) if word.isdigit() else NUMBER_WORDS.index(word)
    return number == entries(section(answer, ABBREVIATIONS) or [])


def tension_heading(answer: str) -> bool:
    """Whether some heading is about the tension (or gauge)."""
    return any((title := heading_of(line)) is not None and TENSION.search(title) for line in answer.splitlines())


WORDINGS = {
    "uk_terms": (
        "Uses UK knitting terms throughout, such as cast off and stocking stitch",
        "Sticks to UK terminology rather than US terms like bind off or stockinette",
    ),
    "swatch": (
        "Tells the knitter to knit a tension square before starting",
        "Advises checking tension with a swatch first",
    ),
    "personal_use": (
        "Includes a note that the pattern is for personal use only",
        "Includes a copyright notice limiting the pattern to personal use",
    ),
    "order": (
        "Lists the abbreviations before the pattern instructions",
        "The abbreviations section comes before the knitting instructions",
    ),
    "heading": ("Has a separate heading for the tension", "Gives the tension under its own heading"),
    "intro": (
        "Keeps the description of the pattern to {limit} words or fewer",
        "The opening description is no longer than {limit} words",
    ),
    "yarn": (
        "The total length of yarn equals the number of {unit} times the metres in each",
        "Works out the total metres of yarn correctly from the {unit} needed",
    ),
    "size": (
        "The finished size in inches is a correct conversion of the centimetres",
        "Converts the finished measurement from cm to inches correctly",
    ),
    "count": (
        "The number of abbreviations stated matches the abbreviations listed",
        "Says how many abbreviations are used, and that number matches the list",
    ),
}
"""Two wordings of each kind of criterion, filled from the pattern."""


def truths(pattern: Pattern, answer: str) -> dict[str, bool]:
    return {
        "uk_terms": US_TERMS.search(answer) is None,
        "swatch": SWATCH.search(answer) is not None,
        "personal_use": PERSONAL.search(answer) is not None,
        "order": heading_order(answer, ABBREVIATIONS, INSTRUCTIONS),
        "heading": tension_heading(answer),
        "intro": 0 < word_count(" ".join(section(answer, ABOUT) or [])) <= pattern.limit,
        "yarn": yarn_right(answer),
        "size": converted(answer, CM, INCHES, INCHES_PER_CM),
        "count": count_right(answer),
    }


def candidates(rng: random.Random, pattern: Pattern, answer: str) -> list[Criterion]:
    filled = {"limit": pattern.limit, "unit": pattern.unit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(pattern, answer).items()
    ]


SWITCHES = ("order", "uk_terms", "swatch", "personal_use", "heading", "intro", "yarn", "size", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PATTERNS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
