"""A criterion asking that every sum of money, date or time be written one way ("All money
figures are written with two decimals", "All dates are written as YYYY-MM-DD", "All times are
written in 24-hour format") is read by code: each one the answer writes is checked."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.formats import format_read

RECEIPT = "| Item | Qty | Unit price | Line total |\n|---|---:|---:|---:|\n| Hammer | 1 | £14.99 | £14.99 |\n"
BOM = "| Part | Qty | Unit £ | Total £ |\n|---|---|---|---|\n| Resistor | 10 | 0.02 | {total} |\n"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (RECEIPT + "Total: £14.99", "All money figures are written with two decimals", True),
        (RECEIPT + "Total: £15", "All money figures are written with two decimals", False),
        (RECEIPT + "Paid $1,204.5 by card", "Every amount of money is shown with two decimal places", False),
        # a figure outside the table the criterion is about is not read against it
        ("Loan: €12,000\n\n" + RECEIPT, "All money figures in the amortization table show two decimal places", True),
        (BOM.format(total="0.20"), "All unit and line prices are written with two decimal places", True),
        (BOM.format(total="0.2"), "All unit and line prices are written with two decimal places", False),
        ("Due: 2026-03-05\nReviewed: 2026-02-27", "All dates are written as YYYY-MM-DD", True),
        ("Due: 2026-03-05\nReviewed: 27 February 2026", "All dates are written as YYYY-MM-DD", False),
        ("Due: 5/3/2026", "Every date in the report uses the ISO format (YYYY-MM-DD)", False),
        ("Due: March 5, 2026", "Due dates are in ISO format", False),
        ("Doors 18:30, first band 19:15, close 23:00", "All times are written in 24-hour format", True),
        ("Doors 6:30 pm, first band 19:15", "All times are written in 24-hour format", False),
        (
            "Early shift 07:00 to 15:00; late shift 3pm to 11pm",
            "Writes every time in 24-hour format, with no am or pm",
            False,
        ),
    ],
)
def test_every_one_written_the_asked_way_meets_it_and_one_not_fails_it(answer, criterion, met):
    read = format_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("No sums of money here.", "All money figures are written with two decimals"),  # none to read
        ("129 days after 23 June 2026 is **2026-10-29**.", "Writes the date as YYYY-MM-DD"),  # which date is unclear
        ("Due: 2026-03-05\nReviewed: 27 February 2026", "Due dates are in ISO format"),  # another date, not a due one
        ("Call on 19:15.", "Gives the final answer to one decimal place, as the task asks"),  # another kind
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert format_read(answer, criterion) is None


def test_the_grounded_pass_reads_a_format_by_code():
    read = read_by_code(RECEIPT + "Total: £15", "All money figures are written with two decimals")
    assert read is not None and read.passed is False
    assert read.decided_by == "format: '£15' is not written with two decimals"
