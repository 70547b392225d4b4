"""Reference letter family (fresh27): the job reference a task asks a referee to write for a candidate (a warehouse
team leader moving to a supervisor's post, a graduate's first developer job, a nursery practitioner, a food bank
volunteer applying to a library), saying how the referee knows the candidate and for how long, naming the strengths
the task gives, with a concrete example and a closing recommendation, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh27`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the reference, as a formal letter in plain lines, as an email with the strengths as bullets, as a
Markdown reference form of numbered bold questions, or as plain text in a fenced block for an application portal,
written right and then changed by switches: the candidate's name spelt one way or once another, the task's strengths
or one more or fewer, a concrete example or general praise instead, nothing about the candidate's health or time off
or a mention of it, the task's dates of employment or another year, a recommendation closing the reference or a
farewell instead, a phone number or email address to follow up on or only an offer to talk, within the task's word
limit or a paragraph longer, and how the referee knows the candidate told before the strengths or after. Every truth
is read from the text: the reference from its fenced block when it has one, its words as runs of letters and digits,
the name's spellings by pattern, the strengths from the first line that names them (its inline list after `are`,
`include` or a colon, or the bullets under it), the dates as the first range of two months with their years, the
closing as the paragraph before the sign-off, and the rest by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, swap_spans, switched_cases

FAMILY = "reference_letter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WORD = re.compile(r"[A-Za-z0-9]+(?:['’.][A-Za-z0-9]+)*")
ITEMS = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
LEAD = re.compile(r"\bare\b|\binclude\b|:")
BULLET = re.compile(r"^\s*[-*•]\s+\S")
MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}"
RANGE = re.compile(rf"\b({MONTH})\s*(?:to|until|–|—|-)\s*({MONTH})", re.I)
EXAMPLE = re.compile(r"\bfor (?:example|instance)\b|\be\.g\.", re.I)
HEALTH = re.compile(
    r"\b(?:sick\w*|ill|illness\w*|health\w*|medical\w*|hospital\w*|pregnan\w*|maternity|paternity|disabilit\w*|"
    r"absen\w*)\b",
    re.I,
)
RECOMMEND = re.compile(r"\brecommend", re.I)
SIGN_OFF = re.compile(
    r"^[\s*_]*(?:yours (?:sincerely|faithfully)|kind regards|best regards|best wishes|regards|signed)\b", re.I
)
CONTACT = re.compile(r"\b(?:call|ring|phone|email|e-mail|contact|reach|write)\b", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
PHONE = re.compile(r"(?<![\w.])\+?\d[\d ]{8,}\d(?![\w.])")


@dataclass(frozen=True)
class Reference:
    name: str
    """The candidate's name, as the criteria write it."""
    task: str
    text: str
    """The answer written right."""
    spelling: tuple[str, str]
    """The part of the name a slip misspells, and a pattern for any spelling of it."""
    strengths: int
    capacity: str
    """The words that say how the referee knows the candidate."""
    period: tuple[str, str]
    """The months the referee knew the candidate from and to."""
    limit: int
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WAREHOUSE = """Greenway Logistics
Unit 4, Brookside Park
Doncaster DN4 5TP

14 October 2025

Ms Claire Benton
HR Department, Northfield Distribution

Dear Ms Benton,

Reference for Amara Okafor

I was Amara Okafor's line manager at Greenway Logistics from March 2021 to August 2024, when she led a team of twelve \
in our chilled warehouse.

Her main strengths are reliability, coaching new starters and shift planning. For example, when our peak season began \
two weeks early in 2023, Amara rebuilt the rota overnight and trained six agency staff so that no order left late.

She is calm under pressure, honest about problems, and well liked by her team.

I recommend Amara for the site supervisor role without hesitation. Please call me on 01632 960 418 if you would like \
to discuss her further.

Yours sincerely,

Daniel Hughes
Operations Manager, Greenway Logistics"""

GRADUATE = """Subject: Reference for Jonah Whitfield

Dear Mr Osei,

Thank you for your message about Jonah Whitfield's application for the graduate developer post at Brightwater Software.

I was Jonah's personal tutor on the BSc Computer Science at the University of Haverleigh from September 2022 to June \
2025, and I taught him in two modules.

His main strengths:
- clear, well-tested code
- patience when explaining ideas to others
- steady work under deadlines

For instance, in his final-year project he rewrote a slow timetabling tool so that it ran in seconds instead of \
minutes, and he documented it well enough that the department still uses it.

I recommend Jonah warmly for the graduate developer post. You can email me at p.raman@haverleigh.ac.uk with any \
questions.

Best regards,
Dr Priya Raman
School of Computing, University of Haverleigh"""

