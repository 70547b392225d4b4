"""League table family (fresh15): the standings a task asks to be drawn up from each team's record (a
five-a-side football division, a recreational basketball league, a handball division, a women's
hockey division), with each team's games played, wins, draws, losses, scores for and against, the
difference and the points, a key to the headings, the round the table is up to and the leader named,
a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh15`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the table (in pipes, or as aligned columns in a fenced block) under a title line, with a
key and a line naming the leader, written right and then changed by switches: teams ranked by points
then difference or two swapped (their positions left as they were), every team's points right for
its record or one slipped, every team's games played the sum of its results or one not, every
difference its scores for minus against or one wrong, scores for and against that add up to the same
total or one team's score changed (its difference with it), exactly the league's teams or a withdrawn
team added, a key to every abbreviated heading or none, the round or week it is up to or none, and
the leader named right or the second team named. Every truth is read from the text: the table by its
headings, each row's record as written; points and difference are computed from the record for the
ranking and the leader, so a slip in a stated figure changes only its own criterion; the key and the
leader from the lines outside the table.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import FENCED, Criterion, JudgeCase, pick_wording, pipe_grids, slipped, switched_cases

FAMILY = "league_table"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ASOF = re.compile(r"\b(?:after|as of|up to|through)\s+(?:round|matchday|week|game ?week)\s+\d+", re.I)
LEADER = re.compile(r"top of the (?:table|league)|\bleaders?\b|\blead(?:s|ing)?\b|first place", re.I)
POSITION = re.compile(r"^([|\s]*\d+\s*\|?\s*)(.*)$")
FIELDS = {
    "pos": ("pos", "#", "position"),
    "team": ("team", "club"),
    "played": ("p", "pld", "gp", "played", "mp"),
    "won": ("w", "won"),
    "drawn": ("d", "drawn"),
    "lost": ("l", "lost"),
    "for": ("gf", "f", "pf", "for"),
    "against": ("ga", "a", "pa", "against"),
    "diff": ("gd", "+/-", "diff", "pd"),
    "points": ("pts", "points"),
}

Row = dict[str, str]


@dataclass(frozen=True)
class League:
    task: str
    text: str
    """The answer written right."""
    name: str
    teams: int
    scoring: tuple[int, int, int]
    """Points for a win, a draw and a loss."""
    rule: str
    diff: str
    scored: str
    """How the points are given, and what the difference and the scores are called."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead; the swap comes first."""


HACKNEY = """## Hackney Sunday 5s, Division 1 — table after Round 10

| Pos | Team | P | W | D | L | GF | GA | GD | Pts |
|---|---|---|---|---|---|---|---|---|---|
| 1 | Harbour Rovers | 10 | 7 | 1 | 2 | 33 | 21 | +12 | 22 |
| 2 | Mare Street | 10 | 5 | 4 | 1 | 33 | 25 | +8 | 19 |
| 3 | Well Street United | 10 | 5 | 3 | 2 | 27 | 22 | +5 | 18 |
| 4 | Old Mill | 10 | 5 | 2 | 3 | 32 | 25 | +7 | 17 |
| 5 | Clapton Athletic | 10 | 2 | 1 | 7 | 18 | 27 | −9 | 7 |
| 6 | Lea Bridge FC | 10 | 0 | 1 | 9 | 9 | 32 | −23 | 1 |

Key: P = played, W = won, D = drawn, L = lost, GF = goals for, GA = goals against, GD = goal difference, Pts = points (3 for a win, 1 for a draw).

**Leaders:** Harbour Rovers, on 22 points."""

