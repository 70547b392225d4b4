"""Sample log family (fresh22): a testing lab's receipt log for a batch of samples that a task asks for (an English
lab's river water samples as a Markdown table, a US lab's private well samples as bullets, an Irish milk lab's
suppliers' samples as fixed-width text in a fenced block, an Australian food lab's council samples as plain lines),
each sample with its ID, its site, when it was collected and received, the hours in transit, the temperature on
receipt and whether it is accepted, then the number of samples, the range of temperatures, the date results are due,
who received the batch and what happens to the rejected samples, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh22`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the log written right and then changed by switches: the samples in ID order or two swapped, every time
in transit the time from collection to receipt or one mistyped, exactly the samples too long in transit or too warm
rejected or one of them accepted, the number of samples right or not, the results due the task's working days after
receipt or another date, the person who received them named or not, the rejected samples not to be analysed or still
analysed, the lowest and highest temperatures those of the samples or not, and every site named as the task
gives it or one misnamed. Every truth is read from the text: a sample is a line with the task's kind of ID; its
collection and receipt the first two dates with a time after them (`12 May 2025 07:40`, `2025-06-02 09:15`), its time
in transit the first number of hours (`7.5 h`), its temperature the first figure before `°C`, and it is rejected when
the line says so; the number of samples and the range the first numbers on the first line with the task's words for
each; the results date the first date on the first line with the task's words for it, counted from the latest
receipt.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
    working_days_after,
)

FAMILY = "sample_log"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOMENT = re.compile(r"(\d{4}-\d{2}-\d{2}|\d{1,2} [A-Za-z]{3,9} \d{4})[ T,]+(\d{1,2}):(\d{2})")
HOURS = re.compile(r"(?<![\w.:])(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?\b")
TEMPERATURE = re.compile(r"(-?\d+(?:\.\d+)?)\s*°\s*C")
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
ANALYSED = re.compile(r"\b(?:will|shall) (?:still )?be (?:analysed|analyzed|tested|run)\b", re.I)


@dataclass(frozen=True)
class Log:
    task: str
    text: str
    """The answer written right."""
    name: str
    code: str
    """A pattern matching the sample IDs."""
    limits: tuple[Decimal, Decimal]
    """(the most hours in transit, the warmest temperature on receipt) a sample may have and be accepted."""
    days: int
    """The working days (Monday to Friday) from receipt to results."""
    labels: tuple[str, str, str]
    """The words (lower-case) that find the lines of the number of samples, the range of temperatures and the results
    date."""
    receiver: str
    sites: tuple[str, ...]
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SEVERN = """# Sample receipt log: Severn Vale Environmental Lab, batch 2025-0512

Bathing water survey, E. coli and enterococci. Accepted if received within 24 h of collection at 8.0 °C or below.

| Sample | Site | Collected | Received | Transit | Temp on receipt | Status |
|---|---|---|---|---:|---:|---|
| RW-0411 | Bow Bridge | 12 May 2025 07:40 | 12 May 2025 15:10 | 7.5 h | 4.2 °C | Accepted |
| RW-0412 | Mill Weir | 12 May 2025 08:25 | 12 May 2025 15:10 | 6.75 h | 5.1 °C | Accepted |
| RW-0413 | Ford Lane | 12 May 2025 09:10 | 12 May 2025 15:10 | 6 h | 9.6 °C | Rejected: too warm |
| RW-0414 | Kings Meadow | 11 May 2025 13:40 | 12 May 2025 15:10 | 25.5 h | 3.8 °C | Rejected: over 24 h |
| RW-0415 | Priory Sluice | 12 May 2025 10:10 | 12 May 2025 15:10 | 5 h | 4.7 °C | Accepted |
| RW-0416 | Hanley Pool | 12 May 2025 11:55 | 12 May 2025 15:10 | 3.25 h | 6.0 °C | Accepted |
| RW-0417 | Severn Stoke | 12 May 2025 12:40 | 12 May 2025 15:10 | 2.5 h | 5.5 °C | Accepted |