NURSERY = """## Reference form: Mei Zhou

**Referee:** Karen Holt, Room Leader, Little Acorns Nursery, Hebden Bridge
**Post applied for:** Early Years Practitioner, Sunflower Day Nursery

**1. How do you know the candidate?**
I was Mei's room leader at Little Acorns Nursery from January 2020 to December 2024; she worked in the toddler room.

**2. What is the candidate good at?**
Mei Zhou's strengths are patience, clear notes for parents, messy play and first aid.

**3. Please give an example of the candidate's work.**
For example, when a new child cried every morning for weeks, Mei made a photo book of his family with his parents, \
and within a fortnight he settled happily.

**4. Closing remarks**
I recommend Mei for this post with confidence. My email is karen.holt@littleacorns.org.uk if you need anything more.

**Signed:** Karen Holt, 3 February 2025"""

VOLUNTEER = """Here is the reference as plain text, ready to paste into the portal's box:

```text
To the recruitment team at Calder Valley Council,

I am writing about Rhys Llewellyn, who has applied to be a library assistant.

I coordinated Rhys as a volunteer at Todmorden Food Bank from May 2023 to April 2025, where he worked two shifts a \
week on the front desk.

Rhys's strengths include patience with the public, careful record-keeping and a cheerful manner.
For instance, when our database failed one Saturday, he kept a paper log of forty visits and entered it all the \
following Monday without a single mistake.

I recommend Rhys for the library assistant post without reservation. You can reach me on 07700 900 142 or at \
coordinator@todfoodbank.org.uk.

Kind regards,
Sian Price, Volunteer Coordinator
```"""

PADDING = (
    "I have written at some length, because the details of day-to-day work give a fairer picture than a short note "
    "can, and because I know how much the decision matters to everyone involved. Where I describe what I saw, I have "
    "kept to plain facts and checked the details with colleagues. What follows is my own view, formed over a long time "
    "of working together on busy days, on quiet ones and on the hardest days of the year, and I am glad for you to "
    "share it with the panel when you meet to decide."
)
"""What an answer over the word limit adds: words that change no other truth."""

