"""Match report family (fresh26): the football match report a task asks for from the goals it lists (a county league
game's goals as a Markdown table, an under-16s cup tie's as bullets, a women's league game's in a monospaced match
centre block, a Sunday league game's as plain lines of live text), with a headline, the full-time and half-time
scores, the goals in order with their minutes, the penalty, one player's two goals, the sending-off, the attendance
and a word limit, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh26`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report written right and then changed by switches: the full-time score the goals listed or a
slipped figure, the half-time score the goals up to the break (stoppage time in it) or not, the goals in time order
or two swapped, a headline naming the winner or giving the game to the loser, the player's two goals credited to him
or her or one given to a team-mate, the penalty marked or not, the sending-off reported or left out, the task's
attendance or two digits swapped, and within the word limit or a paragraph over it. Every truth is read from the
text: a goal is a line with a minute (`12'`, `45+2'`) that names one of the two teams, the team it names; the
full-time score the first `N–N` on the first line with `full time`, `full-time` or `final score`, home team first;
the half-time score the first `N–N` after `half time` or `half-time`; the headline the first line; the sending-off a
line naming the player with `sent off` or `red card`; the attendance the first figure on the first line with
`attendance` or `crowd`; words runs of letters and digits (an apostrophe inside a word kept).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "match_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MINUTE = re.compile(r"(?<![\d+])(\d{1,3})(?:\+(\d{1,2}))?['’]")
SCORE = re.compile(r"(\d+)\s*[–-]\s*(\d+)")
FULL_TIME = re.compile(r"full[- ]time|final score", re.I)
HALF_TIME = re.compile(r"half[- ]time\D{0,12}?(\d+)\s*[–-]\s*(\d+)", re.I)
SENT_OFF = re.compile(r"sent off|red card", re.I)
WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)*")

Goal = tuple[tuple[int, int], int, str]
"""A goal's minute (and minutes of stoppage time), its team (0 home, 1 away) and its line."""


@dataclass(frozen=True)
class Match:
    task: str
    text: str
    """The answer written right."""
    teams: tuple[str, str]
    """Home, then away."""
    brace: str
    """The player the task says scored twice."""
    penalty: tuple[str, tuple[int, int]]
    """Who scored the penalty and its minute."""
    red: str
    attendance: str
    limit: int
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead; a swap comes first."""

    @property
    def name(self) -> str:
        return f"{self.teams[0]} v {self.teams[1]}"


HARBOUR = """# Harbour Town 3–1 Ferry United: hosts pull clear after the break

**Full time:** Harbour Town 3–1 Ferry United (half-time 1–1)
**Attendance:** 1,214

| Minute | Team | Scorer |
|---|---|---|
| 12' | Harbour Town | Kwame Osei |
| 34' | Ferry United | Erik Lund (pen) |
| 58' | Harbour Town | Dan Mbeki |
| 77' | Harbour Town | Dan Mbeki |

Harbour Town had the better of a scrappy first half and kept the ball well once the wind dropped. Ferry United's \
Jonas Hale was sent off for a second yellow card midway through the second half, and the visitors rarely threatened \
after that. Manager Sue Adair praised her side's patience."""

MILLBROOK = """**Millbrook Colts 3–2 Ashdown Rangers: Colts hold on to reach the quarter-finals**

Full-time: Millbrook Colts 3–2 Ashdown Rangers. Half-time: 2–1.

Goals
- 8' Tariq Khan (Ashdown Rangers)
- 29' Leo Hart (Millbrook Colts)
- 45+2' Leo Hart, penalty (Millbrook Colts)
- 63' Sam Price (Millbrook Colts)
- 88' Tariq Khan (Ashdown Rangers)

Ashdown's Ben Cole was shown a straight red card for a late challenge, but the visitors kept pushing to the end. \
A crowd of 312 watched at Mill Lane."""

