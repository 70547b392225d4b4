"""Piano tuning family (fresh35): the visit report a piano tuner asks for to leave with a customer (an
upright at home that had dropped flat, an upright played daily, a church hall's old upright, a baby grand),
with the piano's details, the pitch found, the work done, recommendations, the next tuning and the
charges, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh35`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report (Markdown headings with the charges in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the serial number, the radiator advice and the
thanks by the words that write them, the sections by their headings, the work done as the list items of
its section, the cents from the first line writing a pitch in Hz and cents, the charges as the lines of
their section with an amount, and the next tuning from the answer's first date (the visit) and the date
on the first line saying "due".
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_in,
    heading_of,
    heading_order,
    last_money,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "piano_tuning"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SERIAL = re.compile(r"\bserial(?:\s+(?:number|no\.?))?[:\s]*\d{5,}", re.I)
RADIATOR = re.compile(r"away from[^.\n]{0,25}\bradiators?\b", re.I)
THANKS = re.compile(r"\bthank(?:s|\s+you)\b", re.I)
WORK = r"work done|what i did"
ADVICE = r"recommend|advice"
NEXT = re.compile(r"next tuning|next visit", re.I)
CHARGES = r"charges|costs"
TOTAL = re.compile(r"\btotal\b", re.I)
HZ = re.compile(r"(\d+(?:\.\d+)?)\s*Hz\b")
CENTS = re.compile(r"(\d+(?:\.\d+)?)\s*cents?\b", re.I)
DUE = re.compile(r"\bdue\b", re.I)
CONCERT_PITCH = 440.0


@dataclass(frozen=True)
class Visit:
    name: str
    """The customer."""
    task: str
    text: str
    """The answer written right."""
    steps: int
    months: int
    """The work done asked for as a list, and the months until the next tuning."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HUGHES = """# Piano tuning report

**Customer:** Mrs Eleanor Hughes, 3 Orchard Close, Malvern
**Piano:** Yamaha U1 upright (serial 5123487)
**Date of visit:** 14 March 2026
**Pitch on arrival:** A4 at 436.5 Hz, 14 cents flat

## Work done
1. Raised the pitch to A440 with a first rough pass.
2. Fine-tuned all 88 notes to A440.
3. Eased the sticking F sharp above middle C.
4. Checked the pedals and tightened the soft pedal rod.

## Recommendations
- Keep the piano away from the radiator; the pitch dropped after a dry winter.
- A small room humidifier would help keep it stable.

## Next tuning
Six months is right for a piano played every day, so your next tuning is due on 14 September 2026.

## Charges
| Item | Price |
|---|---|
| Tuning | £75.00 |
| Pitch raise | £25.00 |
| Sticking key eased | £10.00 |
| Total | £110.00 |

Thank you for having me, and enjoy playing.
David Marsh, piano tuner, 01684 555 207
"""

BARKER = """**Piano tuning visit: Mr Tom Barker**

**Piano:** Kawai K-300, serial no. 2271904
**Visited:** 2 June 2026
**Pitch found:** 438 Hz at A4, about 8 cents flat

**Work done**
- Tuned the whole piano to A440
- Replaced the worn damper felt on middle C
- Stopped a buzz in the lowest bass string

**Advice**
- Keep it well away from the radiator under the window.
- Close the lid when it isn't played to keep dust off the hammers.

**Next tuning**
Once a year is enough for how often it's played, so the next tuning is due on 2 June 2027.

**Charges**
- Tuning: £70.00
- Damper felt replaced: £15.00
- Total: £85.00

Thanks for the coffee, and happy playing.
Nadia Brook, Brook Piano Services, 0113 555 6620
"""

STMARYS = """Piano tuning report

Customer: St Mary's Church Hall committee
Piano: Challen upright, serial number 84412
Date of visit: 9 October 2026
Pitch on arrival: 434 Hz, 24 cents flat at A4

Work done:
1. Raised the pitch in two passes.
2. Fine-tuned to A440.
3. Replaced two broken bass strings.
4. Glued a loose key top.
5. Cleaned under the keys and removed a lost coin.

Recommendations:
1. Move the piano away from the radiator by the stage.
2. Keep the hall heating low and steady, not on and off.

Next visit:
The hall is cold and damp, so tune it every six months; the next tuning is due on 9 April 2027.

Charges:
Tuning: £75.00
Pitch raise: £30.00
Two bass strings: £36.00
Travel (over 10 miles): £12.00
Total: £153.00

Thank you for the warm welcome.
Alan Pike, Pike Pianos, 01392 555 481
"""

SHAH = """### Piano tuning report

| Visit | |
|---|---|
| Customer | Ms Priya Shah |
| Piano | Bechstein A.160 baby grand, serial 210553 |
| Date | 20 January 2026 |
| Pitch on arrival | 439 Hz at A4 (4 cents flat) |

### Work done
- Fine-tuned to A440
- Regulated the let-off on three treble keys
- Eased a slow sustain pedal
- Lubricated the pedal lyre

