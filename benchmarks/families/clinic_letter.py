"""Clinic letter family (fresh22): the letter a task asks a clinic to send a patient about a booked procedure (a UK
hospital's gastroscopy with its details in a Markdown table, a US oral surgeon's confirmation as bullets, an Irish
hospital's day surgery letter as plain text in a fenced block, an Australian eye centre's cataract surgery letter as
plain lines), with the date and its weekday, the appointment time, the time to arrive, the time to stop eating, the
date to confirm by, the patient's number, where to go, what to bring, who takes the patient home and whether to keep
taking the usual medicines, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh22`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the letter written right and then changed by switches: the weekday the date's or another, the time
to arrive the task's minutes before the appointment or not, the time to stop eating the task's hours before it or not,
the date to confirm by the task's days before it or another, the patient's number as given or two digits swapped,
every thing the task says to bring asked for or one dropped, an adult to take the patient home asked for or not, the
usual medicines kept or the patient told to stop them, and the place the task's or another floor or suite. Every truth
is read from the text: the date and the weekday are the first date and weekday name on the first line with the task's
words for the date; the appointment time, the time to arrive and the time to stop eating the first time (`13:30`,
`1:45 PM`) on the first line with the task's words for each; the date to confirm by the first date on the first line
with `to confirm`; the number, the things to bring and the place are looked for as the task gives them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    pick_wording,
    slipped,
    switched_cases,
    weekday_matches,
)

FAMILY = "clinic_letter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ESCORT = re.compile(r"\badult\b[^.\n]*\b(?:take you home|drive you home|collect you|pick you up)", re.I)
STOP = re.compile(r"\bstop (?:taking|all)\b[^.\n]*\bmedic", re.I)


@dataclass(frozen=True)
class Letter:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, str, str, str]
    """The words (lower-case) that find the lines of the date, the appointment time, the time to arrive and the time
    to stop eating."""
    before: tuple[int, int, int]
    """(minutes to arrive before the appointment, hours without food before it, days before it to confirm by)."""
    number: tuple[str, str]
    """(the patient's number as the task gives it, what it is called)."""
    bring: tuple[tuple[str, str], ...]
    """(the words looked for, the thing in words) of each thing to bring."""
    place: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KINGSMEAD = """# Your gastroscopy appointment

Kingsmead Hospital NHS Trust
Hospital number: K448 2197

Dear Mrs Okafor,

Dr Anand has referred you for a gastroscopy. The details of your appointment are below.

| | |
|---|---|
| Date | Tuesday 10 March 2026 |
| Appointment time | 13:30 |
| Please arrive by | 13:00 |
| Where | Endoscopy Unit, Level 2, Bramley Wing |

**Before your test**
- Nothing to eat after 07:30 on the day of your test. You may sip water until 11:30.
- Keep taking your usual medicines with a little water.

**Please bring**
- a copy of your repeat prescription
- a dressing gown and slippers

If you choose sedation, an adult must take you home and stay with you overnight.

Please ring us on 01392 555 204 by 3 March 2026 to confirm that you can come.

Yours sincerely,
Endoscopy booking team"""

CEDAR_RIDGE = """**Cedar Ridge Oral Surgery · Appointment confirmation**

Hi Daniel,

This confirms your wisdom tooth removal with Dr. Patel under IV sedation.

- Date: Thursday, 2026-04-16
- Surgery time: 1:45 PM
- Check in at: 1:30 PM
- Where: Suite 210, 4400 Cedar Ridge Parkway, Boise
- Patient ID: CR-20931

**Before surgery**
- No food or drink after 5:45 AM on the day of surgery.
- Take your regular medications as usual with a small sip of water.
- A responsible adult must drive you home and stay with you for the rest of the day.

**Bring with you**
- Photo ID
- Your insurance card

Please reply or call (208) 555-0147 by 2026-04-13 to confirm your appointment.

Cedar Ridge Oral Surgery front desk"""

ST_KIERAN = """Here is the letter as plain text, ready to print:

```text
ST. KIERAN'S UNIVERSITY HOSPITAL, CORK
MRN: 3017 5542

Dear Mr. Ó Briain,

Your hernia repair with Mr. Fitzgerald is booked as follows:

  Date:                 Monday 20 April 2026
  Operation time:       13:00
  Report to reception:  11:30
  Ward:                 Day Surgery Unit, Ground Floor, Block C

Nothing to eat after 07:00 on the day of your operation. Water is fine until 11:00.
Keep taking your usual medicines unless the pre-assessment nurse told you otherwise.
Please bring your dressing gown, your medication list and your Medical Card.
An adult must collect you from the ward and stay with you for 24 hours.
Ring the ward on 021 555 3390 by 10 April 2026 to confirm your place.

Yours sincerely,
Day Surgery Admissions
```"""

RIVERSIDE = """Riverside Eye Centre, Hobart
Patient number: RE-77310

Dear Ms Thompson,

Your cataract surgery on your left eye with Dr Nguyen is booked for Friday 15 May 2026.
Operation time: 2:30 pm
Please arrive at 1:30 pm to allow time for the eye drops to work.
Where: Day Procedure Suite, Level 1, 42 Collins Street
Nothing to eat after 8:30 am on the day of surgery; you may drink clear fluids until 12:30 pm.
Keep taking your usual medicines, including your blood pressure tablets.
Bring your glasses, your Medicare card and a list of your medicines.
Because you will have sedation, an adult must drive you home and stay with you overnight.
Please call 03 6255 0182 by 1 May 2026 to confirm that you are coming.

Kind regards,
Riverside Eye Centre"""

LETTERS = (
    Letter(
        "Write the appointment letter from Kingsmead Hospital NHS Trust to Mrs Grace Okafor (hospital number K448 "
        "2197) for the gastroscopy Dr Anand referred her for: Tuesday 10 March 2026 at 13:30 in the Endoscopy Unit, "
        "Level 2, Bramley Wing. Put the date, time, arrival time and place in a small Markdown table. She should "
        "arrive 30 minutes early and have nothing to eat for 6 hours before the appointment (sips of water are fine "
        "until 2 hours before). She should keep taking her usual medicines, bring a copy of her repeat prescription "
        "and a dressing gown, and if she has sedation an adult must take her home. Ask her to ring 01392 555 204 a "
        "week before to confirm.",
        KINGSMEAD,
        "Kingsmead",
        ("| date |", "appointment time", "arrive by", "nothing to eat"),
        (30, 6, 7),
        ("K448 2197", "hospital number"),
        (("repeat prescription", "a copy of her repeat prescription"), ("dressing gown", "a dressing gown")),
        "Endoscopy Unit, Level 2, Bramley Wing",
        (
            ("weekday", "Tuesday 10 March 2026", "Wednesday 10 March 2026"),
            ("arrive", "| 13:00 |", "| 12:45 |"),
            ("fasting", "after 07:30", "after 09:30"),
            ("confirm", "by 3 March 2026", "by 5 March 2026"),
            ("number", "K448 2197", "K484 2197"),
            ("bring", "- a dressing gown and slippers", "- something to read"),
            (
                "escort",
                "an adult must take you home and stay with you overnight.",
                "you can go home once the nurse is happy with you.",
            ),
            ("no_stop", "Keep taking your usual medicines with a little water.", "Stop taking your usual medicines."),
            ("place", "Level 2, Bramley Wing", "Level 3, Bramley Wing"),
        ),
    ),
    Letter(
        "Bullet points, ISO dates: the appointment confirmation from Cedar Ridge Oral Surgery to Daniel Brooks "
        "(patient ID CR-20931) for his wisdom tooth removal under IV sedation with Dr. Patel on 2026-04-16 at 1:45 PM "
        "in Suite 210, 4400 Cedar Ridge Parkway, Boise. Give the weekday with the date. He must check in 15 minutes "
        "before, have no food or drink for 8 hours before surgery, take his regular medications as usual, bring "
        "photo ID and his insurance card, and have a responsible adult drive him home. Ask him to confirm by phone, "
        "(208) 555-0147, 3 days before.",
        CEDAR_RIDGE,
        "Cedar Ridge",
        ("- date:", "surgery time", "check in at", "no food"),
        (15, 8, 3),
        ("CR-20931", "patient ID"),
        (("photo ID", "photo ID"), ("insurance card", "his insurance card")),
        "Suite 210, 4400 Cedar Ridge Parkway",
        (
            ("weekday", "Thursday, 2026-04-16", "Friday, 2026-04-16"),
            ("arrive", "Check in at: 1:30 PM", "Check in at: 1:15 PM"),
            ("fasting", "after 5:45 AM", "after 7:45 AM"),
            ("confirm", "by 2026-04-13", "by 2026-04-14"),
            ("number", "CR-20931", "CR-20391"),
            ("bring", "- Your insurance card", "- A warm sweater"),
            (
                "escort",
                "A responsible adult must drive you home and stay with you for the rest of the day.",
                "You may leave as soon as you feel steady on your feet.",
            ),
            (
                "no_stop",
                "Take your regular medications as usual with a small sip of water.",
                "Stop taking your regular medications two days before surgery.",
            ),
            ("place", "Suite 210", "Suite 201"),
        ),
    ),
    Letter(
        "Letter from St. Kieran's University Hospital, Cork, to Mr. Seán Ó Briain (MRN 3017 5542) for his hernia "
        "repair with Mr. Fitzgerald, as plain text in a code block so the ward can print it: Monday 20 April 2026, "
        "operation at 13:00, in the Day Surgery Unit, Ground Floor, Block C. He reports to reception 90 minutes "
        "before the operation and has nothing to eat for 6 hours before it (water until 2 hours before). He keeps "
        "taking his usual medicines unless the pre-assessment nurse said otherwise, brings his dressing gown, his "
        "medication list and his Medical Card, and an adult must collect him and stay with him for 24 hours. He "
        "should ring the ward on 021 555 3390 ten days before to confirm.",
        ST_KIERAN,
        "St Kieran",
        ("date:", "operation time", "report to", "nothing to eat"),
        (90, 6, 10),
        ("3017 5542", "MRN"),
        (("medication list", "his medication list"), ("Medical Card", "his Medical Card")),
        "Day Surgery Unit, Ground Floor, Block C",
        (
            ("weekday", "Monday 20 April 2026", "Tuesday 20 April 2026"),
            ("arrive", "Report to reception:  11:30", "Report to reception:  12:00"),
            ("fasting", "after 07:00", "after 08:00"),
            ("confirm", "by 10 April 2026", "by 13 April 2026"),
            ("number", "3017 5542", "3071 5542"),
            ("bring", "your medication list and your Medical Card", "your medication list and a book"),
            (
                "escort",
                "An adult must collect you from the ward and stay with you for 24 hours.",
                "You may go home by taxi once the nurse has checked your wound.",
            ),
            (
                "no_stop",
                "Keep taking your usual medicines unless the pre-assessment nurse told you otherwise.",
                "Stop taking all your usual medicines two days before the operation.",
            ),
            ("place", "Ground Floor, Block C", "Ground Floor, Block D"),
        ),
    ),
    Letter(
        "Plain lines, no tables or bullets: a letter from Riverside Eye Centre, Hobart, to Ms Helen Thompson "
        "(patient number RE-77310) for her left eye cataract surgery with Dr Nguyen on Friday 15 May 2026, operation "
        "at 2:30 pm, in the Day Procedure Suite, Level 1, 42 Collins Street. She should arrive an hour early for "
        "the eye drops and have nothing to eat for 6 hours before (clear fluids until 2 hours before). She keeps "
        "taking her usual medicines, brings her glasses, her Medicare card and a list of her medicines, and as she "
        "will have sedation an adult must drive her home. Ask her to call 03 6255 0182 two weeks before to confirm.",
        RIVERSIDE,
        "Riverside",
        ("booked for", "operation time", "please arrive", "nothing to eat"),
        (60, 6, 14),
        ("RE-77310", "patient number"),
        (("glasses", "her glasses"), ("Medicare card", "her Medicare card")),
        "Day Procedure Suite, Level 1, 42 Collins Street",
        (
            ("weekday", "Friday 15 May 2026", "Thursday 15 May 2026"),
            ("arrive", "arrive at 1:30 pm", "arrive at 2:00 pm"),
            ("fasting", "after 8:30 am", "after 10:30 am"),
            ("confirm", "by 1 May 2026", "by 8 May 2026"),
            ("number", "RE-77310", "RE-73710"),
            ("bring", "Bring your glasses, your Medicare card and", "Bring your glasses and"),
            (
                "escort",
                "an adult must drive you home and stay with you overnight.",
                "please rest at home for the remainder of the day.",
            ),
            (
                "no_stop",
                "Keep taking your usual medicines, including your blood pressure tablets.",
                "Stop taking your usual medicines, including your blood pressure tablets.",
            ),
            ("place", "Level 1, 42 Collins Street", "Level 2, 42 Collins Street"),
        ),
    ),
)


def build(letter: Letter, on: dict[str, bool]) -> str:
    return slipped(letter.text, letter.slips, on, letter.name)


# Reading an appointment letter --------------------------------------------------------------------------------


WORDINGS = {
    "weekday": (
        "The weekday given for the appointment matches its date",
        "Names the right day of the week for the appointment date",
    ),
    "arrive": (
        "Asks the patient to arrive {arrive} minutes before the appointment time",
        "The arrival time it gives is {arrive} minutes ahead of the appointment",
    ),
    "fasting": (
        "The time after which the patient must not eat is {fasting} hours before the appointment",
        "Sets the last time to eat {fasting} hours before the appointment time",
    ),
    "confirm": (
        "Asks the patient to confirm by the date {confirm} days before the appointment",
        "The date to confirm by falls {confirm} days before the appointment",
    ),
    "number": ("Quotes the {number_name} {number} as given", "Gives the {number_name} as {number}"),
    "bring": ("Asks the patient to bring {bring}", "Lists {bring} among the things to bring"),
    "escort": (
        "Says that an adult must take the patient home",
        "Tells the patient to arrange for an adult to see them home",
    ),
    "no_stop": (
        "Does not tell the patient to stop their usual medicines",
        "Does not advise the patient to stop taking their regular medication",
    ),
    "place": ("Gives the place as {place}", "Directs the patient to {place}"),
}
"""Two wordings of each kind of criterion, filled from the letter."""


def truths(letter: Letter, answer: str) -> dict[str, bool]:
    day_line, time_line, arrive_line, fasting_line = (line_with(answer, words) for words in letter.labels)
    day, start = date_in(day_line), clock(time_line)
    arrive, fasting, confirm = letter.before
    return {
        "weekday": weekday_matches(day_line),
        "arrive": start is not None and clock(arrive_line) == start - arrive,
        "fasting": start is not None and clock(fasting_line) == start - 60 * fasting,
        "confirm": day is not None and date_in(line_with(answer, "to confirm")) == day - timedelta(days=confirm),
        "number": letter.number[0] in answer,
        "bring": all(words.lower() in answer.lower() for words, _ in letter.bring),
        "escort": ESCORT.search(answer) is not None,
        "no_stop": STOP.search(answer) is None,
        "place": letter.place in answer,
    }


def candidates(rng: random.Random, letter: Letter, answer: str) -> list[Criterion]:
    arrive, fasting, confirm = letter.before
    values = {
        "arrive": arrive,
        "fasting": fasting,
        "confirm": confirm,
        "number": letter.number[0],
        "number_name": letter.number[1],
        "bring": " and ".join(thing for _, thing in letter.bring),
        "place": letter.place,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(letter, answer).items()
    ]


SWITCHES = ("weekday", "arrive", "fasting", "confirm", "number", "bring", "escort", "no_stop", "place")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LETTERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
