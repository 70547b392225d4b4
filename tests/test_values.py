"""A figure a criterion says the answer gives must stand in the answer."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.values import missing_value, stated_values


@pytest.mark.parametrize(
    ("criterion", "stated"),
    [
        ("Sets the port to 9090", ["9090"]),
        ("Gives the table's row count, 1,284,650", ["1284650"]),
        ("Says the operating system is Ubuntu 22.04", ["22.04"]),
        ("Sets client_max_body_size to 8M", ["8"]),
        ("States the price as €89.00", ["89.00"]),
        # A bound, a count of parts, a negation, a time between events: not a figure it gives.
        ("Is under 100 words", []),
        ("Has no more than 5 entries", []),
        ("Lists 3 features as bullet points", []),
        ("No day exceeds 60 minutes", []),
        ("The end time is 150 minutes after the start time", []),
        ("The summary of the discussion is shorter than 40 words", []),
        # A number that is part of a name: PEP 8, version 4 of an action, line 1.
        ("Names its functions in snake_case, as PEP 8 asks", []),
        ("Checks out the code with version 4 of actions/checkout", []),
        ('The word "orchard" is in line 1', []),
        ("Every test case ID it refers to exists in the plan", []),
        # A count of the answer's own parts, and what its code gives: neither is written in it.
        ("Is written in 3 sentences", []),
        ("Gives 3 bullet points", []),
        ("Gives [1, 3, 6] for [1, 2, 3]", []),
        ("add(2, 3) returns 5", []),
        ("A window as long as the list gives one average: moving_average([2, 4, 6], 3) == [4.0]", []),
        ("States that 1,204 patients were included", ["1204"]),
        ("Is 3 pages long", []),
        # A time, a scale word or an ordinal may be written other ways: 18:30, $12,000,000, third.
        ("Says when it happens: Thursday, March 12 at 6:30 PM ET", []),
        ("Gives the size of the round ($12 million)", []),
        ("States the round as $12M", []),
        ("Says it is the 3rd edition", []),
        # A figure the answer is to give in another unit: 24 hours in seconds is 86400.
        ("CACHE_DEFAULT_TIMEOUT is 24 hours expressed in seconds", []),
        ("Sets SESSION_COOKIE_AGE to 8 hours, in seconds", []),
        ("Gives the parcel's weight of 2 kg converted to grams", []),
        ("Sets the timeout to 30 seconds", ["30"]),
        # A figure the answer is to leave out, or one to work with: neither stands in it.
        ("Leaves check 2212 out of the outstanding checks, because the bank has already paid it", []),
        ("Omits invoice 4471, which was paid in full", []),
        ("Excludes order 88 from the total", []),
        ("The gross pay to date is £4,310.40 plus this month's gross", []),
        ("The balance is the opening 1,200 minus the payments", []),
        ("Gives the net pay: 2,400 less deductions", []),
        ("The cost is 12 times the hourly rate", []),
        ("The weekly equivalent is the listed new rent × 12 ÷ 52, rounded to the nearest penny", []),
        ("Gives the area as the 4 × 6 room's floor in square metres", []),
        ("Works out the quorum correctly as one tenth of the 240 members", []),
        ("States the quorum as a quarter of the 36 lots", []),
        ("Sets the deposit at half of the $1,800 quote", []),
        # A span or distance counted on from something else: the answer writes where it ends.
        ("Sets the next service date 12 months on from 22 September 2025", []),
        ("Puts the next service 7,500 miles beyond the reading taken at this service", []),
        ("Sets the review date 6 weeks past the start", []),
        ("Asks for the form 3 school days (Monday to Friday) ahead of the trip day", []),
        ("Sends the reminder 2 working days ahead of the visit", []),
        # A count to work a figure out from at a rate: the answer writes what it comes to.
        ("The number of adults going is 45 students at one adult per 10, rounded up", []),
        ("Gives the coaches needed for 130 pupils, rounded up to whole coaches", []),
        ("States the rate as 45 pupils per coach", ["45"]),
        ("Sets payment terms of 45 days", ["45"]),
    ],
)
def test_the_figures_a_criterion_says_the_answer_gives(criterion, stated):
    assert stated_values(criterion) == stated


def test_a_figure_is_found_however_its_thousands_are_written():
    assert missing_value("1284650 rows, loaded nightly.", "Gives the table's row count, 1,284,650") is None
    assert missing_value("It holds 1,284,650 rows.", "States the row count as 1284650") is None
    assert missing_value("It holds about 1.3 million rows.", "Gives the table's row count, 1,284,650") == "1,284,650"


def test_a_figure_is_the_same_however_its_decimals_are_written():
    assert missing_value("Price: €89", "States the price as €89.00") is None
    assert missing_value("Price: €89.50", "States the price as €89.00") == "89.00"
    assert missing_value("Ubuntu 22.4", "Says the operating system is Ubuntu 22.04") == "22.04"


def test_a_figure_is_found_whole():
    """9090 is not held by 19090, nor 8 by 8.5; 8M holds 8."""
    assert missing_value("listen 19090;", "Sets the port to 9090") == "9090"
    assert missing_value("client_max_body_size 8.5m;", "Sets client_max_body_size to 8M") == "8"
    assert missing_value("client_max_body_size 8m;", "Sets client_max_body_size to 8M") is None


def test_a_small_figure_written_as_a_word_is_held():
    assert missing_value("Serves six as a main course.", "Says it serves 6") is None
    assert missing_value("Serves four as a main course.", "Says it serves 6") == "6"


def test_a_figure_to_be_given_in_another_unit_is_not_looked_for():
    """Its value in the unit asked stands in the answer, not the figure the criterion gives."""
    assert missing_value("SESSION_IDLE_TIMEOUT=1800\n", "Sets SESSION_IDLE_TIMEOUT to 30 minutes, in seconds") is None
    assert missing_value("TIMEOUT=1800\n", "Sets the timeout to 30 seconds") == "30"


def test_a_figure_to_leave_out_or_to_work_with_is_not_looked_for():
    """A cleared cheque is left out of the outstanding ones, and a figure the criterion adds
    to is not the total the answer gives."""
    answer = "Outstanding cheques:\n- 2208  \u00a3120.00\n- 2215  \u00a385.50\n"
    assert missing_value(answer, "Leaves check 2212 out of the outstanding checks") is None
    gross = "Gross pay to date: \u00a37,150.40\n"
    assert missing_value(gross, "The gross pay to date is \u00a34,310.40 plus this month's gross") is None
    assert missing_value(gross, "States the gross pay to date as \u00a37,150.40") is None
    assert missing_value(gross, "States the gross pay to date as \u00a37,510.40") == "7,510.40"
