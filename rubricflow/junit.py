"""A batch as JUnit XML, the report CI systems show: one test case per item, one failure
per criterion its run ended with unmet.

The shape is the one Jenkins, GitHub Actions reporters and GitLab read (validated against
the Jenkins xUnit plugin's schema in tests/schemas/junit-10.xsd): `<testsuites>` around one
`<testsuite>` for the batch, a `<testcase>` per item (`classname` the batch, `name` the
item's id). An item whose run ended `satisfied` (or `answered`) passes, as it counts in
the pass rate; an unmet criterion of an item that did not is a `<failure>` (its gap the
message); a thread that broke, or a run with no criterion to blame (`failed`,
`grader_error`, a budget) is an `<error>`. Text from a model is untrusted: XML escapes it,
and characters XML 1.0 cannot hold are dropped.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

from rubricflow.batch_client import ThreadRecord

PASSING = ("satisfied", "answered")
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
MAX_MESSAGE_CHARS = 500
"""A failure's `message` attribute (one line in most CI views); the whole gap is its text."""


def _text(value: object) -> str:
    return _NOT_XML.sub("", str(value))


def _seconds(record: ThreadRecord) -> float:
    return (record.closed - record.started).total_seconds() if record.closed is not None else 0.0


def _testcase(suite: ET.Element, name: str, record: ThreadRecord) -> str | None:
    """One item's test case; returns how it did not pass (`failure`, `error`) or None."""
    case = ET.SubElement(
        suite, "testcase", name=_text(record.item_id), classname=_text(name), time=f"{_seconds(record):.3f}"
    )
    result = record.result
    if result is None:
        ET.SubElement(
            case, "error", type=record.workflow_status, message=_text(record.reason or "no result")
        ).text = f"thread {_text(record.thread_id)}: {_text(record.workflow_status)}"
        return "error"
    last = result.evaluations[-1] if result.evaluations else None
    unmet = [c for c in last.criteria if not c.passed] if last is not None else []
    summary = f"thread {record.thread_id}: {result.status} after {result.iteration} grader pass(es)"
    if result.status in PASSING:
        if unmet:  # satisfied at its pass score: the criteria it let go are shown, not failed
            ET.SubElement(case, "system-out").text = _text(
                summary + "\n" + "\n".join(f"unmet: {c.name}: {c.gap}" for c in unmet)
            )
        return None
    if not unmet:
        explanation = last.explanation if last is not None else "no grader pass"
        ET.SubElement(case, "error", type=result.status, message=_text(explanation[:MAX_MESSAGE_CHARS])).text = _text(
            f"{summary}\n{explanation}"
        )
        return "error"
    for criterion in unmet:
        gap = criterion.gap or ""
        ET.SubElement(
            case, "failure", type="unmet criterion", message=_text(f"{criterion.name}: {gap}"[:MAX_MESSAGE_CHARS])
        ).text = _text(f"{summary}\ncriterion: {criterion.name}\ngap: {gap}")
    return "failure"


def junit_xml(name: str, records: list[ThreadRecord], *, properties: dict[str, str] | None = None) -> bytes:
    """The batch `name`'s items as a JUnit XML document (UTF-8)."""
    root = ET.Element("testsuites", name="rubricflow")
    suite = ET.SubElement(root, "testsuite", name=_text(name))
    if properties:
        props = ET.SubElement(suite, "properties")
        for key, value in properties.items():
            ET.SubElement(props, "property", name=_text(key), value=_text(value))
    outcomes = [_testcase(suite, name, r) for r in sorted(records, key=lambda r: r.item_id)]
    seconds = sum(_seconds(r) for r in records)
    counts = {
        "tests": str(len(records)),
        "failures": str(outcomes.count("failure")),
        "errors": str(outcomes.count("error")),
        "time": f"{seconds:.3f}",
    }
    suite.attrib.update({**counts, "skipped": "0"})
    started = min((r.started for r in records), default=None)
    if isinstance(started, datetime):
        suite.set("timestamp", started.isoformat(timespec="seconds"))
    root.attrib.update(counts)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def write_junit(path: Path, name: str, records: list[ThreadRecord], properties: dict[str, str] | None = None) -> None:
    """Write the report to `path` whole (a temporary file beside it, then moved)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(junit_xml(name, records, properties=properties))
    temporary.replace(path)
