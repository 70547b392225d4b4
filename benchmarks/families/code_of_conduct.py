"""Code of conduct family (fresh27): the code of conduct a task asks for a community (an open-source project, a
makerspace, a running club, a Minecraft server's Discord), with where it applies, what is expected, the behaviour it
does not accept, how to report a problem, what happens after a report and the steps taken against whoever breaks it,
a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh27`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the code, its sections under Markdown headings with bullets, under upper-case headings with plain lines,
under bold headings with numbered items, or as a Discord message in a fenced block with `__**bold**__` headings and
`•` bullets, written right and then changed by switches: a reporting section that says how and to whom or only a
placeholder, the task's number of behaviours not accepted or one more, a warning, a temporary ban and a permanent one
in that order or the last two swapped, the community's name spelt one way or once another, no one exempt from the
code or a group that is, the reply time the task asks or a longer one, reports kept confidential or not said to be,
every behaviour not accepted within the task's words or one longer, and every space the task names in the scope or
one left out. Every truth is read from the text: the code from its fenced block when it has one, each section as the
lines under the heading that holds the task's words, up to the next heading (a `#` heading, a line all in bold, or a
line all in capitals), a section's items as its bulleted or numbered lines (or every line, when none is marked), their
words as runs of letters and digits, the reply time from the first `within N hours|days|weeks` in hours, and the rest
by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "code_of_conduct"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WORD = re.compile(r"[A-Za-z0-9]+(?:['’.][A-Za-z0-9]+)*")
HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|[_*]{2,4}(?P<bold>[^_*].*?)[_*]{2,4}:?|(?P<caps>[A-Z][A-Z0-9 '&,:-]{3,}))\s*$"
)
ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
WARNING = re.compile(r"\bwarning", re.I)
TEMPORARY = re.compile(r"\btemporar|\bsuspen|\b\d+-day\b", re.I)
PERMANENT = re.compile(r"\bpermanent|\bexpul|\bexpel", re.I)
EXEMPT = re.compile(r"\bexempt\w*|\b(?:does|do) not apply to\b|\bdon't apply to\b", re.I)
CONFIDENTIAL = re.compile(r"\bconfidential\w*|\bin confidence\b", re.I)
WITHIN = re.compile(r"\bwithin\s+(\d+)\s*(hours?|days?|weeks?)\b", re.I)
HOURS = {"hour": 1, "day": 24, "week": 168}


@dataclass(frozen=True)
class Code:
    name: str
    """The community's name as the task writes it."""
    task: str
    text: str
    """The answer written right."""
    spellings: str
    """A pattern for any spelling of the name."""
    headings: tuple[str, str, str, str]
    """Words of the headings of the scope, the behaviour not accepted, reporting, and what happens after a report."""
    spaces: tuple[str, ...]
    counts: tuple[int, int]
    """How many behaviours not accepted the task asks for, and the most words each may have."""
    contact: str
    reply: tuple[int, str]
    """The reply time the task asks, in hours and as the criteria write it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


LARKSPUR = """# Larkspur Code of Conduct

Larkspur is built by volunteers from many countries. This code says how we treat each other.

## Scope

This code applies in every Larkspur space: the GitHub repositories, the Matrix chat, the forum and our meetups.

## Expected behaviour

- Be kind and patient, especially with newcomers.
- Assume good faith and ask before you judge.
- Credit other people's work.

## Unacceptable behaviour

- Insults, slurs or jokes about anyone's identity.
- Harassment, in public or in private messages.
- Sharing someone's personal details without consent.
- Sexual language or imagery aimed at others.
- Deliberately derailing discussions.

## Reporting

Email conduct@larkspur.dev or message any moderator directly. Tell us what happened, when, and who was involved.

## After a report

Reports are kept confidential. A moderator will reply within 48 hours and tell you what we plan to do.

## Consequences

- First, a private warning from a moderator.
- Then a temporary ban from all Larkspur spaces.
- Finally, a permanent ban.

These rules apply to everyone, maintainers included."""

HOLLOWBROOK = """HOLLOWBROOK MAKERSPACE CODE OF CONDUCT

WHO THIS COVERS
This code covers members, guests and volunteers of Hollowbrook in the workshop, at open evenings and on the members' \
WhatsApp group.

WHAT WE EXPECT
Treat everyone's projects and tools with care.
Help people learn, whatever their level.
Keep shared areas safe and tidy.

NOT ALLOWED
Shouting at or belittling other members.
Unwanted touching or comments about appearance.
Using someone's tools without asking.
Ignoring a safety instruction.

