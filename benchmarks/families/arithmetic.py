"""Arithmetic family: is a value the answer states (a total, an average, a percentage, a
difference, a tax) correct for the numbers given in the request.

Each scenario draws the request's numbers, computes every asked value exactly (`Fraction`),
and writes the worked answer a small model gives, with at most one slip (a digit off, a wrong
divisor, a value copied wrong, the wrong base of a percentage). A criterion's truth compares
the value the answer states with the exact one at the precision the request asked for
(`stated_is_correct`); draws whose exact value sits on a rounding tie are redrawn, so no
label depends on a rounding rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "arithmetic"
ANSWERS = 18
CRITERIA_PER_ANSWER = 3


def parse_number(text: str) -> Fraction:
    """'$1,209.30' -> 1209.3, '13.8%' -> 13.8."""
    return Fraction(text.replace(",", "").replace("$", "").replace("%", "").strip())


def stated_is_correct(stated: str, exact: Fraction, places: int) -> bool:
    """The stated value is the exact one rounded to `places` decimals (no tie is ever asked)."""
    return abs(parse_number(stated) - exact) < Fraction(1, 2 * 10**places)


def on_tie(exact: Fraction, places: int) -> bool:
    scaled = exact * 10**places
    return scaled - (scaled.numerator // scaled.denominator) == Fraction(1, 2)


def fmt(value: Fraction, places: int, money: bool = False) -> str:
    rounded = round(value, places)
    text = f"{float(abs(rounded)):,.{places}f}"
    return ("-" if rounded < 0 else "") + ("$" if money else "") + text


@dataclass
class Worked:
    request: str
    lines: list[str] = field(default_factory=list)
    stated: dict[str, tuple[str, Fraction, int]] = field(default_factory=dict)
    """kind -> (the value as the answer states it, the exact value, decimals asked)."""
    steps_right: bool = True
    """Every equation shown holds (rounded to the decimals shown). A wrong divisor or base
    leaves them true: the mistake is which numbers were divided, not the division."""
    copied_wrong: bool = False
    """The final line states a value other than the working's: whether that is a wrong "step"
    is arguable, so such an answer is not asked about its steps."""


def slip(rng: random.Random, value: Fraction, places: int) -> Fraction:
    """A wrong value near the right one: off by one unit or ten, or two digits swapped."""
    unit = Fraction(1, 10**places)
    sign = -1 if value < 0 else 1
    text = f"{float(abs(round(value, places))):.{places}f}".replace(".", "")
    digits = [i for i in range(len(text) - 1) if text[i] != text[i + 1]]
    if digits and rng.random() < 0.4:
        i = rng.choice(digits)
        swapped = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
        return sign * Fraction(int(swapped), 10**places)
    return round(value, places) + rng.choice([-10, -1, 1, 10]) * unit


def total_and_average(rng: random.Random, mistake: str | None) -> Worked:
    while True:
        values = [rng.randint(400, 1900) for _ in range(rng.choice([3, 4]))]
        total = sum(values)
        if not on_tie(Fraction(total, len(values)), 1):
            break
    k = len(values)
    listed = ", ".join(f"{v:,}" for v in values[:-1]) + f" and {values[-1]:,}"
    work = Worked(
        f"Our {k} stores sold {listed} units in May. What was the total, and the average per store "
        "(to one decimal place)?"
    )
    said_total = Fraction(total)
    if mistake == "total":
        said_total = slip(rng, said_total, 0)
    divisor = k - 1 if mistake == "divisor" else k
    said_average = said_total / divisor
    shown_average = fmt(said_average, 1)
    if mistake == "copy":
        shown_average = fmt(slip(rng, said_average, 1), 1)
    work.lines = [
        "Adding the four figures:" if k == 4 else "Adding the three figures:",
        f"{' + '.join(f'{v:,}' for v in values)} = {fmt(said_total, 0)} units",
        f"Average per store: {fmt(said_total, 0)} / {divisor} = {fmt(said_average, 1)} units",
        f"**Total: {fmt(said_total, 0)} units; average: {shown_average} units per store.**",
    ]
    work.stated = {"total": (fmt(said_total, 0), Fraction(total), 0), "average": (shown_average, Fraction(total, k), 1)}
    return work


def growth(rng: random.Random, mistake: str | None) -> Worked:
    while True:
        before = rng.randrange(20_000, 90_000, 100)
        after = before + rng.randrange(-9_000, 15_000, 100)
        exact = Fraction(after - before, before) * 100
        if after != before and not on_tie(exact, 1) and abs(exact) >= 1:
            break
    work = Worked(
        f"Revenue was ${before:,} in Q1 and ${after:,} in Q2. What is the change in dollars, and by what "
        "percentage did revenue change? Round the percentage to one decimal place."
    )
    diff = Fraction(after - before)
    said_diff = slip(rng, diff, 0) if mistake == "total" else diff
    base = after if mistake == "divisor" else before
    said_pct = said_diff / base * 100
    shown_pct = fmt(slip(rng, said_pct, 1), 1) if mistake == "copy" else fmt(said_pct, 1)
    work.lines = [
        f"Change: ${after:,} - ${before:,} = {fmt(said_diff, 0, money=True)}",
        f"Relative change: {fmt(said_diff, 0)} / {base:,} = {float(said_diff / base):.4f}",
        f"So revenue changed by **{fmt(said_diff, 0, money=True)}**, which is **{shown_pct}%**.",
    ]
    work.stated = {"change": (fmt(said_diff, 0, money=True), diff, 0), "percentage": (shown_pct, exact, 1)}
    return work


def conversion(rng: random.Random, mistake: str | None) -> Worked:
    while True:
        signups = rng.randrange(600, 3000, 10)
        paid = rng.randrange(signups // 10, signups // 2)
        exact = Fraction(paid, signups) * 100
        if not on_tie(exact, 1):
            break
    work = Worked(
        f"Of {signups:,} sign-ups last month, {paid:,} became paying customers. What percentage converted "
        "(one decimal place), and how many did not convert?"
    )
    rest = Fraction(signups - paid)
    said_rest = slip(rng, rest, 0) if mistake == "total" else rest
    said_pct = Fraction(paid, signups - paid) * 100 if mistake == "divisor" else exact
    shown_pct = fmt(slip(rng, said_pct, 1), 1) if mistake == "copy" else fmt(said_pct, 1)
    denominator = signups - paid if mistake == "divisor" else signups
    work.lines = [
        f"Conversion rate: {paid:,} / {denominator:,} = {float(said_pct / 100):.4f}, i.e. {fmt(said_pct, 1)}%",
        f"Not converted: {signups:,} - {paid:,} = {fmt(said_rest, 0)}",
        f"**{shown_pct}% converted, and {fmt(said_rest, 0)} sign-ups did not.**",
    ]
    work.stated = {"percentage": (shown_pct, exact, 1), "not_converted": (fmt(said_rest, 0), rest, 0)}
    return work


def invoice(rng: random.Random, mistake: str | None) -> Worked:
    seats = rng.randint(3, 24)
    price = rng.choice([45, 79, 120, 149, 199, 250])
    rate = rng.choice([5, 7, 8, 10, 12, 19, 20])
    subtotal = Fraction(seats * price)
    tax = subtotal * rate / 100
    work = Worked(
        f"We are buying {seats} licences at ${price} each, plus {rate}% sales tax. What are the subtotal, "
        "the tax and the total?"
    )
    said_sub = slip(rng, subtotal, 0) if mistake == "total" else subtotal
    said_tax = Fraction(price * rate, 100) if mistake == "divisor" else said_sub * rate / 100
    said_total = said_sub + said_tax
    shown_total = fmt(slip(rng, said_total, 2), 2, money=True) if mistake == "copy" else fmt(said_total, 2, money=True)
    work.lines = [
        f"- Subtotal: {seats} x ${price} = {fmt(said_sub, 2, money=True)}",
        f"- Tax: {rate}% of {fmt(said_sub if mistake != 'divisor' else Fraction(price), 2, money=True)} = "
        f"{fmt(said_tax, 2, money=True)}",
        f"- Total: {fmt(said_sub, 2, money=True)} + {fmt(said_tax, 2, money=True)} = {fmt(said_total, 2, money=True)}",
        f"\nYou will pay **{shown_total}** in total.",
    ]
    work.stated = {
        "subtotal": (fmt(said_sub, 2, money=True), subtotal, 2),
        "tax": (fmt(said_tax, 2, money=True), tax, 2),
        "total": (shown_total, subtotal + tax, 2),
    }
    return work


SCENARIOS: tuple[Callable[[random.Random, str | None], Worked], ...] = (total_and_average, growth, conversion, invoice)

WORDINGS = {
    "total": ("The total is correct", "Gets the total right", "States the correct total"),
    "average": ("The average is correct to one decimal place", "Gives the right average per store"),
    "change": ("The change in dollars is correct", "States the right dollar change"),
    "not_converted": ("The number of sign-ups that did not convert is correct", "Gets the non-converted count right"),
    "percentage": (
        "The percentage is correct to one decimal place",
        "Computes the percentage correctly",
        "Gives the correct percentage",
    ),
    "subtotal": ("The subtotal is right", "Subtotal is computed correctly"),
    "tax": ("The tax amount is correct", "Gets the tax right"),
    "steps": ("Every step of the working is arithmetically correct", "The worked steps contain no arithmetic mistake"),
}


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    mistakes = [None, "total", "divisor", "copy"]
    for index in range(ANSWERS):
        scenario = SCENARIOS[index % len(SCENARIOS)]
        mistake = mistakes[(index // len(SCENARIOS) + index) % len(mistakes)]
        work = scenario(rng, mistake)
        work.steps_right = mistake != "total"
        work.copied_wrong = mistake == "copy"
        answer = "\n".join(work.lines)
        candidates = [
            Criterion(pick_wording(rng, WORDINGS[kind]), stated_is_correct(said, exact, places), kind, FAMILY)
            for kind, (said, exact, places) in work.stated.items()
        ]
        if not work.copied_wrong:
            candidates.append(Criterion(pick_wording(rng, WORDINGS["steps"]), work.steps_right, "steps", FAMILY))
        out.append(
            JudgeCase(f"arithmetic-{index:02d}", work.request, answer, balance.choose(candidates, CRITERIA_PER_ANSWER))
        )
    return out
