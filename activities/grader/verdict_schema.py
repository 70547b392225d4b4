"""The verdict schema a local grader's output is forced through, built per pass.

A local model answers through a grammar that llama.cpp builds from the structured-output
tool's JSON schema. `GraderVerdict`'s own schema lets a small model produce what then
fails validation (a failing criterion without a gap, a criterion it invented); this one,
built from the criteria pinned for the pass, cannot:

- the criteria come first, then the explanation, then `result`: the model judges each
  criterion before it writes a verdict, and the verdict is then derived from the criteria
  (`rubric_activities._as_verdict`), so it cannot commit to `satisfied` up front;
- `criteria` is exactly the pinned names, each once, in their order (a tuple of consts);
- each entry is `{name, passed: true}` or `{name, passed: false, gap}` with a non-empty
  `gap` (a `oneOf` on `passed`);
- the explanation and each gap have a length cap, so a verdict cannot run past the local
  model's `max_tokens` (a cut-off tool call is "malformed or truncated" to LangChain, and a
  small model then quoted that message back as a `failed` verdict).

Validation at the boundary (`GraderVerdict`) stays as it is: this only narrows what the
model can say. Without pinned criteria (a free-text rubric's first pass) names are free,
but the entry shapes are the same.
"""

from __future__ import annotations

from typing import Any

from rubricflow.workflows.rubric import Scale
from rubricflow.workflows.types import GraderVerdict

MAX_EXPLANATION_CHARS = 240
MAX_GAP_CHARS = 160
EXPLANATION = {
    "type": "string",
    "maxLength": MAX_EXPLANATION_CHARS,
    "description": "One or two sentences summarising the verdict.",
}


def _entry(name: dict[str, Any], scale: Scale | None = None) -> dict[str, Any]:
    """`{name, passed: true}` or `{name, passed: false, gap}`; for a scaled criterion the
    points come first (`score`, one of the scale's), so the model scores before it judges."""
    score = {"score": {"enum": list(range(scale.low, scale.high + 1))}} if scale is not None else {}
    passed = {
        "type": "object",
        "properties": {"name": name, **score, "passed": {"const": True}},
        "required": ["name", *score, "passed"],
        "additionalProperties": False,
    }
    failed = {
        "type": "object",
        "properties": {
            "name": name,
            **score,
            "passed": {"const": False},
            "gap": {"type": "string", "minLength": 1, "maxLength": MAX_GAP_CHARS},
        },
        "required": ["name", *score, "passed", "gap"],
        "additionalProperties": False,
    }
    return {"oneOf": [passed, failed]}


def _criteria(pinned: list[str], scales: dict[str, Scale]) -> dict[str, Any]:
    if not pinned:
        return {
            "type": "array",
            "items": _entry({"type": "string", "minLength": 1}),
            "minItems": 1,
        }
    return {
        "type": "array",
        "prefixItems": [_entry({"const": name}, scales.get(name)) for name in pinned],
        "items": False,
        "minItems": len(pinned),
        "maxItems": len(pinned),
    }


def verdict_schema(pinned: list[str], scales: dict[str, Scale] | None = None) -> dict[str, Any]:
    """The JSON schema of a verdict answering exactly `pinned` (any names when empty),
    named like `GraderVerdict` so that it is the structured-output tool. An object at the
    top (tool parameters must be one), so `satisfied` with a failing entry is left to the
    boundary's validation. A pinned criterion in `scales` answers its points too."""
    return {
        "title": GraderVerdict.__name__,
        "description": "The grader's verdict on the transcript against the rubric.",
        "type": "object",
        "properties": {
            "criteria": _criteria(pinned, scales or {}),
            "explanation": EXPLANATION,
            "result": {"type": "string", "enum": ["satisfied", "needs_revision", "failed"]},
        },
        "required": ["criteria", "explanation", "result"],
        "additionalProperties": False,
    }