- Samples received: 7
- Temperatures on receipt: 3.8 to 9.6 °C
- Results due: 19 May 2025
- Received by: Nadia Hussain

Rejected samples will not be analysed; the sampler has been asked to take both again."""

BLUE_EARTH = """**Blue Earth Water Lab · Sample receipt log, 2025-06-03**
- Total coliform / E. coli, private wells. Hold time 30 h; samples must arrive at 10 °C or below.

**Samples**
- WW-1186 · 14 Birch Lane · collected 2025-06-02 09:15 · received 2025-06-03 08:45 · 23.5 h · 6.2 °C · accepted
- WW-1187 · 220 County Road · collected 2025-06-02 07:30 · received 2025-06-03 14:00 · 30.5 h · 5.8 °C · REJECTED, past the 30 h hold time
- WW-1188 · 5 Lakeshore Drive · collected 2025-06-02 16:00 · received 2025-06-03 08:45 · 16.75 h · 4.9 °C · accepted
- WW-1189 · 38 Mill Street · collected 2025-06-03 06:45 · received 2025-06-03 08:45 · 2 h · 11.4 °C · REJECTED, arrived too warm
- WW-1190 · 71 Oak Ridge Road · collected 2025-06-02 18:15 · received 2025-06-03 08:45 · 14.5 h · 7.7 °C · accepted
- WW-1191 · 902 Prairie Avenue · collected 2025-06-03 07:00 · received 2025-06-03 08:45 · 1.75 h · 8.3 °C · accepted

**Summary**
- Samples logged: 6
- Receipt temperatures: 4.9 °C (lowest) to 11.4 °C (highest)
- Results by: 2025-06-06
- Logged in by: Marcus Bell
- Rejected samples will not be tested; both homeowners have been sent new bottles."""

SUIR = """Here is the log as fixed-width text:

```text
SUIR VALLEY MILK LAB · SAMPLE RECEIPT LOG · BATCH 25-118
Accept if received within 36 h of collection at 6.0 °C or below.

SAMPLE   SUPPLIER           COLLECTED          RECEIVED           TRANSIT   TEMP     STATUS
MK-3301  Ballyhale Farm     03 Nov 2025 06:30  04 Nov 2025 09:00  26.5 h    3.9 °C   ACCEPTED
MK-3302  Kilree Dairy       03 Nov 2025 07:15  04 Nov 2025 09:00  25.75 h   4.4 °C   ACCEPTED
MK-3303  Tullahought Farm   02 Nov 2025 19:00  04 Nov 2025 09:00  38 h      4.1 °C   REJECTED (OVER 36 H)
MK-3304  Mullinavat Farm    03 Nov 2025 08:00  04 Nov 2025 09:00  25 h      6.8 °C   REJECTED (TOO WARM)
MK-3305  Knocktopher Dairy  03 Nov 2025 16:45  04 Nov 2025 09:00  16.25 h   5.2 °C   ACCEPTED
MK-3306  Stoneyford Farm    03 Nov 2025 18:30  04 Nov 2025 09:00  14.5 h    3.6 °C   ACCEPTED
MK-3307  Kells Road Dairy   04 Nov 2025 05:00  04 Nov 2025 09:00  4 h       2.8 °C   ACCEPTED
MK-3308  Ennisnag Farm      03 Nov 2025 20:00  04 Nov 2025 09:00  13 h      5.9 °C   ACCEPTED

SAMPLES RECEIVED        8
TEMPERATURE RANGE       2.8 to 6.8 °C
RESULTS DUE             06 Nov 2025
RECEIVED BY             Ciara Dunne
Rejected samples will not be tested; both suppliers have been asked to resample.
```"""

COASTAL = """Coastal Food Testing, Wollongong: sample receipt log, council batch C-0318
Chilled samples are accepted within 48 h of collection at 5.0 °C or below.
FS-5501 Harbour Kitchen, chicken salad: collected 2025-03-17 10:30, received 2025-03-18 09:00, 22.5 h in transit, 3.2 °C, accepted
FS-5502 Corrimal Bakery, custard tart: collected 2025-03-17 14:15, received 2025-03-18 09:00, 18.75 h in transit, 4.6 °C, accepted
FS-5503 Thirroul Sushi Bar, sushi rice: collected 2025-03-17 12:00, received 2025-03-18 09:00, 21 h in transit, 7.3 °C, rejected as too warm
FS-5504 Bulli Butchers, sausages: collected 2025-03-15 16:30, received 2025-03-18 09:00, 64.5 h in transit, 2.1 °C, rejected as over 48 h
FS-5505 Figtree Café, egg sandwich: collected 2025-03-17 15:45, received 2025-03-18 09:00, 17.25 h in transit, 4.9 °C, accepted
FS-5506 Port Kembla Takeaway, cooked chicken: collected 2025-03-16 11:00, received 2025-03-18 09:00, 46 h in transit, 3.5 °C, accepted
Samples in this batch: 6
Temperatures on receipt ranged from 2.1 °C to 7.3 °C.
Results will be reported by 2025-03-24.
Received and checked by Tom Kerr.
Rejected samples will not be tested; the council's officer has been told."""

