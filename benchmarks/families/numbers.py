"""Inline-numbers family: counts and properties of the numbers in a comma-separated list.

The answer is a list such as "11, 13, 17", alone or with a line of prose that holds no digit;
the truth of every criterion is computed from the whole numbers found in the answer
(`numbers_in`), which generation holds equal to the list it built. A list starts from one
that meets the request and gets zero to two slips a small model makes: one number too many
or too few, one that breaks the asked property, two swapped, one repeated.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "inline_numbers"
ANSWERS = 16
CRITERIA_PER_ANSWER = 4


def numbers_in(answer: str) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", answer)]


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def ascending(numbers: list[int]) -> bool:
    return all(a < b for a, b in zip(numbers, numbers[1:], strict=False))


@dataclass(frozen=True)
class Request:
    text: str
    count: int
    fits: Callable[[int], bool]
    """The property every number must have."""
    low: int
    high: int
    sorted: bool
    breaks: tuple[int, ...]
    """Numbers that a small model gives by mistake (each fails `fits`)."""
    above: int
    """Criteria ask whether every number is greater than this."""
    below: int | None = None
    multiple: int | None = None


REQUESTS = (
    Request(
        "List three prime numbers greater than 10, separated by commas, and nothing else.",
        3,
        lambda n: is_prime(n) and n > 10,
        11,
        60,
        False,
        (15, 21, 27, 39, 49, 51, 10),
        above=10,
    ),
    Request(
        "Give me five odd numbers between 20 and 60, in ascending order, separated by commas.",
        5,
        lambda n: n % 2 == 1 and 20 < n < 60,
        21,
        59,
        True,
        (24, 30, 42, 61, 19),
        above=20,
        below=60,
    ),
    Request(
        "Name four two-digit multiples of 7 in increasing order, comma-separated.",
        4,
        lambda n: n % 7 == 0 and 10 <= n <= 99,
        14,
        98,
        True,
        (27, 45, 57, 75, 105, 7),
        above=9,
        multiple=7,
    ),
    Request(
        "Write six different even numbers greater than 100 as a comma-separated list.",
        6,
        lambda n: n % 2 == 0 and n > 100,
        102,
        180,
        False,
        (99, 100, 117, 135, 151),
        above=100,
    ),
    Request(
        "List four prime numbers below 50, separated by commas.",
        4,
        lambda n: is_prime(n) and n < 50,
        2,
        47,
        False,
        (9, 25, 33, 39, 51, 53),
        above=1,
        below=50,
    ),
    Request(
        "Give three multiples of 5 between 100 and 200, smallest first, separated by commas.",
        3,
        lambda n: n % 5 == 0 and 100 < n < 200,
        105,
        195,
        True,
        (98, 112, 133, 205),
        above=100,
        multiple=5,
    ),
)

INTROS = (
    "{list}",
    "{list}",
    "Here you go: {list}",
    "Sure: {list}.",
    "Here are some:\n\n{list}",
    "{list}\n\nAll of them fit what you asked for.",
)


def build_list(rng: random.Random, request: Request, slips: int) -> list[int]:
    """A list that meets `request`, then `slips` mistakes of the kinds a small model makes."""
    pool = [n for n in range(request.low, request.high + 1) if request.fits(n)]
    numbers = rng.sample(pool, request.count)
    if request.sorted or rng.random() < 0.5:
        numbers.sort()
    for slip in rng.sample(["count", "break", "swap", "repeat"], slips):
        if slip == "count" and rng.random() < 0.5:
            numbers.pop(rng.randrange(len(numbers)))
        elif slip == "count":
            numbers.append(rng.choice([n for n in pool if n not in numbers and n > max(numbers)] or [max(pool)]))
        elif slip == "break":
            numbers[rng.randrange(len(numbers))] = rng.choice([b for b in request.breaks if b not in numbers])
        elif slip == "swap":
            i = rng.randrange(len(numbers) - 1)
            numbers[i], numbers[i + 1] = numbers[i + 1], numbers[i]
        else:
            i = rng.randrange(1, len(numbers))
            numbers[i] = numbers[i - 1]
    return numbers


def candidates(rng: random.Random, request: Request, numbers: list[int]) -> list[Criterion]:
    """Every criterion this list can be asked, each with its truth from the numbers.
    (long: one line per kind of criterion, the wordings beside the truth they are asked about.)"""
    n = request.count
    total = sum(numbers)
    near = rng.choice([total, total, total + rng.choice([-10, -2, 2, 10])])
    member = rng.choice([*numbers, *[b for b in request.breaks if b not in numbers][:2]])
    largest = rng.choice(
        [max(numbers), max(numbers), sorted(set(numbers))[-2] if len(set(numbers)) > 1 else max(numbers) + 2]
    )
    bound = request.above
    kinds: list[tuple[str, bool, tuple[str, ...], dict[str, object]]] = [
        (
            "count",
            len(numbers) == n,
            ("Lists exactly {n} numbers", "Gives {n} numbers, no more and no fewer", "Exactly {n} numbers"),
            {"n": n},
        ),
        (
            "all_prime",
            all(is_prime(x) for x in numbers),
            ("Every number listed is prime", "All of the numbers are primes", "Only prime numbers"),
            {},
        ),
        (
            "greater",
            all(x > bound for x in numbers),
            ("Every number is greater than {b}", "Each number exceeds {b}", "No number is {b} or smaller"),
            {"b": bound},
        ),
        (
            "no_repeats",
            len(set(numbers)) == len(numbers),
            ("No number appears twice", "All the numbers are different", "No repeats"),
            {},
        ),
        ("sum_even", total % 2 == 0, ("The numbers add up to an even number", "Their sum is even"), {}),
        ("sum_value", total == near, ("The numbers sum to {s}", "Adds up to {s} in total"), {"s": near}),
        ("all_odd", all(x % 2 for x in numbers), ("Every number is odd", "Only odd numbers"), {}),
        ("member", member in numbers, ("Includes {x}", "{x} is one of the numbers"), {"x": member}),
        (
            "largest",
            max(numbers) == largest,
            ("The largest number listed is {x}", "Its biggest number is {x}"),
            {"x": largest},
        ),
    ]
    if request.below is not None:
        kinds.append(
            (
                "less",
                all(x < request.below for x in numbers),
                ("Every number is less than {c}", "All numbers are below {c}"),
                {"c": request.below},
            )
        )
    if request.multiple is not None:
        kinds.append(
            (
                "multiple",
                all(x % request.multiple == 0 for x in numbers),
                ("Every number is a multiple of {m}", "Each one is divisible by {m}"),
                {"m": request.multiple},
            )
        )
    if len(set(numbers)) == len(numbers):
        # Order is asked only of a list without repeats, where ascending has one meaning.
        kinds.append(
            (
                "ascending",
                ascending(numbers),
                ("The numbers are in ascending order", "Sorted from smallest to largest", "In increasing order"),
                {},
            )
        )
    return [Criterion(pick_wording(rng, words, **values), truth, kind, FAMILY) for kind, truth, words, values in kinds]


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        request = REQUESTS[index % len(REQUESTS)]
        numbers = build_list(rng, request, slips=index % 3)
        answer = rng.choice(INTROS).format(list=", ".join(str(x) for x in numbers))
        if numbers_in(answer) != numbers:
            raise AssertionError(f"the answer's numbers are not the list built: {answer!r}")
        chosen = balance.choose(candidates(rng, request, numbers), CRITERIA_PER_ANSWER)
        out.append(JudgeCase(f"numbers-{index:02d}", request.text, answer, chosen))
    return out
