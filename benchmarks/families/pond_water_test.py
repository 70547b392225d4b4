"""Pond water test family (fresh42): the report an aquatic shop asks for to give a customer after testing a sample of
their pond water (a koi pond with high nitrite, a goldfish pond with raised ammonia, a school's wildlife pond with
blanket weed, a raised pond short of oxygen after a heatwave), with the pond's details, a summary, the readings, what
to do and the next sample, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh42`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report (Markdown headings with the readings in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: dechlorinator, feeding less and chemical formulae by the words that write them, the
sections by their headings, the readings as the list items and table rows under the results' heading, the summary's
words under its heading, the volume from the first line with litres and gallons, the dose from the line giving a rate
in ml per litres (the rate, the litres it is for, the dose and the pond's litres, in order), and the retest from the
first line saying to test again in some days (its date against the report's first date).
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
    date_in,
    figure_value,
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

FAMILY = "pond_water_test"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DECHLORINATOR = re.compile(r"dechlorinat|water conditioner", re.I)
FEED_LESS = re.compile(
    r"\bstop feeding\b|\bfeed (?:less|lightly|sparingly|them less)\b|\bcut (?:back|down) on feeding\b", re.I
)
FORMULA = re.compile(r"\bNH[34]\b|\bNO[23]\b|\bPO4\b|\bCaCO3\b")
SUMMARY = r"summary"
RESULTS = r"results"
ADVICE = r"what to do"
LITRES = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*litres\b")
GALLONS = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:UK\s+)?gallons\b")
DOSE = re.compile(
    r"(\d[\d,]*(?:\.\d+)?)\s*ml per (\d[\d,]*)\s*litres\b\D*?(\d[\d,]*(?:\.\d+)?)\s*ml\b\D*?(\d[\d,]*)\s*litres\b", re.I
)
RETEST = re.compile(r"\bagain in \d+ days\b", re.I)
GALLONS_PER_LITRE = 0.219969


@dataclass(frozen=True)
class Test:
    name: str
    """The pond's owner, as the report names them."""
    task: str
    text: str
    """The answer written right."""
    readings: int
    limit: int
    days: int
    """The readings asked for, the summary's limit in words and the days until the retest."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OKONKWO = """# Pond water test: the Okonkwo koi pond

**Customer:** Mr and Mrs Okonkwo
**Tested:** Saturday 13 June 2026, at Brookside Aquatics
**Pond:** koi pond, 12,000 litres (2,640 gallons), nine koi

## Summary
Your water is mostly healthy, but the nitrite is too high. That usually means the filter is struggling to keep up in the warm weather, and it stresses the fish, so it is worth acting on this week.

## Results
| Test | Reading | Ideal |
|---|---|---|
| Ammonia | 0 mg/l | 0 mg/l |
| Nitrite | 0.5 mg/l | below 0.2 mg/l |
| Nitrate | 20 mg/l | below 40 mg/l |
| pH | 7.8 | 7.0 to 8.5 |
| KH (carbonate hardness) | 6 °dH | 4 to 8 °dH |
| Temperature | 21 °C | 15 to 25 °C |

## What to do
- Stop feeding for three days, then feed lightly once a day until the nitrite is back below 0.2 mg/l.
- Change about 10% of the water this week and again next week.
- Treat tap water top-ups with dechlorinator before they go in.
- Add filter bacteria at 10 ml per 1,000 litres, so 120 ml for your 12,000 litres.
- Test again in 7 days, on Saturday 20 June 2026.

## Your next sample
Bring about 250 ml of pond water in a clean bottle, taken from mid-depth away from the filter outlet.
"""

FERREIRA = """**Water test report for Ms Ferreira's goldfish pond**

- **Tested:** Tuesday 5 May 2026 by Willowmere Water Gardens
- **Pond:** 1,500 litres (330 gallons), 12 goldfish

**Summary**
- Your ammonia reading is raised and the water is cloudy, most likely from the spring algae and a filter that is still waking up after winter. Nothing is dangerous yet, but please act now.

**Results**
- Ammonia: 0.5 mg/l (ideal 0)
- Nitrite: 0.1 mg/l (ideal below 0.2)
- Nitrate: 25 mg/l (ideal below 40)
- pH: 8.2 (ideal 7.0 to 8.5)
- Temperature: 14 °C

