"""Interview guide family (fresh9): a structured interview guide for the role a task names (a
backend engineer, a support team lead, a product designer, a warehouse shift supervisor), its
questions grouped under the competencies the task lists, each with a follow-up, timed sections
that add up to the interview's length, a scoring scale and time for the candidate's own
questions at the end, a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh9`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the guide in Markdown under a title, after a lead-in line or none and a note or none,
its sections under headings or bold lines with their minutes, written right and then changed by
switches: the number of questions asked for or one more, a follow-up under every question or one
without, a section for every competency or one under another name, no question about age,
family, religion or the like or one about children or a spouse (a note telling the interviewer
to avoid them stays either way), the sections' minutes adding up to the stated length or one off
by five, every point of the scoring scale described or one left out, the candidate's questions
last or a wrap-up instead, and every question open-ended or one a yes/no question. Every truth is
a function of the answer's text: the sections are read off by their headings with their minutes,
numbered questions and follow-up lines, the length found above the first section and the scale's
points under the rubric's heading (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "interview_guide"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{2,4}\s+(.+?)|\*\*([^*]+)\*\*)\s*$")
MINUTES = re.compile(r"\b(\d+)[ -]?min(?:ute)?s?\b", re.IGNORECASE)
QUESTION = re.compile(r"^\s*(?:\d+[.)]|\*\*Q\d+[.:]?\*\*)\s+(.+)$")
FOLLOW = re.compile(r"^\s*(?:[-*]\s+)?[*_]*follow[- ]?up[*_]*\s*:\s*[*_]*\s*(.+)$", re.IGNORECASE)
LEVEL = re.compile(r"^\s*[-*]\s+\**\s*(\d)\b")
RUBRIC = re.compile(r"scor|rubric|rating", re.IGNORECASE)
CLOSING = re.compile(r"candidate'?s? (?:own )?questions|questions (?:from|for) the candidate|your questions", re.I)
ILLEGAL = re.compile(
    r"\b(?:how old|your age|born|children|kids|childcare|married|spouse|husband|wife|partner's job|pregnan\w*|"
    r"religio\w*|church|start a family)\b",
    re.IGNORECASE,
)
CLOSED = re.compile(r"^[*_\s]*(?:do|does|did|are|is|was|were|have|has|had|can|could|will|would)\b", re.I)
Section = tuple[str, int | None, list[tuple[str, str | None]], list[int]]
"""(heading, minutes, its questions as (question, follow-up), the scale points listed under it)."""


@dataclass(frozen=True)
class Guide:
    task: str
    lead: str
    title: str
    note: str
    head: str
    """How a section's heading is written, with `{name}` and `{minutes}`."""
    ask: str
    """How a question is written, with `{n}` and `{q}`; a follow-up's line, with `{f}`, after `|`."""
    opening: tuple[str, int, str]
    plan: str
    """Each competency's line "name | minutes", then a "question | follow-up" line for each question."""
    closing: tuple[str, int, str]
    wrap: tuple[str, str]
    """The wrap-up (name, text) an answer without time for the candidate's questions ends with."""
    rubric: tuple[str, tuple[str, ...]]
    """(the rubric's heading, a line for each point of the scale, in order)."""
    count: int
    extra: tuple[int, str, str]
    """(the competency, question and follow-up an answer with one question too many adds)."""
    bare: str
    """The question whose follow-up an answer without every follow-up leaves out."""
    dropped: int
    """The point of the scale an answer with the scale incomplete leaves out."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


GUIDES = (
    Guide(
        "Write a 45-minute structured interview guide for a Backend Engineer. Exactly 8 questions grouped by "
        "competency (Technical depth, Problem solving, Collaboration), each with a follow-up probe. Give every "
        "section a time and make the times add up to 45 minutes, include a welcome and leave time at the end "
        "for the candidate's questions. Nothing illegal (age, family, religion...), open-ended questions only, "
        "and a 1-4 scoring rubric with each point described.",
        "",
        "# Interview guide: Backend Engineer (45 minutes)\n\n"
        "> Ask only job-related questions: nothing about age, family plans, religion or health.",
        "",
        "## {name} ({minutes} min)",
        "{n}. {q}|   - Follow-up: {f}",
        ("Welcome", 5, "Introduce the panel, explain the format and the role."),
        """Technical depth | 15