WESTFIELD = """Westfield Women come from behind to beat Carrow City Women

```text
REGIONAL PREMIER
FULL TIME   Westfield Women 3–2 Carrow City Women
HALF TIME   0–1

GOALS
17'    Carrow City Women    Ada Brennan
52'    Westfield Women      Nia Lowe
61'    Westfield Women      Nia Lowe
70'    Westfield Women      Ruth Okafor (pen)
90+3'  Carrow City Women    Ada Brennan

Sent off: Kim Shaw, Carrow City Women (81 min)
Attendance: 486
```

A lively game at Westfield Park finished with the visitors pressing for an equaliser in a long spell of stoppage \
time."""

EASTGATE = """Eastgate Athletic run away with it against Pine Hill

Final score: Eastgate Athletic 4–1 Pine Hill. Half time: 1–1.

5' Omar Reid gives Pine Hill the lead from close range.
38' Chris Dunn levels for Eastgate Athletic with a volley.
49' Chris Dunn puts Eastgate Athletic in front.
55' Lee Ward scores a penalty for Eastgate Athletic.
84' Gary Moss rounds it off for Eastgate Athletic.

Pine Hill goalkeeper Ian Frost was sent off for a professional foul. Attendance: 87. Eastgate stay top of the \
table."""

EXTRA = (
    "\n\nBoth managers spoke afterwards about the state of the pitch, which had taken a battering from a week of "
    "heavy rain, and about a fixture list that leaves both squads with three games in eight days before the end of "
    "the month. The club also thanked the volunteers who cleared the stand and the car park on the morning of the "
    "game, and reminded supporters that season tickets for next year go on sale at the clubhouse from Monday. The "
    "bar will stay open after every home game this season, the youth section is still looking for two more coaches, "
    "and the annual quiz night raises money for new training kit."
)
"""The paragraph a report over its word limit adds (no minute, score, attendance or sending-off in it)."""