**What to do**
- Feed them less: a pinch once a day that they finish in two minutes.
- Change a fifth of the water, and treat the new water with a tap water conditioner.
- Add pond clarifier at 25 ml per 500 litres, so 75 ml for 1,500 litres.
- Test again in 14 days, on Tuesday 19 May 2026.

**Next time**
- Bring a sample in a clean, rinsed bottle, not one that held washing-up liquid.
"""

ASHGROVE = """ASHGROVE PRIMARY SCHOOL: POND WATER TEST

Pond: wildlife pond by the Year 3 classroom, 4,500 litres (990 gallons), with frogs, newts and a few sticklebacks
Tested: Thursday 23 April 2026, with the eco club
Tested by: Greenways Aquatics

Summary:
The pond is in good shape for wildlife. The phosphate is a little high, which helps the blanket weed grow, so the weed needs pulling out and the pond needs a treatment.

Results:
1. Ammonia: 0 mg/l (ideal 0)
2. Nitrite: 0 mg/l (ideal 0)
3. Nitrate: 10 mg/l (ideal below 40)
4. Phosphate: 0.5 mg/l (ideal below 0.1)
5. pH: 7.4 (ideal 6.5 to 8.5)

What to do:
1. Pull out the blanket weed by hand and leave it on the bank for a day so creatures can crawl back in.
2. Stop feeding the sticklebacks: the pond has plenty of natural food.
3. Top up with rainwater from the water butt; if you must use tap water, add dechlorinator first.
4. Add barley straw extract at 50 ml per 1,000 litres, so 225 ml for 4,500 litres.
5. Test again in 14 days, on Thursday 7 May 2026.

Next sample:
Collect about 250 ml in a clean jam jar with a lid, and bring it in the same day.
"""

HADDAD = """### Pond water report: Mr Haddad's raised pond

| Pond | |
|---|---|
| Owner | Mr Karim Haddad |
| Tested | Monday 20 July 2026 |
| Volume | 2,200 litres (484 gallons) |
| Fish | 6 goldfish, 2 small koi |

### Summary
The water is low in oxygen after the heatwave and the pH has dropped a little. The fish are gasping at the surface in the mornings, so please add air and make the changes below this week.

### Results
- Ammonia: 0.25 mg/l (ideal 0)
- Nitrite: 0.1 mg/l (ideal below 0.2)
- Nitrate: 30 mg/l (ideal below 40)
- pH: 6.8 (ideal 7.0 to 8.5)
- KH: 3 °dH (ideal 4 to 8)
- Temperature: 27 °C (ideal below 25)

### What to do
- Run an air pump day and night until the weather cools.
- Feed sparingly, once a day in the cool of the morning.
- Change 15% of the water twice a week, with the new water treated with dechlorinator.
- Add a pond buffer at 15 ml per 1,000 litres, so 33 ml for 2,200 litres, to lift the KH.
- Test again in 10 days, on Thursday 30 July 2026.

