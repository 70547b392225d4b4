"""Bird count family (fresh39): the write-up of a bird count someone asks for (a family's garden birdwatch, a class's
playground count, a volunteer team's monthly wetland count, a natural history society's spring park survey), with
when and where, how the birds were counted, the results species by species, the highlights and the next count, a kind
of answer no grader was run on while any of its rules was written. Run only as `--set fresh39`, never in `all`,
`new`, `docs`, `held` or an earlier fresh set.

An answer is the write-up (Markdown headings with the results in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: an address or postcode, the counting rule and the species' capitals by the words
that write them, the sections by their headings, the summary's words under its heading, the highlights as the list
items of their section, the counts as the figures of the results' rows (the row naming a total the total), the
species stated from the first figure written before the word species, and the count's length from the first line
with two times against the hours and minutes it states.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    FIGURE,
    LIST_ITEM,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    figure_value,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "bird_count"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ADDRESS = re.compile(
    r"\b\d{1,4}[a-z]?\s+(?:[A-Z][a-z]+\s+){1,2}(?:Road|Street|Lane|Close|Avenue|Drive|Way|Grove|Crescent|Terrace)\b"
    r"|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b"
)
RULE = re.compile(
    r"\b(?:highest|largest|most|maximum|biggest)\b[^.\n]{0,60}\b(?:at (?:any )?one time|at the same time|at once)", re.I
)
SUMMARY = r"^summary"
RESULTS = r"^results"
HIGHLIGHTS = r"highlights"
TOTAL = re.compile(r"\btotal\b", re.I)
SPECIES = re.compile(rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\s+(?:different\s+)?species\b", re.I)
HOURS = re.compile(r"\b(\d+)(½)?\s*hours?\b|\b(?:an|one)\s+hour\b", re.I)
MINUTES = re.compile(r"\b(\d+)\s*minutes?\b", re.I)


@dataclass(frozen=True)
class Count:
    name: str
    """Where the birds were counted."""
    task: str
    text: str
    """The answer written right."""
    species: str
    """Each species' name with its capitals, a comma and a space after each but the last."""
    limit: int
    """The summary's limit in words."""
    highlights: int
    """The highlights asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


GARDEN = """# Garden birdwatch results

**Date:** Saturday 24 January 2026
**Time:** 9:15 am to 10:15 am (1 hour)
**Where:** our back garden in Hebden Bridge

## Summary
A cold, still morning with frost on the lawn. We saw nine species, and the Goldfinches on the nyjer feeder were the stars.

## Results
We counted the highest number of each species seen at one time, so no bird is counted twice.

| Species | Count |
|---|---|
| House Sparrow | 8 |
| Goldfinch | 6 |
| Blue Tit | 5 |
| Starling | 5 |
| Blackbird | 3 |
| Great Tit | 2 |
| Robin | 2 |
| Long-tailed Tit | 2 |
| Dunnock | 1 |
| **Total** | **34** |

## Highlights
- six Goldfinches together on the nyjer feeder
- a pair of Long-tailed Tits, our first this winter
- a Dunnock singing from the hedge

## Next count
We will do it again on the last weekend of February.
"""

PLAYGROUND = """**Year 4 bird count at Millbrook Primary**

**Summary**
Year 4 spent their science lesson counting birds on the school field and saw seven species. The children were thrilled by a Pied Wagtail on the roof.

**When and where**
- Tuesday 3 February 2026, 1:30 pm to 2:15 pm (45 minutes)
- the school field and the wildlife garden

**How we counted**
- Each group wrote down the most birds of each species they could see at one time, so the same bird was not counted twice.

**Results**
- Carrion Crow: 6
- Black-headed Gull: 11
- Magpie: 4
- Woodpigeon: 5
- Pied Wagtail: 1
- Robin: 2
- Blackbird: 3
- Total: 32 birds

**Highlights**
- a Pied Wagtail running along the roof
- eleven Black-headed Gulls on the field
- a Robin that followed one group around
- a Magpie chasing a Carrion Crow

**Next steps**
- We will count again in the summer term and compare the two.
"""

WETLAND = """WETLAND BIRD COUNT, FENWICK MARSH
Monthly count for the Friends of Fenwick Marsh

Summary:
A calm, bright morning with the main lagoon partly frozen. Twelve species were counted, and Teal numbers were the highest this winter.

