"""A criterion asking that an amount be a count times a rate ("The labour charge equals the hours
multiplied by the hourly rate") is read by code off a line that writes the three: "2 hours at
£42.00 an hour: £84.00"."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.rated_amounts import rated_read

BILL = "1. Brake bleed: £25.00\n2. Labour: 2 hours at £42.00 an hour: £{labour}\nTotal: £109.00"
RAFFLE = "| 380 tickets at £1.50 each | £{tickets} |\n| Cake stall | £64.20 |\n| Total | £634.20 |"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (BILL.format(labour="84.00"), "The labour charge equals the hours multiplied by the hourly rate", True),
        (BILL.format(labour="86.00"), "The labour charge equals the hours multiplied by the hourly rate", False),
        (RAFFLE.format(tickets="570.00"), "The ticket income equals the number sold times the price", True),
        (RAFFLE.format(tickets="575.00"), "Works out the money from ticket sales correctly from the price", False),
        ("| Hall, 3.5 hours at £24.00 an hour | £84.00 |", "The hall charge is the hours times the hourly rate", True),
        ("Two nights at £95 a night, £190.", "The room cost is the number of nights times the nightly rate", True),
        ("- Early booking discount, 5% of £114.00: −£5.70", "Calculates the percentage discount correctly", True),
        ("- Early booking discount, 5% of £114.00: −£7.50", "Calculates the percentage discount correctly", False),
        ("| Member discount, 20% of £90.00 | -£18.00 |", "Works out the discount right", True),
    ],
)
def test_the_count_times_the_rate_decides(answer, criterion, met):
    read = rated_read(answer, criterion)
    assert read is not None and read.passed is met


def test_the_line_naming_the_thing_decides_and_not_another():
    answer = "Labour: 2 hours at £42.00 an hour: £84.00\nParking: 3 hours at £2.00 an hour: £7.00"
    met = rated_read(answer, "The labour charge equals the hours multiplied by the hourly rate")
    assert met is not None and met.passed is True
    unmet = rated_read(answer, "The parking charge equals the hours times the rate")
    assert unmet is not None and unmet.passed is False and unmet.quote.startswith("Parking")
    assert rated_read(answer, "The charge equals the hours times the rate") is None  # which is unclear


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        (
            "Pay: £11.00 an hour, so £60.50 for the night.",
            "The total pay is the hourly rate times the hours",
        ),  # no count
        (BILL.format(labour="84.00"), "The labour charge is not the hours times the rate"),  # negated
        (BILL.format(labour="84.00"), "The total equals the labour times the rate plus the parts"),  # a sum
        (BILL.format(labour="84.00"), "Lists the labour charge"),  # asks no product
        (BILL.format(labour="84.00"), "The time on site agrees with the arrival and departure times"),  # clock times
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert rated_read(answer, criterion) is None


def test_the_grounded_pass_reads_a_rated_amount_by_code():
    read = read_by_code(BILL.format(labour="86.00"), "The labour charge equals the hours multiplied by the hourly rate")
    assert read is not None and read.passed is False
    assert read.decided_by == "rated amount: 2 at £42.00 is £84.00, not £86.00"


def test_a_share_asked_with_more_is_left_to_the_grader():
    line = "- Early booking discount, 5% of £114.00: −£5.70"
    assert rated_read(line, "Calculates the discount correctly and takes it off the total") is None


OFF = "The discounted price is the stated percentage off the full price"
MORE = "This year's target is last year's total increased by the stated percentage"


@pytest.mark.parametrize(
    ("criterion", "line", "wrong"),
    [
        (OFF, "- Foyles gives the club 10% off: Piranesi is £9.99, so £8.99 for us.", None),
        (OFF, "- Foyles gives the club 10% off: Piranesi is £9.99, so £8.49 for us.", "10% off £9.99 is £8.99"),
        (OFF, "The staff scheme gives 15% off at Waterstones: Hamnet is £10.99, so £9.34 with the discount.", None),
        (
            OFF,
            "The staff scheme gives 15% off at Waterstones: Hamnet is £10.99, so £9.64 with the discount.",
            "15% off £10.99 is £9.34",
        ),
        (MORE, "- Last year the fete raised £2,340; this year's target is 15% more, £2,691.", None),
        (
            MORE,
            "- Last year the fete raised £2,340; this year's target is 15% more, £2,574.",
            "15% more than £2,340 is £2,691",
        ),
    ],
)
def test_a_sum_so_many_percent_off_or_more_is_worked_from_the_one_before_it(criterion, line, wrong):
    read = rated_read(f"**Money**\n{line}\n", criterion)
    assert read is not None and read.passed is (wrong is None) and read.quote == line
    if wrong is not None:
        assert read.why.startswith(wrong)


@pytest.mark.parametrize(
    ("criterion", "line", "met"),
    [
        (
            "Works out the fundraising target correctly from last year's total and the percentage",
            "- Last year we raised £1,860, and we are aiming for 20% more this year: £2,232.",
            True,
        ),
        (
            "Works out the fundraising target correctly from last year's total and the percentage",
            "- Last year we raised £1,860, and we are aiming for 20% more this year: £2,322.",
            False,
        ),
        ("Calculates the percentage discount correctly", "- Early booking discount, 5% of £114.00: −£5.70", True),
    ],
)
def test_a_percentage_worked_correctly_is_read_the_way_the_answer_works_it(criterion, line, met):
    read = rated_read(f"**Money**\n{line}\n", criterion)
    assert read is not None and read.passed is met
    assert met or read.why.startswith("20% more than £1,860 is £2,232")  # a sum's comma after it is no digit of it
