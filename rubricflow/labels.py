"""Labelled answers: what `rubricflow calibrate` measures a grader against.

A labels file is JSON lines, one answer a person judged criterion by criterion:

    {"id": "q1", "request": "the task given to the agent",
     "answer": "the agent's final answer",
     "rubric": "- criterion one\\n- criterion two",
     "labels": {"criterion one": true, "criterion two": false},
     "families": {"criterion one": "behaviour"}}

`id` is optional (default `line-N`), `families` too (a criterion without one is in family
`-`), and `transcript` (a list of `{role, content}` messages ending with the agent's
answer) may stand for `answer`. The rubric is a list: its lines are the criteria the labels
answer for, each exactly once. Read here, by the client, and refused line by line, with the
line and what to fix, before anything starts.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rubricflow.batch_client import json_object, read_lines
from rubricflow.preflight import RunRefused
from rubricflow.workflows.batch_types import MAX_ITEM_ID_CHARS, BatchItem
from rubricflow.workflows.rubric import normalize_name, parse_rubric
from rubricflow.workflows.sizes import MAX_MESSAGE_CHARS, MAX_RUBRIC_CHARS
from rubricflow.workflows.types import Message, check_given_transcript

FIELDS = ("id", "request", "answer", "transcript", "rubric", "labels", "families")
FORMAT = (
    'each line is a JSON object {"id"?, "request", "answer" (or "transcript"), "rubric", '
    '"labels": {criterion: true|false}, "families"?: {criterion: name}}'
)
NO_FAMILY = "-"


class LabelsError(RunRefused):
    """A labels file refused before anything starts; the message names the line."""


@dataclass(frozen=True)
class LabelledAnswer:
    """One line: an answer to grade, and the person's verdict on each criterion."""

    id: str
    line: int
    request: str
    transcript: list[Message]
    rubric: str
    labels: dict[str, bool]
    """By the rubric's criterion names, in the rubric's order."""
    families: dict[str, str] = field(default_factory=dict)

    def family(self, criterion: str) -> str:
        return self.families.get(criterion, NO_FAMILY)

    def item(self) -> BatchItem:
        """The batch item that grades this answer as it stands (no agent turn)."""
        return BatchItem(id=self.id, prompt=self.request, rubric=self.rubric, transcript=self.transcript)


def read_labels(path: str | Path) -> list[LabelledAnswer]:
    """Every line of a labels file, or `LabelsError` naming the first bad one."""
    return read_lines(
        path,
        lambda file, number, line: _answer(f"{file}:{number}", number, line),
        LabelsError,
        what="the labels file",
        empty=f"no labelled answers; {FORMAT}",
    )


def labels_digest(answers: list[LabelledAnswer]) -> str:
    """The file's fingerprint as calibration grades it (ids, answers, rubrics)."""
    digest = hashlib.sha256()
    for answer in answers:
        digest.update(answer.item().model_dump_json().encode("utf-8") + b"\n")
    return digest.hexdigest()


def _answer(where: str, number: int, line: str) -> LabelledAnswer:
    raw = json_object(where, line, LabelsError, FORMAT)
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise LabelsError(f"{where}: unknown field(s) {unknown}; {FORMAT}")
    request = _text(where, raw, "request", MAX_MESSAGE_CHARS)
    rubric = _text(where, raw, "rubric", MAX_RUBRIC_CHARS)
    criteria = _criteria(where, rubric)
    return LabelledAnswer(
        id=_id(where, raw.get("id"), number),
        line=number,
        request=request,
        transcript=_transcript(where, raw, request),
        rubric=rubric,
        labels=_labels(where, raw.get("labels"), criteria),
        families=_families(where, raw.get("families"), criteria),
    )


def _text(where: str, raw: dict[str, Any], name: str, limit: int) -> str:
    value = raw.get(name)
    if not isinstance(value, str) or not value.strip():
        raise LabelsError(f'{where}: "{name}" must be a non-empty string')
    if len(value) > limit:
        raise LabelsError(f'{where}: "{name}" has {len(value)} characters; at most {limit} are allowed')
    return value