RIVERSIDE = """# Riverside Rec League — standings through Week 7

| # | Team | GP | W | L | PF | PA | Diff | Pts |
|---|---|---|---|---|---|---|---|---|
| 1 | Parkview Pacers | 7 | 5 | 2 | 479 | 459 | +20 | 12 |
| 2 | Northfield Owls | 7 | 4 | 3 | 399 | 376 | +23 | 11 |
| 3 | Southside Tigers | 7 | 4 | 3 | 438 | 419 | +19 | 11 |
| 4 | Riverside Hawks | 7 | 4 | 3 | 427 | 441 | -14 | 11 |
| 5 | Westend Wolves | 7 | 3 | 4 | 448 | 433 | +15 | 10 |
| 6 | Lakeside Lions | 7 | 3 | 4 | 519 | 516 | +3 | 10 |
| 7 | Eastgate Comets | 7 | 3 | 4 | 496 | 509 | -13 | 10 |
| 8 | Millbrook Bears | 7 | 2 | 5 | 373 | 426 | -53 | 9 |

GP = games played · W = wins · L = losses · PF = points for · PA = points against · Diff = point difference · Pts = league points (2 for a win, 1 for a loss)

Parkview Pacers lead the league at 5–2.

Ties on league points are broken by point difference."""

NORTHERN = """Northern Handball League, men's first division: table after Matchday 10

```text
Pos  Team              P   W  D  L    F    A   +/-  Pts
1    Wigan HC          10  7  0  3  254  235   +19   14
2    Oldham Otters     10  6  1  3  284  229   +55   13
3    Preston Panthers  10  5  2  3  207  209    -2   12
4    Bury Blades       10  5  0  5  242  253   -11   10
5    Salford Saints    10  3  1  6  244  239    +5    7
6    Bolton Bees       10  2  0  8  197  263   -66    4
```

P: played, W: won, D: drawn, L: lost, F: goals for, A: goals against, +/-: goal difference, Pts: points (2 for a win, 1 for a draw).

Wigan HC are top of the table with 14 points."""

KENT = """**Kent Women's Hockey League, Division 2 (as of Round 7)**

| Pos | Club | Pld | W | D | L | GF | GA | GD | Pts |
|:--:|:--|:--:|:--:|:--:|:--:|:--:|:--:|:--:|:--:|
| 1 | Maidstone | 7 | 5 | 1 | 1 | 18 | 13 | +5 | 16 |
| 2 | Tunbridge Wells | 7 | 4 | 1 | 2 | 15 | 11 | +4 | 13 |
| 3 | Sevenoaks | 7 | 4 | 1 | 2 | 15 | 12 | +3 | 13 |
| 4 | Folkestone Optimists | 7 | 2 | 3 | 2 | 11 | 11 | 0 | 9 |
| 5 | Dover | 7 | 2 | 3 | 2 | 13 | 14 | −1 | 9 |
| 6 | Canterbury | 7 | 2 | 2 | 3 | 11 | 12 | −1 | 8 |
| 7 | Ashford | 7 | 1 | 3 | 3 | 11 | 15 | −4 | 6 |
| 8 | Gore Court | 7 | 0 | 2 | 5 | 8 | 14 | −6 | 2 |

Pld = played, W = won, D = drawn, L = lost, GF = goals for, GA = goals against, GD = goal difference, Pts = points (3 for a win, 1 for a draw).

In first place: Maidstone (16 pts). Teams level on points are separated by goal difference."""


def swap(text: str, first: str, second: str) -> tuple[str, str, str]:
    """The slip that swaps two adjacent teams' rows, each position staying where it was."""
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if first in line)
    upper, lower = POSITION.match(lines[at]), POSITION.match(lines[at + 1])
    if upper is None or lower is None or second not in lines[at + 1]:
        raise ValueError(f"{second!r} does not follow {first!r}")
    new = f"{upper.group(1)}{lower.group(2)}\n{lower.group(1)}{upper.group(2)}\n"
    return ("order", f"{lines[at]}\n{lines[at + 1]}\n", new)