LOGS = (
    Log(
        "Write up the receipt log for batch 2025-0512 at Severn Vale Environmental Lab (bathing water survey) as a "
        "Markdown table in sample order: sample, site, collected, received, hours in transit, temperature on receipt "
        "and status. Reject anything received more than 24 h after collection or above 8.0 °C. Everything came in "
        "on 12 May 2025 at 15:10: RW-0411 Bow Bridge, collected 12 May 07:40, 4.2 °C; RW-0412 Mill Weir, 08:25, 5.1 "
        "°C; RW-0413 Ford Lane, 09:10, 9.6 °C; RW-0414 Kings Meadow, collected 11 May at 13:40, 3.8 °C; RW-0415 "
        "Priory Sluice, 10:10, 4.7 °C; RW-0416 Hanley Pool, 11:55, 6.0 °C; RW-0417 Severn Stoke, 12:40, 5.5 °C. "
        "Under it: the number of samples, the range of temperatures, results due 5 working days after receipt, and "
        "received by Nadia Hussain. Rejected samples are not analysed.",
        SEVERN,
        "Severn",
        r"\bRW-\d{4}\b",
        (Decimal(24), Decimal("8.0")),
        5,
        ("samples received", "temperatures on receipt", "results due"),
        "Nadia Hussain",
        ("Bow Bridge", "Mill Weir", "Ford Lane", "Kings Meadow", "Priory Sluice", "Hanley Pool", "Severn Stoke"),
        (
            swap_lines(SEVERN, "| RW-0415", "| RW-0416"),
            ("transit", "| 6.75 h |", "| 7.75 h |"),
            ("rejected", "| 25.5 h | 3.8 °C | Rejected: over 24 h |", "| 25.5 h | 3.8 °C | Accepted |"),
            ("count", "Samples received: 7", "Samples received: 6"),
            ("due", "Results due: 19 May 2025", "Results due: 17 May 2025"),
            ("receiver", "Received by: Nadia Hussain", "Received by: (not signed)"),
            (
                "no_analysis",
                "Rejected samples will not be analysed;",
                "Rejected samples will still be analysed, with the results marked as indicative;",
            ),
            ("range", "3.8 to 9.6 °C", "3.8 to 6.0 °C"),
            ("sites", "| Hanley Pool |", "| Hanley Ponds |"),
        ),
    ),
    Log(
        "Bullet points, ISO dates: today's receipt log (2025-06-03) at Blue Earth Water Lab for private well samples, "
        "one bullet per sample in ID order with the address, collected and received times, hours in transit, "
        "temperature on receipt and accepted or rejected. Reject anything past the 30 h hold time or above 10 °C. "
        "WW-1186 14 Birch Lane, collected 2025-06-02 09:15, received 08:45 today, 6.2 °C; WW-1187 220 County Road, "
        "collected 2025-06-02 07:30, received 14:00 today, 5.8 °C; WW-1188 5 Lakeshore Drive, collected 2025-06-02 "
        "16:00, received 08:45, 4.9 °C; WW-1189 38 Mill Street, collected today 06:45, received 08:45, 11.4 °C; "
        "WW-1190 71 Oak Ridge Road, collected 2025-06-02 18:15, received 08:45, 7.7 °C; WW-1191 902 Prairie Avenue, "
        "collected today 07:00, received 08:45, 8.3 °C. Then the number of samples, the lowest and highest receipt "
        "temperatures, results 3 business days after receipt, logged in by Marcus Bell. We don't test rejected "
        "samples.",
        BLUE_EARTH,
        "Blue Earth",
        r"\bWW-\d{4}\b",
        (Decimal(30), Decimal(10)),
        3,
        ("samples logged", "receipt temperatures", "results by"),
        "Marcus Bell",
        (
            "14 Birch Lane",
            "220 County Road",
            "5 Lakeshore Drive",
            "38 Mill Street",
            "71 Oak Ridge Road",
            "902 Prairie Avenue",
        ),
        (
            swap_lines(BLUE_EARTH, "- WW-1188", "- WW-1189"),
            ("transit", "· 23.5 h ·", "· 24.5 h ·"),
            ("rejected", "5.8 °C · REJECTED, past the 30 h hold time", "5.8 °C · accepted"),
            ("count", "Samples logged: 6", "Samples logged: 7"),
            ("due", "Results by: 2025-06-06", "Results by: 2025-06-05"),
            ("receiver", "Logged in by: Marcus Bell", "Logged in by: front desk"),
            (
                "no_analysis",
                "Rejected samples will not be tested;",
                "Rejected samples will still be tested, flagged as outside hold time;",
            ),
            ("range", "to 11.4 °C (highest)", "to 8.3 °C (highest)"),
            ("sites", "71 Oak Ridge Road", "17 Oak Ridge Road"),
        ),
    ),
    Log(
        "Receipt log for batch 25-118 at Suir Valley Milk Lab as fixed-width text in a code block, in sample order: "
        "sample, supplier, collected, received, hours in transit, temperature and status. Accept a sample only if it "
        "arrived within 36 h of collection at 6.0 °C or below. All were received on 04 Nov 2025 at 09:00. Collected "
        "(3 Nov unless said): MK-3301 Ballyhale Farm 06:30, 3.9 °C; MK-3302 Kilree Dairy 07:15, 4.4 °C; MK-3303 "
        "Tullahought Farm 2 Nov at 19:00, 4.1 °C; MK-3304 Mullinavat Farm 08:00, 6.8 °C; MK-3305 Knocktopher Dairy "
        "16:45, 5.2 °C; MK-3306 Stoneyford Farm 18:30, 3.6 °C; MK-3307 Kells Road Dairy 4 Nov at 05:00, 2.8 °C; "
        "MK-3308 Ennisnag Farm 20:00, 5.9 °C. Then the number of samples, the temperature range, results 2 working "
        "days after receipt and received by Ciara Dunne. Rejected samples aren't tested.",
        SUIR,
        "Suir Valley",
        r"\bMK-\d{4}\b",
        (Decimal(36), Decimal("6.0")),
        2,
        ("samples received", "temperature range", "results due"),
        "Ciara Dunne",
        (
            "Ballyhale Farm",
            "Kilree Dairy",
            "Tullahought Farm",
            "Mullinavat Farm",
            "Knocktopher Dairy",
            "Stoneyford Farm",
            "Kells Road Dairy",
            "Ennisnag Farm",
        ),
        (
            swap_lines(SUIR, "MK-3305", "MK-3306"),
            ("transit", "25.75 h", "26.75 h"),
            ("rejected", "REJECTED (OVER 36 H)", "ACCEPTED"),
            ("count", "SAMPLES RECEIVED        8", "SAMPLES RECEIVED        7"),
            ("due", "RESULTS DUE             06 Nov 2025", "RESULTS DUE             07 Nov 2025"),
            ("receiver", "RECEIVED BY             Ciara Dunne", "RECEIVED BY             ----------"),
            (
                "no_analysis",
                "Rejected samples will not be tested;",
                "Rejected samples will still be tested and the results flagged;",
            ),
            ("range", "2.8 to 6.8 °C", "2.8 to 5.9 °C"),
            ("sites", "Ennisnag Farm", "Ennisnagh Farm"),
        ),
    ),
    Log(
        "Plain lines, no tables or bullets: the receipt log for council batch C-0318 at Coastal Food Testing, "
        "Wollongong, one line per sample in ID order with the business and food, collected, received, hours in "
        "transit, temperature on receipt and accepted or rejected. Chilled samples are rejected if more than 48 h "
        "after collection or above 5.0 °C. All received 2025-03-18 09:00. FS-5501 Harbour Kitchen, chicken salad, "
        "collected 2025-03-17 10:30, 3.2 °C; FS-5502 Corrimal Bakery, custard tart, 2025-03-17 14:15, 4.6 °C; FS-5503 "
        "Thirroul Sushi Bar, sushi rice, 2025-03-17 12:00, 7.3 °C; FS-5504 Bulli Butchers, sausages, 2025-03-15 "
        "16:30, 2.1 °C; FS-5505 Figtree Café, egg sandwich, 2025-03-17 15:45, 4.9 °C; FS-5506 Port Kembla Takeaway, "
        "cooked chicken, 2025-03-16 11:00, 3.5 °C. Then the number of samples, the range of temperatures, results 4 "
        "working days after receipt, received by Tom Kerr. Rejected samples are not tested.",
        COASTAL,
        "Coastal",
        r"\bFS-\d{4}\b",
        (Decimal(48), Decimal("5.0")),
        4,
        ("samples in this batch", "temperatures on receipt", "reported by"),
        "Tom Kerr",
        (
            "Harbour Kitchen",
            "Corrimal Bakery",
            "Thirroul Sushi Bar",
            "Bulli Butchers",
            "Figtree Café",
            "Port Kembla Takeaway",
        ),
        (
            swap_lines(COASTAL, "FS-5502", "FS-5503"),
            ("transit", "17.25 h in transit", "16.25 h in transit"),
            ("rejected", "2.1 °C, rejected as over 48 h", "2.1 °C, accepted"),
            ("count", "Samples in this batch: 6", "Samples in this batch: 5"),
            ("due", "reported by 2025-03-24", "reported by 2025-03-22"),
            ("receiver", "Received and checked by Tom Kerr.", "Received and checked at the front counter."),
            (
                "no_analysis",
                "Rejected samples will not be tested;",
                "The rejected samples will still be tested, with a note on the report;",
            ),
            ("range", "from 2.1 °C to 7.3 °C", "from 2.1 °C to 4.9 °C"),
            ("sites", "Bulli Butchers", "Bulli Butchery"),
        ),
    ),
)