### Recommendations
- Keep the grand away from the radiator and out of direct sun.
- Play it often: it holds its tune better.

### Next tuning
For a concert student's instrument every four months is best, so the next tuning is due on 20 May 2026.

### Charges
| Item | Cost |
|---|---|
| Tuning (grand) | £90.00 |
| Regulation of three keys | £24.00 |
| Total | £114.00 |

Thank you, and good luck with the recital.
Tomasz Wrona, Wrona Pianos, 020 7946 0158
"""

VISITS = (
    Visit(
        "Hughes",
        "Write my tuning report for Mrs Eleanor Hughes (Yamaha U1, serial 5123487; include the serial). Visit 14 "
        "March 2026; the A was at 436.5 Hz, so give how many cents flat. Markdown. Work done as a numbered list of "
        "four steps (pitch raise, fine tune to A440, eased sticking F sharp, soft pedal rod), before recommendations: "
        "keep it away from the radiator, humidifier. A Next tuning heading: six months after today. Charges table: "
        "tuning £75, pitch raise £25, sticking key £10, total. End by thanking her.",
        HUGHES,
        4,
        6,
        (
            swap_spans(HUGHES, "## Work done", "## Recommendations", "## Next tuning"),
            ("serial", "Yamaha U1 upright (serial 5123487)", "Yamaha U1 upright"),
            ("radiator", "Keep the piano away from the radiator;", "Keep the piano tuned regularly;"),
            ("thanks", "Thank you for having me, and enjoy playing.", "Enjoy playing."),
            ("steps", "3. Eased the sticking F sharp above middle C.\n", ""),
            ("next_heading", "## Next tuning\n", ""),
            ("cents", "14 cents flat", "16 cents flat"),
            ("total", "| Total | £110.00 |", "| Total | £100.00 |"),
            ("due", "due on 14 September 2026", "due on 14 August 2026"),
        ),
    ),
    Visit(
        "Barker",
        "Please write up today's piano tuning for Mr Tom Barker: Kawai K-300, serial no. 2271904 (put it in), visited "
        "2 June 2026, A4 found at 438 Hz (say how many cents flat). Bold headings and bullets. Three jobs under work "
        "done (tuned to A440, damper felt on middle C, bass string buzz), then advice (away from the radiator, close "
        "the lid). Next tuning heading, in twelve months. Charges: tuning £70, damper felt £15, total. Thank him at "
        "the end.",
        BARKER,
        3,
        12,
        (
            swap_spans(BARKER, "**Work done**", "**Advice**", "**Next tuning**"),
            ("serial", "Kawai K-300, serial no. 2271904", "Kawai K-300 upright"),
            (
                "radiator",
                "Keep it well away from the radiator under the window.",
                "Keep the room at an even temperature.",
            ),
            ("thanks", "Thanks for the coffee, and happy playing.", "Happy playing."),
            ("steps", "- Replaced the worn damper felt on middle C\n", ""),
            ("next_heading", "**Next tuning**\n", ""),
            ("cents", "about 8 cents flat", "about 2 cents flat"),
            ("total", "- Total: £85.00", "- Total: £86.00"),
            ("due", "due on 2 June 2027", "due on 2 December 2026"),
        ),
    ),
    Visit(
        "St Mary's",
        "Plain text, no Markdown (Label: lines and numbered lists): the tuning report for St Mary's Church Hall "
        "committee. Challen upright, serial number 84412, which must be on it. 9 October 2026; pitch was 434 Hz at "
        "A4, with how many cents flat. Five items of work done (two-pass pitch raise, fine tune, two bass strings, "
        "loose key top, cleaned under keys), then recommendations (away from the radiator, steady heating). A Next "
        "visit heading: every six months. Charges: tuning £75, pitch raise £30, strings £36, travel £12, total. "
        "Thank them.",
        STMARYS,
        5,
        6,
        (
            swap_spans(STMARYS, "Work done:", "Recommendations:", "Next visit:"),
            ("serial", "Challen upright, serial number 84412", "Challen upright, about 60 years old"),
            ("radiator", "1. Move the piano away from the radiator by the stage.", "1. Keep the lid shut after use."),
            ("thanks", "Thank you for the warm welcome.", "Regards,"),
            ("steps", "4. Glued a loose key top.\n", ""),
            ("next_heading", "Next visit:\n", ""),
            ("cents", "24 cents flat", "6 cents flat"),
            ("total", "Total: £153.00", "Total: £141.00"),
            ("due", "due on 9 April 2027", "due on 9 March 2027"),
        ),
    ),
    Visit(
        "Shah",
        "Tuning report for Ms Priya Shah's Bechstein A.160 baby grand (serial 210553, which should appear), 20 January "
        "2026. ### headings with a small table of the visit at the top, giving the pitch on arrival (439 Hz at A4) "
        "and the cents flat. Four items of work done (fine tune, let-off on three treble keys, sustain pedal, pedal "
        "lyre) before recommendations (away from the radiator, play often). Next tuning heading: in four months. "
        "Charges table: tuning £90, regulation £24, total. Close by thanking her.",
        SHAH,
        4,
        4,
        (
            swap_spans(SHAH, "### Work done", "### Recommendations", "### Next tuning"),
            ("serial", "baby grand, serial 210553 |", "baby grand |"),
            ("radiator", "Keep the grand away from the radiator and out of direct sun.", "Keep it out of direct sun."),
            ("thanks", "Thank you, and good luck with the recital.", "Good luck with the recital."),
            ("steps", "- Eased a slow sustain pedal\n", ""),
            ("next_heading", "### Next tuning\n", ""),
            ("cents", "(4 cents flat)", "(1 cent flat)"),
            ("total", "| Total | £114.00 |", "| Total | £104.00 |"),
            ("due", "due on 20 May 2026", "due on 20 April 2026"),
        ),
    ),
)


def build(visit: Visit, on: dict[str, bool]) -> str:
    return slipped(visit.text, visit.slips, on, visit.name)


# Reading a report -------------------------------------------------------------------------------


def cents_right(answer: str) -> bool:
    """On the first line with a pitch in Hz and a figure in cents: the cents are 1200 times the base-2 log of 440
    over that pitch, to the cents' last written digit."""
    line = next((line for line in answer.splitlines() if HZ.search(line) and CENTS.search(line)), "")
    hz, cents = HZ.search(line), CENTS.search(line)
    if hz is None or cents is None or float(hz.group(1)) <= 0:
        return False
    places = len(cents.group(1).partition(".")[2])
    wanted = 1200 * math.log2(CONCERT_PITCH / float(hz.group(1)))
    return abs(wanted - float(cents.group(1))) <= 0.5 * 10**-places + 1e-9


