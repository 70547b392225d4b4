"""Dates-and-units family: a date n days later and its weekday, the days between two dates,
unit conversions and durations, each stated by the answer and checked against `datetime` and
exact conversion factors.

Each answer carries slips a small model makes, in none, one or both of its values: a date one day off (counting the
first day), a weekday for the wrong date, a date written in another format than asked, a
rounded conversion factor, a temperature formula with the offset in the wrong place, a
duration with the hour borrowed wrongly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from fractions import Fraction

from benchmarks.families.arithmetic import fmt, on_tie, stated_is_correct
from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "dates_units"
ANSWERS = 18
CRITERIA_PER_ANSWER = 2
MILE_KM = Fraction("1.609344")


@dataclass
class Stated:
    request: str
    answer: str = ""
    truths: list[tuple[str, bool, tuple[str, ...]]] = field(default_factory=list)


def long_date(d: date) -> str:
    return f"{d.day} {d:%B %Y}"


def date_after(rng: random.Random, slip: str | None) -> Stated:
    start = date(2026, 1, 1) + timedelta(days=rng.randrange(0, 700))
    n = rng.randint(20, 130)
    iso = rng.random() < 0.5
    target = start + timedelta(days=n)
    said = target + timedelta(days=rng.choice([-1, 1])) if slip in ("first", "both") else target
    weekday = (
        (said + timedelta(days=rng.choice([1, 2, -1]))).strftime("%A")
        if slip in ("second", "both")
        else said.strftime("%A")
    )
    written = said.isoformat() if iso and slip != "format" else long_date(said)
    ask = " Give the date as YYYY-MM-DD." if iso else ""
    work = Stated(f"What date is {n} days after {long_date(start)}, and what day of the week is that?{ask}")
    work.answer = rng.choice(
        [
            f"{n} days after {long_date(start)} is **{written}**, a {weekday}.",
            f"Counting forward {n} days from {long_date(start)} lands on {written}. That day is a {weekday}.",
        ]
    )
    work.truths = [("date", said == target, ("The date is correct", "Gets the date right"))]
    if slip not in ("first", "both"):
        # A weekday right for a wrong date is arguably right or wrong: not asked.
        work.truths.append(
            ("weekday", weekday == target.strftime("%A"), ("Names the right day of the week", "The weekday is correct"))
        )
    if iso:
        work.truths.append(
            (
                "iso",
                written == said.isoformat(),
                ("Writes the date as YYYY-MM-DD", "Uses the ISO format (YYYY-MM-DD) for the date"),
            )
        )
    return work


def days_between(rng: random.Random, slip: str | None) -> Stated:
    start = date(2026, 1, 1) + timedelta(days=rng.randrange(0, 500))
    end = start + timedelta(days=rng.randint(25, 160))
    days = (end - start).days
    said = days + 1 if slip in ("first", "both") else days
    weekday = end.strftime("%A")
    said_weekday = (end + timedelta(days=1)).strftime("%A") if slip in ("second", "both") else weekday
    work = Stated(f"How many days after {long_date(start)} is {long_date(end)}? And what weekday is {long_date(end)}?")
    work.answer = f"{long_date(end)} is **{said} days** after {long_date(start)}, and it falls on a {said_weekday}."
    work.truths = [
        ("days", said == days, ("The number of days is correct", "Gets the day count right")),
        ("weekday", said_weekday == weekday, ("The weekday given is correct", "Names the right weekday")),
    ]
    return work


def conversions(rng: random.Random, slip: str | None) -> Stated:
    while True:
        miles = Fraction(rng.randint(30, 700), 10)
        fahrenheit = rng.randint(-10, 105)
        km = miles * MILE_KM
        celsius = Fraction(fahrenheit - 32) * 5 / 9
        if (
            not on_tie(km, 1)
            and not on_tie(celsius, 1)
            and abs(round(miles * Fraction("1.6"), 1) - round(km, 1)) >= Fraction(1, 10)
        ):
            break
    said_km = miles * Fraction("1.6") if slip in ("first", "both") else km
    said_c = Fraction(fahrenheit) * 5 / 9 - 32 if slip in ("second", "both") else celsius
    work = Stated(f"Convert {float(miles)} miles to kilometres and {fahrenheit} °F to °C, both to one decimal place.")
    work.answer = (
        f"- {float(miles)} mi × {'1.6' if slip in ('first', 'both') else '1.609344'} = **{fmt(said_km, 1)} km**\n"
        f"- {fahrenheit} °F → **{fmt(said_c, 1)} °C**"
    )
    work.truths = [
        (
            "miles_km",
            stated_is_correct(fmt(said_km, 1), km, 1),
            ("The miles-to-kilometres conversion is correct", "Converts the distance correctly (to one decimal)"),
        ),
        (
            "f_to_c",
            stated_is_correct(fmt(said_c, 1), celsius, 1),
            ("The temperature in °C is correct to one decimal", "Gets the Celsius value right"),
        ),
    ]
    return work


def duration(rng: random.Random, slip: str | None) -> Stated:
    # The end's minutes are below the start's, so the hour must be borrowed (where the slip is).
    start = rng.randint(6, 12) * 60 + rng.randint(10, 55)
    end = (start // 60 + rng.randint(2, 8)) * 60 + rng.randrange(0, start % 60)
    minutes = end - start
    hours, rest = divmod(minutes, 60)
    said_h, said_m = (hours + 1, rest) if slip in ("first", "both") else (hours, rest)
    said_total = said_h * 60 + said_m if slip not in ("second", "both") else minutes + 10
    work = Stated(
        f"A backup started at {start // 60:02d}:{start % 60:02d} and finished at {end // 60:02d}:{end % 60:02d} the same day. "
        "How long did it run in hours and minutes, and how many minutes is that in total?"
    )
    work.answer = f"It ran for **{said_h} h {said_m} min**, which is {said_total} minutes."
    work.truths = [
        (
            "duration",
            (said_h, said_m) == (hours, rest),
            ("The duration in hours and minutes is correct", "Gets the run time right"),
        ),
        ("minutes", said_total == minutes, ("The total in minutes is correct", "States the right number of minutes")),
    ]
    return work


SCENARIOS: tuple[Callable[[random.Random, str | None], Stated], ...] = (date_after, days_between, conversions, duration)
SLIPS = ("first", "second", "both", None, "format", "second", "both", "first", None)
"""Which stated values a scenario gets wrong: its first, its second, both, the date's format
(when the request asks for YYYY-MM-DD), or none."""


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        scenario = SCENARIOS[index % len(SCENARIOS)]
        work = scenario(rng, SLIPS[index % len(SLIPS)])
        candidates = [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in work.truths]
        chosen = balance.choose(candidates, CRITERIA_PER_ANSWER + (len(candidates) > 2))
        out.append(JudgeCase(f"dates-{scenario.__name__}-{index:02d}", work.request, work.answer, chosen))
    return out