HOW TO REPORT
Tell a duty steward on the night, or write to welfare@hollowbrook.org.uk. You can also use the anonymous form on the \
noticeboard by the door.

WHAT HAPPENS NEXT
The welfare officer treats every report in confidence and replies within 3 days.
A first breach means a verbal warning. A second means suspension of membership for a month. A third means your \
membership ends permanently.
The code applies to every member, the committee included."""

HARRIERS = """**Calder Harriers: Code of Conduct**

Calder Harriers welcomes runners of every pace. Everyone who runs with us agrees to this code.

**Where it applies**
On club runs, at races where we wear the club vest, in the clubhouse and in the club's Facebook group.

**What we expect**
1. Wait at the regroup points so no one runs alone.
2. Thank marshals and volunteers.

**What we don't accept**
1. Mocking anyone's pace, size or ability.
2. Abusive messages in the Facebook group.
3. Cutting the course in a club race.

**Reporting a concern**
Speak to the welfare officer, Gemma Clarke, at any club night, or email welfare@calderharriers.org. If the concern is \
about Gemma, write to the chair at chair@calderharriers.org.

**After a report**
Gemma handles every report confidentially and will answer within 5 days.
Breaking the code leads first to a written warning, then a suspension from club events, and finally expulsion from \
the club.
Everyone is bound by it, coaches and committee included."""

EMBER = """Here's the text for the pinned message in #rules:

