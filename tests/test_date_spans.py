"""A criterion asking that one date be so many days, weeks or months from another is read by
code: the calendar decides, where code finds both dates."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.date_spans import date_span_read

INVOICE = "**Invoice 2231**\n- Issue date: 3 March 2026\n- Due date: {due}\n- Amount: £420.00\n"


@pytest.mark.parametrize(
    ("due", "met"),
    [("2 April 2026", True), ("1 April 2026", False), ("2026-04-02", True)],
)
def test_a_date_so_many_days_after_another_on_the_answer_s_lines(due, met):
    read = date_span_read(INVOICE.format(due=due), "The due date is 30 days after the issue date")
    assert read is not None and read.passed is met


def test_weeks_months_and_working_days_count_by_the_calendar():
    party = "Party: Saturday 20 June 2026\nPlease reply by: {reply}\n"
    assert date_span_read(
        party.format(reply="6 June 2026"), "The reply-by date is exactly two weeks before the party"
    ).passed
    assert not date_span_read(
        party.format(reply="7 June 2026"), "The reply-by date is exactly two weeks before the party"
    ).passed
    service = "Next service date: {next}\n"
    criterion = "Sets the next service date 12 months on from 14 March 2025"
    assert date_span_read(service.format(next="14 March 2026"), criterion).passed
    assert not date_span_read(service.format(next="13 March 2026"), criterion).passed
    lab = "Samples received: Thursday 4 June 2026\nResults date: {results}\n"
    criterion = "The results date is 2 working days after the samples were received"
    assert date_span_read(lab.format(results="Monday 8 June 2026"), criterion).passed  # Friday, Monday
    assert not date_span_read(lab.format(results="Saturday 6 June 2026"), criterion).passed


def test_a_bound_is_met_inside_it_and_failed_outside():
    criterion = "The payment date is no more than 14 days after the keys came back on 2 October 2025"
    assert date_span_read("Payment date: 10 October 2025\n", criterion).passed
    assert not date_span_read("Payment date: 20 October 2025\n", criterion).passed
    notice = "Date of this notice: 1 May 2026\nThe new rent starts on {start}.\n"
    criterion = "The new rent starts no fewer than 30 days after the date of the notice"
    assert date_span_read(notice.format(start="1 June 2026"), criterion).passed
    assert not date_span_read(notice.format(start="20 May 2026"), criterion).passed


def test_a_date_goes_with_the_label_of_its_own_column():
    answer = (
        "NOTICE OF ANNUAL GENERAL MEETING                  Dated: 16 October 2026\n"
        "Date:   Friday 6 November 2026\nNominations for officer posts close on 27 October 2026.\n"
    )
    # the meeting's date stands on a bare "Date:" line; the heading's column is the notice's date
    assert date_span_read(answer, "The closing date for nominations is 10 days before the meeting") is None


@pytest.mark.parametrize(
    "criterion",
    [
        "Each week's date is seven days after the previous week's",  # each of several
        "The expected harvest date is the stated number of weeks after the sowing date",  # the answer's own span
        "The due date is not 30 days after the issue date",  # negated
        "The due date is 30 days after the delivery date",  # no line holds the delivery's date
    ],
)
def test_what_code_cannot_read_is_left_to_the_grader(criterion):
    assert date_span_read(INVOICE.format(due="2 April 2026"), criterion) is None


def test_the_grounded_pass_reads_a_span_of_dates_by_code():
    read = read_by_code(INVOICE.format(due="1 April 2026"), "The due date is 30 days after the issue date")
    assert read is not None and read.passed is False and read.decided_by.startswith("date span:")
    assert read.why == "1 April 2026 is not 30 days after 3 March 2026 (2 April 2026)"


@pytest.mark.parametrize(("ready", "met"), [("Monday 11 May 2026", False), ("Tuesday 12 May 2026", True)])
def test_a_span_the_answer_states_beside_its_date_is_checked_by_the_calendar(ready, met):
    """ "3 working days after it was booked in": the other date is the one the statement's own
    words name, when the criterion's ("the bike came in") name none."""
    answer = f"Booked in: Thursday 7 May 2026\nReady on {ready}, 3 working days after it was booked in.\n"
    read = date_span_read(answer, "The ready date is the stated number of working days after the bike came in")
    assert read is not None and read.passed is met


def test_a_stated_span_the_other_way_or_none_decides_nothing():
    criterion = "The ready date is the stated number of working days after the bike came in"
    assert date_span_read("Booked in: 7 May 2026\nReady on 12 May 2026.\n", criterion) is None
    assert (
        date_span_read("Booked in: 7 May 2026\nReady on 4 May 2026, 3 days before it was booked in.\n", criterion)
        is None
    )


def test_a_date_under_the_heading_naming_it_is_that_date():
    """A dated line holding no word of the date's name stands for it under a heading that, with
    the line, holds them all; the answer's first line, a title, names no part."""
    answer = (
        "# Certificate of chimney sweeping\n\n**Date of sweep:** 15 September 2026\n\n"
        "## Next sweep due\n15 August 2027, twelve months from today.\n"
    )
    read = date_span_read(answer, "The next sweep is due 12 months after the date of this sweep")
    assert read is not None and read.passed is False
    assert read.decided_by.startswith("date span: 15 August 2027 is not 12 months after 15 September 2026")
    titled = "**Notice of Annual Meeting**\n\nNotice date: 2026-03-20\n\n- Nominations by 2026-04-02\n"
    assert date_span_read(titled, "Nominations close 21 days ahead of the meeting date") is None


NEXT_BOX = """\
# Hillside Farm: your veg box

Your box will be delivered on Thursday 10 September 2026, between 7:00 am and 1:00 pm.

## Next delivery
Your next box comes on {next}. We look forward to seeing you then.
"""


@pytest.mark.parametrize(
    ("criterion", "next_date", "met"),
    [
        ("The next delivery date is one week after this one", "Thursday 17 September 2026", True),
        ("The next delivery date is one week after this one", "Thursday 24 September 2026", False),
        ("The next delivery date is two weeks after this one", "Thursday 24 September 2026", True),
        ("Gives the right date for the next box, one week after this delivery", "Thursday 17 September 2026", True),
    ],
)
def test_the_next_date_is_counted_from_the_answer_s_one_other_date(criterion, next_date, met):
    read = date_span_read(NEXT_BOX.format(next=next_date), criterion)
    assert read is not None and read.passed is met


def test_this_one_is_unclear_where_the_answer_holds_other_dates_too():
    answer = NEXT_BOX.format(next="Thursday 17 September 2026") + "\nPay by Friday 11 September 2026.\n"
    assert date_span_read(answer, "The next delivery date is one week after this one") is None