LEAGUES = (
    League(
        "Make the Division 1 table for our Sunday five-a-side league after round 10 (everyone has played 10). Harbour "
        "Rovers W7 D1 L2, goals 33-21; Mare Street W5 D4 L1, 33-25; Well Street United W5 D3 L2, 27-22; Old Mill W5 "
        "D2 L3, 32-25; Clapton Athletic W2 D1 L7, 18-27; Lea Bridge FC W0 D1 L9, 9-32. Three points for a win, one "
        "for a draw, ranked on points then goal difference. Add a key and say who's top.",
        HACKNEY,
        "Hackney Sunday 5s",
        6,
        (3, 1, 0),
        "3 points for a win and 1 for a draw",
        "goal difference",
        "goals",
        (
            swap(HACKNEY, "Well Street United", "Old Mill"),
            ("points", "| 18 | 27 | −9 | 7 |", "| 18 | 27 | −9 | 5 |"),
            ("played", "| Lea Bridge FC | 10 |", "| Lea Bridge FC | 9 |"),
            ("diff", "| 33 | 25 | +8 |", "| 33 | 25 | −8 |"),
            ("balance", "| 27 | 22 | +5 |", "| 29 | 22 | +7 |"),
            ("teams", "\n\nKey:", "\n| 7 | Dalston Dynamos (withdrawn) | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |\n\nKey:"),
            (
                "key",
                "Key: P = played, W = won, D = drawn, L = lost, GF = goals for, GA = goals against, GD = goal "
                "difference, Pts = points (3 for a win, 1 for a draw).\n\n",
                "",
            ),
            ("asof", " — table after Round 10", " — table"),
            ("leader", "Harbour Rovers, on 22 points", "Mare Street, on 19 points"),
        ),
    ),
    League(
        "Standings for the Riverside Rec basketball league after week 7, please. Records (W-L, points for-against): "
        "Parkview Pacers 5-2, 479-459; Northfield Owls 4-3, 399-376; Southside Tigers 4-3, 438-419; Riverside Hawks "
        "4-3, 427-441; Westend Wolves 3-4, 448-433; Lakeside Lions 3-4, 519-516; Eastgate Comets 3-4, 496-509; "
        "Millbrook Bears 2-5, 373-426. Two league points for a win and one for a loss; break ties on point "
        "difference. Explain the abbreviations and say who leads.",
        RIVERSIDE,
        "Riverside Rec League",
        8,
        (2, 0, 1),
        "2 points for a win and 1 for a loss",
        "point difference",
        "points",
        (
            swap(RIVERSIDE, "Riverside Hawks", "Westend Wolves"),
            ("points", "| 373 | 426 | -53 | 9 |", "| 373 | 426 | -53 | 4 |"),
            ("played", "| Lakeside Lions | 7 |", "| Lakeside Lions | 8 |"),
            ("diff", "| 427 | 441 | -14 |", "| 427 | 441 | +14 |"),
            ("balance", "| 479 | 459 | +20 |", "| 497 | 459 | +38 |"),
            (
                "teams",
                "\n\nGP = games",
                "\n| 9 | Harbourside Heat (withdrawn) | 0 | 0 | 0 | 0 | 0 | 0 | 0 |\n\nGP = games",
            ),
            (
                "key",
                "GP = games played · W = wins · L = losses · PF = points for · PA = points against · Diff = "
                "point difference · Pts = league points (2 for a win, 1 for a loss)\n\n",
                "",
            ),
            ("asof", " — standings through Week 7", " — standings"),
            ("leader", "Parkview Pacers lead the league at 5–2.", "Northfield Owls lead the league at 4–3."),
        ),
    ),
    League(
        "Write up the Northern Handball League first division table after matchday 10 as plain text columns. Wigan HC "
        "7 wins 0 draws 3 losses, goals 254-235; Oldham Otters 6-1-3, 284-229; Preston Panthers 5-2-3, 207-209; "
        "Bury Blades 5-0-5, 242-253; Salford Saints 3-1-6, 244-239; Bolton Bees 2-0-8, 197-263. Two points for a "
        "win, one for a draw; order by points, then goal difference. Include a key and name the leader.",
        NORTHERN,
        "Northern Handball League",
        6,
        (2, 1, 0),
        "2 points for a win and 1 for a draw",
        "goal difference",
        "goals",
        (
            swap(NORTHERN, "Bury Blades", "Salford Saints"),
            ("points", "-66    4", "-66    6"),
            ("played", "Wigan HC          10", "Wigan HC          11"),
            ("diff", "+55", "+45"),
            ("balance", "207  209    -2", "217  209    +8"),
            ("teams", "```\n\nP: played", "7    Rochdale Rams     0   0  0  0    0    0     0    0\n```\n\nP: played"),
            (
                "key",
                "P: played, W: won, D: drawn, L: lost, F: goals for, A: goals against, +/-: goal difference, "
                "Pts: points (2 for a win, 1 for a draw).\n\n",
                "",
            ),
            ("asof", ": table after Matchday 10", ": table"),
            ("leader", "Wigan HC are top of the table with 14", "Oldham Otters are top of the table with 13"),
        ),
    ),
    League(
        "Can you turn these results into the Kent Women's Hockey League Division 2 table after round 7? Maidstone "
        "W5 D1 L1, 18-13; Tunbridge Wells W4 D1 L2, 15-11; Sevenoaks W4 D1 L2, 15-12; Folkestone Optimists W2 D3 L2, "
        "11-11; Dover W2 D3 L2, 13-14; Canterbury W2 D2 L3, 11-12; Ashford W1 D3 L3, 11-15; Gore Court W0 D2 L5, "
        "8-14. 3 points for a win, 1 for a draw, ties split on goal difference. Key under the table, and who's first.",
        KENT,
        "Kent Women's Hockey League",
        8,
        (3, 1, 0),
        "3 points for a win and 1 for a draw",
        "goal difference",
        "goals",
        (
            swap(KENT, "Canterbury", "Ashford"),
            ("points", "| 11 | 15 | −4 | 6 |", "| 11 | 15 | −4 | 5 |"),
            ("played", "| Folkestone Optimists | 7 |", "| Folkestone Optimists | 6 |"),
            ("diff", "| 11 | 12 | −1 |", "| 11 | 12 | +1 |"),
            ("balance", "| 18 | 13 | +5 |", "| 19 | 13 | +6 |"),
            (
                "teams",
                "\n\nPld = played",
                "\n| 9 | Bromley (withdrawn) | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |\n\nPld = played",
            ),
            (
                "key",
                "Pld = played, W = won, D = drawn, L = lost, GF = goals for, GA = goals against, GD = goal "
                "difference, Pts = points (3 for a win, 1 for a draw).\n\n",
                "",
            ),
            ("asof", " (as of Round 7)", ""),
            ("leader", "Maidstone (16 pts)", "Tunbridge Wells (13 pts)"),
        ),
    ),
)