Count details:
Date: Sunday 15 February 2026
Time: 8:00 am to 10:30 am (2½ hours)
Counted by: the Sunday volunteer team
Method: we recorded the largest number of each species seen at one time from the two hides.

Results:
1. Teal: 46
2. Mallard: 18
3. Wigeon: 22
4. Coot: 9
5. Moorhen: 4
6. Little Grebe: 3
7. Grey Heron: 2
8. Mute Swan: 2
9. Canada Goose: 15
10. Lapwing: 30
11. Cormorant: 1
12. Kingfisher: 1
Total: 153 birds

Highlights:
1. a Kingfisher on the sluice post
2. a flock of Lapwing over the east field
3. the first Little Grebe of the year on the main lagoon

Next count:
Sunday 15 March 2026 at 8:00 am. New counters are welcome; meet at the visitor hut.
"""

PARK = """### Spring bird survey: Castle Park

| Survey | |
|---|---|
| Date | Saturday 18 April 2026 |
| Time | 6:45 am to 8:15 am (1 hour 30 minutes) |
| Surveyors | Ashby Natural History Society |
| Route | the lake loop and the woodland path |

### Summary
A dawn survey in light drizzle. We recorded ten species and heard two Chiffchaffs singing, a sure sign that spring has arrived.

### How we counted
Each surveyor noted the highest number of each species seen at one time along their stretch of the route.

### Results
| Species | Birds |
|---|---|
| Mallard | 14 |
| Canada Goose | 9 |
| Woodpigeon | 7 |
| Blackbird | 6 |
| Wren | 5 |
| Robin | 4 |
| Chiffchaff | 2 |
| Blackcap | 2 |
| Great Spotted Woodpecker | 1 |
| Nuthatch | 1 |
| Total | 51 |

### Highlights
- two Chiffchaffs singing by the lake
- a Great Spotted Woodpecker drumming in the wood