def _id(where: str, value: object, number: int) -> str:
    if value is None:
        return f"line-{number}"
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise LabelsError(f'{where}: "id" must be a string or a whole number')
    text = str(value)
    if not text.strip() or len(text) > MAX_ITEM_ID_CHARS:
        raise LabelsError(f'{where}: "id" must be 1 to {MAX_ITEM_ID_CHARS} characters')
    return text


def _criteria(where: str, rubric: str) -> list[str]:
    parsed = parse_rubric(rubric)
    if parsed.problems:
        raise LabelsError(f"{where}: the rubric cannot be graded: " + "; ".join(parsed.problems))
    if not parsed.criteria:
        raise LabelsError(f'{where}: the rubric lists no criteria; write each as a line "- criterion"')
    return [c.name for c in parsed.criteria]


def _transcript(where: str, raw: dict[str, Any], request: str) -> list[Message]:
    """The conversation to grade: the request, then the answer; or the given transcript,
    with the request put first when it does not already open it."""
    if ("answer" in raw) == ("transcript" in raw):
        raise LabelsError(f'{where}: give "answer" (the agent\'s final answer) or "transcript", one of them')
    if "answer" in raw:
        answer = _text(where, raw, "answer", MAX_MESSAGE_CHARS)
        messages = [Message(role="user", content=request), Message(role="assistant", content=answer)]
    else:
        value = raw["transcript"]
        if not isinstance(value, list) or not value:
            raise LabelsError(f'{where}: "transcript" must be a list of {{"role", "content"}} messages')
        messages = [_message(where, index, m) for index, m in enumerate(value, start=1)]
        first_user = next((m for m in messages if m.role == "user"), None)
        if first_user is None or first_user.content != request:
            messages = [Message(role="user", content=request), *messages]
    try:
        return check_given_transcript(messages)
    except ValueError as err:
        raise LabelsError(f"{where}: {err}") from None


def _message(where: str, index: int, value: object) -> Message:
    try:
        return Message.model_validate(value)
    except ValidationError as err:
        first = err.errors()[0]
        at = ".".join(str(p) for p in first["loc"]) or "the message"
        raise LabelsError(f'{where}: "transcript" message {index}: {at}: {first["msg"]}') from None


def _by_criterion(where: str, value: object, criteria: list[str], what: str) -> dict[str, Any]:
    """`value` (an object keyed by criterion) re-keyed by the rubric's own names; a key
    naming no criterion is refused. Names compare as the grader's do (case, spacing)."""
    if not isinstance(value, dict):
        raise LabelsError(f'{where}: "{what}" must be an object keyed by the rubric\'s criteria')
    names = {normalize_name(c): c for c in criteria}
    keyed: dict[str, Any] = {}
    for key, item in value.items():
        name = names.get(normalize_name(key))
        if name is None:
            raise LabelsError(
                f'{where}: "{what}" names {key!r}, which is not a criterion of the rubric '
                f"(its criteria: {', '.join(repr(c) for c in criteria)})"
            )
        if name in keyed:
            raise LabelsError(f'{where}: "{what}" names criterion {name!r} twice')
        keyed[name] = item
    return keyed


def _labels(where: str, value: object, criteria: list[str]) -> dict[str, bool]:
    if value is None:
        raise LabelsError(f'{where}: missing "labels": the person\'s verdict on each criterion, true or false')
    keyed = _by_criterion(where, value, criteria, "labels")
    for name in criteria:
        if name not in keyed:
            raise LabelsError(f'{where}: criterion {name!r} has no label; add "{name}": true or false to "labels"')
        if not isinstance(keyed[name], bool):
            raise LabelsError(f"{where}: the label of {name!r} must be true or false, got {keyed[name]!r}")
    return {name: keyed[name] for name in criteria}


def _families(where: str, value: object, criteria: list[str]) -> dict[str, str]:
    if value is None:
        return {}
    keyed = _by_criterion(where, value, criteria, "families")
    for name, family in keyed.items():
        if not isinstance(family, str) or not family.strip():
            raise LabelsError(f"{where}: the family of {name!r} must be a non-empty string")
    return {name: family.strip() for name, family in keyed.items()}