def total_right(answer: str) -> bool:
    """In the charges' section: one total line, whose amount is the sum of the other lines' amounts."""
    priced = [(line, last_money(line)) for line in section(answer, CHARGES) or []]
    parts = [amount for line, amount in priced if amount is not None and not TOTAL.search(line)]
    totals = [amount for line, amount in priced if amount is not None and TOTAL.search(line)]
    return bool(parts) and len(totals) == 1 and sum(parts) == totals[0]


def months_after(day: date, months: int) -> date:
    """The same day of the month `months` months after `day` (the day must exist in that month)."""
    month = day.month - 1 + months
    return date(day.year + month // 12, month % 12 + 1, day.day)


def due_right(answer: str, months: int) -> bool:
    """Whether the date on the first line saying "due" is `months` months after the answer's first date."""
    dated = [day for line in answer.splitlines() if (day := date_in(line)) is not None]
    due = next((day for line in answer.splitlines() if DUE.search(line) and (day := date_in(line))), None)
    return bool(dated) and due is not None and months_after(dated[0], months) == due


def next_heading(answer: str) -> bool:
    """Whether some heading is about the next tuning or visit."""
    return any((title := heading_of(line)) is not None and NEXT.search(title) for line in answer.splitlines())


WORDINGS = {
    "serial": ("Includes the piano's serial number", "Gives the serial number of the piano"),
    "radiator": (
        "Advises keeping the piano away from the radiator",
        "Recommends that the piano is kept away from radiators",
    ),
    "thanks": ("Thanks the customer", "Includes a thank-you to the customer"),
    "order": (
        "Describes the work done before the recommendations",
        "The work done section comes before the recommendations",
    ),
    "steps": (
        "Lists exactly {steps} items of work done",
        "The work done is a list of {steps} items, no more and no fewer",
    ),
    "next_heading": ("Has a heading for the next tuning", "Includes a section headed for the next visit"),
    "cents": (
        "The number of cents flat is right for the pitch measured",
        "Correctly converts the measured pitch in Hz into cents flat of A440",
    ),
    "total": ("The charges add up to the total", "The total equals the sum of the individual charges"),
    "due": (
        "The next tuning date is {months} months after the date of the visit",
        "Gives a next tuning date {months} months on from today's visit",
    ),
}
"""Two wordings of each kind of criterion, filled from the visit."""


def truths(visit: Visit, answer: str) -> dict[str, bool]:
    return {
        "serial": SERIAL.search(answer) is not None,
        "radiator": RADIATOR.search(answer) is not None,
        "thanks": THANKS.search(answer) is not None,
        "order": heading_order(answer, WORK, ADVICE),
        "steps": len(listed(section(answer, WORK) or [])) == visit.steps,
        "next_heading": next_heading(answer),
        "cents": cents_right(answer),
        "total": total_right(answer),
        "due": due_right(answer, visit.months),
    }


def candidates(rng: random.Random, visit: Visit, answer: str) -> list[Criterion]:
    filled = {"steps": NUMBER_WORDS[visit.steps], "months": NUMBER_WORDS[visit.months]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(visit, answer).items()
    ]


SWITCHES = ("order", "serial", "radiator", "thanks", "steps", "next_heading", "cents", "total", "due")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, VISITS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