def build(league: League, on: dict[str, bool]) -> str:
    return slipped(league.text, league.slips, on, league.name)


# Reading a table --------------------------------------------------------------------------------


def grids(answer: str) -> list[tuple[list[str], list[list[str]]]]:
    """The pipe tables and the fenced blocks of aligned columns, each (headings, rows)."""
    out = []
    for block in FENCED.findall(answer):
        lines = [re.split(r"\s{2,}", line.strip()) for line in block.splitlines() if line.strip()]
        if len(lines) > 1:
            out.append((lines[0], lines[1:]))
    return out + [(grid[0], grid[1:]) for grid in pipe_grids(answer)]


def table(answer: str) -> tuple[list[str], list[Row]]:
    """The first table with a team column: its headings, and its rows by field."""
    for headings, rows in grids(answer):
        at = {}
        for index, heading in enumerate(headings):
            field = next((f for f, names in FIELDS.items() if heading.strip().lower() in names), None)
            if field and field not in at:
                at[field] = index
        if "team" in at:
            return headings, [{f: row[i] for f, i in at.items() if i < len(row)} for row in rows]
    return [], []


def value(row: Row, field: str) -> int | None:
    cell = row.get(field, "0" if field == "drawn" else "").replace("−", "-").replace("+", "").strip()
    return int(cell) if re.fullmatch(r"-?\d+", cell) else None


def record(league: League, row: Row) -> tuple[int, int] | None:
    """The points and the difference that the team's record gives."""
    got = [value(row, f) for f in ("won", "drawn", "lost", "for", "against")]
    if any(v is None for v in got):
        return None
    won, drawn, lost, scored, conceded = (v or 0 for v in got)
    win, draw, loss = league.scoring
    return won * win + drawn * draw + lost * loss, scored - conceded