def build(log: Log, on: dict[str, bool]) -> str:
    return slipped(log.text, log.slips, on, log.name)


# Reading a sample log -------------------------------------------------------------------------------------------


def samples(answer: str, log: Log) -> list[tuple[str, list[datetime], Decimal | None, Decimal | None, bool]]:
    """(ID, [collected, received, ...], hours in transit, temperature, rejected) of each sample line, in order."""
    out = []
    for line in answer.splitlines():
        code = re.search(log.code, line)
        if code is None:
            continue
        moments = []
        for found in MOMENT.finditer(line):
            day = date_in(found.group(1))
            if day is not None:
                moments.append(datetime(day.year, day.month, day.day, int(found.group(2)), int(found.group(3))))
        hours, warmth = HOURS.search(line), TEMPERATURE.search(line)
        out.append(
            (
                code.group(0),
                moments,
                Decimal(hours.group(1)) if hours else None,
                Decimal(warmth.group(1)) if warmth else None,
                "reject" in line.lower(),
            )
        )
    return out


WORDINGS = {
    "order": ("Lists the samples in order of their IDs", "The samples run in ascending order of sample number"),
    "transit": (
        "Each sample's hours in transit are the time from its collection to its receipt",
        "Works out every sample's time between collection and receipt correctly",
    ),
    "rejected": (
        "Rejects exactly the samples received more than {hours} h after collection or warmer than {warmest} °C",
        "Marks as rejected every sample over {hours} hours in transit or above {warmest} °C on receipt, and no other",
    ),
    "count": ("States the number of samples correctly", "The sample count it gives matches the samples listed"),
    "due": (
        "The results date is {days} working days after the samples were received",
        "Sets the results {days} working days after receipt, counting Monday to Friday",
    ),
    "receiver": (
        "Names {receiver} as the person who received the samples",
        "Records that {receiver} received and logged the batch",
    ),
    "no_analysis": (
        "Does not say that the rejected samples will be analysed",
        "Does not plan to test the samples it rejects",
    ),
    "range": (
        "The lowest and highest temperatures on receipt it gives are those of the samples",
        "Gives the right range of the samples' temperatures on receipt",
    ),
    "sites": ("Names every sample's site as the task gives it", "Each of the {n} sites is named as in the task"),
}
"""Two wordings of each kind of criterion, filled from the log."""


