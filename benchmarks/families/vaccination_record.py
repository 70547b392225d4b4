"""Vaccination record family (fresh20): the vaccination record a task asks for (a baby's immunisation record as a
Markdown table, a traveller's vaccinations as bullets, a dog's vaccination card as plain text in a fenced block, a
nursing student's record for placement clearance as plain lines), with a heading naming whose record it is and the
date of birth, each dose given with its date and batch number, a reaction noted against its dose, the least gap
between two doses of one vaccine, the date the next dose is due and no claim that the course is complete, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh20`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the record written right and then changed by switches: the doses oldest first or two swapped, every dose
the task gives or one dropped, the task's least gap between two doses of one vaccine or one dose dated too soon after
the one before, the next due date by the task's rule or another, a batch number on every dose or one left out, no
claim that the person (or dog) is fully vaccinated or one, every date in the task's form or one in the other, the
reaction noted or not, and the date of birth on the first line or left off. Every truth is read from the text: a dose
is a line with a date (ISO, or as `3 Mar 2025`) that names a vaccine of the task and not the word `due`; the next due
date is the first date on the first line with `due`; a batch number is two to four capitals and three or more digits
(`AB4471`, `A312B01`); the first line is the first non-blank one, of the fenced block when there is one.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    ISO_DATE,
    NAMED_DATE,
    Criterion,
    JudgeCase,
    date_in,
    fenced_or_whole,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "vaccination_record"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BATCH = re.compile(r"\b[A-Z]{1,4}\d{3,}[A-Z0-9]*\b")
DUE = re.compile(r"\bdue\b", re.I)
CLAIM = re.compile(
    r"fully (?:vaccinated|immuni[sz]ed|protected)|up[- ]to[- ]date|course (?:is )?(?:now )?complete"
    r"|all (?:vaccinations|vaccines|jabs) (?:are )?(?:done|complete)",
    re.I,
)


@dataclass(frozen=True)
class Record:
    task: str
    text: str
    """The answer written right."""
    who: tuple[str, date]
    """(whose record it is, the date of birth)."""
    vaccines: tuple[str, ...]
    """How the answer names each vaccine given (any case)."""
    doses: int
    interval: tuple[str, int, str, str]
    """(a vaccine of `vaccines`, the fewest days between two of its doses, its name and the gap in words)."""
    due: tuple[str, date, str]
    """(what is due next, when, the task's rule in words)."""
    iso: bool
    """Whether the task asks for ISO dates (or for dates like `3 Mar 2025`)."""
    reaction: tuple[str, str, str]
    """(a word of the note, the reaction in words, the dose it followed)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


EVANS = """# Immunisation record: Lily Evans (born 3 January 2025)

NHS number 943 476 5919 · GP: Riverside Surgery, Norwich · Record as of 20 October 2025

| Date | Vaccine | Dose | Batch | Given by | Notes |
|---|---|---|---|---|---|
| 3 Mar 2025 | 6-in-1 | 1 | AB4471 | Nurse K. Doyle | Redness at the site for a day |
| 3 Mar 2025 | MenB | 1 | MB2093 | Nurse K. Doyle | |
| 3 Mar 2025 | Rotavirus | 1 | RV8812 | Nurse K. Doyle | |
| 31 Mar 2025 | 6-in-1 | 2 | AB4519 | Nurse K. Doyle | |
| 31 Mar 2025 | Pneumococcal (PCV) | 1 | PN3307 | Nurse K. Doyle | |
| 31 Mar 2025 | Rotavirus | 2 | RV8840 | Nurse K. Doyle | |
| 28 Apr 2025 | 6-in-1 | 3 | AB4602 | Nurse S. Hale | |
| 28 Apr 2025 | MenB | 2 | MB2151 | Nurse S. Hale | |

Next due: the one-year vaccines (Hib/MenC, MMR, PCV booster, MenB booster) from 3 Jan 2026, her first birthday.
The course is not finished yet: the one-year vaccines are still to come."""

KIM = """**Travel vaccination record: Daniel Kim, born 1988-06-14**
Northside Travel Health, Seattle · updated 2025-05-20 · trip: Peru

- 2025-03-03 · Tdap · lot U7734AA · Dr. A. Moreno
- 2025-03-03 · Hepatitis A, dose 1 of 2 · lot HA4417B · Dr. A. Moreno · sore arm for two days
- 2025-03-03 · Typhoid (injectable) · lot TY2290 · Dr. A. Moreno
- 2025-04-07 · Rabies, dose 1 of 2 · lot RB6021 · Dr. A. Moreno
- 2025-04-14 · Rabies, dose 2 of 2 · lot RB6058 · Dr. A. Moreno
- 2025-04-22 · Yellow fever · lot YF0932 · Dr. A. Moreno
- 2025-05-12 · Polio (IPV) booster · lot PV3318 · Dr. A. Moreno

Next due: Hepatitis A dose 2 on 2025-09-03.
Still to do: the second hepatitis A dose, so the hepatitis A course is not finished."""

BRAMBLE = """Here is Bramble's vaccination card as plain text:

```text
BRAMBLE · VACCINATION CARD · born 12 Feb 2024
Border collie, microchip 985112003456789 · owner Gemma Wright
Fellside Vets, Kendal · card updated 2 Jun 2025

DATE          VACCINE                    BATCH      VET
8 Apr 2024    DHP                        A312B01    J. Moss
8 Apr 2024    Leptospirosis (L4)         L40917     J. Moss
6 May 2024    Leptospirosis (L4)         L40988     J. Moss
1 Jul 2024    Rabies                     R22451     J. Moss    mild lethargy that evening
20 Aug 2024   Kennel cough (intranasal)  KC7720     P. Shah
7 Apr 2025    Leptospirosis (L4)         L41530     P. Shah
7 Apr 2025    DHP                        A318C44    P. Shah

NEXT DUE      Leptospirosis (L4) booster on 7 Apr 2026
The DHP protection lasts until 2028, but the L4 booster is needed every year.
```"""

NATARAJAN = """Vaccination record: Priya Natarajan, date of birth 2003-08-22
Student no. 4471902, Bachelor of Nursing, placement clearance as of 2025-07-01
2025-01-13: Hepatitis B dose 1, batch HB5530, Campus Health Clinic
2025-01-13: dTpa (whooping cough), batch DT2281, Campus Health Clinic
2025-02-17: Hepatitis B dose 2, batch HB5577, Campus Health Clinic
2025-02-17: MMR dose 1, batch MR0946, Campus Health Clinic, faint rash on day 9
2025-03-24: MMR dose 2, batch MR1012, Campus Health Clinic
2025-04-28: Varicella dose 1, batch VZ3340, Campus Health Clinic
2025-05-05: Influenza, 2025 season, batch FLU8812, Campus Health Clinic
Next due: Hepatitis B dose 3 on 2025-07-13, six months after dose 1.
The hepatitis B course is not finished, so clearance is pending the third dose."""

RECORDS = (
    Record(
        "Make a Markdown immunisation record for Lily Evans, born 3 January 2025 (NHS number 943 476 5919, Riverside "
        "Surgery, Norwich), as of 20 October 2025: a heading with her name and date of birth, then a table of the "
        "doses given, oldest first, with date, vaccine, dose, batch and who gave it, dates written like 3 Mar 2025. "
        "3 Mar 2025, Nurse K. Doyle: 6-in-1 dose 1 (batch AB4471; redness at the site for a day afterwards), MenB 1 "
        "(MB2093), rotavirus 1 (RV8812). 31 Mar 2025, Nurse Doyle: 6-in-1 dose 2 (AB4519), pneumococcal 1 (PN3307), "
        "rotavirus 2 (RV8840). 28 Apr 2025, Nurse S. Hale: 6-in-1 dose 3 (AB4602), MenB 2 (MB2151). Add when the "
        "one-year vaccines are due (from her first birthday). Don't say she's fully vaccinated: the one-year jabs are "
        "still to come.",
        EVANS,
        ("Lily Evans", date(2025, 1, 3)),
        ("6-in-1", "MenB", "Rotavirus", "Pneumococcal"),
        8,
        ("6-in-1", 28, "6-in-1", "4 weeks"),
        ("the one-year vaccines", date(2026, 1, 3), "on her first birthday"),
        False,
        ("redness", "redness at the injection site", "first 6-in-1"),
        (
            swap_lines(EVANS, "| 31 Mar 2025 | Rotavirus", "| 28 Apr 2025 | 6-in-1"),
            ("count", "| 3 Mar 2025 | Rotavirus | 1 | RV8812 | Nurse K. Doyle | |\n", ""),
            ("interval", "| 31 Mar 2025 | 6-in-1 | 2 |", "| 24 Mar 2025 | 6-in-1 | 2 |"),
            ("next_due", "from 3 Jan 2026", "from 28 Apr 2026"),
            ("batch", "| MB2151 |", "| |"),
            (
                "no_claim",
                "The course is not finished yet: the one-year vaccines are still to come.",
                "Lily's course is complete and she is fully vaccinated.",
            ),
            ("dates", "| 31 Mar 2025 | Pneumococcal", "| 2025-03-31 | Pneumococcal"),
            ("reaction", "Redness at the site for a day", ""),
            ("heading", "Lily Evans (born 3 January 2025)", "Lily Evans"),
        ),
    ),
    Record(
        "Travel vaccination record for Daniel Kim (born 1988-06-14) from Northside Travel Health, Seattle, updated "
        "2025-05-20, for his trip to Peru. Head it with his name and date of birth, then bullets, oldest first, ISO "
        "dates, each with the vaccine, lot and clinician (all Dr. A. Moreno): 2025-03-03 Tdap (lot U7734AA), "
        "hepatitis A dose 1 of 2 (HA4417B; he had a sore arm for two days) and injectable typhoid (TY2290); "
        "2025-04-07 rabies dose 1 of 2 (RB6021); 2025-04-14 rabies dose 2 (RB6058); 2025-04-22 yellow fever "
        "(YF0932); 2025-05-12 polio IPV booster (PV3318). Give the date hep A dose 2 is due, 6 months after dose 1, "
        "and don't say he's fully vaccinated: the hep A course isn't finished.",
        KIM,
        ("Daniel Kim", date(1988, 6, 14)),
        ("Tdap", "Hepatitis A", "Typhoid", "Rabies", "Yellow fever", "Polio"),
        7,
        ("Rabies", 7, "rabies", "7 days"),
        ("hepatitis A dose 2", date(2025, 9, 3), "6 months after dose 1"),
        True,
        ("sore arm", "sore arm", "hepatitis A"),
        (
            swap_lines(KIM, "- 2025-04-22 · Yellow", "- 2025-05-12 · Polio"),
            ("count", "- 2025-03-03 · Typhoid (injectable) · lot TY2290 · Dr. A. Moreno\n", ""),
            ("interval", "2025-04-14 · Rabies", "2025-04-11 · Rabies"),
            ("next_due", "on 2025-09-03", "on 2025-06-03"),
            ("batch", " · lot U7734AA", ""),
            (
                "no_claim",
                "Still to do: the second hepatitis A dose, so the hepatitis A course is not finished.",
                "Daniel is fully vaccinated for the trip.",
            ),
            ("dates", "2025-04-07 · Rabies", "7 Apr 2025 · Rabies"),
            ("reaction", " · sore arm for two days", ""),
            ("heading", "Daniel Kim, born 1988-06-14", "Daniel Kim"),
        ),
    ),
    Record(
        "Bramble's vaccination card (border collie, born 12 Feb 2024, microchip 985112003456789, owner Gemma Wright, "
        "Fellside Vets, Kendal), updated 2 Jun 2025, as plain text in a code block: first line her name and date of "
        "birth, then a row for each vaccine given, oldest first, with date, vaccine, batch and vet, dates like "
        "8 Apr 2024. 8 Apr 2024: DHP (A312B01) and leptospirosis L4 (L40917), J. Moss; 6 May 2024: L4 (L40988), "
        "J. Moss; 1 Jul 2024: rabies (R22451), J. Moss, and she was lethargic that evening; 20 Aug 2024: intranasal "
        "kennel cough (KC7720), P. Shah; 7 Apr 2025: L4 (L41530) and DHP (A318C44), P. Shah. Put when the next L4 "
        "booster is due, 12 months after the last, and don't call her fully vaccinated: L4 is yearly.",
        BRAMBLE,
        ("Bramble", date(2024, 2, 12)),
        ("DHP", "Leptospirosis", "Rabies", "Kennel cough"),
        7,
        ("Leptospirosis", 28, "L4", "4 weeks"),
        ("the next L4 booster", date(2026, 4, 7), "12 months after the last L4 dose"),
        False,
        ("letharg", "lethargy", "rabies"),
        (
            swap_lines(BRAMBLE, "20 Aug 2024   Kennel", "7 Apr 2025    Leptospirosis"),
            ("count", "7 Apr 2025    DHP                        A318C44    P. Shah\n", ""),
            ("interval", "6 May 2024    Leptospirosis", "29 Apr 2024   Leptospirosis"),
            ("next_due", "booster on 7 Apr 2026", "booster on 7 Oct 2025"),
            ("batch", "A312B01    J. Moss", "           J. Moss"),
            (
                "no_claim",
                "The DHP protection lasts until 2028, but the L4 booster is needed every year.",
                "Bramble is fully vaccinated and needs nothing more this year.",
            ),
            ("dates", "1 Jul 2024    Rabies", "2024-07-01    Rabies"),
            ("reaction", "    mild lethargy that evening", ""),
            ("heading", "BRAMBLE · VACCINATION CARD · born 12 Feb 2024", "BRAMBLE · VACCINATION CARD"),
        ),
    ),
    Record(
        "Plain lines, no tables or bullets: Priya Natarajan's vaccination record (date of birth 2003-08-22, student "
        "no. 4471902, Bachelor of Nursing) for placement clearance as of 2025-07-01, ISO dates, her name and date of "
        "birth on the first line, then one line a dose, oldest first, with batch and clinic (all Campus Health "
        "Clinic): 2025-01-13 hepatitis B dose 1 (HB5530) and dTpa (DT2281); 2025-02-17 hepatitis B dose 2 (HB5577) "
        "and MMR dose 1 (MR0946, a faint rash on day 9); 2025-03-24 MMR dose 2 (MR1012); 2025-04-28 varicella dose 1 "
        "(VZ3340); 2025-05-05 influenza, 2025 season (FLU8812). Say when hepatitis B dose 3 is due, six months after "
        "dose 1; she isn't cleared until then, so don't call her fully vaccinated.",
        NATARAJAN,
        ("Priya Natarajan", date(2003, 8, 22)),
        ("Hepatitis B", "dTpa", "MMR", "Varicella", "Influenza"),
        7,
        ("Hepatitis B", 28, "hepatitis B", "4 weeks"),
        ("hepatitis B dose 3", date(2025, 7, 13), "six months after dose 1"),
        True,
        ("rash", "rash", "first MMR"),
        (
            swap_lines(NATARAJAN, "2025-04-28: Varicella", "2025-05-05: Influenza"),
            ("count", "2025-03-24: MMR dose 2, batch MR1012, Campus Health Clinic\n", ""),
            ("interval", "2025-02-17: Hepatitis B", "2025-02-03: Hepatitis B"),
            ("next_due", "on 2025-07-13", "on 2025-04-17"),
            ("batch", ", batch DT2281", ""),
            (
                "no_claim",
                "The hepatitis B course is not finished, so clearance is pending the third dose.",
                "Priya is fully vaccinated and cleared for placement.",
            ),
            ("dates", "2025-01-13: dTpa", "13 Jan 2025: dTpa"),
            ("reaction", ", faint rash on day 9", ""),
            ("heading", "Priya Natarajan, date of birth 2003-08-22", "Priya Natarajan"),
        ),
    ),
)


def build(record: Record, on: dict[str, bool]) -> str:
    return slipped(record.text, record.slips, on, record.who[0])


# Reading a record -----------------------------------------------------------------------------------------------


def doses(answer: str, record: Record) -> list[tuple[date, str, str]]:
    """(date, vaccine, line) of each line with a date that names a vaccine of the task and not `due`; the vaccine is
    the one named first."""
    out = []
    for line in answer.splitlines():
        day, lower = date_in(line), line.lower()
        named = [v for v in record.vaccines if v.lower() in lower]
        if day is not None and named and not DUE.search(line):
            out.append((day, min(named, key=lambda v: lower.index(v.lower())), line))
    return out


def spaced(days: list[date], least: int) -> bool:
    """Whether there are two dates or more and each is at least `least` days after the one before, taken in order."""
    days = sorted(days)
    return len(days) >= 2 and all((later - earlier).days >= least for earlier, later in zip(days, days[1:]))


def headed(answer: str, record: Record) -> bool:
    first = next((s for s in fenced_or_whole(answer).splitlines() if s.strip()), "")
    return record.who[0].lower() in first.lower() and date_in(first) == record.who[1]


WORDINGS = {
    "order": ("Lists the doses in date order, earliest first", "Records the vaccinations oldest first"),
    "count": ("Records all {n} doses given so far", "Has exactly {n} doses on the record"),
    "interval": (
        "The {vaccine} doses are at least {gap} apart",
        "Leaves at least {gap} between one {vaccine} dose and the next",
    ),
    "next_due": ("The due date given for {next} is {rule}", "Gives {next} as due {rule}"),
    "batch": ("Gives a batch number for every dose", "Each dose on the record has its batch (lot) number"),
    "no_claim": (
        "Does not claim {short} is fully vaccinated or that the course is complete",
        "Makes no statement that {short} is up to date with all vaccines",
    ),
    "dates": ("Writes every date in {style}", "All dates on the record are in {style}"),
    "reaction": (
        "Notes the {reaction} after the {after} dose",
        "Records the reaction ({reaction}) that followed the {after} dose",
    ),
    "heading": (
        "Opens with a heading giving {who}'s name and date of birth",
        "The first line names {who} and gives the date of birth",
    ),
}
"""Two wordings of each kind of criterion, filled from the record."""


def truths(record: Record, answer: str) -> dict[str, bool]:
    found = doses(answer, record)
    days = [day for day, _, _ in found]
    vaccine, least, _, _ = record.interval
    due = next((s for s in answer.splitlines() if DUE.search(s)), "")
    return {
        "order": bool(days) and days == sorted(days),
        "count": len(found) == record.doses,
        "interval": spaced([day for day, named, _ in found if named == vaccine], least),
        "next_due": date_in(due) == record.due[1],
        "batch": bool(found) and all(BATCH.search(line) for _, _, line in found),
        "no_claim": CLAIM.search(answer) is None,
        "dates": (NAMED_DATE if record.iso else ISO_DATE).search(answer) is None,
        "reaction": record.reaction[0] in answer.lower(),
        "heading": headed(answer, record),
    }


def candidates(rng: random.Random, record: Record, answer: str) -> list[Criterion]:
    values = {
        "n": record.doses,
        "vaccine": record.interval[2],
        "gap": record.interval[3],
        "next": record.due[0],
        "rule": record.due[2],
        "short": record.who[0].split()[0],
        "style": "ISO form (YYYY-MM-DD)" if record.iso else "day, month and year form, like 9 Jun 2025",
        "reaction": record.reaction[1],
        "after": record.reaction[2],
        "who": record.who[0],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(record, answer).items()
    ]


SWITCHES = ("order", "count", "interval", "next_due", "batch", "no_claim", "dates", "reaction", "heading")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, RECORDS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