### Next survey
Saturday 16 May 2026, same time and route.
"""

DETAIL = (
    " It was lovely to see so many birds at the feeders after such a long spell of grey weather, and everyone who"
    " took part said they would happily do it again, so we would like to thank them all for giving up their time and"
    " for being so patient while the birds came and went."
)

COUNTS = (
    Count(
        "the back garden",
        "Write up our garden birdwatch for the family blog, in Markdown: Saturday 24 January 2026, 9:15 to 10:15 am "
        "(say how long), in our back garden in Hebden Bridge, but don't put our address or postcode online. A summary "
        "of 35 words or fewer, with how many species we saw. Results in a table with a total, explaining that we "
        "counted the most of each species seen at one time: House Sparrow 8, Goldfinch 6, Blue Tit 5, Starling 5, "
        "Blackbird 3, Great Tit 2, Robin 2, Long-tailed Tit 2, Dunnock 1. Results before three highlights. Species "
        "names with capitals (Blue Tit). Next count late February.",
        GARDEN,
        "House Sparrow, Goldfinch, Blue Tit, Starling, Blackbird, Great Tit, Robin, Long-tailed Tit, Dunnock",
        35,
        3,
        (
            swap_spans(GARDEN, "## Results", "## Highlights", "## Next count"),
            ("no_address", "garden in Hebden Bridge", "garden at 14 Orchard Close, Hebden Bridge HX7 8AD"),
            ("rule", "the highest number of each species seen at one time, so no bird is counted twice", "every bird"),
            ("capitals", "a pair of Long-tailed Tits", "a pair of long-tailed tits"),
            ("highlights", "- a Dunnock singing from the hedge\n", ""),
            ("summary", "were the stars.", "were the stars." + DETAIL),
            ("total", "| **Total** | **34** |", "| **Total** | **36** |"),
            ("species", "We saw nine species", "We saw ten species"),
            ("duration", "(1 hour)", "(1 hour 15 minutes)"),
        ),
    ),
    Count(
        "Millbrook Primary",
        "Please write up Year 4's bird count for the Millbrook Primary newsletter with bold headings and bullet "
        "points. Tuesday 3 February 2026, 1:30 to 2:15 pm (give the length), on the school field; no street address "
        "or postcode. Summary in 40 words or fewer, saying how many species. Explain the groups counted the most of "
        "each species they could see at one time. Results with a total: Carrion Crow 6, Black-headed Gull 11, Magpie "
        "4, Woodpigeon 5, Pied Wagtail 1, Robin 2, Blackbird 3. Then four highlights after the results, and next "
        "steps. Capitalise the bird names.",
        PLAYGROUND,
        "Carrion Crow, Black-headed Gull, Magpie, Woodpigeon, Pied Wagtail, Robin, Blackbird",
        40,
        4,
        (
            swap_spans(PLAYGROUND, "**Results**", "**Highlights**", "**Next steps**"),
            ("no_address", "the wildlife garden\n", "the wildlife garden, 12 Station Road, Leeds LS12 4PQ\n"),
            (
                "rule",
                "the most birds of each species they could see at one time, so the same bird was not counted twice",
                "every bird that flew past",
            ),
            ("capitals", "- a Robin that followed", "- a robin that followed"),
            ("highlights", "- a Magpie chasing a Carrion Crow\n", ""),
            ("summary", "on the roof.", "on the roof." + DETAIL),
            ("total", "- Total: 32 birds", "- Total: 33 birds"),
            ("species", "saw seven species", "saw eight species"),
            ("duration", "(45 minutes)", "(35 minutes)"),
        ),
    ),
    Count(
        "Fenwick Marsh",
        "Plain text, 'Label:' headings, numbered lists: the Friends of Fenwick Marsh monthly wetland count for Sunday "
        "15 February 2026, 8:00 to 10:30 am (with the duration), by the Sunday volunteer team (no names or home "
        "addresses). A summary of 30 words at most that says how many species. Say we recorded the largest number of "
        "each species seen at one time. Results with a total: Teal 46, Mallard 18, Wigeon 22, Coot 9, Moorhen 4, "
        "Little Grebe 3, Grey Heron 2, Mute Swan 2, Canada Goose 15, Lapwing 30, Cormorant 1, Kingfisher 1. Three "
        "highlights after the results; next count 15 March at 8. Species names capitalised.",
        WETLAND,
        "Teal, Mallard, Wigeon, Coot, Moorhen, Little Grebe, Grey Heron, Mute Swan, Canada Goose, Lapwing, Cormorant, "
        "Kingfisher",
        30,
        3,
        (
            swap_spans(WETLAND, "Results:", "Highlights:", "Next count:"),
            ("no_address", "by: the Sunday volunteer team", "by: Derek Hollis, 3 Marsh Lane, Fenwick DN6 2LT"),
            ("rule", "recorded the largest number of each species seen at one time", "added up all the birds seen"),
            ("capitals", "a flock of Lapwing over", "a flock of lapwing over"),
            ("highlights", "3. the first Little Grebe of the year on the main lagoon\n", ""),
            ("summary", "the highest this winter.", "the highest this winter." + DETAIL),
            ("total", "Total: 153 birds", "Total: 143 birds"),
            ("species", "Twelve species were counted", "Eleven species were counted"),
            ("duration", "(2½ hours)", "(3½ hours)"),
        ),
    ),
    Count(
        "Castle Park",
        "Can you write up the Ashby Natural History Society's spring survey of Castle Park with ### headings and a "
        "small table of the date (Saturday 18 April 2026), time (6:45 to 8:15 am, and how long that is), surveyors "
        "and route? Nobody's address or postcode, please. A summary of no more than 30 words giving the number of "
        "species; how we counted (the highest number of each species seen at one time); results in a table with a "
        "total: Mallard 14, Canada Goose 9, Woodpigeon 7, Blackbird 6, Wren 5, Robin 4, Chiffchaff 2, Blackcap 2, "
        "Great Spotted Woodpecker 1, Nuthatch 1. Two highlights after the results, then the next survey on 16 May. "
        "Bird names with capitals.",
        PARK,
        "Mallard, Canada Goose, Woodpigeon, Blackbird, Wren, Robin, Chiffchaff, Blackcap, Great Spotted Woodpecker, "
        "Nuthatch",
        30,
        2,
        (
            swap_spans(PARK, "### Results", "### Highlights", "### Next survey"),
            ("no_address", "History Society |", "History Society (Jo Patel, 27 Lime Grove, Ashby LE65 1QX) |"),
            ("rule", "the highest number of each species seen at one time", "every bird they saw or heard"),
            ("capitals", "- a Great Spotted Woodpecker drumming", "- a great spotted woodpecker drumming"),
            ("highlights", "- two Chiffchaffs singing by the lake\n", ""),
            ("summary", "spring has arrived.", "spring has arrived." + DETAIL),
            ("total", "| Total | 51 |", "| Total | 50 |"),
            ("species", "We recorded ten species", "We recorded eleven species"),
            ("duration", "(1 hour 30 minutes)", "(1 hour 15 minutes)"),
        ),
    ),
)


def build(count: Count, on: dict[str, bool]) -> str:
    return slipped(count.text, count.slips, on, count.name)


# Reading a write-up ----------------------------------------------------------------------------


def tally(answer: str) -> tuple[list[float], float | None]:
    """The results section's counts (the last figure of each list item or table row not naming a total) and the
    total it states (the last figure of the first line naming one), or None without one."""
    counts: list[float] = []
    total = None
    for line in section(answer, RESULTS) or []:
        figures = FIGURE.findall(line)
        if not figures:
            continue
        if TOTAL.search(line):
            total = figure_value(figures[-1]) if total is None else total
        elif LIST_ITEM.match(line) or line.strip().startswith("|"):
            counts.append(figure_value(figures[-1]))
    return counts, total


def total_right(answer: str) -> bool:
    counts, total = tally(answer)
    return bool(counts) and total is not None and sum(counts) == total


def species_right(answer: str) -> bool:
    """Whether the first number of species the answer states is the number of counts in its results."""
    stated = SPECIES.search(answer)
    if stated is None:
        return False
    word = stated.group(1).lower()
    return (int(word) if word.isdigit() else NUMBER_WORDS.index(word)) == len(tally(answer)[0])


def stated_minutes(line: str) -> int | None:
    """The hours and minutes `line` states (`1 hour 30 minutes`, `2½ hours`, `45 minutes`) in minutes, or None."""
    hours, minutes = HOURS.search(line), MINUTES.search(line)
    if hours is None and minutes is None:
        return None
    total = int(minutes.group(1)) if minutes else 0
    if hours:
        total += 60 * int(hours.group(1) or 1) + (30 if hours.group(2) else 0)
    return total


def duration_right(answer: str) -> bool:
    """Whether the first line with two times states the time between them."""
    line = next((line for line in answer.splitlines() if len(clocks(line)) >= 2), "")
    times, stated = clocks(line), stated_minutes(line)
    return len(times) >= 2 and stated is not None and times[1] - times[0] == stated


def capitalised(count: Count, answer: str) -> bool:
    """Whether every time a species is named (in any case) it is written with its capitals."""
    return all(
        found.group(0) == name
        for name in count.species.split(", ")
        for found in re.finditer(rf"\b{re.escape(name)}", answer, re.I)
    )


WORDINGS = {
    "no_address": ("Does not include a street address or postcode", "Leaves out any house address and postcode"),
    "rule": (
        "Explains that each species was counted by the most birds seen at one time",
        "Says the count uses the highest number of each bird seen at once, so none is counted twice",
    ),
    "capitals": (
        "Gives every bird species name with capital letters (Great Tit, not great tit)",
        "Capitalises the bird names consistently throughout",
    ),
    "order": ("Gives the results before the highlights", "The results come before the highlights section"),
    "highlights": ("Lists exactly {highlights} highlights", "The highlights section has {highlights} items"),
    "summary": ("Keeps the summary to {limit} words or fewer", "The summary is no longer than {limit} words"),
    "total": (
        "The total number of birds equals the sum of the counts for each species",
        "Adds up the species counts correctly for the total",
    ),
    "species": (
        "The number of species stated matches the number listed in the results",
        "Says how many species were seen, and that figure matches the results",
    ),
    "duration": (
        "The length of the count matches its start and end times",
        "States how long the count lasted correctly from the times given",
    ),
}
"""Two wordings of each kind of criterion, filled from the count."""


def truths(count: Count, answer: str) -> dict[str, bool]:
    return {
        "no_address": ADDRESS.search(answer) is None,
        "rule": RULE.search(answer) is not None,
        "capitals": capitalised(count, answer),
        "order": heading_order(answer, RESULTS, HIGHLIGHTS),
        "highlights": len(listed(section(answer, HIGHLIGHTS) or [])) == count.highlights,
        "summary": 0 < word_count(" ".join(section(answer, SUMMARY) or [])) <= count.limit,
        "total": total_right(answer),
        "species": species_right(answer),
        "duration": duration_right(answer),
    }


def candidates(rng: random.Random, count: Count, answer: str) -> list[Criterion]:
    filled = {"highlights": NUMBER_WORDS[count.highlights], "limit": count.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(count, answer).items()
    ]


SWITCHES = ("order", "no_address", "rule", "capitals", "highlights", "summary", "total", "species", "duration")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, COUNTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
