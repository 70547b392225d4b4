"""Party invitation family (fresh31): the invitation a host asks for to send to guests (a child's
trampoline birthday party, a friend's 40th birthday drinks, a colleague's retirement party, a baby's
first birthday in the garden), with whose party it is, the date, times and place, what to bring or
expect, and when and how to reply, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh31`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the invitation (Markdown headings, bold `Label:` lines, plain text with `Label:` lines,
or `###` headings with the details in a table), written right and then changed by switches. Every
truth is read from the text: the name's spellings, the first line, the words as runs of letters, the
party's date as the first dated line that is not the reply line and the reply-by date from the line
asking for replies, the length stated on the first line with two times of day (in hours and
minutes, in figures or words), and the weekdays from the dated lines.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clocks,
    date_in,
    number_in,
    pick_wording,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "party_invitation"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DIETARY = re.compile(r"allerg|dietary", re.I)
FORMAL = re.compile(
    r"cordially|request(?:s)? the (?:pleasure|honour)|kindly requested|earliest convenience|favour of a reply", re.I
)
REPLY = re.compile(r"\bRSVP\b|\breply by\b|\blet (?:me|us) know by\b", re.I)
HOURS = re.compile(r"\b(\w+)\s+hours?\b", re.I)
MINUTES = re.compile(r"\b(\d+)\s+min(?:ute)?s?\b", re.I)


@dataclass(frozen=True)
class Invitation:
    name: str
    """Whose party it is, as the name is spelt."""
    task: str
    text: str
    """The answer written right."""
    gap: int
    """The days between the reply-by date and the party."""
    limit: int
    """The invitation's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MAYA = """# Maya is turning 7!

Come and bounce with us at the trampoline park. There will be an hour of jumping, then pizza and cake in the party room.

## When and where
**Saturday 13 June 2026, 2:00 pm to 4:00 pm (2 hours)**
Jump Zone, Unit 4, Riverside Retail Park, Norwich NR1 2DD

## What to bring
- Comfy clothes (grip socks are provided)
- A drink in a named bottle

## RSVP
Please RSVP by Saturday 6 June 2026 so we can book the right number of jumpers. Let us know about any allergies too, as the pizza comes from the park's kitchen.

