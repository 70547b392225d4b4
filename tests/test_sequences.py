"""A criterion asking that a list run in the order of its items' dates, times, amounts or names
is read by code: each item's one key is read off it and the order checked."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.sequences import sequence_asked, sequence_read

INVOICES = """\
Dear Ms Hale,

The following invoices are overdue:

{rows}

Please pay by Friday 12 June 2026.
"""

RESULTS = """\
# Riverside 5k results

## Results
| Place | Runner | Time |
|---|---|---|
{rows}

## Money raised
We raised £1,240 for the hospice.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Lists the overdue invoices oldest first", ("when", False)),
        ("The readings run from the earliest date to the latest", ("when", False)),
        ("Orders the results newest first", ("when", True)),
        ("Lists the stops in time order", ("when", False)),
        ("The days run Monday through Sunday in order", ("when", False)),
        ("Lists the days in calendar order", ("when", False)),
        ("The results run from the fastest time to the slowest", ("fast", False)),
        ("Lists the finishers in order of their times, fastest first", ("fast", False)),
        ("Orders the table from the lowest price to the highest", ("amount", False)),
        ("Lists the deductions from the largest amount to the smallest", ("amount", True)),
        ("Puts the deductions in descending order of amount", ("amount", True)),
        ("The packages are listed in alphabetical order", ("name", False)),
        ("Requirements are sorted A to Z by package name", ("name", False)),
        ("Every activity starts by 22:00 at the latest", None),  # a bound, not an order
        ("Correctly names the region with the highest Q2 sales", None),  # a figure, not an order
        ("The appointments appear in chronological order, earliest first", ("when", False)),
        ("Lists the treatments in the order the request gave them", None),  # an order the task gives
        ("Keeps the values in the order they first appear", None),  # an order the task gives
        ("Lists the goals in the order they were scored", None),  # an order of events
        ("Does not list the invoices in date order", None),  # negated
        ("The rooming list is in alphabetical order by surname", None),  # a key inside the name
    ],
)
def test_the_criteria_that_ask_for_an_order_of_items(criterion, asked):
    assert sequence_asked(criterion) == asked


def test_dates_in_order_meet_it_and_two_swapped_do_not():
    criterion = "Lists the overdue invoices oldest first"
    rows = ["- INV-204, 3 March 2026: £120.00", "- INV-219, 17 March 2026: £80.00", "- INV-231, 2 April 2026: £45.50"]
    met = sequence_read(INVOICES.format(rows="\n".join(rows)), criterion)
    assert met.passed is True and met.decided_by.startswith("sequence:")
    swapped = [rows[1], rows[0], rows[2]]
    unmet = sequence_read(INVOICES.format(rows="\n".join(swapped)), criterion)
    assert unmet.passed is False
    assert unmet.why == "'INV-204, 3 March 2026: £120.00' comes after 'INV-219, 17 March 2026: £80.00'"


def test_newest_first_wants_the_dates_falling():
    rows = "- 2 April 2026: passed\n- 17 March 2026: failed\n- 3 March 2026: passed"
    assert sequence_read(rows, "Orders the results newest first").passed is True
    assert sequence_read(rows, "Lists the results oldest first").passed is False


def test_race_times_are_read_as_lengths_of_time_in_a_table():
    criterion = "The results run from the fastest time to the slowest"
    rows = ["| 1 | Asha Patel | 18:42 |", "| 2 | Tom Reid | 19:05 |", "| 3 | Ed Cole | 1:02:13 |"]
    assert sequence_read(RESULTS.format(rows="\n".join(rows)), criterion).passed is True
    swapped = [rows[0], rows[2], rows[1]]
    assert sequence_read(RESULTS.format(rows="\n".join(swapped)), criterion).passed is False


def test_a_table_s_column_named_by_the_criterion_gives_the_key():
    table = (
        "| Item | Deposit | Price |\n|---|---|---|\n| Tent | £20 | £45 |\n| Stove | £5 | £60 |\n| Lamp | £50 | £75 |\n"
    )
    assert sequence_read(table, "Orders the table from the lowest price to the highest").passed is True
    assert sequence_read(table, "Orders the table from the lowest deposit to the highest").passed is False