```md
__**Welcome to Ember Isle!**__
Ember Isle is a friendly Minecraft community. These rules keep it that way.

__**Where the rules apply**__
Everywhere on the Discord, in voice chat, and on the Minecraft server itself.

__**Not OK here**__
• Hate speech or slurs, including in usernames.
• Griefing or stealing from other players' builds.
• Spamming pings or DMs.
• Sharing anyone's real name, photos or address.
• Cheating clients, x-ray packs or dupe glitches.
• Posting NSFW content anywhere.

__**How to report**__
Open a ticket in #report-a-problem or DM any member with the Mod role. Screenshots help us act quickly.

__**What happens**__
Mods treat reports as confidential and respond within 24 hours.
Mods give a warning first, then a 7-day ban, then a permanent ban.
Nobody is above these rules: admins and mods follow them too.
```"""

CODES = (
    Code(
        "Larkspur",
        "Write a code of conduct for Larkspur, our open-source project, in Markdown: Scope (the GitHub repositories, "
        "the Matrix chat, the forum and meetups), Expected behaviour, Unacceptable behaviour (five bullets, each under "
        "12 words), Reporting (email conduct@larkspur.dev), then what happens after a report (confidential, a reply "
        "within two days) and Consequences: a warning, then a temporary ban, then a permanent ban. Nobody is exempt, "
        "maintainers included.",
        LARKSPUR,
        r"\blark[- ]?spur\b",
        ("scope", "unacceptable", "reporting", "consequences"),
        ("the GitHub repositories", "the Matrix chat", "the forum", "meetups"),
        (5, 12),
        "conduct@larkspur.dev",
        (48, "two days"),
        (
            swap_lines(LARKSPUR, "- Then a temporary", "- Finally, a permanent", "ladder"),
            ("reporting", "Email conduct@larkspur.dev or message any moderator directly.", "To be confirmed."),
            ("reporting", " Tell us what happened, when, and who was involved.", ""),
            ("behaviours", "discussions.\n", "discussions.\n- Spam.\n"),
            ("name", "Larkspur is built by", "Lark-spur is built by"),
            ("no_exempt", "These rules apply to everyone, maintainers included.", "Maintainers are exempt."),
            ("response", "within 48 hours", "within 5 days"),
            ("confidential", "Reports are kept confidential.", "Reports are shared with the moderation team."),
            ("item_words", "Harassment, in public", "Harassment of any kind, by email, at meetups, in chat, in public"),
            ("scope", " the Matrix chat,", ""),
        ),
    ),
    Code(
        "Hollowbrook",
        "Our makerspace, Hollowbrook, needs a code of conduct as plain text with capital-letter headings (no bullets). "
        "It covers the workshop, open evenings and the members' WhatsApp group. List four things that are not allowed, "
        "each in ten words or fewer. Reports go to welfare@hollowbrook.org.uk; say they are handled in confidence and "
        "answered within 72 hours. Sanctions: a warning, then suspension, then permanent loss of membership. The "
        "committee is bound by it too.",
        HOLLOWBROOK,
        r"\bhollow[- ]?brooke?\b",
        ("who this covers", "not allowed", "how to report", "what happens next"),
        ("the workshop", "open evenings", "the members' WhatsApp group"),
        (4, 10),
        "welfare@hollowbrook.org.uk",
        (72, "72 hours"),
        (
            ("ladder", "means suspension of membership for a month. A third means", "means"),
            ("ladder", "ends permanently.", "ends permanently. A third means suspension of membership for a month."),
            ("reporting", "Tell a duty steward on the night, or write to welfare@hollowbrook.org.uk.", "Details to"),
            ("reporting", " You can also use the anonymous form on the noticeboard by the door.", " follow."),
            ("behaviours", "instruction.\n", "instruction.\nLeaving machines running.\n"),
            ("name", "volunteers of Hollowbrook", "volunteers of Hollow Brook"),
            ("no_exempt", "The code applies to every member, the committee included.", "The committee is exempt."),
            ("response", "within 3 days", "within 7 days"),
            ("confidential", "treats every report in confidence and", "reads every report and"),
            ("item_words", "touching or comments", "touching, or remarks in the workshop or online"),
            ("item_words", "about appearance.", "about anyone's body, clothes or appearance."),
            ("scope", " at open evenings and", ""),
        ),
    ),
    Code(
        "Calder Harriers",
        "Write the Calder Harriers running club's code of conduct with bold headings and numbered lists. It applies on "
        "club runs, at races, in the clubhouse and in our Facebook group. Three things we don't accept, ten words or "
        "fewer each. Concerns go to our welfare officer, Gemma Clarke (welfare@calderharriers.org), who keeps them "
        "confidential and answers within five days. Then a written warning, a suspension, and expulsion, in that "
        "order. Coaches and committee are not exempt.",
        HARRIERS,
        r"\bcalder\s+harr?iers\b",
        ("where it applies", "don't accept", "reporting", "after a report"),
        ("club runs", "races", "the clubhouse", "the club's Facebook group"),
        (3, 10),
        "welfare@calderharriers.org",
        (120, "five days"),
        (
            (
                "ladder",
                "then a suspension from club events, and finally expulsion",
                "then expulsion from the club, and",
            ),
            ("ladder", " from the club.", " finally a suspension from club events."),
            ("reporting", "Speak to the welfare officer, Gemma Clarke, at any club night, or email", "To be agreed"),
            ("reporting", " welfare@calderharriers.org. If the concern is about Gemma, write to the chair at", " at"),
            ("reporting", " chair@calderharriers.org.", " the AGM."),
            ("behaviours", "race.\n", "race.\n4. Wearing headphones on road runs.\n"),
            ("name", "Calder Harriers welcomes", "Calder Hariers welcomes"),
            ("no_exempt", "Everyone is bound by it, coaches and committee included.", "Coaches are exempt."),
            ("response", "within 5 days", "within 14 days"),
            ("confidential", "every report confidentially", "every report"),
            (
                "item_words",
                "2. Abusive messages in",
                "2. Abusive, threatening or unkind messages about members, by text or in",
            ),
            ("scope", " in the clubhouse and", ""),
        ),
    ),
    Code(
        "Ember Isle",
        "I run Ember Isle, a Minecraft community with a Discord. Write the rules for a pinned message, in a code block "
        "so the Discord formatting survives: where they apply (the Discord, voice chat and the Minecraft server), six "
        "things that are not OK, each ten words at most, how to report (a ticket in #report-a-problem), reports kept "
        "confidential with a reply within a day, then a warning, a 7-day ban and a permanent ban. Admins and mods are "
        "not exempt.",
        EMBER,
        r"\bembers?\s+isle\b",
        ("where the rules apply", "not ok", "how to report", "what happens"),
        ("the Discord", "voice chat", "the Minecraft server"),
        (6, 10),
        "#report-a-problem",
        (24, "a day"),
        (
            ("ladder", "then a 7-day ban, then a permanent ban.", "then a permanent ban, then a 7-day ban."),
            ("reporting", "Open a ticket in #report-a-problem or DM any member with the Mod role.", "Coming"),
            ("reporting", " Screenshots help us act quickly.", " soon!"),
            ("behaviours", "anywhere.\n", "anywhere.\n• Advertising other servers.\n"),
            ("name", "Ember Isle is a friendly", "Embers Isle is a friendly"),
            ("no_exempt", "Nobody is above these rules: admins and mods follow them too.", "Admins are exempt."),
            ("response", "within 24 hours", "within 3 days"),
            ("confidential", "treat reports as confidential and", "read all reports and"),
            (
                "item_words",
                "• Spamming pings or DMs.",
                "• Spamming pings, emoji walls or DMs at people who did not ask for them.",
            ),
            ("scope", " in voice chat,", ""),
        ),
    ),
)


def build(code: Code, on: dict[str, bool]) -> str:
    return slipped(code.text, code.slips, on, code.name)


# Reading a code ---------------------------------------------------------------------------------


def section(text: str, heading: str) -> list[str]:
    """The lines under the first heading that holds `heading` (in lower case), up to the next heading."""
    out: list[str] | None = None
    for line in text.splitlines():
        if match := HEADING.match(line):
            if out is not None:
                break
            if heading in (match.group("hash") or match.group("bold") or match.group("caps")).lower():
                out = []
        elif out is not None and line.strip():
            out.append(line.strip())
    return out or []


def items(lines: list[str]) -> list[str]:
    """A section's bulleted or numbered lines, their marks taken off; every line when none is marked."""
    marked = [ITEM.sub("", line) for line in lines if ITEM.match(line)]
    return marked or lines