REFERENCES = (
    Reference(
        "Amara Okafor",
        "Please write a reference letter from me, Daniel Hughes (Operations Manager, Greenway Logistics), for Amara "
        "Okafor, who led a warehouse team for me from March 2021 to August 2024. She is applying to be a site "
        "supervisor at Northfield Distribution (letter to Ms Claire Benton, HR). Keep it under 175 words. Say first how "
        "I know her, then her strengths: reliability, coaching new starters, shift planning. Give one concrete example. "
        "Leave out her health and any time off. End with a clear recommendation and my number, 01632 960 418.",
        WAREHOUSE,
        ("Amara", r"\bAm[ai]ra\b"),
        3,
        "line manager",
        ("March 2021", "August 2024"),
        175,
        (
            swap_spans(WAREHOUSE, "I was Amara", "Her main strengths", "She is calm"),
            ("words", "Reference for Amara Okafor\n", f"Reference for Amara Okafor\n\n{PADDING}\n"),
            ("strengths", " and shift planning", ", shift planning and budgeting"),
            ("example", "For example, when our peak season began two weeks early in 2023, Amara", "She goes the extra"),
            (
                "example",
                " rebuilt the rota overnight and trained six agency staff so that no order left late.",
                " mile.",
            ),
            ("name", "She is calm under pressure", "Amira is calm under pressure"),
            ("no_health", "liked by her team.", "liked by her team, despite a long sickness absence in 2022."),
            ("dates", "to August 2024", "to August 2023"),
            ("recommend", "I recommend Amara for the site supervisor role", "I wish Amara every success in her next"),
            ("recommend", " next without hesitation.", " next role."),
            ("contact", "Please call me on 01632 960 418 if you would like to", "I am happy to"),
        ),
    ),
    Reference(
        "Jonah Whitfield",
        "Draft an email reference from me, Dr Priya Raman (University of Haverleigh), to Mr Osei at Brightwater "
        "Software for Jonah Whitfield, who is applying for their graduate developer post. I was his personal tutor on "
        "the BSc Computer Science from September 2022 to June 2025. Start with how I know him, then list his strengths "
        "as three bullets (clear, well-tested code; patience explaining ideas; steady work under deadlines), then a "
        "concrete example from his final-year project. At most 175 words. No mention of his illness in year two. Close "
        "with a recommendation and my email, p.raman@haverleigh.ac.uk.",
        GRADUATE,
        ("Whitfield", r"\bWhitfi?eld\b"),
        3,
        "personal tutor",
        ("September 2022", "June 2025"),
        175,
        (
            swap_spans(GRADUATE, "I was Jonah's", "His main strengths", "For instance"),
            ("words", "Software.\n", f"Software. {PADDING}\n"),
            ("strengths", "- steady work under deadlines\n", "- steady work under deadlines\n- leading group work\n"),
            (
                "example",
                "For instance, in his final-year project he rewrote a slow timetabling tool",
                "He is a pleasure",
            ),
            ("example", " so that it ran in seconds instead of minutes, and he documented it well enough", " to teach"),
            ("example", " that the department still uses it.", " and always does his best."),
            ("name", "about Jonah Whitfield's application", "about Jonah Whitfeld's application"),
            ("no_health", "in two modules.", "in two modules, even through his illness in the second year."),
            ("dates", "to June 2025", "to June 2024"),
            ("recommend", "I recommend Jonah warmly for the graduate developer post.", "I hope this is useful to you."),
            ("contact", "You can email me at p.raman@haverleigh.ac.uk with", "I am glad to answer"),
        ),
    ),
    Reference(
        "Mei Zhou",
        "Fill in a reference form in Markdown for Mei Zhou, applying to Sunflower Day Nursery as an Early Years "
        "Practitioner. I'm Karen Holt, her room leader at Little Acorns Nursery from January 2020 to December 2024. "
        "Questions: how I know her (answer this first), what she is good at (patience, clear notes for parents, messy "
        "play, first aid), an example of her work, closing remarks. Under 170 words; don't mention her maternity leave; "
        "recommend her at the end and give my email, karen.holt@littleacorns.org.uk.",
        NURSERY,
        ("Zhou", r"\bZh(?:ou|ao)\b"),
        4,
        "I was Mei's",
        ("January 2020", "December 2024"),
        170,
        (
            swap_spans(NURSERY, "**1. How", "**2. What", "**3. Please"),
            ("words", "**4. Closing remarks**", f"**4. Anything else?**\n{PADDING}\n\n**5. Closing remarks**"),
            ("strengths", "clear notes for parents, messy play and first aid", "clear notes for parents and first aid"),
            ("example", "For example, when a new child cried every morning for weeks, Mei made a photo book", "She"),
            ("example", " of his family with his parents, and within a fortnight he settled happily.", " is kind."),
            ("name", "## Reference form: Mei Zhou", "## Reference form: Mei Zhao"),
            ("no_health", "the toddler room.", "the toddler room, apart from her maternity leave in 2022."),
            ("dates", "to December 2024", "to December 2023"),
            ("recommend", "I recommend Mei for this post with confidence.", "Mei leaves us at the end of the month."),
            ("contact", "My email is karen.holt@littleacorns.org.uk if", "Do get in touch if"),
        ),
    ),
    Reference(
        "Rhys Llewellyn",
        "I coordinate volunteers at Todmorden Food Bank. Rhys Llewellyn volunteered with us from May 2023 to April 2025 "
        "and has applied to Calder Valley Council to be a library assistant. Write my reference as plain text in a code "
        "block so I can paste it into their portal: how I know him first, then his strengths (patience with the public, "
        "careful record-keeping, a cheerful manner) and one concrete example. Under 150 words, nothing about his "
        "hospital stay, a recommendation at the end, and my contact details: 07700 900 142, "
        "coordinator@todfoodbank.org.uk. Sign it Sian Price.",
        VOLUNTEER,
        ("Rhys", r"\bR(?:hys|ees)\b"),
        3,
        "I coordinated",
        ("May 2023", "April 2025"),
        150,
        (
            swap_spans(VOLUNTEER, "I coordinated", "Rhys's strengths", "I recommend Rhys"),
            ("words", "library assistant.\n", f"library assistant. {PADDING}\n"),
            (
                "strengths",
                "the public, careful record-keeping and a cheerful manner",
                "the public and careful record-keeping",
            ),
            ("example", "For instance, when our database failed one Saturday, he kept a paper log", "He always does"),
            (
                "example",
                " of forty visits and entered it all the following Monday without a single mistake.",
                " his bit.",
            ),
            ("name", "I coordinated Rhys as", "I coordinated Rees as"),
            ("no_health", "on the front desk.", "on the front desk until his stay in hospital."),
            ("dates", "to April 2025", "to April 2024"),
            (
                "recommend",
                "I recommend Rhys for the library assistant post without reservation.",
                "Rhys will be missed.",
            ),
            ("contact", "You can reach me on 07700 900 142 or at coordinator@todfoodbank.org.uk.", "Do ask me more."),
        ),
    ),
)