Walk me through the design of a service you built that handled heavy traffic. | What would you change about it today?
How do you decide between a relational database and a document store? | Tell me about a time that choice turned out wrong.
What does your approach to testing an API look like? | How do you test failure paths?
Problem solving | 10
Describe the hardest production bug you have tracked down. | How did you know you had found the root cause?
How would you find out why an endpoint got slower after a release? | What would you measure first?
Collaboration | 10
Tell me about a code review where you disagreed with a colleague. | How was it resolved?
How do you explain a technical trade-off to a product manager? | Give an example.
What do you do when a teammate's change breaks your work? | What did you learn from it?""",
        ("Candidate's questions", 5, "Answer the candidate's questions and explain the next steps."),
        ("Wrap-up", "Thank the candidate and explain the next steps and the timeline."),
        (
            "## Scoring rubric",
            (
                "- **1 - No evidence:** vague or off-topic answers.",
                "- **2 - Some evidence:** relevant, but little depth or ownership.",
                "- **3 - Good evidence:** clear, specific examples with sound reasoning.",
                "- **4 - Strong evidence:** specific, reflective, and beyond the role's level.",
            ),
        ),
        8,
        (1, "What is the most useful debugging tool you know, and why?", "When did it save you time?"),
        "How do you decide between a relational database and a document store?",
        4,
        (
            (
                "legal",
                "What do you do when a teammate's change breaks your work?",
                "Tell me how you balanced on-call weeks with your children at home.",
            ),
            ("timing", "## Problem solving (10 min)", "## Problem solving (15 min)"),
            ("competencies", "## Collaboration (", "## Other questions ("),
            (
                "open",
                "How would you find out why an endpoint got slower after a release?",
                "Would you know how to find out why an endpoint got slower after a release?",
            ),
        ),
    ),
    Guide(
        "Please put together a structured interview guide for a Customer Support Team Lead, 60 minutes in "
        "total. Group the questions by competency: Coaching, Customer focus, Handling escalations. 9 questions "
        "in all, each with a follow-up. Put a time on every section (the total must come to 60 minutes), open "
        "with a short introduction, end with the candidate's questions, keep every question legal (no age, "
        "marital status, children or religion) and open-ended, and add a 1-5 rating scale with every level "
        "defined.",
        "Here's a structured guide for the team lead interview:",
        "# Customer Support Team Lead - interview guide\n\n**Length:** 60 minutes, two interviewers.",
        "Rate each competency on its own before you compare notes with the other interviewer.",
        "### {name} - {minutes} minutes",
        "**Q{n}.** {q}|*Follow-up:* {f}",
        ("Introduction", 5, "Introductions, the agenda, and a short overview of the team."),
        """Coaching | 15
Tell me about an agent you coached who improved a lot. | What did you change in your approach?
How do you give feedback on a poorly handled ticket? | How did the agent respond?
What does a good one-to-one look like to you? | How often do you hold them?
Customer focus | 15
Describe a time you changed a process because of customer feedback. | What was the result?
How do you balance response times against the quality of answers? | Which metric wins?
What makes a support reply good? | Show me one you are proud of.
Handling escalations | 20
Walk me through the hardest escalation you have handled. | What would you do differently now?
How do you decide when to involve engineering? | What information do you hand over?
How do you support an agent after an abusive call? | What do you say to the customer?""",
        ("Candidate's questions", 5, "Leave time for the candidate's questions about the team and the role."),
        ("Wrap-up", "Close the interview and explain when the candidate will hear back."),
        (
            "### Rating scale",
            (
                "- 1 = Poor: no relevant example.",
                "- 2 = Weak: an example, but little insight.",
                "- 3 = Adequate: a relevant example with a clear outcome.",
                "- 4 = Good: several examples and sound judgement.",
                "- 5 = Excellent: outstanding examples, reflective and measurable.",
            ),
        ),
        9,
        (0, "How do you spot an agent who is close to burning out?", "What do you do next?"),
        "Walk me through the hardest escalation you have handled.",
        3,
        (
            (
                "legal",
                "What does a good one-to-one look like to you?\n*Follow-up:* How often do you hold them?",
                "How would your husband or wife feel about the late shifts this role needs?\n"
                "*Follow-up:* How would you manage them?",
            ),
            ("timing", "### Coaching - 15 minutes", "### Coaching - 10 minutes"),
            ("competencies", "### Customer focus -", "### General questions -"),
            (
                "open",
                "What makes a support reply good?\n*Follow-up:* Show me one you are proud of.",
                "Is a fast reply better than a complete one?\n*Follow-up:* Why do you think so?",
            ),
        ),
    ),
    Guide(
        "I need an interview guide for a Product Designer, 50 minutes long: 6 questions under the competencies "
        "Design process, User research and Communication, every question with one follow-up. Each section "
        "needs a duration, and the durations have to add up to 50 minutes. Start with a welcome, finish with "
        "time for the candidate's own questions. Only lawful, open-ended questions, and a 1-3 scoring scale "
        "with a description for each score.",
        "Sure! A 50-minute guide for the Product Designer loop:",
        "# Product Designer interview",
        "Score each answer right after the interview, before discussing it with the panel.",
        "**{name} ({minutes} min)**",
        "{n}) {q}|   *Follow-up:* {f}",
        ("Welcome", 5, "Set the candidate at ease and explain how the time is split."),
        """Design process | 15
Walk me through a project in your portfolio from brief to launch. | Where did the design change most?
How do you decide when a design is ready to hand off? | Who do you check with?
User research | 15
Tell me about research that changed your mind about a design. | How did you convince others?
How do you plan usability tests on a tight timeline? | What do you cut first?
Communication | 10
Describe a time you presented work to sceptical stakeholders. | How did you handle pushback?
How do you write up design decisions for engineers? | Show an example if you can.""",
        ("Candidate's own questions", 5, "The candidate asks about the team, the product and how we work."),
        ("Wrap-up", "Thank the candidate; say the recruiter will follow up within a week."),
        (
            "**Scoring**",
            (
                "- **1** - Below the bar: generic answers, no examples.",
                "- **2** - Meets the bar: concrete examples, sound reasoning.",
                "- **3** - Above the bar: concrete, reflective examples with measurable outcomes.",
            ),
        ),
        6,
        (2, "How do you handle feedback you disagree with?", "Give a recent example."),
        "Describe a time you presented work to sceptical stakeholders.",
        2,
        (
            (
                "legal",
                "How do you plan usability tests on a tight timeline?\n   *Follow-up:* What do you cut first?",
                "How do you plan to balance the role with your plans to start a family?\n"
                "   *Follow-up:* What support would you need from us?",
            ),
            ("timing", "**User research (15 min)**", "**User research (20 min)**"),
            ("competencies", "**Communication (", "**Other topics ("),
            (
                "open",
                "How do you decide when a design is ready to hand off?",
                "Do you hand designs off before they are fully polished?",
            ),
        ),
    ),
    Guide(
        "Create a structured interview guide for a Warehouse Shift Supervisor. It's a 40-minute interview. I "
        "want 7 questions, grouped by competency (Safety, Leadership, Planning), each with a follow-up. Time "
        "each section so the total is 40 minutes; begin with an introduction and end with the candidate's "
        "questions. Keep it legal (nothing on age, religion, family or the like), open questions only, and "
        "include a 1-5 scoring rubric describing every score.",
        "This is a 40-minute interview guide for the shift supervisor role.",
        "# Warehouse Shift Supervisor: structured interview",
        "",
        "## {name} — {minutes} minutes",
        "{n}. {q}|    - *Follow-up:* {f}",
        ("Introduction", 5, "Introduce yourself, the site and the shape of the interview."),
        """Safety | 10
Tell me about a near miss on your shift and what you did next. | What changed afterwards?
How do you make sure new starters follow the safety rules? | How do you check?
Leadership | 10
Describe a time you had to manage a team member's poor performance. | What was the outcome?
How do you keep a team motivated through peak season? | What has worked best?
What do you do when two team members are in conflict? | Give an example.
Planning | 10
How do you plan a shift when three people call in sick? | What do you tell the manager?
Walk me through how you prioritise outbound orders. | What if a truck is early?""",
        ("Candidate's questions", 5, "Time for the candidate's questions about the site and the shifts."),
        ("Wrap-up", "Thank the candidate and explain the site visit that follows."),
        (
            "## Scoring rubric (1-5)",
            (
                "- **1** Unsatisfactory - no relevant example.",
                "- **2** Developing - example lacks detail or ownership.",
                "- **3** Competent - clear example with a sound result.",
                "- **4** Strong - several examples, learns from mistakes.",
                "- **5** Outstanding - coaches others, anticipates problems.",
            ),
        ),
        7,
        (2, "How do you hand over to the next shift?", "What goes in the handover notes?"),
        "How do you keep a team motivated through peak season?",
        5,
        (
            (
                "legal",
                "What do you do when two team members are in conflict?\n    - *Follow-up:* Give an example.",
                "How old are you, and how long do you see yourself on night shifts?\n"
                "    - *Follow-up:* What would make you stay longer?",
            ),
            ("timing", "## Leadership — 10 minutes", "## Leadership — 15 minutes"),
            ("competencies", "## Safety —", "## Warm-up —"),
            (
                "open",
                "Walk me through how you prioritise outbound orders.",
                "Can you prioritise outbound orders under pressure?",
            ),
        ),
    ),
)


def competencies(guide: Guide) -> list[tuple[str, int, list[tuple[str, str]]]]:
    out: list[tuple[str, int, list[tuple[str, str]]]] = []
    for line in guide.plan.splitlines():
        first, second = line.split(" | ")
        if second.isdigit():
            out.append((first, int(second), []))
        else:
            out[-1][2].append((first, second))
    return out


def heading(guide: Guide, name: str, minutes: int) -> str:
    return guide.head.format(name=name, minutes=minutes)


def build(guide: Guide, on: dict[str, bool]) -> str:
    ask, follow = guide.ask.split("|")
    blocks = [guide.lead, guide.title, f"{heading(guide, *guide.opening[:2])}\n\n{guide.opening[2]}"]
    n = 0
    for at, (name, minutes, questions) in enumerate(competencies(guide)):
        pairs = [*questions, *([guide.extra[1:]] if at == guide.extra[0] and not on["count"] else [])]
        lines = []
        for question, probe in pairs:
            n += 1
            lines.append(ask.format(n=n, q=question))
            if question != guide.bare or on["followups"]:
                lines.append(follow.format(f=probe))
        blocks.append(heading(guide, name, minutes) + "\n\n" + "\n".join(lines))
    name, minutes, text = guide.closing if on["close"] else (guide.wrap[0], guide.closing[1], guide.wrap[1])
    blocks.append(f"{heading(guide, name, minutes)}\n\n{text}")
    points = [line for at, line in enumerate(guide.rubric[1], start=1) if on["scale"] or at != guide.dropped]
    blocks += [guide.rubric[0] + "\n\n" + "\n".join(points), guide.note]
    text = "\n\n".join(block for block in blocks if block)
    return slipped(text, guide.slips, on, guide.title)


