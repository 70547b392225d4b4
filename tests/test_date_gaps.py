"""A criterion asking that each of several dates be so many days or weeks from another is read
by code: the calendar for each pair of dates."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.date_gaps import date_gap_read

FOUND = (
    "## Items handed in\n| Ref | Found | Item | Kept until |\n|---|---|---|---|\n"
    "| LP-1 | 2 Mar 2026 | umbrella | 30 Mar 2026 |\n| LP-2 | 3 Mar 2026 | scarf | {kept} |\n\n"
    "## Returned\n- LP-1: collected 4 March 2026\n- LP-2: collected 5 March 2026\n"
)
VISITS = "Hello all.\n\n**Visit dates**\n- Monday 7 September 2026\n- Monday 19 October 2026\n- {third}\n\nThanks!"


@pytest.mark.parametrize(("kept", "met"), [("31 Mar 2026", True), ("1 Apr 2026", False)])
def test_each_line_s_two_dates_are_the_gap_apart(kept, met):
    criterion = "Each item's kept-until date is 28 days after the date it was found"
    read = date_gap_read(FOUND.format(kept=kept), criterion)
    assert read is not None and read.passed is met
    if not met:
        assert read.decided_by == "date gaps: 3 March 2026 to 1 April 2026 is 29 days, not 28 days"


@pytest.mark.parametrize(
    ("third", "criterion", "met"),
    [
        ("Monday 30 November 2026", "Each visit date is six weeks after the one before", True),
        ("Monday 7 December 2026", "Each visit date is six weeks after the one before", False),
        ("Monday 30 November 2026", "The visit dates are six weeks apart", True),
        ("Monday 30 November 2026", "The visit dates are four weeks apart", False),
    ],
)
def test_each_date_of_a_dated_run_is_the_gap_after_the_one_before(third, criterion, met):
    read = read_by_code(VISITS.format(third=third), criterion)
    assert read is not None and read.passed is met and read.decided_by.startswith("date gaps:")


@pytest.mark.parametrize(
    "criterion",
    [
        "The kept-until date is 28 days after the date it was found",  # one date, not each: date_spans.py
        "Each item's kept-until date is the stated number of days after it was found",
        "Each visit is at least six weeks after the one before",
        "Each payment is due two months after the one before",
        "No visit date is six weeks after the one before",
    ],
)
def test_what_code_cannot_read_is_left_to_the_grader(criterion):
    assert date_gap_read(VISITS.format(third="Monday 30 November 2026"), criterion) is None


def test_a_line_of_three_dates_leaves_the_pairs_unclear():
    answer = (
        "- Found 2 Mar 2026, kept until 30 Mar 2026, moved 4 Apr 2026\n- Found 3 Mar 2026, kept until 31 Mar 2026\n"
    )
    assert date_gap_read(answer, "Each item's kept-until date is 28 days after the date it was found") is None
