"""What the behaviour family is made of: functions a user asks for, the checks a rubric asks
of them (each a set of probes that run the answer's code), and implementations of each as a
small model writes them, correct ones and subtly wrong ones.

Every variant lists the checks it fails by construction (`fails`); the truth is what running
the answer's code says, and the tests hold the two equal, so a wrong expectation in either
shows up before it reaches a label.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent
from typing import Any


@dataclass(frozen=True)
class Check:
    probes: tuple[dict[str, Any], ...]
    wordings: tuple[str, ...]


@dataclass(frozen=True)
class Variant:
    code: str
    fails: frozenset[str]
    note: str
    """What the agent says of its code after the block (true or not: an agent's claim)."""


@dataclass(frozen=True)
class Function:
    name: str
    request: str
    checks: dict[str, Check]
    variants: tuple[Variant, ...]


def returns(args: list[Any], expect: Any, *, approx: bool = False) -> dict[str, Any]:
    return {"kind": "returns", "args": args, "expect": expect, "approx": approx}


def raises(args: list[Any], error: str = "ValueError") -> dict[str, Any]:
    return {"kind": "raises", "args": args, "error": error}


def not_mutated(args: list[Any]) -> dict[str, Any]:
    return {"kind": "not_mutated", "args": args}


def no_repeats(args: list[Any]) -> dict[str, Any]:
    return {"kind": "no_repeats", "args": args}


def check(*probes: dict[str, Any], say: tuple[str, ...]) -> Check:
    return Check(tuple(probes), say)


def variant(code: str, fails: set[str] | None = None, note: str = "") -> Variant:
    return Variant(dedent(code).strip("\n"), frozenset(fails or ()), note)
