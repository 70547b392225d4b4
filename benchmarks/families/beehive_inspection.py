"""Beehive inspection family (fresh40): the record of a hive inspection a beekeeper asks for (a teaching apiary's
hive with a mentor, a garden hive, a mentor's visit to a new beekeeper's hive, a rooftop hive on an office), with the
date and weather, what was found in the colony, the stores, the varroa count, the actions to take and the next
inspection, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh40`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the record (Markdown headings with stores and varroa in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by
switches. Every truth is read from the text: a postcode or what3words address, the queen cells and beekeeping
shorthand by the words that write them, the sections by their headings, the actions as the list items of their
section, the stores from the first line with frames and kilograms (frames times the first weight against the last),
the mite drop from the first line giving mites, days and a daily figure, and the next inspection's date as the last
date the answer writes against the first (the inspection's).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_in,
    figure_value,
    heading_of,
    heading_order,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "beehive_inspection"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LOCATION = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b|///[a-z]+\.[a-z]+\.[a-z]+")
QUEEN_CELLS = re.compile(r"\bqueen cells?\b", re.I)
SHORTHAND = re.compile(r"\b(?:BIAS|QS|QCs?|QNS)\b")
FINDINGS = r"found|findings"
ACTIONS = r"actions|to do"
NEXT = re.compile(r"\bnext\b", re.I)
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
FRAMES = re.compile(rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\s+frames?\b", re.I)
DROP = re.compile(r"(\d+)\s+mites\b[^\n]*?\b(\d+)\s+days?\b[^\n]*?\b(\d+(?:\.\d+)?)\s+(?:mites\s+)?(?:a|per)\s+day\b")


@dataclass(frozen=True)
class Inspection:
    name: str
    """The hive."""
    task: str
    text: str
    """The answer written right."""
    actions: int
    """The actions asked for."""
    interval: int
    """The days from this inspection to the next, as asked."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CLOVER = """# Hive inspection: Hive 3 (Clover)

**Apiary:** Millfield Beekeepers' teaching apiary
**Date:** Saturday 16 May 2026, 2:10 pm
**Inspected by:** Sam Whitlock, with mentor Carol Page
**Weather:** 19 °C, sunny, light breeze

## Findings
- Queen seen on frame 6 (marked blue).
- Eggs and brood in all stages on seven frames.
- No queen cells on any frame, only a few empty play cups.
- The colony was calm on the comb and nobody was stung.

## Stores and varroa
| Check | Result |
|---|---|
| Stores | 4 frames of capped honey at about 2.5 kg a frame, 10 kg in all |
| Super | added last week, now half drawn out |
| Varroa | 42 mites on the tray over 7 days, an average of 6 a day |

## Actions
1. Add a second super next time if the first one is full.
2. Replace the cracked crown board.
3. Leave the varroa tray in for another week.

## Next inspection
In 7 days, on 23 May 2026, weather permitting.
"""

BRAMBLE = """**Inspection record: Bramble, my garden hive**

**Date:** Sunday 7 June 2026, 11:30 am
**Where:** the bottom of the garden, behind the shed
**Weather:** 22 °C, warm and still

**What I found**
- Queen not seen, but eggs standing upright in the cells, so she is laying.
- Brood in all stages on five frames.
- No queen cells on any of the ten frames.
- Bees calm and busy; I only needed the smoker at the start.

**Stores**
- Three frames of stores at about 2 kg each, about 6 kg in all.

**Varroa**
- 30 mites on the board over 5 days, 6 a day on average: treat after the summer honey comes off.

**To do**
- Add the first super this week.
- Order a spare brood box and frames.
- Clean the varroa board.
- Cut back the bramble in front of the entrance.

**Next inspection**
In 10 days, on 17 June 2026.
"""

HAZEL = """HIVE INSPECTION RECORD

Hive: Hazel, a WBC hive at the allotment apiary
Date: Wednesday 24 June 2026, 5:45 pm
Inspected by: Joe Marsh (mentor) with Lena Fischer
Weather: 24 °C, still, a few clouds

Findings:
1. Queen seen on frame 4 and laying well.
2. Brood in all stages on eight frames, in a good tight pattern.
3. One open queen cell on the bottom bar of frame 9, with no egg in it.
4. Bees calm; no smoke needed after the first puff.

Stores:
Five frames of stores, roughly 2 kg each: about 10 kg between the brood box and the super.

Varroa:
Tray count of 18 mites over 6 days, 3 mites a day.

Actions:
1. Look at frame 9 again at the next inspection.
2. Add a queen excluder under the second super.
3. Put the mouse guard away until autumn.
4. Lena to practise lighting the smoker before the next visit.

Next inspection:
In 7 days, on 1 July 2026, at about the same time of day.
"""

ROOFTOP = """### Hive inspection: rooftop hive 1

| Key facts | |
|---|---|
| Date | Friday 10 July 2026, 12:30 pm |
| Site | the roof garden at Thornbury House |
| Beekeeper | Amira Haddad |
| Weather | 26 °C, sunny, breezy up on the roof |

### What we found
- Queen seen on frame 3, unmarked; we will mark her next time.
- Brood in all stages on six frames.
- No queen cells, and plenty of room in the brood box.
- A little tetchy in the wind, so we kept the inspection short.

### Stores
- Two full supers: 8 frames of capped honey at about 2.25 kg a frame, 18 kg in all, ready to take off.

### Varroa
- 56 mites on the board over 14 days, 4 a day, so treatment is due after the harvest.

### Actions
- Take off both supers for extraction next week.
- Mark the queen.
- Start the varroa treatment once the supers are off.

