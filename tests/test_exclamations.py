"""A criterion about the answer's exclamation marks is read by code: how many its prose holds,
or whether its last line ends with one."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.exclamations import exclamation_read

CALM = "Thank you for your order.\n\nYour cake will be ready on Friday."
ONE = "Thank you for your order!\n\nYour cake will be ready on Friday."
TWO = "Thank you for your order!\n\nYour cake will be ready on Friday!"
CODE = "Run this:\n\n```python\nif x != 1:\n    print('done!')\n```\n\nThen check `a != b` and ![logo](logo.png)."


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (CALM, "Uses no exclamation marks", True),
        (ONE, "Uses no exclamation marks", False),
        (ONE, "Does not contain a single exclamation mark", False),
        (CALM, "Don't use exclamation marks", True),
        (CALM, "None of the messages uses an exclamation mark", True),
        (ONE, "Uses at most one exclamation mark", True),
        (TWO, "Has no more than one exclamation point", False),
        (TWO, "Keeps a calm, professional tone with no exclamation marks", False),
        (ONE, "Finishes with an exclamation mark", False),
        (TWO, "The last line ends with an exclamation mark", True),
        ("Now read them aloud to the cat!\n", "Ends with an exclamation mark", True),
        (CODE, "Contains no exclamation marks", True),  # code, an inline `!=` and an image are no prose
        ("Drafts:\n\n```markdown\n**Out of stock**\nSorry! It sold out.\n```", "Contains no exclamation marks", False),
    ],
)
def test_the_exclamation_marks_of_the_prose_decide(answer, criterion, met):
    read = exclamation_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        (CALM, "Keeps a calm, professional tone with no exclamation marks"),  # the tone is the grader's
        (CALM, "Uses exclamation marks sparingly"),  # how sparing is unclear
        (CALM, "Every message ends with an exclamation mark"),  # each message is the grader's
        (CALM, "Ends with a question"),  # no exclamation mark asked
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert exclamation_read(answer, criterion) is None


def test_the_grounded_pass_reads_exclamation_marks_by_code():
    read = read_by_code(TWO, "Uses at most one exclamation mark")
    assert read is not None and read.passed is False
    assert read.decided_by == "exclamation marks: the answer holds 2, more than 1"