def outside(answer: str) -> list[str]:
    """The lines that are not part of a table or a fenced block."""
    return [line for line in FENCED.sub("", answer).splitlines() if not line.strip().startswith("|")]


def keyed(headings: list[str], answer: str) -> bool:
    """Every heading but the position and the team is defined (`X = ...` or `X: ...`) outside the table."""
    text = "\n".join(outside(answer))
    abbreviated = [h for h in headings if h.strip().lower() not in (*FIELDS["pos"], *FIELDS["team"])]
    return bool(abbreviated) and all(
        re.search(rf"(?:^|[\s,;·(]){re.escape(h.strip())}\s*[:=–—]\s*[A-Za-z]", text, re.M) for h in abbreviated
    )


def named_leader(rows: list[Row], answer: str) -> str | None:
    """The team first named on the first line outside the table that speaks of the lead."""
    line = next((line for line in outside(answer) if LEADER.search(line)), "")
    named = [(line.find(row["team"]), row["team"]) for row in rows if row.get("team") and row["team"] in line]
    return min(named)[1] if named else None


def top(rows: list[Row], ranked: list[tuple[int, int]]) -> str | None:
    """The team first on points, then difference (the higher row when they tie on both)."""
    best = max(range(len(rows)), key=lambda i: (ranked[i], -i))
    return rows[best].get("team")


WORDINGS = {
    "order": (
        "The teams are ranked by points, then by {diff}",
        "Teams are listed from most to fewest points, ties split on {diff}",
    ),
    "points": (
        "Each team's points are right for its record at {rule}",
        "The points column matches every team's results under {rule}",
    ),
    "played": (
        "For every team, games played equals the games it won, drew and lost added together",
        "Each team's played figure is the sum of its results",
    ),
    "diff": (
        "Each team's {diff} equals its {scored} for minus its {scored} against",
        "The {diff} column is right for every team",
    ),
    "balance": (
        "Total {scored} for equals total {scored} against across the table",
        "The {scored} scored and conceded columns add up to the same total",
    ),
    "teams": ("The table has exactly {n} teams", "Lists {n} teams, no more and no fewer"),
    "key": ("Explains every column abbreviation in the table", "Gives a key for each abbreviated heading"),
    "asof": ("Says which round or week the table is up to", "States how far into the season the standings are"),
    "leader": ("Names the right team as the league leader", "The team it says is top really is first on points"),
}
"""Two wordings of each kind of criterion, filled from the league."""


def truths(league: League, answer: str) -> dict[str, bool]:
    headings, rows = table(answer)
    records = [record(league, row) for row in rows]
    known = bool(rows) and all(r is not None for r in records)
    ranked = [r for r in records if r is not None]
    return {
        "order": known and all(a >= b for a, b in zip(ranked, ranked[1:], strict=False)),
        "points": known and all(value(row, "points") == r[0] for row, r in zip(rows, ranked, strict=True)),
        "played": bool(rows)
        and all(value(row, "played") == sum(value(row, f) or 0 for f in ("won", "drawn", "lost")) for row in rows),
        "diff": known and all(value(row, "diff") == r[1] for row, r in zip(rows, ranked, strict=True)),
        "balance": known
        and sum(value(row, "for") or 0 for row in rows) == sum(value(row, "against") or 0 for row in rows),
        "teams": len(rows) == league.teams,
        "key": keyed(headings, answer),
        "asof": bool(ASOF.search(answer)),
        "leader": known and named_leader(rows, answer) == top(rows, ranked),
    }


def candidates(rng: random.Random, league: League, answer: str) -> list[Criterion]:
    values = {"diff": league.diff, "rule": league.rule, "scored": league.scored, "n": league.teams}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(league, answer).items()
    ]


SWITCHES = ("order", "points", "played", "diff", "balance", "teams", "key", "asof", "leader")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LEAGUES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
