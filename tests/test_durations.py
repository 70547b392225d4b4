"""A criterion asking that a length of time the answer states be right for the two times it
runs between is read by code: the clock decides."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.durations import asks_durations, duration_read, stated_lengths


@pytest.mark.parametrize(
    ("criterion", "asks"),
    [
        ("The number of minutes it gives between the two times is right", True),
        ("Its stated gap in minutes matches the times given", True),
        ("The interview's length in minutes matches its start and end timestamps", True),
        ("The shift length it gives is right for its start and finish times", True),
        ("The hours it states for the shift match the shift's start and end times", True),
        ("The duration it states matches the timeline's start and end of impact", True),
        ("The lesson length in minutes matches the start and finish times", True),
        ("Every finish time matches the start time and the length of the exam", True),
        ("The arrival time it gives is 15 minutes ahead of the appointment", False),  # an offset it names
        ("Leaves at least 15 minutes between bookings of the same room", False),  # a bound
        ("The timings sum to exactly 45 minutes", False),  # a sum
        ("Gives a duration for every activity", False),  # asks no agreement
        ("The interview's length does not match its timestamps", False),  # negated
        ("Works out the babysitter's pay correctly from the rate and the times", False),  # clock times, no length
        ("Works out correctly how many hours the quiet period lasts", True),
        ("The stated time on site is the gap between the times the engineer arrived and left", True),
        ("The total time at school matches the start and end times given for it", True),
        ("Works out correctly how long the parent will be at school from the first time to the last", True),
        ("Each appointment's start and end times are 15 minutes apart", False),  # a length it names
        ("The total of the session times matches the day's start and end", False),  # a sum
        ("Each day's hours equal its finish time minus its start time minus the break", False),  # an offset
    ],
)
def test_the_criteria_that_ask_a_stated_length_be_right_for_its_times(criterion, asks):
    assert asks_durations(criterion) is asks


def test_a_length_is_read_beside_the_two_times_it_runs_between_however_it_is_written():
    answer = (
        "Shift: 10:00-14:00 (3.5 hours)\n"
        "**Shift:** 7:45 am – 12:15 pm (4 hours)\n"
        "The interview runs from 06:40 to 40:40 (34 minutes).\n"
        "I was away from the car for 25 minutes (15:10 to 15:35), and came back.\n"
        "My ticket expired at 13:30 and the notice was issued at 13:36, just 4 minutes later.\n"
        "| Lessons | Sundays, 10:00 to 10:40 (45 minutes) |\n"
        "2025-06-30  Mon  09:00  1h30    10:30  Mathematics\n"
        "| 1 | LHR 07:25 | HEL 12:20 | 3 h 40 min in Helsinki |\n"
        "| Time | 12:30 pm to 4:00 pm (3½ hours) |\n"
        "Visit: arrived 1:40 pm and left 3:05 pm, 1 hour 35 minutes on site\n"
        "Drop-off is from 8:30 am and pick-up is by 3:30 pm (a 7-hour day).\n"
    )
    found = [(s.stated, s.actual) for s in stated_lengths(answer)]
    assert found == [
        (210, 240),
        (240, 270),
        (34, 34),
        (25, 25),
        (4, 6),
        (45, 40),
        (90, 90),
        (210, 210),
        (95, 85),
        (420, 420),
    ]


def test_a_length_its_times_do_not_give_fails_and_one_they_give_meets():
    criterion = "The lesson length in minutes matches the start and finish times"
    unmet = duration_read("| Lessons | Sundays, 10:00 to 10:40 (45 minutes) |", criterion)
    assert unmet is not None and unmet.passed is False and "40 minutes" in unmet.why
    met = duration_read("| Lessons | Sundays, 10:00 to 10:45 (45 minutes) |", criterion)
    assert met is not None and met.passed is True and met.decided_by.startswith("duration:")


def test_the_length_of_the_thing_named_decides_and_not_another_s():
    answer = "Setup: 09:00 to 09:30 (30 minutes)\nInterview: 09:30 to 10:15 (40 minutes)"
    unmet = duration_read(answer, "The interview's length in minutes matches its start and end times")
    assert unmet is not None and unmet.passed is False and unmet.quote.startswith("Interview")
    met = duration_read(answer, "The setup's length in minutes matches its start and end times")
    assert met is not None and met.passed is True
    assert duration_read(answer, "The stated length matches its start and end times") is None  # which is unclear


def test_every_length_is_read_where_the_criterion_asks_of_every_one():
    rows = "09:00  1h30    10:30  Maths\n13:00  1h15    14:15  French\n09:00  1h45    10:30  Science"
    unmet = duration_read(rows, "Every finish time matches the start time and the length of the exam")
    assert unmet is not None and unmet.passed is False and unmet.quote.endswith("Science")


def test_what_code_cannot_tell_is_left_to_the_grader():
    criterion = "The number of minutes it gives between the two times is right"
    assert duration_read("I was away for 25 minutes.", criterion) is None  # no times
    assert duration_read("Back at 15:35, 25 minutes later than 15:10 or 15:20.", criterion) is None  # three times
    assert duration_read("From 15:10 to 15:35 I was away.", criterion) is None  # no length stated


def test_the_grounded_grader_reads_a_length_by_code():
    evidence = read_by_code("Shift: 10:00-14:00 (3.5 hours)", "The shift length it gives is right for its times")
    assert evidence is not None and evidence.passed is False and evidence.decided_by.startswith("duration:")


def test_a_time_zone_beside_the_times_and_a_second_length_on_the_line_do_not_hide_a_length():
    assert [
        (s.stated, s.actual) for s in stated_lengths("From 14:05 UTC to 16:52 UTC (2 h 47 min) checkout failed.")
    ] == [(167, 167)]
    line = "It expired at 13:30 and the notice came at 13:36, just 4 minutes later, inside the 10-minute grace."
    assert [(s.stated, s.actual) for s in stated_lengths(line)] == [(4, 6)]