def test_weekday_names_run_monday_to_sunday():
    week = "**Plan**\n- Monday: swim\n- Wednesday: run\n- Saturday: rest\n- Sunday: long ride\n"
    assert sequence_read(week, "The days run Monday through Sunday in order").passed is True
    moved = "**Plan**\n- Monday: swim\n- Saturday: rest\n- Wednesday: run\n- Sunday: long ride\n"
    assert sequence_read(moved, "The days run Monday through Sunday in order").passed is False


def test_names_in_alphabetical_order():
    packages = "## Requirements\n- numpy\n- pandas\n- requests\n"
    assert sequence_read(packages, "The packages are listed in alphabetical order").passed is True
    assert (
        sequence_read("- pandas\n- numpy\n- requests\n", "The packages are listed in alphabetical order").passed
        is False
    )


def test_an_item_whose_keys_disagree_or_a_second_such_list_is_left_to_the_grader():
    criterion = "Lists the overdue invoices oldest first"
    agreeing = "- INV-1, issued 3 March 2026, due 2 April 2026\n- INV-2, issued 1 March 2026, due 30 March 2026\n"
    assert sequence_read(agreeing, criterion).passed is False  # by either date the second comes first
    crossing = "- INV-1, issued 1 March 2026, due 2 April 2026\n- INV-2, issued 3 March 2026, due 30 March 2026\n"
    assert sequence_read(crossing, criterion) is None  # which date orders them is unclear
    unread = "- Friday 27 February: welcome\n- Monday 2 March: training\n"  # dates of no year code can read
    assert sequence_read(unread, "Lists the days of the week in date order") is None
    two_lists = "## Paid\n- 3 March 2026: £5\n- 9 March 2026: £6\n\n## Unpaid\n- 2 April 2026: £7\n- 1 April 2026: £8\n"
    assert sequence_read(two_lists, criterion) is None  # which list is meant is unclear
    assert sequence_read(two_lists, "Lists the unpaid amounts oldest first").passed is False  # a heading names it


def test_the_reader_decides_through_the_grounded_grader():
    rows = "\n".join(["- 2 April 2026: £45.50", "- 3 March 2026: £120.00", "- 17 March 2026: £80.00"])
    found = read_by_code(INVOICES.format(rows=rows), "Lists the overdue invoices oldest first")
    assert found is not None and found.passed is False and found.decided_by.startswith("sequence:")


def test_names_are_not_read_off_a_list_beside_a_code_block():
    answer = "```\nrequests==2.32.3\nnumpy==2.1.0\n```\n\n**Notes**\n- Pinned for the lab\n- Tested on 3.12\n"
    assert sequence_read(answer, "The packages are listed in alphabetical order") is None  # the notes are no packages


def test_plain_lines_in_a_row_are_a_list_of_times():
    answer = (
        "Dear Mr Ade,\n\nYour appointments:\n3:30 pm to 3:35 pm: Miss Patel\n3:45 pm to 3:50 pm: Mrs Adeyemi\n{third}\n"
    )
    criterion = "The appointments appear in chronological order, earliest first"
    assert sequence_read(answer.format(third="3:55 pm to 4:00 pm: Mr Doyle"), criterion).passed is True
    unmet = sequence_read(answer.format(third="3:35 pm to 3:45 pm: Mr Doyle"), criterion)
    assert unmet.passed is False and unmet.quote == "3:35 pm to 3:45 pm: Mr Doyle"


def test_items_after_a_plain_line_under_one_heading_are_a_list_of_their_own():
    answer = (
        "**Appointments**\n- 3:30 pm to 3:35 pm: Miss Patel\n- 3:45 pm to 3:50 pm: Mrs Adeyemi\n"
        "- 3:35 pm to 3:45 pm: Mr Doyle\n\nYou will be with us for 20 minutes.\n\n- Park on Oakfield Road.\n"
    )
    unmet = sequence_read(answer, "The appointments appear in chronological order, earliest first")
    assert unmet.passed is False and unmet.decided_by.startswith("sequence: '3:35 pm to 3:45 pm: Mr Doyle'")