def truths(log: Log, answer: str) -> dict[str, bool]:
    found = samples(answer, log)
    whole = bool(found) and all(len(m) >= 2 and t is not None for _, m, _, t, _ in found)
    transit = {code: Decimal((m[1] - m[0]) // timedelta(minutes=1)) / 60 for code, m, _, _, _ in found} if whole else {}
    late, warmest = log.limits
    too = {code for code, _, _, t, _ in found if t is not None and t > warmest}
    too |= {code for code, hours in transit.items() if hours > late}
    count, span, due = (line_with(answer, words) for words in log.labels)
    stated = [Decimal(n) for n in NUMBER.findall(span)][:2]
    warmth = [t for _, _, _, t, _ in found if t is not None]
    codes = [code for code, _, _, _, _ in found]
    return {
        "order": len(codes) >= 2 and codes == sorted(codes),
        "transit": whole and all(h is not None and h == transit[code] for code, _, h, _, _ in found),
        "rejected": whole and {code for code, _, _, _, rejected in found if rejected} == too,
        "count": bool(NUMBER.search(count)) and int(NUMBER.findall(count)[0]) == len(found),
        "due": whole and date_in(due) == working_days_after(max(m[1].date() for _, m, _, _, _ in found), log.days),
        "receiver": log.receiver in answer,
        "no_analysis": ANALYSED.search(answer) is None,
        "range": bool(warmth) and stated == [min(warmth), max(warmth)],
        "sites": all(site in answer for site in log.sites),
    }


def candidates(rng: random.Random, log: Log, answer: str) -> list[Criterion]:
    values = {
        "hours": log.limits[0],
        "warmest": log.limits[1],
        "days": log.days,
        "receiver": log.receiver,
        "n": len(log.sites),
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(log, answer).items()
    ]


SWITCHES = ("order", "transit", "rejected", "count", "due", "receiver", "no_analysis", "range", "sites")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LOGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