Hope you can come!
Priya (Maya's mum)
"""

DECLAN = """**Declan's 40th birthday drinks**

Declan is finally catching up with the rest of us, so come and help him celebrate with a drink, a buffet and a bit of dancing.

**When:** Friday 9 October 2026, 7:30 pm to 11:30 pm (4 hours)
**Where:** The upstairs room at The Fox and Hounds, 22 Bridge Street, Hebden Bridge
**Food:** A hot buffet from 8:30 pm. Tell Sam about any dietary needs and the kitchen will sort you out.
**Dress code:** Whatever you like, but there will be a photo booth.
**Gifts:** None needed, honestly. Declan says your company is plenty.
**RSVP:** Reply by Friday 25 September 2026 to Sam on the group chat, so we can give the pub numbers.

See you there,
Sam
"""

MARGARET = """Margaret's retirement party

Hi everyone,

After 31 years at Halden Library, Margaret is retiring at the end of July, and we're throwing her a send-off she won't forget.

Date: Thursday 30 July 2026
Time: 4:00 pm to 6:30 pm (2 hours 30 minutes)
Place: The garden room at Halden Library

There'll be tea, cake and a few speeches, plus a card and a collection at the front desk for anyone who'd like to sign or chip in.

Please let me know by Thursday 16 July 2026 if you can make it. If you have any food allergies, tell me then and I'll make sure there's something for you.

It would mean a lot to Margaret to see you there.

Thanks,
Janet
"""

ISABELLA = """### Come and celebrate Isabella's first birthday

We can't quite believe it, but our little Isabella is one! Join us in the garden for a relaxed afternoon of food, bubbles and far too much cake.

| | |
|---|---|
| When | Sunday 23 August 2026, 12:30 pm to 4:00 pm (3 hours 30 minutes) |
| Where | 41 Meadow Lane, Thornbury |
| Bring | Sun cream, and a picnic blanket if you have one |
| Kids | Very welcome: there's a paddling pool, so pack a towel |

### Replies
Please let us know by Sunday 9 August 2026, so we can order enough food. Tell us about any allergies too, especially for the little ones.

Lots of love,
Hannah and Tom
"""

LONGER = (
    " We have been planning this for weeks and cannot wait to see everyone together again, old friends and new."
    " There will be plenty of food, plenty to drink and plenty of time to catch up, so do stay as long as you like."
    " If you are not sure whether you can make it yet, just tell us when you know: we would much rather have"
    " you late than not at all, and there is always room for one more."
)

INVITATIONS = (
    Invitation(
        "Maya",
        "Write an invitation for my daughter Maya's 7th birthday party at Jump Zone (Unit 4, Riverside Retail Park, "
        "Norwich NR1 2DD) on Saturday 13 June 2026, 2 to 4 pm; say how long it lasts. An hour of jumping, then pizza "
        "and cake. Markdown headings, fun and friendly. Say what to bring (comfy clothes, a named drink; grip socks "
        "provided). Ask for replies a week before the party, and ask about allergies. Sign it from Priya (Maya's "
        "mum). Keep it under 135 words.",
        MAYA,
        7,
        135,
        (
            swap_spans(MAYA, "## When and where", "## RSVP", "Hope you can come!"),
            ("name", "(Maya's mum)", "(Mya's mum)"),
            ("dietary", " Let us know about any allergies too, as the pizza comes from the park's kitchen.", ""),
            (
                "informal",
                "Come and bounce with us at the trampoline park.",
                "You are cordially invited to the trampoline park.",
            ),
            ("first_line", "# Maya is turning 7!", "# You're invited!\n\nMaya is turning 7!"),
            ("short", "in the party room.", "in the party room." + LONGER),
            ("weekday", "**Saturday 13 June 2026", "**Sunday 13 June 2026"),
            ("duration", "(2 hours)", "(3 hours)"),
            ("rsvp", "RSVP by Saturday 6 June 2026", "RSVP by Monday 8 June 2026"),
        ),
    ),
    Invitation(
        "Declan",
        "Can you write the invite for Declan's 40th? Friday 9 October 2026, 7:30 pm to 11:30 pm (put how many hours), "
        "upstairs at The Fox and Hounds, 22 Bridge Street, Hebden Bridge. Hot buffet at 8:30; people should tell me "
        "(Sam) about dietary needs. No dress code, photo booth, no gifts. Replies to me on the group chat two weeks "
        "before. Use bold labels, keep it casual and under 150 words.",
        DECLAN,
        14,
        150,
        (
            swap_spans(DECLAN, "**When:**", "**RSVP:**", "See you there"),
            ("name", "Declan says your company", "Deklan says your company"),
            ("dietary", " Tell Sam about any dietary needs and the kitchen will sort you out.", ""),
            (
                "informal",
                "Declan is finally catching up with the rest of us, so come and help him celebrate",
                "Sam requests the pleasure of your company to help Declan celebrate",
            ),
            ("first_line", "**Declan's 40th birthday drinks**", "**Party time!**\n\nDeclan's 40th birthday drinks"),
            ("short", "a bit of dancing.", "a bit of dancing." + LONGER),
            ("weekday", "**When:** Friday 9 October 2026", "**When:** Thursday 9 October 2026"),
            ("duration", "(4 hours)", "(3 hours)"),
            ("rsvp", "Reply by Friday 25 September 2026", "Reply by Saturday 26 September 2026"),
        ),
    ),
    Invitation(
        "Margaret",
        "Please draft an invitation I can email round the team for Margaret's retirement party: Thursday 30 July 2026, "
        "4:00 pm to 6:30 pm (give the length), in the garden room at Halden Library, after her 31 years here. Tea, "
        "cake, speeches, and a card and collection at the front desk. Plain `Label:` lines for date, time and place. "
        "Replies to me (Janet) two weeks before, and ask about food allergies. Warm and informal, no more than 145 "
        "words.",
        MARGARET,
        14,
        145,
        (
            swap_spans(MARGARET, "Date: Thursday", "Please let me know by", "It would mean"),
            ("name", "a lot to Margaret to see", "a lot to Margret to see"),
            (
                "dietary",
                " If you have any food allergies, tell me then and I'll make sure there's something for you.",
                "",
            ),
            (
                "informal",
                "and we're throwing her a send-off she won't forget.",
                "and you are kindly requested to attend her retirement reception.",
            ),
            ("first_line", "Margaret's retirement party\n", "Party invitation\n"),
            ("short", "sign or chip in.", "sign or chip in." + LONGER),
            ("weekday", "Date: Thursday 30 July 2026", "Date: Wednesday 30 July 2026"),
            ("duration", "(2 hours 30 minutes)", "(2 hours)"),
            ("rsvp", "let me know by Thursday 16 July 2026", "let me know by Friday 17 July 2026"),
        ),
    ),
    Invitation(
        "Isabella",
        "We're having a garden party for Isabella's first birthday: Sunday 23 August 2026, 12:30 pm to 4:00 pm (with "
        "how long that is), at 41 Meadow Lane, Thornbury. Please write the invitation with ### headings and the "
        "details in a table: bring sun cream and a picnic blanket, kids welcome (paddling pool, bring a towel). We "
        "need replies two weeks before so we can order food, and want to hear about allergies. Relaxed and friendly; "
        "150 words at most. From Hannah and Tom.",
        ISABELLA,
        14,
        150,
        (
            swap_spans(ISABELLA, "| | |", "### Replies", "Lots of love"),
            ("name", "our little Isabella is one!", "our little Isabela is one!"),
            ("dietary", " Tell us about any allergies too, especially for the little ones.", ""),
            (
                "informal",
                "Join us in the garden for a relaxed afternoon",
                "We request the honour of your presence in the garden for an afternoon",
            ),
            (
                "first_line",
                "### Come and celebrate Isabella's first birthday",
                "### An invitation\n\nCome and celebrate Isabella's first birthday",
            ),
            ("short", "far too much cake.", "far too much cake." + LONGER),
            ("weekday", "| When | Sunday 23 August 2026", "| When | Saturday 23 August 2026"),
            ("duration", "(3 hours 30 minutes)", "(3 hours)"),
            ("rsvp", "let us know by Sunday 9 August 2026", "let us know by Sunday 16 August 2026"),
        ),
    ),
)


def build(invitation: Invitation, on: dict[str, bool]) -> str:
    return slipped(invitation.text, invitation.slips, on, invitation.name)


# Reading an invitation --------------------------------------------------------------------------


def first_line(answer: str) -> str:
    return next((line for line in answer.splitlines() if line.strip()), "")


def party_line(lines: list[str]) -> int | None:
    """The first line with a date that is not the line asking for replies."""
    return next((at for at, line in enumerate(lines) if date_in(line) and not REPLY.search(line)), None)


def reply_line(lines: list[str]) -> int | None:
    return next((at for at, line in enumerate(lines) if REPLY.search(line) and date_in(line)), None)


def order_right(answer: str) -> bool:
    """The party's date comes on a line before the one asking for replies."""
    lines = answer.splitlines()
    party, reply = party_line(lines), reply_line(lines)
    return party is not None and reply is not None and party < reply


def gap_right(answer: str, days: int) -> bool:
    """The reply-by date is `days` days before the party's date."""
    lines = answer.splitlines()
    party, reply = party_line(lines), reply_line(lines)
    if party is None or reply is None:
        return False
    held, by = date_in(lines[party]), date_in(lines[reply])
    return held is not None and by is not None and (held - by).days == days


def stated_minutes(text: str) -> int | None:
    """A length written as hours (in figures or words) and minutes, or minutes alone, in minutes; None if neither."""
    hours, minutes = HOURS.search(text), MINUTES.search(text)
    counted = number_in(hours.group(1)) if hours else 0
    if counted is None or (hours is None and minutes is None):
        return None
    return 60 * counted + (int(minutes.group(1)) if minutes else 0)


def duration_right(answer: str) -> bool:
    """On the first line with two times of day, the length written after them is the time between them."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2), "")
    if not line:
        return False
    start, end = clocks(line)[:2]
    return stated_minutes(line) == end - start


WORDINGS = {
    "name": ("Spells {name}'s name correctly throughout", "Uses the spelling {name} every time the name comes up"),
    "dietary": ("Asks guests about allergies or dietary needs", "Invites guests to mention any food allergies"),
    "informal": (
        "Keeps a friendly, informal tone rather than stiff formal phrasing",
        "Avoids formal invitation language such as 'cordially invited'",
    ),
    "first_line": ("Names whose party it is in the first line", "The opening line says who the celebration is for"),
    "short": ("Keeps the invitation under {limit} words", "The whole invitation is {limit} words or fewer"),
    "order": (
        "Gives the date and time before asking people to reply",
        "The RSVP request comes after the when and where",
    ),
    "weekday": ("The day of the week matches each date", "Weekdays given with the dates are correct"),
    "duration": (
        "The length of the party stated matches its start and end times",
        "Works out how long the party lasts correctly from the times",
    ),
    "rsvp": (
        "The reply-by date is exactly {gap} before the party",
        "Sets the RSVP deadline {gap} ahead of the party date",
    ),
}
"""Two wordings of each kind of criterion, filled from the invitation."""


def truths(invitation: Invitation, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, invitation.name) == {invitation.name.lower()},
        "dietary": DIETARY.search(answer) is not None,
        "informal": FORMAL.search(answer) is None,
        "first_line": invitation.name.lower() in first_line(answer).lower(),
        "short": word_count(answer) <= invitation.limit,
        "order": order_right(answer),
        "weekday": weekdays_right(answer),
        "duration": duration_right(answer),
        "rsvp": gap_right(answer, invitation.gap),
    }


def candidates(rng: random.Random, invitation: Invitation, answer: str) -> list[Criterion]:
    gap = {7: "one week", 14: "two weeks"}[invitation.gap]
    filled = {"name": invitation.name, "limit": invitation.limit, "gap": gap}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(invitation, answer).items()
    ]


SWITCHES = ("order", "name", "dietary", "informal", "first_line", "short", "weekday", "duration", "rsvp")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, INVITATIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
