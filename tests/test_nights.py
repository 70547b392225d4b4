"""A criterion asking that a stated number of nights (or of days between two dates) be right
for the dates is read by the calendar."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.nights import nights_asked, nights_read

BOOKING = """\
# Booking confirmation

**Check-in:** Friday 11 September 2026, from 3:00 pm
**Check-out:** Sunday 13 September 2026, by 11:00 am ({nights})

Breakfast is included each morning.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("The number of nights stated matches the check-in and check-out dates", ("nights", "check-in", "check-out")),
        ("Gives the right number of nights for the drop-off and pick-up dates", ("nights", "drop-off", "pick-up")),
        ("States the right number of nights for the dates of the stay", ("nights", "", "")),
        ("The number of nights matches the arrival and departure dates", ("nights", "arrival", "departure")),
        ("Counts the days between the first and last readings correctly", ("days", "first", "last")),
        ("Gives the right number of rental days for the pick-up and return times", None),  # periods of hours
        ("The number of nights it says they spend in Tokyo is correct", None),  # one stay of several
        ("Does not give the wrong number of nights", None),  # negated
    ],
)
def test_the_criteria_that_ask_a_stated_number_of_nights_be_right(criterion, asked):
    assert nights_asked(criterion) == asked


def test_the_nights_between_the_two_labelled_dates_decide():
    criterion = "The number of nights stated matches the check-in and check-out dates"
    assert nights_read(BOOKING.format(nights="2 nights"), criterion).passed is True
    unmet = nights_read(BOOKING.format(nights="3 nights"), criterion)
    assert unmet.passed is False
    assert unmet.why == "11 September 2026 to 13 September 2026 is 2 nights, not the 3 stated"


def test_dates_of_the_stay_are_the_arrival_and_departure_words_or_the_stated_line_s_two():
    criterion = "States the right number of nights for the dates of the stay"
    assert nights_read(BOOKING.format(nights="two nights"), criterion).passed is True
    one_line = "Your stay: Friday 3 July to Monday 6 July 2026 (4 nights).\nPlease bring towels.\n"
    assert nights_read(one_line, criterion).passed is False


def test_days_between_the_first_and_last_of_a_list_of_dates():
    bill = (
        "| Date | Reading |\n|---|---|\n| 2 Jan 2025 | 48,215 |\n| 1 Feb 2025 | 48,902 |\n| 2 Apr 2025 | 50,181 |\n"
        "- Days between the first and last readings: {days}\n"
    )
    criterion = "Counts the days between the first and last readings correctly"
    assert nights_read(bill.format(days=90), criterion).passed is True
    assert nights_read(bill.format(days=89), criterion).passed is False


def test_two_stated_counts_or_dates_code_cannot_place_are_left_to_the_grader():
    criterion = "States the right number of nights for the dates of the stay"
    beside = BOOKING.format(nights="2 nights") + "\nEach room is 4 nights' notice to cancel.\n"
    assert nights_read(beside, criterion).passed is True  # of two counts, the one beside a date is the stay's
    two = BOOKING.format(nights="2 nights") + "\nA second stay of 4 nights starts on 1 October 2026.\n"
    assert nights_read(two, criterion) is None  # two stays, each beside a date: which is meant is unclear
    no_dates = "You stay with us for 3 nights. We look forward to it.\n"
    assert nights_read(no_dates, criterion) is None


def test_the_reader_decides_through_the_grounded_grader():
    found = read_by_code(
        BOOKING.format(nights="3 nights"), "The number of nights matches the arrival and departure dates"
    )
    assert found is not None and found.passed is False and found.decided_by.startswith("nights:")
