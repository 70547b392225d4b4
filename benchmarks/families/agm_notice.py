"""AGM notice family (fresh23): the notice of an annual general meeting a task asks a secretary to send the members
(a UK residents' association's with the meeting's details in a Markdown table, a US homeowners association's as
bullets, an Irish rowing club's as plain text in a fenced block, an Australian strata scheme's as plain lines), with the
date of the notice, the meeting's date, weekday, time and place, the agenda, the closing date for nominations, the
deadline for proxies, the quorum, the resolution put to the meeting and who may vote, a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh23`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the notice written right and then changed by switches: the weekday the date's or another, the notice
dated at least the task's days before the meeting or later, the agenda in the task's order or two items swapped, the
proxy deadline the task's hours before the start or not, nominations closing the task's days before the meeting or
not, the quorum the task's share of the members or another number, the resolution's figures as the task gives them or
one changed, the matter the task says to keep back left out or mentioned, and voting kept to paid-up members or opened
to all. Every truth is read from the text: the meeting's date and weekday are the first date and weekday name on the
first line with the task's words for the date, its time the first time (`19:30`, `7:00 PM`) on the first line with
the task's words for it; the notice's date, the nominations' date and the proxy deadline's date and time the first ones
on the first line with the task's words for each; the quorum the first number on the first line with `quorum`; the
agenda's order the order in which each item's words first appear.
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
    moment,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
)

FAMILY = "agm_notice"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = re.compile(r"\d+")
PAID_UP = re.compile(r"\bpaid[- ]up\b|\bin good standing\b", re.I)


@dataclass(frozen=True)
class Notice:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, str, str, str, str]
    """The words (lower-case) that find the lines of the meeting's date, its time, the notice's date, the proxy
    deadline and the closing date for nominations."""
    rules: tuple[int, int, int]
    """(the least days of notice, the hours before the start that proxies are due, the days before the meeting that
    nominations close)."""
    agenda: tuple[str, ...]
    """Words (lower-case) that find each agenda item, in the task's order."""
    quorum: tuple[str, int, int, str]
    """(the share in words, the number of members, the share in percent, what a member is)."""
    change: str
    """The resolution's figures as the task gives them."""
    secret: tuple[str, str]
    """(the words, lower-case, that find the matter to keep back, the matter in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ELMFIELD = """# Notice of Annual General Meeting

**Elmfield Residents' Association**
Date of notice: 26 February 2026

Dear member,

The Annual General Meeting of the Association will be held as follows.

| | |
|---|---|
| Date | Thursday 19 March 2026 |
| Time | 19:30 |
| Place | St Luke's Church Hall, Elmfield Road, Leeds LS6 2QT |

**Agenda**
1. Apologies for absence
2. Minutes of the 2025 AGM
3. Chair's report
4. Treasurer's report and the accounts for 2025
5. Special resolution: to raise the annual subscription from £12 to £15
6. Election of officers and committee
7. Any other business

Nominations for officers and committee must reach the secretary by 5 March 2026.
If you cannot attend, you may appoint a proxy: proxy forms must reach the secretary by 19:30 on Tuesday 17 March 2026.
Quorum: 24 members.
Only paid-up members may vote.

Yours faithfully,
Margaret Holt, Secretary"""

WILLOW_CREEK = """**Willow Creek Homeowners Association · Notice of Annual Meeting**

Notice date: 2026-03-20

To all homeowners:

- Date: Thursday, 2026-04-23
- Time: 7:00 PM
- Location: Willow Creek Clubhouse, 1200 Willow Creek Drive, Plano, TX

**Agenda**
- Call to order and proof of notice
- Approval of the 2025 annual meeting minutes
- President's report
- Treasurer's report and 2026 budget
- Vote: increase the annual assessment from $420 to $480
- Election of two directors
- Homeowner forum

**Please note**
- Candidates for the board must submit nominations by 2026-04-02.
- Proxies must be received by 7:00 PM on Wednesday, 2026-04-22.
- Quorum: 37 lots, represented in person or by proxy.
- Only owners in good standing (assessments paid to date) may vote.

Board of Directors, Willow Creek HOA"""

SHANNONSIDE = """Here is the notice as plain text for the noticeboard and the email:

