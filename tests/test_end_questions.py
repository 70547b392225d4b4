"""A criterion asking that the answer end with a question is read by code: whether its last
line ends with a question mark."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.end_questions import question_read

LABEL = "Bronze lamp, Roman, 2nd century AD.\n\nOil burned in the bowl.\n\n"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (LABEL + "What would you have lit with it?", "Ends with a question", True),
        (LABEL + "Imagine what you would have lit with it.", "Ends with a question", False),
        (LABEL + "Can you spot the maker's mark?", "Its last line asks the visitor a question", True),
        (LABEL + "Look for the maker's mark.", "Its last line asks the visitor a question", False),
        ("```text\n" + LABEL + "Can you spot the mark?\n```", "Ends with a question addressed to visitors", True),
        (LABEL + "Look for the mark.", "Ends with a question addressed to visitors", False),
    ],
)
def test_the_last_line_s_question_mark_decides(answer, criterion, met):
    read = question_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("Shall we meet on Friday?\n\nBest wishes,\nTom", "Ends with a question"),  # a sign-off below it
        (LABEL + "Look for the mark.", "Ends with the question about how to get in touch"),  # a question of its own
        (LABEL + "Look for the mark.", "Every question ends with a question mark"),
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert question_read(answer, criterion) is None


def test_the_grounded_pass_reads_a_closing_question_by_code():
    read = read_by_code(LABEL + "Look for the mark.", "Ends with a question")
    assert read is not None and read.passed is False
    assert read.decided_by == "closing question: the last line ends with no question mark"
