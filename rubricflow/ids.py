"""Thread ids and task queue names: checked before they reach Temporal.

Temporal refuses ids longer than 1000 characters; an empty one or one with a control
character (a newline forges rows in `rubricflow list`) is refused here too, with what to
fix, by the client, the CLI and the worker alike.
"""

from __future__ import annotations

import unicodedata

MAX_ID_CHARS = 1000
"""Temporal's default limit for workflow ids and task queue names."""


def id_problem(value: str) -> str | None:
    """What is wrong with `value` as a thread id or task queue name, or None."""
    if not value or not value.strip():
        return "must not be empty"
    if len(value) > MAX_ID_CHARS:
        return f"has {len(value)} characters; at most {MAX_ID_CHARS} are allowed"
    for index, char in enumerate(value):
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return f"contains the control character {char!r} at position {index}; use printable characters"
    return None


def check_id(kind: str, value: str) -> str:
    """`value` if it is a usable `kind` ("thread id", "task queue"), else a `ValueError`."""
    problem = id_problem(value)
    if problem:
        raise ValueError(f"{kind} {value[:40]!r}{'...' if len(value) > 40 else ''} {problem}")
    return value