```text
SHANNONSIDE ROWING CLUB
NOTICE OF ANNUAL GENERAL MEETING                  Dated: 2 October 2026

Date:   Friday 6 November 2026
Time:   20:00
Venue:  The Boathouse, Strand Street, Athlone

AGENDA
1. Apologies
2. Minutes of the 2025 AGM
3. Captain's report
4. Treasurer's report and accounts
5. Motion: to raise the adult membership fee from €150 to €175
6. Election of officers
7. Any other business

Nominations for officer posts close on 27 October 2026.
Proxy forms must reach the Hon. Secretary by 20:00 on Wednesday 4 November 2026.
The quorum is 27 members.
Only paid-up members may speak and vote.

Clodagh Fahy, Hon. Secretary
```"""

BANKSIA = """Owners Corporation SP 44812, 18 Banksia Avenue, Coogee NSW 2034
Notice of annual general meeting, dated 25 August 2026
The annual general meeting will be held on Tuesday 15 September 2026 in the ground floor common room.
Start time: 6:30 pm
Agenda, in order:
Confirmation of the minutes of the last general meeting
Adoption of the financial statements for 2025-26
Renewal of the building insurance
Motion: to raise the capital works fund levy from $850 to $920 a quarter
Election of the strata committee
General business
Nominations for the strata committee must reach the strata manager by 8 September 2026.
Proxy forms must reach the strata manager by 6:30 pm on Monday 14 September 2026.
Quorum: 9 lots, present in person or by proxy.
Only owners whose levies are paid up by the day of the meeting may vote on motions.
Karen Liu, Strata Manager, Harbourside Strata, (02) 9555 0148"""

NOTICES = (
    Notice(
        "Write the notice of the Elmfield Residents' Association AGM, dated 26 February 2026, from Margaret Holt, "
        "the secretary. The meeting is on Thursday 19 March 2026 at 19:30 in St Luke's Church Hall, Elmfield Road, "
        "Leeds LS6 2QT; put the date, time and place in a small Markdown table. Our constitution wants at least 21 "
        "days' notice. Agenda in this order: apologies, minutes of the 2025 AGM, chair's report, treasurer's report "
        "and the 2025 accounts, a special resolution to raise the annual subscription from £12 to £15, election of "
        "officers and committee, any other business. Nominations close 14 days before the meeting and proxy forms are "
        "due 48 hours before it starts. The quorum is one tenth of our 240 members, and only paid-up members can "
        "vote. Don't say anything about the proposed sale of the allotment land yet; the committee hasn't met on it.",
        ELMFIELD,
        "Elmfield",
        ("| date |", "| time |", "date of notice", "proxy forms", "nominations"),
        (21, 48, 14),
        ("apologies", "minutes of", "chair's", "treasurer's", "special resolution", "election of", "any other"),
        ("one tenth", 240, 10, "members"),
        "from £12 to £15",
        ("allotment", "the proposed sale of the allotment land"),
        (
            ("weekday", "Thursday 19 March 2026", "Wednesday 19 March 2026"),
            ("notice", "Date of notice: 26 February 2026", "Date of notice: 3 March 2026"),
            (
                "order",
                "3. Chair's report\n4. Treasurer's report and the accounts for 2025",
                "3. Treasurer's report and the accounts for 2025\n4. Chair's report",
            ),
            ("proxy", "by 19:30 on Tuesday 17 March 2026", "by 19:30 on Wednesday 18 March 2026"),
            ("nominations", "secretary by 5 March 2026", "secretary by 12 March 2026"),
            ("quorum", "Quorum: 24 members.", "Quorum: 12 members."),
            ("resolution", "from £12 to £15", "from £12 to £18"),
            ("secret", "as follows.", "as follows. The committee will also update you on the allotment land sale."),
            ("paid_up", "Only paid-up members may vote.", "Every resident is welcome to attend and vote."),
        ),
    ),
    Notice(
        "Bullet points, ISO dates: the notice of the Willow Creek Homeowners Association annual meeting, notice date "
        "2026-03-20. The meeting is Thursday, 2026-04-23 at 7:00 PM at the Willow Creek Clubhouse, 1200 Willow Creek "
        "Drive, Plano, TX. The bylaws require at least 30 days' notice. Agenda, in this order: call to order and proof "
        "of notice, approval of the 2025 annual meeting minutes, president's report, treasurer's report and 2026 "
        "budget, a vote to increase the annual assessment from $420 to $480, election of two directors, homeowner "
        "forum. Board nominations close 21 days before the meeting; proxies are due 24 hours before it starts. Quorum "
        "is 20% of the 185 lots. Only owners in good standing may vote. Leave out the lawsuit with Dunmore Paving; "
        "the attorney asked us not to put it in writing.",
        WILLOW_CREEK,
        "Willow Creek",
        ("- date:", "- time:", "notice date", "proxies must", "nominations"),
        (30, 24, 21),
        ("call to order", "minutes", "president's", "treasurer's", "assessment from", "election of", "homeowner forum"),
        ("20%", 185, 20, "lots"),
        "from $420 to $480",
        ("dunmore", "the lawsuit with Dunmore Paving"),
        (
            ("weekday", "Thursday, 2026-04-23", "Friday, 2026-04-23"),
            ("notice", "Notice date: 2026-03-20", "Notice date: 2026-04-06"),
            swap_lines(WILLOW_CREEK, "- President's report", "- Treasurer's report"),
            ("proxy", "by 7:00 PM on Wednesday", "by 5:00 PM on Wednesday"),
            ("nominations", "nominations by 2026-04-02", "nominations by 2026-04-09"),
            ("quorum", "Quorum: 37 lots", "Quorum: 35 lots"),
            ("resolution", "from $420 to $480", "from $420 to $540"),
            (
                "secret",
                "To all homeowners:",
                "To all homeowners:\n\nThe board will brief owners on the Dunmore Paving lawsuit.",
            ),
            (
                "paid_up",
                "Only owners in good standing (assessments paid to date) may vote.",
                "Every owner may vote, whether or not their assessments are current.",
            ),
        ),
    ),
    Notice(
        "The notice of Shannonside Rowing Club's AGM as plain text in a code block for the noticeboard, dated 2 "
        "October 2026 and signed by Clodagh Fahy, Hon. Secretary: Friday 6 November 2026 at 20:00 in the Boathouse, "
        "Strand Street, Athlone. The rules need 28 days' notice at least. Agenda in this order: apologies, minutes of "
        "the 2025 AGM, captain's report, treasurer's report and accounts, a motion to raise the adult membership fee "
        "from €150 to €175, election of officers, any other business. Nominations close 10 days before the AGM and "
        "proxy forms must be in 48 hours before it starts. The quorum is 15% of our 180 members; only paid-up "
        "members may vote. The sponsorship talks with Lough Ree Marine are confidential, so not a word about them.",
        SHANNONSIDE,
        "Shannonside",
        ("date:", "time:", "dated:", "proxy forms", "nominations"),
        (28, 48, 10),
        ("apologies", "minutes of", "captain's", "treasurer's", "motion:", "election of", "any other"),
        ("15%", 180, 15, "members"),
        "from €150 to €175",
        ("lough ree marine", "the sponsorship talks with Lough Ree Marine"),
        (
            ("weekday", "Friday 6 November 2026", "Thursday 6 November 2026"),
            ("notice", "Dated: 2 October 2026", "Dated: 16 October 2026"),
            (
                "order",
                "3. Captain's report\n4. Treasurer's report and accounts",
                "3. Treasurer's report and accounts\n4. Captain's report",
            ),
            ("proxy", "by 20:00 on Wednesday 4 November 2026", "by 20:00 on Thursday 5 November 2026"),
            ("nominations", "close on 27 October 2026", "close on 30 October 2026"),
            ("quorum", "The quorum is 27 members.", "The quorum is 18 members."),
            ("resolution", "from €150 to €175", "from €150 to €200"),
            (
                "secret",
                "Strand Street, Athlone\n",
                "Strand Street, Athlone\n\nThe committee will report on the sponsorship talks with Lough Ree Marine.\n",
            ),
            ("paid_up", "Only paid-up members may speak and vote.", "All members and guests may speak and vote."),
        ),
    ),
    Notice(
        "Plain lines, no tables or bullets: the notice of the annual general meeting of Owners Corporation SP 44812, "
        "18 Banksia Avenue, Coogee NSW 2034, dated 25 August 2026, from Karen Liu, Strata Manager, Harbourside "
        "Strata, (02) 9555 0148. The meeting is on Tuesday 15 September 2026 at 6:30 pm in the ground floor common "
        "room, and owners must get at least 14 days' notice. Agenda in this order: confirm the minutes of the last "
        "general meeting, adopt the 2025-26 financial statements, renew the building insurance, a motion to raise the "
        "capital works fund levy from $850 to $920 a quarter, elect the strata committee, general business. "
        "Committee nominations close 7 days before; proxy forms are due 24 hours before the start. The quorum is a "
        "quarter of the 36 lots, and only owners whose levies are paid up may vote on motions. Don't mention the "
        "water leak dispute with the owner of Unit 12; it's with the lawyers.",
        BANKSIA,
        "Banksia",
        ("held on", "start time", "dated", "proxy forms", "nominations"),
        (14, 24, 7),
        ("minutes of", "financial statements", "building insurance", "motion:", "election of", "general business"),
        ("a quarter", 36, 25, "lots"),
        "from $850 to $920",
        ("unit 12", "the water leak dispute with the owner of Unit 12"),
        (
            ("weekday", "Tuesday 15 September 2026", "Wednesday 15 September 2026"),
            ("notice", "dated 25 August 2026", "dated 7 September 2026"),
            (
                "order",
                "Adoption of the financial statements for 2025-26\nRenewal of the building insurance",
                "Renewal of the building insurance\nAdoption of the financial statements for 2025-26",
            ),
            ("proxy", "by 6:30 pm on Monday 14 September 2026", "by 12:00 pm on Tuesday 15 September 2026"),
            ("nominations", "manager by 8 September 2026", "manager by 11 September 2026"),
            ("quorum", "Quorum: 9 lots", "Quorum: 6 lots"),
            ("resolution", "from $850 to $920", "from $850 to $980"),
            (
                "secret",
                "Start time: 6:30 pm\n",
                "Start time: 6:30 pm\nThe committee will also report on the water leak dispute with the owner of "
                "Unit 12.\n",
            ),
            (
                "paid_up",
                "Only owners whose levies are paid up by the day of the meeting may vote on motions.",
                "Every owner may vote on motions, whether or not their levies are up to date.",
            ),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice of meeting ------------------------------------------------------------------------------------


WORDINGS = {
    "weekday": (
        "The day of the week given for the meeting is right for its date",
        "Gives the meeting's date with the weekday it really falls on",
    ),
    "notice": (
        "The notice is dated at least {notice} days before the meeting",
        "Gives the members at least {notice} days' notice of the meeting",
    ),
    "order": ("Lists the agenda items in the order the task gives", "The agenda follows the task's order of business"),
    "proxy": (
        "The deadline for proxies is exactly {proxy} hours before the meeting starts",
        "Sets the proxy deadline {proxy} hours ahead of the meeting's start",
    ),
    "nominations": (
        "The closing date for nominations is {nominations} days before the meeting",
        "Nominations close {nominations} days ahead of the meeting date",
    ),
    "quorum": (
        "States the quorum as {share} of the {members} {unit}",
        "Works out the quorum correctly as {share} of the {members} {unit}",
    ),
    "resolution": (
        "Gives the resolution's proposed change as {change}, as in the task",
        "Puts the resolution to the meeting as a change {change}",
    ),
    "secret": ("Does not mention {secret}", "Leaves {secret} out of the notice"),
    "paid_up": ("Says that only paid-up members may vote", "Limits voting to members whose dues are paid"),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    day_line, time_line, dated, proxy_line, nominations_line = (line_with(answer, words) for words in notice.labels)
    day, meeting = date_in(day_line), moment(date_in(day_line), clock(time_line))
    notice_days, proxy_hours, nomination_days = notice.rules
    sent, proxies, nominations = (
        date_in(dated),
        moment(date_in(proxy_line), clock(proxy_line)),
        date_in(nominations_line),
    )
    _, members, percent, _ = notice.quorum
    quorum = NUMBER.search(line_with(answer, "quorum"))
    where = [answer.lower().find(item) for item in notice.agenda]
    return {
        "weekday": weekday_matches(day_line),
        "notice": day is not None and sent is not None and (day - sent).days >= notice_days,
        "order": -1 not in where and where == sorted(where),
        "proxy": meeting is not None and proxies == meeting - timedelta(hours=proxy_hours),
        "nominations": day is not None and nominations == day - timedelta(days=nomination_days),
        "quorum": quorum is not None and int(quorum.group(0)) * 100 == members * percent,
        "resolution": notice.change in answer,
        "secret": notice.secret[0] not in answer.lower(),
        "paid_up": PAID_UP.search(answer) is not None,
    }


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    share, members, _, unit = notice.quorum
    notice_days, proxy_hours, nomination_days = notice.rules
    values = {
        "notice": notice_days,
        "proxy": proxy_hours,
        "nominations": nomination_days,
        "share": share,
        "members": members,
        "unit": unit,
        "change": notice.change,
        "secret": notice.secret[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("weekday", "notice", "order", "proxy", "nominations", "quorum", "resolution", "secret", "paid_up")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