# Reading a guide -------------------------------------------------------------------------------


def read(answer: str) -> tuple[str, list[Section]]:
    """(the text above the first section, every section in order)."""
    top: list[str] = []
    found: list[Section] = []
    for line in answer.splitlines():
        if match := HEADING.match(line):
            name = (match.group(1) or match.group(2)).strip()
            minutes = MINUTES.search(name)
            found.append((name, int(minutes.group(1)) if minutes else None, [], []))
        elif not found:
            top.append(line)
        elif (follow := FOLLOW.match(line)) and found[-1][2]:
            found[-1][2][-1] = (found[-1][2][-1][0], follow.group(1).strip())
        elif question := QUESTION.match(line):
            found[-1][2].append((question.group(1).strip(), None))
        elif point := LEVEL.match(line):
            found[-1][3].append(int(point.group(1)))
    return "\n".join(top), found


def length(top: str) -> int | None:
    match = MINUTES.search(top)
    return int(match.group(1)) if match else None


def scale(found: list[Section]) -> list[int]:
    return next((points for name, _, _, points in found if RUBRIC.search(name)), [])


def grouped(found: list[Section], names: list[str]) -> bool:
    return all(any(name.lower() in head.lower() and asked for head, _, asked, _ in found) for name in names)


WORDINGS = {
    "count": ("Contains exactly {count} interview questions", "Asks {count} questions in total"),
    "followups": ("Every question has a follow-up question", "Each main question comes with a follow-up probe"),
    "competencies": (
        "Groups the questions under a section for each competency ({names})",
        "Has its own section of questions for each of {names}",
    ),
    "legal": (
        "Does not ask about age, family, marital status, religion or similar protected topics",
        "None of the questions touches on age, children, marriage or religion",
    ),
    "timing": (
        "The section timings add up to the total interview length",
        "The minutes given for the sections sum to the stated length of the interview",
    ),
    "scale": (
        "The scoring rubric describes every point of the 1-{top} scale",
        "Each score from 1 to {top} has a description in the rubric",
    ),
    "close": (
        "Ends with time for the candidate's own questions",
        "The last section of the interview is for questions from the candidate",
    ),
    "open": (
        "All main questions are open-ended (none can be answered yes or no)",
        "Contains no yes/no questions among the main questions",
    ),
}
"""Two wordings of each kind of criterion, with `{count}`, `{names}` and `{top}` from the task."""


def truths(guide: Guide, answer: str) -> dict[str, bool]:
    top, found = read(answer)
    asked = [pair for *_, pairs, _ in found for pair in pairs]
    timed = [(name, minutes) for name, minutes, *_ in found if minutes is not None]
    names = [name for name, *_ in competencies(guide)]
    return {
        "count": len(asked) == guide.count,
        "followups": bool(asked) and all(probe for _, probe in asked),
        "competencies": grouped(found, names),
        "legal": bool(asked) and not any(ILLEGAL.search(f"{q} {probe or ''}") for q, probe in asked),
        "timing": bool(timed) and sum(minutes for _, minutes in timed) == length(top),
        "scale": scale(found) == list(range(1, len(guide.rubric[1]) + 1)),
        "close": bool(timed) and CLOSING.search(timed[-1][0]) is not None,
        "open": bool(asked) and not any(CLOSED.match(q) for q, _ in asked),
    }


def candidates(rng: random.Random, guide: Guide, answer: str) -> list[Criterion]:
    names = ", ".join(name for name, *_ in competencies(guide))
    values = {"count": guide.count, "names": names, "top": len(guide.rubric[1])}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(guide, answer).items()
    ]


SWITCHES = ("count", "followups", "competencies", "legal", "timing", "scale", "close", "open")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, GUIDES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
