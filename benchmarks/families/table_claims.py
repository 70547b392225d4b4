"""Table-claims family: a summary's claims are consistent with the table in the request.

The request gives a table of sales by region for two quarters; the answer summarises it in a
few sentences, each claim right or wrong: which region led Q2, which grew the most, which was
weakest in Q1, which region's sales fell, and the figures it quotes. The truth of each claim
is computed from the table. Tables are drawn so that every such question has one answer: no
ties, and the region with the largest growth in dollars also has the largest in percent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "table_claims"
ANSWERS = 14
CRITERIA_PER_ANSWER = 3
REGIONS = ("North", "South", "East", "West", "Central", "Coastal")


@dataclass(frozen=True)
class Table:
    rows: dict[str, tuple[int, int]]
    """region -> (Q1, Q2) in thousands of dollars."""

    def top_q2(self) -> str:
        return max(self.rows, key=lambda r: self.rows[r][1])

    def low_q1(self) -> str:
        return min(self.rows, key=lambda r: self.rows[r][0])

    def grew_most(self) -> str:
        return max(self.rows, key=lambda r: self.rows[r][1] - self.rows[r][0])

    def fell(self) -> set[str]:
        return {r for r, (q1, q2) in self.rows.items() if q2 < q1}

    def markdown(self) -> str:
        lines = ["| Region | Q1 ($k) | Q2 ($k) |", "| --- | --- | --- |"]
        lines += [f"| {r} | {q1} | {q2} |" for r, (q1, q2) in self.rows.items()]
        return "\n".join(lines)


def unambiguous(table: Table) -> bool:
    q1s = [q1 for q1, _ in table.rows.values()]
    q2s = [q2 for _, q2 in table.rows.values()]
    growth = {r: q2 - q1 for r, (q1, q2) in table.rows.items()}
    relative = {r: (q2 - q1) / q1 for r, (q1, q2) in table.rows.items()}
    return (
        len(set(q1s)) == len(q1s)
        and len(set(q2s)) == len(q2s)
        and sorted(growth.values())[-1] > sorted(growth.values())[-2]
        and max(relative, key=relative.__getitem__) == table.grew_most()
        and 1 <= len(table.fell()) <= 2
    )


def draw_table(rng: random.Random) -> Table:
    while True:
        regions = rng.sample(REGIONS, 4)
        rows = {}
        for region in regions:
            q1 = rng.randrange(120, 900, 5)
            rows[region] = (q1, max(60, q1 + rng.randrange(-150, 260, 5)))
        table = Table(rows)
        if unambiguous(table):
            return table


def misquote(rng: random.Random, value: int, table: Table) -> int:
    """A figure near `value` that is nowhere in the table."""
    every = {v for pair in table.rows.values() for v in pair}
    options = [value + d for d in (-50, -20, -10, 10, 20, 50) if value + d not in every and value + d > 0]
    return rng.choice(options)


def summary(rng: random.Random, table: Table) -> tuple[str, list[tuple[str, bool, tuple[str, ...]]]]:
    regions = list(table.rows)
    right = {claim: rng.random() < 0.55 for claim in ("top", "low", "grew", "fell", "figure_top", "figure_low")}
    top = table.top_q2() if right["top"] else rng.choice([r for r in regions if r != table.top_q2()])
    low = table.low_q1() if right["low"] else rng.choice([r for r in regions if r != table.low_q1()])
    grew = table.grew_most() if right["grew"] else rng.choice([r for r in regions if r != table.grew_most()])
    fell = sorted(table.fell()) if right["fell"] else [rng.choice([r for r in regions if r not in table.fell()])]
    top_figure = table.rows[top][1] if right["figure_top"] else misquote(rng, table.rows[top][1], table)
    low_figure = table.rows[low][0] if right["figure_low"] else misquote(rng, table.rows[low][0], table)
    fell_text = " and ".join(fell) + (" were the only regions" if len(fell) > 1 else " was the only region")
    sentences = [
        f"{top} led the second quarter with ${top_figure}k in sales.",
        f"{grew} grew the most between the two quarters.",
        f"{low} was the weakest region in Q1, at ${low_figure}k.",
        f"{fell_text} whose sales fell from Q1 to Q2.",
    ]
    rng.shuffle(sentences)
    opener = rng.choice(["", "Here's a quick summary:\n\n", "**Summary.** "])
    claims = [
        (
            "top",
            top == table.top_q2(),
            (
                "Correctly names the region with the highest Q2 sales",
                "The region said to lead Q2 really had the highest Q2 figure",
            ),
        ),
        (
            "grew",
            grew == table.grew_most(),
            ("Correctly identifies the region that grew the most", "The claim about which region grew most is right"),
        ),
        (
            "low",
            low == table.low_q1(),
            ("Names the right region as the weakest in Q1", "Gets the lowest Q1 region right"),
        ),
        (
            "fell",
            set(fell) == table.fell(),
            (
                "The claim about which regions' sales fell is accurate",
                "Correctly says which region(s) declined from Q1 to Q2",
            ),
        ),
        (
            "figures",
            right["figure_top"] and right["figure_low"],
            (
                "Every figure quoted matches the table",
                "All dollar figures in the summary are copied correctly from the table",
            ),
        ),
    ]
    return opener + " ".join(sentences), claims


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        table = draw_table(rng)
        answer, claims = summary(rng, table)
        task = f"Summarise this table for the sales team in a few sentences.\n\n{table.markdown()}"
        candidates = [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in claims]
        out.append(JudgeCase(f"table-{index:02d}", task, answer, balance.choose(candidates, CRITERIA_PER_ANSWER)))
    return out