MATCHES = (
    Match(
        "Match report for the club website: Harbour Town (home) v Ferry United, County League. Goals: 12' Kwame "
        "Osei (Harbour Town), 34' Erik Lund penalty (Ferry United), 58' and 77' Dan Mbeki (Harbour Town). Ferry "
        "United's Jonas Hale was sent off for two yellows. Attendance 1,214. I need a headline, the full-time and "
        "half-time scores, the goals in a table in the order they went in, the penalty marked, Mbeki's two goals, "
        "the red card and the attendance. Under 145 words.",
        HARBOUR,
        ("Harbour Town", "Ferry United"),
        "Mbeki",
        ("Lund", (34, 0)),
        "Jonas Hale",
        "1,214",
        145,
        (
            swap_lines(HARBOUR, "| 34' |", "| 58' |"),
            ("score", "Harbour Town 3–1 Ferry United (half", "Harbour Town 3–2 Ferry United (half"),
            ("half_time", "(half-time 1–1)", "(half-time 1–0)"),
            ("winner", "# Harbour Town 3–1 Ferry United: hosts pull clear", "# Ferry United take the points"),
            ("brace", "| 77' | Harbour Town | Dan Mbeki |", "| 77' | Harbour Town | Kwame Osei |"),
            ("penalty", "Erik Lund (pen)", "Erik Lund"),
            (
                "red",
                "Ferry United's Jonas Hale was sent off for a second yellow card midway through the second half, "
                "and the visitors",
                "Midway through the second half the visitors faded, and they",
            ),
            ("attendance", "**Attendance:** 1,214", "**Attendance:** 1,241"),
            ("words", "patience.", "patience." + EXTRA),
        ),
    ),
    Match(
        "Write up our under-16s cup tie for the club newsletter: Millbrook Colts (home) v Ashdown Rangers. Goals: "
        "8' Tariq Khan (Ashdown), 29' Leo Hart (Millbrook), 45+2' Leo Hart penalty (Millbrook), 63' Sam Price "
        "(Millbrook), 88' Tariq Khan (Ashdown). Ashdown's Ben Cole got a straight red. Crowd of 312. Headline with "
        "the result, full-time and half-time scores, the goals as bullets in order with minutes, the penalty "
        "marked, Hart's two goals, the red card and the crowd. 110 words at most.",
        MILLBROOK,
        ("Millbrook Colts", "Ashdown Rangers"),
        "Leo Hart",
        ("Hart", (45, 2)),
        "Ben Cole",
        "312",
        110,
        (
            swap_lines(MILLBROOK, "- 63'", "- 88'"),
            ("score", "Full-time: Millbrook Colts 3–2", "Full-time: Millbrook Colts 3–1"),
            ("half_time", "Half-time: 2–1", "Half-time: 1–1"),
            ("winner", "**Millbrook Colts 3–2 Ashdown Rangers: Colts hold on", "**Ashdown Rangers edge it"),
            ("brace", "- 29' Leo Hart", "- 29' Sam Price"),
            ("penalty", "Leo Hart, penalty", "Leo Hart"),
            ("red", "Ashdown's Ben Cole was shown a straight red card for a late challenge, but the", "The"),
            ("attendance", "A crowd of 312", "A crowd of 321"),
            ("words", "at Mill Lane.", "at Mill Lane." + EXTRA),
        ),
    ),
    Match(
        "Report for the app on Westfield Women (home) v Carrow City Women, Regional Premier, as a monospaced match "
        "centre block with a sentence or two under it. Goals: 17' Ada Brennan (Carrow), 52' Nia Lowe (Westfield), "
        "61' Nia Lowe (Westfield), 70' Ruth Okafor penalty (Westfield), 90+3' Ada Brennan (Carrow). Carrow's Kim "
        "Shaw was sent off. Attendance 486. Headline naming the result, full time and half time, goals in order, "
        "the penalty marked, Lowe's two goals, the sending-off and the attendance, 120 words at most.",
        WESTFIELD,
        ("Westfield Women", "Carrow City Women"),
        "Nia Lowe",
        ("Okafor", (70, 0)),
        "Kim Shaw",
        "486",
        120,
        (
            swap_lines(WESTFIELD, "52'", "61'"),
            ("score", "Westfield Women 3–2 Carrow", "Westfield Women 3–3 Carrow"),
            ("half_time", "HALF TIME   0–1", "HALF TIME   0–2"),
            ("winner", "Westfield Women come from behind to beat Carrow City Women", "Carrow City Women win away"),
            ("brace", "61'    Westfield Women      Nia Lowe", "61'    Westfield Women      Ruth Okafor"),
            ("penalty", "Ruth Okafor (pen)", "Ruth Okafor"),
            ("red", "Sent off: Kim Shaw, Carrow City Women (81 min)\n", ""),
            ("attendance", "Attendance: 486", "Attendance: 468"),
            ("words", "stoppage time.", "stoppage time." + EXTRA),
        ),
    ),
    Match(
        "Short match report, plain text, no Markdown: Eastgate Athletic (home) v Pine Hill, Sunday League Division "
        "2. Goals: 5' Omar Reid (Pine Hill), 38' Chris Dunn (Eastgate), 49' Chris Dunn (Eastgate), 55' Lee Ward "
        "penalty (Eastgate), 84' Gary Moss (Eastgate). Pine Hill's keeper Ian Frost was sent off. Attendance 87. "
        "Headline, full-time and half-time scores, one line per goal in order starting with its minute, the "
        "penalty marked, Dunn's two goals, the sending-off and the attendance. Under 110 words.",
        EASTGATE,
        ("Eastgate Athletic", "Pine Hill"),
        "Chris Dunn",
        ("Ward", (55, 0)),
        "Ian Frost",
        "87",
        110,
        (
            swap_lines(EASTGATE, "55'", "84'"),
            ("score", "Eastgate Athletic 4–1 Pine Hill.", "Eastgate Athletic 4–2 Pine Hill."),
            ("half_time", "Half time: 1–1", "Half time: 2–1"),
            ("winner", "Eastgate Athletic run away with it against Pine Hill", "Pine Hill snatch it at Eastgate"),
            ("brace", "49' Chris Dunn puts", "49' Gary Moss puts"),
            ("penalty", "scores a penalty for", "scores for"),
            ("red", "Pine Hill goalkeeper Ian Frost was sent off for a professional foul. ", ""),
            ("attendance", "Attendance: 87.", "Attendance: 78."),
            ("words", "top of the table.", "top of the table." + EXTRA),
        ),
    ),
)
SWITCHES = ("order", "score", "half_time", "winner", "brace", "penalty", "red", "attendance", "words")


