"""A criterion asking that the weekday an answer gives beside a date is the day that date falls
on is read by code: the calendar says which day a date is."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.weekdays import asks_weekdays, dated_weekdays, weekday_read


@pytest.mark.parametrize(
    ("criterion", "asks"),
    [
        ("The weekday given for the pick-up is right for its date", True),
        ("Every date shown matches the day of the week beside it", True),
        ("Gives the trip's date with the day of the week it really falls on", True),
        ("The date the PCN was issued falls on the weekday it names", True),
        ("The day of the week given for the visit agrees with its date", True),
        ("Every appointment date is paired with the correct weekday", True),
        ("Names the right weekday", True),
        ("All the exams fall on weekdays", False),  # a working day, not the weekday given
        ("The requested delivery date falls on a weekday", False),
        ("The delivery date it gives is a weekday, not a Saturday or Sunday", False),
        ("The pay date is the 25th, or the weekday before when it falls at a weekend", False),
        ("The pay date is the last weekday of August 2025", False),
        ("Lists the days of the week in date order", False),  # an order
        ("Does not give a wrong weekday for the handover", False),  # negated: the grader's
        ("Mentions the date of the concert", False),  # no weekday asked
    ],
)
def test_the_criteria_that_ask_a_date_s_weekday_be_right(criterion, asks):
    assert asks_weekdays(criterion) is asks


def test_the_dates_an_answer_gives_with_a_weekday_in_every_way_it_writes_them():
    answer = (
        "| Pick-up | Saturday 2 August 2026, 17:45 |\n"
        "- Mon 16 Sep 2024 · HELPDESK · 6.0 h\n"
        "- Return: Saturday, 2026-08-08 at 2:25 PM\n"
        "2025-06-30  Mon  09:00  Mathematics\n"
        "Wedding date: Saturday, November 7th, 2026\n"
        "The gala is on 20 June 2026 (Saturday).\n"
        "Rehearsals every Tuesday; site hours Monday to Friday.\n"
        "Balance due: 8 September 2026\n"
    )
    found = [(pair.given, pair.day.isoformat()) for pair in dated_weekdays(answer)]
    assert found == [
        ("Saturday", "2026-08-02"),
        ("Monday", "2024-09-16"),
        ("Saturday", "2026-08-08"),
        ("Monday", "2025-06-30"),
        ("Saturday", "2026-11-07"),
        ("Saturday", "2026-06-20"),
    ]
    assert [pair.actual for pair in dated_weekdays(answer)][:3] == ["Sunday", "Monday", "Saturday"]


def test_a_date_without_its_year_takes_the_one_year_the_answer_gives_and_none_when_it_gives_two():
    one_year = "Weekly summary (2025-03-17 to 2025-03-24)\n- Busiest day: Tuesday 18 March, 10 commits"
    assert [(p.given, p.day.isoformat()) for p in dated_weekdays(one_year)] == [("Tuesday", "2025-03-18")]
    assert dated_weekdays("Orientation: Friday, July 3\nStart: Monday, July 6") == []
    assert dated_weekdays("Since 2024 and into 2025.\nBusiest: Tuesday 18 March") == []


def test_the_weekday_of_the_thing_the_criterion_names_decides_and_not_another_date_s():
    answer = "| Drop-off | Friday 24 July 2026, 10:00 |\n| Pick-up | Saturday 2 August 2026, 17:45 |"
    unmet = weekday_read(answer, "The weekday given for the pick-up is right for its date")
    assert unmet is not None and unmet.passed is False
    assert "Sunday" in unmet.why and unmet.quote == "| Pick-up | Saturday 2 August 2026, 17:45 |"
    met = weekday_read(answer, "The weekday given for the drop-off is right for its date")
    assert met is not None and met.passed is True and met.quote == "| Drop-off | Friday 24 July 2026, 10:00 |"


def test_every_date_s_weekday_is_read_where_the_criterion_asks_every_one():
    rota = "| Mon 2 Jun 2025 | Amira | 07:00 |\n| Tue 3 Jun 2025 | Dan | 07:00 |\n| Thu 4 Jun 2025 | Ella | 13:00 |"
    unmet = weekday_read(rota, "Every date shown matches the day of the week beside it")
    assert unmet is not None and unmet.passed is False and unmet.quote == "| Thu 4 Jun 2025 | Ella | 13:00 |"
    right = rota.replace("Thu 4 Jun", "Wed 4 Jun")
    met = weekday_read(right, "The weekdays given match the bookings' dates")
    assert met is not None and met.passed is True


def test_what_code_cannot_tell_is_left_to_the_grader():
    # the thing named stands on no dated line, and a date elsewhere is wrong: which is meant is unclear
    answer = "Arrived: Wednesday, 2026-02-10, 1:20 PM\nPlan date: Monday, 2026-02-09"
    assert weekday_read(answer, "The day of the week given for the visit agrees with its date") is None
    # no weekday beside any date
    assert weekday_read("Balance due: 8 September 2026", "Gives the correct day of the week alongside the date") is None
    # a weekday on a line of two dates, beside neither
    two = "7 June 2027 is 52 days after 16 April 2027, and it falls on a Tuesday."
    assert weekday_read(two, "Names the right weekday") is None
    # a criterion that asks something else of weekdays
    assert weekday_read("Exams: Sat 5 Jul 2025", "All the exams fall on weekdays") is None


def test_the_thing_named_on_no_dated_line_is_met_when_every_dated_weekday_is_right():
    answer = "Post-op check with Dr Lindqvist on Monday 25 May 2026 at 9:40 am."
    met = weekday_read(answer, "The day of the week given for the recheck is right for the date")
    assert met is not None and met.passed is True


def test_the_grounded_grader_reads_a_weekday_by_code():
    evidence = read_by_code("Handover: Thursday 10 June 2026", "Names the right day of the week for the handover date")
    assert evidence is not None and evidence.passed is False and evidence.decided_by.startswith("weekday:")


def test_a_thing_named_on_no_dated_line_means_the_answer_s_one_dated_weekday_or_its_bare_date_line():
    only = "Post-op check with Dr Lindqvist on Tuesday 25 May 2026 at 9:40 am."
    unmet = weekday_read(only, "The day of the week given for the recheck is right for the date")
    assert unmet is not None and unmet.passed is False and "Monday" in unmet.why
    notice = "Notice of Annual Meeting\n- Date: Friday, 2026-04-23\n- Proxies by 7:00 PM on Wednesday, 2026-04-22."
    unmet = weekday_read(notice, "Gives the meeting's date with the weekday it really falls on")
    assert unmet is not None and unmet.passed is False and unmet.quote == "- Date: Friday, 2026-04-23"
    # two dated lines, neither the thing's nor a bare date: which is meant is unclear
    trip = "Year 7 will visit the zoo on Wednesday 17 March 2026.\nReturn the note by Thursday 12 March 2026."
    assert weekday_read(trip, "Gives the trip's date with the day of the week it really falls on") is None


def test_a_weekday_next_to_a_date_is_asked_of_and_the_next_weekday_is_not():
    assert asks_weekdays("The weekday next to the arrival date is correct for that date")
    assert not asks_weekdays("Moves the meeting to the next weekday, correctly")
    answer = "- Arrived: Wednesday, 2026-02-10, 1:20 PM\n- Booked: Monday, 2026-02-09"
    unmet = weekday_read(answer, "The weekday next to the arrival date is correct for that date")
    assert unmet is not None and unmet.passed is False and unmet.quote.startswith("- Arrived")
