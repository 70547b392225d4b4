"""JSON family: the answer's JSON is valid, has the requested fields with the requested types
and values, no others, and comes in the requested form.

A record from the request is written as JSON the way a small model writes it, with at most one
slip: a trailing comma, single quotes, a comment, a missing or extra field, a number given as a
string, a list given as one string, a value copied wrong. The truth parses the answer's JSON
(`json.loads`); field criteria are asked only of JSON that parses, since a field of JSON that
does not parse has no agreed reading.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "json"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3

RECORDS: tuple[tuple[str, dict[str, Any], str, str, str], ...] = (
    # (what, record, the integer field, the list field, the field whose value is checked)
    (
        "user",
        {"name": "Ada Lovelace", "email": "ada@example.com", "age": 36, "tags": ["admin", "beta"]},
        "age",
        "tags",
        "email",
    ),
    (
        "product",
        {"sku": "KB-204", "title": "Mechanical keyboard", "stock": 18, "colors": ["black", "white"]},
        "stock",
        "colors",
        "sku",
    ),
    (
        "event",
        {"id": "evt_913", "type": "invoice.paid", "attempts": 2, "regions": ["eu-west", "us-east"]},
        "attempts",
        "regions",
        "type",
    ),
    (
        "book",
        {
            "isbn": "978-0131103627",
            "title": "The C Programming Language",
            "year": 1988,
            "authors": ["Kernighan", "Ritchie"],
        },
        "year",
        "authors",
        "isbn",
    ),
)
SLIPS = (
    "none",
    "none",
    "trailing_comma",
    "single_quotes",
    "comment",
    "missing",
    "extra",
    "int_as_string",
    "list_as_string",
    "wrong_value",
)


def json_text(answer: str) -> str:
    """The JSON the answer gives: its ```json block, else the whole answer."""
    block = re.search(r"```(?:json)?[ \t]*\n(.*?)```", answer, flags=re.DOTALL)
    return block.group(1) if block else answer


def parsed(answer: str) -> Any:
    """The answer's JSON as Python, or None when it does not parse."""
    try:
        return json.loads(json_text(answer))
    except json.JSONDecodeError:
        return None


def raw_json_only(answer: str) -> bool:
    """Nothing but the object: no prose and no code fence around it."""
    stripped = answer.strip()
    return stripped.startswith("{") and stripped.endswith("}")


def write(
    rng: random.Random, record: dict[str, Any], int_field: str, list_field: str, value_field: str, slip: str
) -> str:
    data = dict(record)
    if slip == "missing":
        del data[rng.choice([k for k in data if k != value_field])]
    elif slip == "extra":
        data["created_at"] = "2026-11-30T09:00:00Z"
    elif slip == "int_as_string":
        data[int_field] = str(data[int_field])
    elif slip == "list_as_string":
        data[list_field] = ", ".join(data[list_field])
    elif slip == "wrong_value":
        value = data[value_field]
        data[value_field] = value.replace("a", "e", 1) if "a" in value else value + "x"
    body = json.dumps(data, indent=2, ensure_ascii=False)
    if slip == "trailing_comma":
        body = body[: body.rindex("\n")] + ",\n}"
    elif slip == "single_quotes":
        body = body.replace('"', "'")
    elif slip == "comment":
        first = body.index("\n")
        body = body[: first + 1] + f"  // {int_field} is a whole number\n" + body[first + 1 :]
    return body


def candidates(
    rng: random.Random,
    answer: str,
    raw: bool,
    record: dict[str, Any],
    int_field: str,
    list_field: str,
    value_field: str,
) -> list[Criterion]:
    """(long: one entry per kind of criterion, with the wordings users write for it.)"""
    data = parsed(answer)
    kinds: list[tuple[str, bool, tuple[str, ...], dict[str, object]]] = [
        (
            "valid",
            data is not None,
            (
                "The JSON is valid (it parses)",
                "Produces syntactically valid JSON",
                "The JSON in the answer parses without errors",
            ),
            {},
        ),
    ]
    if not raw:
        kinds.append(
            (
                "fenced",
                "```json" in answer,
                ("Puts the JSON in a ```json code block", "Wraps the JSON in a json-fenced code block"),
                {},
            )
        )
    if isinstance(data, dict):
        # Asked only of JSON that parses; a field's type only when the field is there.
        present = rng.choice(list(record))
        if raw:
            kinds.append(
                (
                    "raw_only",
                    raw_json_only(answer),
                    (
                        "The whole answer is the JSON object alone, with no prose and no code fences",
                        "Outputs nothing but the JSON object itself (no markdown, no explanation)",
                    ),
                    {},
                )
            )
        kinds.append(("has_field", present in data, ('Has the field "{f}"', "Includes the key `{f}`"), {"f": present}))
        if int_field in data:
            kinds.append(
                (
                    "int_field",
                    type(data[int_field]) is int,
                    ("`{f}` is an integer, not a string", '"{f}" is given as a whole number'),
                    {"f": int_field},
                )
            )
        if list_field in data:
            kinds.append(
                (
                    "list_field",
                    isinstance(data[list_field], list),
                    ("`{f}` is a JSON array", "{f} is a list, not a single string"),
                    {"f": list_field},
                )
            )
        kinds += [
            (
                "exact_keys",
                set(data) == set(record),
                ("Has exactly the keys {keys}, no others", "Contains the requested keys and no extra ones ({keys})"),
                {"keys": ", ".join(record)},
            ),
            (
                "value",
                data.get(value_field) == record[value_field],
                ("The {f} is {v}, as in the request", "Uses the {f} from the request ({v})"),
                {"f": value_field, "v": record[value_field]},
            ),
        ]
    return [Criterion(pick_wording(rng, w, **v), truth, kind, FAMILY) for kind, truth, w, v in kinds]


INTROS = ("Here is the JSON:", "Sure! Here's the object:", "", "Here you go.")


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        what, record, int_field, list_field, value_field = RECORDS[index % len(RECORDS)]
        slip = SLIPS[(index * 3) % len(SLIPS)]
        body = write(rng, record, int_field, list_field, value_field, slip)
        # Odd requests ask for the bare object, even ones for a ```json block; the answer does as
        # asked most of the time.
        raw = index % 2 == 1
        form = rng.choice(
            ["raw", "raw", "raw", "fenced"] if raw else ["fenced", "fenced", "fenced", "raw", "plain_fence"]
        )
        if form == "raw":
            answer = body
        elif form == "plain_fence":
            answer = f"```\n{body}\n```"
        else:
            intro = rng.choice(INTROS)
            answer = (f"{intro}\n\n" if intro else "") + f"```json\n{body}\n```"
        described = ", ".join(f"{k} {json.dumps(v)}" for k, v in record.items())
        form_asked = (
            "Reply with the JSON only: no code fence, no other text."
            if raw
            else "Put the JSON in a ```json code block."
        )
        task = (
            f"Return a JSON object for this {what}: {described}. Use exactly these keys; `{int_field}` must be an "
            f"integer and `{list_field}` a list. {form_asked}"
        )
        chosen = balance.choose(
            candidates(rng, answer, raw, record, int_field, list_field, value_field), CRITERIA_PER_ANSWER
        )
        out.append(JudgeCase(f"json-{what}-{index:02d}", task, answer, chosen))
    return out