### Next sample
Bring a fresh sample in a clean bottle within two hours of taking it.
"""

EXTRA = (
    " Nitrite is made when the bacteria in the filter break down ammonia from fish waste and leftover food, and it is"
    " normally turned into the much safer nitrate within a day or so, but a new filter, one cleaned too hard or one"
    " suddenly asked to cope with a lot more fish can fall behind for several weeks."
)

TESTS = (
    Test(
        "Okonkwo",
        "Write up the pond water test for Mr and Mrs Okonkwo's koi pond (12,000 litres; put gallons too), tested here "
        "at Brookside Aquatics on Saturday 13 June 2026. Markdown: a summary under 50 words, then the six results in a "
        "table (ammonia 0, nitrite 0.5, nitrate 20, pH 7.8, KH 6, temperature 21 °C) before what to do: stop feeding "
        "for three days then feed lightly, 10% water changes, dechlorinator for top-ups, filter bacteria at 10 ml per "
        "1,000 litres (work out their dose), and test again in 7 days with the date. Then how to bring the next sample. "
        "Write the chemicals' names out, not formulae.",
        OKONKWO,
        6,
        50,
        7,
        (
            swap_spans(OKONKWO, "## Results", "## What to do", "## Your next sample"),
            (
                "dechlorinator",
                "- Treat tap water top-ups with dechlorinator before they go in.",
                "- Top the pond up with tap water as it evaporates.",
            ),
            (
                "feeding",
                "- Stop feeding for three days, then feed lightly once a day until the nitrite is back below 0.2 mg/l.\n",
                "",
            ),
            ("no_formula", "| Nitrite | 0.5 mg/l", "| Nitrite (NO2) | 0.5 mg/l"),
            ("readings", "| KH (carbonate hardness) | 6 °dH | 4 to 8 °dH |\n", ""),
            ("summary", "worth acting on this week.", "worth acting on this week." + EXTRA),
            ("gallons", "(2,640 gallons)", "(2,460 gallons)"),
            ("dose", "so 120 ml for your", "so 12 ml for your"),
            ("retest", "on Saturday 20 June 2026", "on Friday 19 June 2026"),
        ),
    ),
    Test(
        "Ferreira",
        "Results of the water test for Ms Ferreira's goldfish pond, with bold labels and bullets. Tested Tuesday 5 May "
        "2026 by Willowmere Water Gardens; the pond is 1,500 litres (also in gallons) with 12 goldfish. A summary of at "
        "most 40 words, the five results (ammonia 0.5, nitrite 0.1, nitrate 25, pH 8.2, temperature 14 °C) and then "
        "what to do: feed less, change a fifth of the water with tap water conditioner, pond clarifier at 25 ml per "
        "500 litres (give her dose), and a retest in 14 days (with its date). Plain names for the chemicals, no "
        "formulae.",
        FERREIRA,
        5,
        40,
        14,
        (
            swap_spans(FERREIRA, "**Results**", "**What to do**", "**Next time**"),
            (
                "dechlorinator",
                "- Change a fifth of the water, and treat the new water with a tap water conditioner.",
                "- Change a fifth of the water with fresh tap water.",
            ),
            ("feeding", "- Feed them less: a pinch once a day that they finish in two minutes.\n", ""),
            ("no_formula", "- Ammonia: 0.5 mg/l", "- Ammonia (NH3): 0.5 mg/l"),
            ("readings", "- Nitrate: 25 mg/l (ideal below 40)\n", ""),
            ("summary", "but please act now.", "but please act now." + EXTRA),
            ("gallons", "(330 gallons)", "(300 gallons)"),
            ("dose", "so 75 ml for", "so 50 ml for"),
            ("retest", "on Tuesday 19 May 2026", "on Tuesday 12 May 2026"),
        ),
    ),
    Test(
        "Ashgrove",
        "Plain text with 'Label:' headings and numbered lists: the water test report for Ashgrove Primary School's "
        "wildlife pond (4,500 litres, and in gallons), tested with the eco club on Thursday 23 April 2026 by Greenways "
        "Aquatics. Summary in 45 words or fewer. Five results (ammonia 0, nitrite 0, nitrate 10, phosphate 0.5, pH 7.4) "
        "before what to do: pull the blanket weed, stop feeding the sticklebacks, rainwater or dechlorinated tap water "
        "for top-ups, barley straw extract at 50 ml per 1,000 litres (their dose, please), test again in 14 days (give "
        "the date). Then collecting the next sample. Use the chemicals' names rather than formulae.",
        ASHGROVE,
        5,
        45,
        14,
        (
            swap_spans(ASHGROVE, "Results:", "What to do:", "Next sample:"),
            (
                "dechlorinator",
                "3. Top up with rainwater from the water butt; if you must use tap water, add dechlorinator first.",
                "3. Top up with rainwater from the water butt, or with tap water if it runs dry.",
            ),
            ("feeding", "2. Stop feeding the sticklebacks: the pond has plenty of natural food.\n", ""),
            ("no_formula", "4. Phosphate: 0.5 mg/l", "4. Phosphate (PO4): 0.5 mg/l"),
            ("readings", "5. pH: 7.4 (ideal 6.5 to 8.5)\n", ""),
            ("summary", "the pond needs a treatment.", "the pond needs a treatment." + EXTRA),
            ("gallons", "(990 gallons)", "(1,125 gallons)"),
            ("dose", "so 225 ml for", "so 250 ml for"),
            ("retest", "on Thursday 7 May 2026", "on Thursday 30 April 2026"),
        ),
    ),
    Test(
        "Haddad",
        "Can you write the pond water report for Mr Karim Haddad's raised pond? ### headings and a key-facts table at "
        "the top: tested Monday 20 July 2026, 2,200 litres (and gallons), 6 goldfish and 2 small koi. A summary no "
        "longer than 50 words. The six results (ammonia 0.25, nitrite 0.1, nitrate 30, pH 6.8, KH 3, temperature 27 "
        "°C), then what to do: air pump, feed sparingly, 15% water changes with dechlorinator, pond buffer at 15 ml per "
        "1,000 litres (work out his dose), and test again in 10 days with the date. The next sample last. No chemical "
        "formulae, just names.",
        HADDAD,
        6,
        50,
        10,
        (
            swap_spans(HADDAD, "### Results", "### What to do", "### Next sample"),
            (
                "dechlorinator",
                "twice a week, with the new water treated with dechlorinator.",
                "twice a week, using water straight from the tap.",
            ),
            ("feeding", "- Feed sparingly, once a day in the cool of the morning.\n", ""),
            ("no_formula", "- Nitrate: 30 mg/l", "- Nitrate (NO3): 30 mg/l"),
            ("readings", "- Temperature: 27 °C (ideal below 25)\n", ""),
            ("summary", "make the changes below this week.", "make the changes below this week." + EXTRA),
            ("gallons", "(484 gallons)", "(440 gallons)"),
            ("dose", "so 33 ml for", "so 30 ml for"),
            ("retest", "on Thursday 30 July 2026", "on Friday 31 July 2026"),
        ),
    ),
)


def build(test: Test, on: dict[str, bool]) -> str:
    return slipped(test.text, test.slips, on, test.name)


# Reading a report -------------------------------------------------------------------------------


def readings(answer: str) -> int:
    """The readings: the list items and the table rows below the headings' row under the results' heading."""
    lines = section(answer, RESULTS) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def dose_right(answer: str) -> bool:
    """Whether the first line giving a rate in ml per litres doses the litres it names at that rate."""
    found = next((m for line in answer.splitlines() if (m := DOSE.search(line)) is not None), None)
    if found is None:
        return False
    rate, per, dose, volume = (figure_value(g) for g in found.groups())
    return abs(rate * volume / per - dose) < 0.01


def retest_right(test: Test, answer: str) -> bool:
    """Whether the date on the first line saying to test again is the retest's days after the report's first date."""
    first = next((day for line in answer.splitlines() if (day := date_in(line)) is not None), None)
    again = date_in(next((line for line in answer.splitlines() if RETEST.search(line)), ""))
    return first is not None and again is not None and (again - first).days == test.days


WORDINGS = {
    "dechlorinator": (
        "Tells the owner to treat tap water with dechlorinator",
        "Mentions using a dechlorinator or tap water conditioner",
    ),
    "feeding": ("Advises cutting back on feeding", "Tells the owner to feed the fish less or stop feeding for a while"),
    "no_formula": (
        "Names the chemicals in words rather than as chemical formulae",
        "Does not use chemical formulae such as NO2 or NH3",
    ),
    "order": ("Gives the test results before the advice", "The results come before the section on what to do"),
    "readings": ("Reports all {readings} readings", "The results list exactly {readings} tests"),
    "summary": ("Keeps the summary to {limit} words or fewer", "The summary is at most {limit} words long"),
    "gallons": (
        "The pond's volume in gallons is a correct conversion of the litres",
        "Converts the pond volume from litres to UK gallons correctly",
    ),
    "dose": (
        "The treatment dose is right for the stated rate and the pond's volume",
        "Calculates the treatment dose correctly for the size of the pond",
    ),
    "retest": (
        "The date to test again is {days} days after this test",
        "Gives the right retest date, {days} days after the test",
    ),
}
"""Two wordings of each kind of criterion, filled from the test."""


def truths(test: Test, answer: str) -> dict[str, bool]:
    return {
        "dechlorinator": DECHLORINATOR.search(answer) is not None,
        "feeding": FEED_LESS.search(answer) is not None,
        "no_formula": FORMULA.search(answer) is None,
        "order": heading_order(answer, RESULTS, ADVICE),
        "readings": readings(answer) == test.readings,
        "summary": 0 < word_count(" ".join(section(answer, SUMMARY) or [])) <= test.limit,
        "gallons": converted(answer, LITRES, GALLONS, GALLONS_PER_LITRE),
        "dose": dose_right(answer),
        "retest": retest_right(test, answer),
    }


def candidates(rng: random.Random, test: Test, answer: str) -> list[Criterion]:
    filled = {"readings": NUMBER_WORDS[test.readings], "limit": test.limit, "days": test.days}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(test, answer).items()
    ]


SWITCHES = ("order", "dechlorinator", "feeding", "no_formula", "readings", "summary", "gallons", "dose", "retest")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TESTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