def words(text: str) -> int:
    return len(WORD.findall(text))


def ladder(lines: list[str]) -> bool:
    """A warning, a temporary ban and a permanent one are named, in that order."""
    text = " ".join(lines)
    found = [pattern.search(text) for pattern in (WARNING, TEMPORARY, PERMANENT)]
    places = [m.start() for m in found if m is not None]
    return len(places) == 3 and places == sorted(places)


def reply_hours(text: str) -> int | None:
    """The first `within N hours|days|weeks`, in hours."""
    found = WITHIN.search(text)
    return int(found.group(1)) * HOURS[found.group(2).lower().rstrip("s")] if found else None


WORDINGS = {
    "reporting": (
        "Explains how to report a problem, giving {contact}",
        "Its reporting section tells people where to send a report ({contact})",
    ),
    "behaviours": (
        "Lists exactly {n} unacceptable behaviours",
        "Names {n} behaviours that are not allowed, no more and no fewer",
    ),
    "ladder": (
        "Orders the consequences from a warning to a temporary ban to a permanent ban",
        "Its sanctions escalate in order: warning, then temporary ban, then permanent ban",
    ),
    "name": ("Writes the community's name, {name}, the same way throughout", "Spells {name} consistently"),
    "no_exempt": ("Does not exempt any group from the code", "Makes no exception to the rules for anyone"),
    "response": ("Promises a reply to reports within {time}", "Commits to answering a report within {time}"),
    "confidential": ("Says reports are treated confidentially", "Assures people that reports are kept confidential"),
    "item_words": (
        "Each unacceptable behaviour is described in {limit} words or fewer",
        "No item in the list of forbidden behaviour runs past {limit} words",
    ),
    "scope": ("Its scope covers {spaces}", "Says the code applies to {spaces}"),
}
"""Two wordings of each kind of criterion, filled from the code."""


def truths(code: Code, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    scope_heading, banned_heading, report_heading, ladder_heading = code.headings
    report = " ".join(section(text, report_heading))
    banned = items(section(text, banned_heading))
    scope = " ".join(section(text, scope_heading)).lower()
    names = re.findall(code.spellings, answer, re.I)
    return {
        "reporting": words(report) >= 8 and code.contact in report,
        "behaviours": len(banned) == code.counts[0],
        "ladder": ladder(section(text, ladder_heading)),
        "name": len(names) >= 2 and all(n.casefold() == code.name.casefold() for n in names),
        "no_exempt": EXEMPT.search(answer) is None,
        "response": reply_hours(text) == code.reply[0],
        "confidential": CONFIDENTIAL.search(answer) is not None,
        "item_words": bool(banned) and all(words(item) <= code.counts[1] for item in banned),
        "scope": all(space.lower() in scope for space in code.spaces),
    }


def spaces(code: Code) -> str:
    return f"{', '.join(code.spaces[:-1])} and {code.spaces[-1]}"


def candidates(rng: random.Random, code: Code, answer: str) -> list[Criterion]:
    values = {
        "contact": code.contact,
        "n": code.counts[0],
        "name": code.name,
        "time": code.reply[1],
        "limit": code.counts[1],
        "spaces": spaces(code),
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(code, answer).items()
    ]


SWITCHES = ("reporting", "behaviours", "ladder", "name", "no_exempt", "response", "confidential", "item_words", "scope")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CODES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