def build(reference: Reference, on: dict[str, bool]) -> str:
    return slipped(reference.text, reference.slips, on, reference.name)


# Reading a reference ----------------------------------------------------------------------------


def words(text: str) -> int:
    return len(WORD.findall(text))


def strengths(answer: str) -> list[str]:
    """The strengths of the first line naming them: its inline list after `are`, `include` or a colon, up to the
    sentence's end, or the bullets under it when nothing follows the colon."""
    lines = answer.splitlines()
    at = next((i for i, line in enumerate(lines) if "strength" in line.lower()), None)
    if at is None:
        return []
    parts = LEAD.split(lines[at], maxsplit=1)
    tail = parts[1].split(". ")[0].strip(" .*") if len(parts) > 1 else ""
    if tail:
        return [item for item in ITEMS.split(tail) if item.strip()]
    bullets = []
    for line in lines[at + 1 :]:
        if not BULLET.match(line):
            break
        bullets.append(line)
    return bullets


def employed(answer: str) -> tuple[str, str] | None:
    """The first range of two months with their years, as (from, to) in lower case."""
    found = RANGE.search(answer)
    return (" ".join(found.group(1).lower().split()), " ".join(found.group(2).lower().split())) if found else None


def closing(letter: str) -> str:
    """The paragraph before the sign-off, or the last paragraph when there is none."""
    paragraphs = [p for p in re.split(r"\n\s*\n", letter.strip()) if p.strip()]
    at = next((i for i, p in enumerate(paragraphs) if SIGN_OFF.match(p)), len(paragraphs))
    return paragraphs[at - 1] if at > 0 else ""


def capacity_first(reference: Reference, answer: str) -> bool:
    told = answer.find(reference.capacity)
    named = answer.lower().find("strength")
    return 0 <= told < named


WORDINGS = {
    "name": (
        "Spells the candidate's name, {name}, the same way throughout",
        "Writes {name} consistently, with no misspelling",
    ),
    "strengths": ("Names exactly {n} strengths", "Gives {n} strengths of the candidate, no more and no fewer"),
    "example": (
        "Backs the praise with a concrete example",
        "Includes a specific example of the candidate's work",
    ),
    "no_health": (
        "Does not mention the candidate's health or time off",
        "Keeps the candidate's health and absences out of the reference",
    ),
    "dates": (
        "Gives the dates the referee knew the candidate as {start} to {end}",
        "States the period as {start} to {end}",
    ),
    "recommend": ("Closes with a clear recommendation", "Its final paragraph recommends the candidate"),
    "contact": (
        "Gives a phone number or email address for follow-up questions",
        "Offers the referee's phone number or email for further contact",
    ),
    "words": ("The reference is under {limit} words", "Keeps the reference within {limit} words"),
    "order": (
        "Says how the referee knows the candidate before listing strengths",
        "Explains the working relationship first, ahead of the strengths",
    ),
}
"""Two wordings of each kind of criterion, filled from the reference."""


def truths(reference: Reference, answer: str) -> dict[str, bool]:
    letter = fenced_or_whole(answer)
    spellings = re.findall(reference.spelling[1], answer)
    return {
        "name": len(spellings) >= 2 and all(s == reference.spelling[0] for s in spellings),
        "strengths": len(strengths(answer)) == reference.strengths,
        "example": EXAMPLE.search(answer) is not None,
        "no_health": HEALTH.search(answer) is None,
        "dates": employed(answer) == tuple(m.lower() for m in reference.period),
        "recommend": RECOMMEND.search(closing(letter)) is not None,
        "contact": any(
            CONTACT.search(line) and (EMAIL.search(line) or PHONE.search(line)) for line in letter.splitlines()
        ),
        "words": words(letter) <= reference.limit,
        "order": capacity_first(reference, answer),
    }


def candidates(rng: random.Random, reference: Reference, answer: str) -> list[Criterion]:
    values = {
        "name": reference.name,
        "n": reference.strengths,
        "start": reference.period[0],
        "end": reference.period[1],
        "limit": reference.limit,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(reference, answer).items()
    ]


SWITCHES = ("name", "strengths", "example", "no_health", "dates", "recommend", "contact", "words", "order")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, REFERENCES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )
