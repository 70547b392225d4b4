"""A criterion asking that a figure be worked right from others ("The total priming sugar equals
the grams per litre times the litres", "Gives the average mite drop per day correctly", "Works
out how much food is left in the bag correctly") is read by code off the line that works it:
"5 g per litre for 20 litres, 100 g in all"."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.worked_figures import worked_figures, worked_read

SUGAR = "**Bottling**\n- Washed 40 bottles.\n- Priming sugar: 6 g per litre for 19 litres, {sugar} g in all."
MITES = "| Check | Result |\n|---|---|\n| Mites | 36 mites on the board over 6 days, an average of {daily} a day |"
FOOD = "- Biscuits: a new 2.5 kg bag; 120 g a day for 8 days is 960 g, so {left} kg is left."
DOSES = "2. Metacam: 1 dose twice a day for 4 days, {doses} doses given."
STORES = "Stores:\nSix frames of stores, roughly 2.5 kg each: about {kg} kg in the brood box."
BATTERY = "- **Battery:** 24 V, 10 Ah ({wh} Wh), removable"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (SUGAR.format(sugar=114), "The total priming sugar equals the grams per litre times the litres", True),
        (SUGAR.format(sugar=124), "The total priming sugar equals the grams per litre times the litres", False),
        (SUGAR.format(sugar=114), "Works out the weight of priming sugar correctly", True),
        (MITES.format(daily=6), "Gives the average mite drop per day correctly", True),
        (MITES.format(daily=7), "The daily mite drop is the board count divided by the number of days", False),
        (FOOD.format(left="1.54"), "Works out correctly how much food is left in the bag", True),
        (
            FOOD.format(left="1.64"),
            "The food left equals the bag's weight minus the daily amount times the days",
            False,
        ),
        (DOSES.format(doses=8), "The number of doses given matches the dose, how often and the number of days", True),
        (DOSES.format(doses=4), "The number of doses given matches the dose, how often and the number of days", False),
        (STORES.format(kg=15), "Works out the kilograms of honey stores correctly from the frames", True),
        (STORES.format(kg=12), "Works out the kilograms of honey stores correctly from the frames", False),
        (BATTERY.format(wh=240), "The battery's watt-hours equal its voltage times its amp-hours", True),
        (BATTERY.format(wh=250), "States the battery energy in Wh correctly from the voltage and capacity", False),
    ],
)
def test_the_line_that_works_the_figure_decides(answer, criterion, met):
    read = worked_read(answer, criterion)
    assert read is not None and read.passed is met
    assert read_by_code(answer, criterion) == read


def test_a_quotient_rounded_to_the_figure_written_is_right():
    answer = "- The novel runs to 550 pages; over the four weeks that is {} pages a week."
    criterion = "The pages-a-week figure is the book's length divided by the number of weeks"
    for written in ("137.5", "138", "137"):
        read = worked_read(answer.format(written), criterion)
        assert read is not None and read.passed is True, written
    read = worked_read(answer.format("147"), criterion)
    assert read is not None and read.passed is False


def test_the_figures_a_line_works_from_and_its_result():
    # a list number, a label before the colon and an aside in brackets are no factor
    line = "3. Two full supers: 8 frames (deep) of honey (about 2 kg each) at 2.5 kg a frame, 20 kg in all"
    assert worked_figures(line) == [(8.0, "frames"), (2.5, "kg"), (20.0, "kg")]
    # an amount after the result may be one it is worked from: which is unclear
    assert worked_figures("Clarifier at 25 ml per 500 litres, so 50 ml for 1,500 litres.") is None
    assert worked_figures("Mites: 42 on the tray over 7 days") is None  # no figure is said to be the result
    assert worked_figures("Fed 2 kg on 3 May 2026, 4 kg in all") is None  # a date's figures are no amount
    assert worked_figures("Ran 5 km in 30 minutes, so 10 km an hour") is None  # a time's units convert


def test_the_line_naming_the_thing_most_decides():
    answer = "Findings:\n3. One queen cell on frame 9, with no egg, 2 cups\n" + STORES.format(kg=15)
    read = worked_read(answer, "Works out the kilograms of honey stores correctly from the frames")
    assert read is not None and read.passed is True and "Six frames" in read.quote


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        (SUGAR.format(sugar=114), "The priming sugar is not the grams per litre times the litres"),  # negated
        ("3 findings in total: 1 high, 2 medium and 1 low.", "The total it gives matches the findings listed"),  # a sum
        ("It ran for 2 h 57 min, which is 177 minutes.", "States the right number of minutes"),  # a duration
        ("4 lengths of the 25 m pool (100 m).", "Converts the pool length to feet correctly"),  # a conversion
        ("Sugar: 6 g per litre for 19 litres.", "Works out the priming sugar correctly"),  # no result written
        (SUGAR.format(sugar=114), "Lists the priming sugar"),  # asks no working
        ("Tickets: 40 at £2.50 each, £100 in all.", "Works out the ticket money correctly"),  # money: its own readers
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert worked_read(answer, criterion) is None


def test_a_quotient_is_not_rescaled_by_a_thousand():
    # 25 ml over 500 litres is 0.05, which a thousand times is 50: no working of a rate
    answer = "- Add clarifier at 25 ml per 500 litres, so 50 ml a dose."
    assert worked_read(answer, "Works out the clarifier dose correctly") is None or (
        worked_read(answer, "Works out the clarifier dose correctly").passed is False
    )