def build(match: Match, on: dict[str, bool]) -> str:
    return slipped(match.text, match.slips, on, match.name)


# Reading a report -------------------------------------------------------------------------------


def goals(answer: str, match: Match) -> list[Goal]:
    """Each line with a minute that names one team, in order."""
    out = []
    for line in answer.splitlines():
        minute = MINUTE.search(line)
        named = [index for index, team in enumerate(match.teams) if team in line]
        if minute and len(named) == 1:
            out.append(((int(minute.group(1)), int(minute.group(2) or 0)), named[0], line))
    return out


def count(found: list[Goal], up_to: int = 999) -> tuple[int, int]:
    """Each team's goals scored up to minute `up_to` (stoppage time counted with its half)."""
    scored = [team for (minute, _), team, _ in found if minute <= up_to]
    return scored.count(0), scored.count(1)


def full_time(answer: str) -> tuple[int, int] | None:
    line = next((s for s in answer.splitlines() if FULL_TIME.search(s)), "")
    found = SCORE.search(line)
    return (int(found.group(1)), int(found.group(2))) if found else None


def half_time(answer: str) -> tuple[int, int] | None:
    found = HALF_TIME.search(answer)
    return (int(found.group(1)), int(found.group(2))) if found else None


def attendance(answer: str) -> str | None:
    line = next((s for s in answer.splitlines() if re.search(r"attendance|crowd", s, re.I)), "")
    found = re.search(r"\d[\d,]*", line)
    return found.group(0) if found else None


def words(answer: str) -> int:
    return len(WORD.findall(answer))


def headline(answer: str) -> str:
    return next((line for line in answer.splitlines() if line.strip()), "")


WORDINGS = {
    "order": ("Lists the goals in the order they were scored", "The goals appear in chronological order"),
    "score": ("The final score matches the goals listed", "The full-time score adds up from the goals in the report"),
    "half_time": (
        "The half-time score is right for the goal times given",
        "States the correct score at half-time",
    ),
    "winner": ("The headline names the team that won", "The headline gets the winner right"),
    "brace": ("Credits {brace} with two goals", "Shows that {brace} scored twice"),
    "penalty": (
        "Makes clear that {taker}'s {minute} goal was a penalty",
        "Flags the {minute} goal by {taker} as a penalty",
    ),
    "red": ("Mentions that {red} was sent off", "Reports {red}'s red card"),
    "attendance": ("Gives the attendance as {attendance}", "States the crowd figure of {attendance}"),
    "words": ("Is no longer than {limit} words", "Keeps the report within {limit} words"),
}
"""Two wordings of each kind of criterion, filled from the match."""


def truths(match: Match, answer: str) -> dict[str, bool]:
    found = goals(answer, match)
    minutes = [minute for minute, _, _ in found]
    final = count(found)
    winner = match.teams[0] if final[0] > final[1] else match.teams[1]
    taker, when = match.penalty
    return {
        "order": len(minutes) > 1 and minutes == sorted(minutes),
        "score": bool(found) and full_time(answer) == final,
        "half_time": bool(found) and half_time(answer) == count(found, 45),
        "winner": final[0] != final[1] and winner in headline(answer),
        "brace": sum(match.brace in line for _, _, line in found) == 2,
        "penalty": any(m == when and taker in line and "pen" in line.lower() for m, _, line in found),
        "red": any(match.red in line and SENT_OFF.search(line) for line in answer.splitlines()),
        "attendance": attendance(answer) == match.attendance,
        "words": words(answer) <= match.limit,
    }


def spoken(minute: tuple[int, int]) -> str:
    return f"{minute[0]}+{minute[1]}'" if minute[1] else f"{minute[0]}'"


def candidates(rng: random.Random, match: Match, answer: str) -> list[Criterion]:
    values = {
        "brace": match.brace,
        "taker": match.penalty[0],
        "minute": spoken(match.penalty[1]),
        "red": match.red,
        "attendance": match.attendance,
        "limit": match.limit,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(match, answer).items()
    ]


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, MATCHES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
