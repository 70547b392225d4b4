"""The labels file that ships: the whole labelled set of the judge benchmark as JSONL.

    python -m benchmarks.labels --write rubricflow/labels/judge.jsonl
    python -m benchmarks.labels --check rubricflow/labels/judge.jsonl

One answer per line: `{"id", "request", "answer", "rubric", "labels", "families"}`, where
`rubric` is the criteria as a bullet list, `labels` maps each criterion's text to its truth
and `families` to its family (`menu:<kind>` for the menu's own kinds). `rubricflow
calibrate` reads it. The file is generated, never edited by hand: a test holds the committed
file equal to what `--write` writes.
"""

from __future__ import annotations

import argparse
import json
import sys
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from benchmarks.judge_cases import JudgeCase, build_set

LABELS = "labels/judge.jsonl"


def label_lines(cases: list[JudgeCase]) -> list[str]:
    """One JSON object per answer, in the labels file's format."""
    return [
        json.dumps(
            {
                "id": case.id,
                "request": case.task,
                "answer": case.answer,
                "rubric": case.rubric,
                "labels": {c.text: c.met for c in case.criteria},
                "families": {c.text: c.family for c in case.criteria},
            },
            ensure_ascii=False,
        )
        for case in cases
    ]


def labels_text() -> str:
    """The labels file's content: every family, the menu's main wordings."""
    return "\n".join(label_lines(build_set("all"))) + "\n"


def labels_file() -> Traversable:
    """The installed labels file (`rubricflow/labels/judge.jsonl`)."""
    return files("rubricflow").joinpath(LABELS)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.labels",
        description="Export the judge benchmark's labelled set (every family) as the JSONL labels file.",
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="PATH", help="write the labels file to PATH")
    action.add_argument("--check", type=Path, metavar="PATH", help="exit 1 unless PATH is what --write writes")
    args = parser.parse_args(argv)
    text = labels_text()
    if args.write:
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(text, encoding="utf-8")
        print(f"wrote {text.count(chr(10))} answers to {args.write}")
        return 0
    current = args.check.is_file() and args.check.read_text(encoding="utf-8") == text
    print(f"{args.check}: {'current' if current else 'out of date or missing; regenerate it with --write'}")
    return 0 if current else 1


if __name__ == "__main__":
    sys.exit(main())