### Next inspection
In 14 days: 24 July 2026.
"""

INSPECTIONS = (
    Inspection(
        "Clover",
        "Write up today's inspection of Hive 3 (Clover) at the Millfield Beekeepers' teaching apiary in Markdown: "
        "Saturday 16 May 2026, 2:10 pm, Sam Whitlock with mentor Carol Page, 19 °C and sunny. Findings first (queen "
        "seen on frame 6, marked blue; eggs and brood in all stages on seven frames, written out, no shorthand; say "
        "whether there were queen cells: none, just empty play cups; calm), then stores and varroa in a table: 4 "
        "frames of capped honey at about 2.5 kg each (give the total) and 42 mites on the tray over 7 days (give the "
        "daily average). Then three actions (second super if needed, new crown board, tray in another week), and "
        "the next inspection in 7 days, with its date, under its own heading. No postcode for the apiary, please.",
        CLOVER,
        3,
        7,
        (
            swap_spans(CLOVER, "## Findings", "## Actions", "## Next inspection"),
            ("no_location", "teaching apiary\n", "teaching apiary, Mill Lane, Ashwell SG7 5PZ\n"),
            ("queen_cells", "No queen cells on any frame, only a few empty play cups.", "Pollen coming in well."),
            ("no_shorthand", "brood in all stages", "BIAS"),
            ("actions", "2. Replace the cracked crown board.\n3. Leave", "2. Leave"),
            ("heading", "## Next inspection\n", ""),
            ("stores", "10 kg in all", "12 kg in all"),
            ("varroa", "an average of 6 a day", "an average of 5 a day"),
            ("next", "on 23 May 2026", "on 24 May 2026"),
        ),
    ),
    Inspection(
        "Bramble",
        "Can you turn my notes into an inspection record for Bramble, my garden hive? Bold labels and bullet points. "
        "Sunday 7 June 2026 at 11:30 am, 22 °C, still. Don't put my address, postcode or a what3words in it. What I "
        "found: queen not seen but eggs, brood in all stages on five frames (spell that out, no BIAS or QS), no queen "
        "cells (say so), calm bees. Stores: three frames at about 2 kg each, with the total. Varroa: 30 mites on the "
        "board in 5 days, and the daily drop. Then my four jobs (first super, spare brood box, clean the board, cut "
        "back the bramble) after what I found, and the next inspection in 10 days with the date, under its own label.",
        BRAMBLE,
        4,
        10,
        (
            swap_spans(BRAMBLE, "**What I found**", "**To do**", "**Next inspection**"),
            ("no_location", "behind the shed\n", "behind the shed, 12 Wren Close, Didcot OX11 7QT\n"),
            ("queen_cells", "No queen cells on any of the ten frames.", "Lots of drones on the outer frames."),
            ("no_shorthand", "Brood in all stages", "BIAS"),
            ("actions", "- Clean the varroa board.\n", ""),
            ("heading", "**Next inspection**\n", ""),
            ("stores", "about 6 kg in all", "about 8 kg in all"),
            ("varroa", "6 a day on average", "5 a day on average"),
            ("next", "on 17 June 2026", "on 18 June 2026"),
        ),
    ),
    Inspection(
        "Hazel",
        "Plain text with 'Label:' headings and numbered lists, please: Joe Marsh (mentor) inspected Hazel, Lena "
        "Fischer's WBC hive at the allotment apiary, on Wednesday 24 June 2026 at 5:45 pm, 24 °C. No postcode or "
        "what3words. Findings (queen seen on frame 4; brood in all stages on eight frames, in words, not shorthand; "
        "one open queen cell on frame 9 with no egg; calm) before the four actions (frame 9 again, queen excluder, "
        "mouse guard away, Lena to practise the smoker). Stores: five frames at roughly 2 kg, with the total; varroa: "
        "18 mites in 6 days, per day. Next inspection in 7 days, with the date, under its own label.",
        HAZEL,
        4,
        7,
        (
            swap_spans(HAZEL, "Findings:", "Actions:", "Next inspection:"),
            ("no_location", "at the allotment apiary\n", "at the allotment apiary, ///petal.ladder.honey\n"),
            (
                "queen_cells",
                "One open queen cell on the bottom bar of frame 9, with no egg in it.",
                "Plenty of drones about, as you would expect in June.",
            ),
            ("no_shorthand", "Brood in all stages", "BIAS"),
            ("actions", "3. Put the mouse guard away until autumn.\n4. Lena", "3. Lena"),
            ("heading", "Next inspection:\n", ""),
            ("stores", "about 10 kg between", "about 12 kg between"),
            ("varroa", "3 mites a day", "4 mites a day"),
            ("next", "on 1 July 2026", "on 3 July 2026"),
        ),
    ),
    Inspection(
        "rooftop hive 1",
        "Inspection record for rooftop hive 1 on the roof garden at Thornbury House, with ### headings and a key-facts "
        "table (Friday 10 July 2026 at 12:30 pm, the site, beekeeper Amira Haddad, 26 °C and breezy). Leave out the "
        "building's postcode. What we found (queen seen on frame 3, unmarked; brood in all stages on six frames, no "
        "abbreviations; no queen cells, say so; a bit tetchy) before the three actions (supers off for extraction, "
        "mark the queen, start varroa treatment). Stores: 8 frames of capped honey at about 2.25 kg each, with the "
        "total; varroa: 56 mites over 14 days, as a daily drop. Next inspection in 14 days, dated, with a heading.",
        ROOFTOP,
        3,
        14,
        (
            swap_spans(ROOFTOP, "### What we found", "### Actions", "### Next inspection"),
            ("no_location", "at Thornbury House |", "at Thornbury House, London EC2A 4NE |"),
            ("queen_cells", "No queen cells, and plenty of room", "Plenty of room"),
            ("no_shorthand", "Brood in all stages", "BIAS"),
            ("actions", "- Mark the queen.\n", ""),
            ("heading", "### Next inspection\n", ""),
            ("stores", "18 kg in all", "16 kg in all"),
            ("varroa", "14 days, 4 a day", "14 days, 5 a day"),
            ("next", "24 July 2026", "26 July 2026"),
        ),
    ),
)


def build(inspection: Inspection, on: dict[str, bool]) -> str:
    return slipped(inspection.text, inspection.slips, on, inspection.name)


# Reading a record ------------------------------------------------------------------------------


def stores_right(answer: str) -> bool:
    """Whether on the first line with frames and kilograms the frames times the first weight is the last weight."""
    line = next((line for line in answer.splitlines() if KG.search(line) and FRAMES.search(line)), "")
    frames, weights = number_in(FRAMES.search(line).group(0)) if line else None, KG.findall(line)
    if frames is None or len(weights) < 2:
        return False
    return abs(frames * figure_value(weights[0]) - figure_value(weights[-1])) < 1e-9


def varroa_right(answer: str) -> bool:
    """Whether the first line giving mites, days and a daily figure gives the mites divided by the days."""
    found = DROP.search(answer)
    if found is None or int(found.group(2)) == 0:
        return False
    return abs(int(found.group(1)) / int(found.group(2)) - figure_value(found.group(3))) < 1e-9


def next_right(inspection: Inspection, answer: str) -> bool:
    """Whether the last date the answer writes is the asked number of days after the first (the inspection's)."""
    dates = [day for line in answer.splitlines() if (day := date_in(line)) is not None]
    return len(dates) >= 2 and (dates[-1] - dates[0]).days == inspection.interval


def next_heading(answer: str) -> bool:
    """Whether some heading is about the next inspection."""
    return any((title := heading_of(line)) is not None and NEXT.search(title) for line in answer.splitlines())


WORDINGS = {
    "no_location": (
        "Does not give the apiary's postcode or what3words address",
        "Leaves out any postcode or what3words location for the hive",
    ),
    "queen_cells": ("States whether any queen cells were found", "Says if there were queen cells or not"),
    "no_shorthand": (
        "Writes 'brood in all stages' in full rather than using abbreviations like BIAS",
        "Avoids beekeeping shorthand such as BIAS or QS",
    ),
    "order": ("Records the findings before the actions", "The actions come after what was found in the hive"),
    "actions": ("Lists exactly {actions} actions", "Gives {actions} actions to take, no more and no fewer"),
    "heading": ("Puts the next inspection under its own heading", "Has a separate heading for the next inspection"),
    "stores": (
        "The total weight of stores equals the number of frames times the weight per frame",
        "Works out the kilograms of honey stores correctly from the frames",
    ),
    "varroa": (
        "The daily mite drop is the tray count divided by the number of days",
        "Gives the average varroa drop per day correctly",
    ),
    "next": (
        "The next inspection's date is {interval} days after this inspection",
        "Dates the next inspection correctly, {interval} days on from this one",
    ),
}
"""Two wordings of each kind of criterion, filled from the inspection."""


def truths(inspection: Inspection, answer: str) -> dict[str, bool]:
    return {
        "no_location": LOCATION.search(answer) is None,
        "queen_cells": QUEEN_CELLS.search(answer) is not None,
        "no_shorthand": SHORTHAND.search(answer) is None,
        "order": heading_order(answer, FINDINGS, ACTIONS),
        "actions": len(listed(section(answer, ACTIONS) or [])) == inspection.actions,
        "heading": next_heading(answer),
        "stores": stores_right(answer),
        "varroa": varroa_right(answer),
        "next": next_right(inspection, answer),
    }


def candidates(rng: random.Random, inspection: Inspection, answer: str) -> list[Criterion]:
    filled = {"actions": NUMBER_WORDS[inspection.actions], "interval": inspection.interval}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(inspection, answer).items()
    ]


SWITCHES = ("order", "no_location", "queen_cells", "no_shorthand", "actions", "heading", "stores", "varroa", "next")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, INSPECTIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
