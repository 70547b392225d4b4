"""A criterion asking that a count the answer states match the things it lists is read by code:
the stated count against the items of its list."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.listing import lists
from rubricflow.activities.grader.tallies import asks_tally, tally_read

NOTE = "**Who to call**\nThere are {n} people you can call, in this order.\n- Claire: 07700 900 261\n- Tom: 07700 900 374\n\n**Bedtime**\n- Bath\n"


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("The number of people it says to call matches the contacts listed", True),
        ("Says how many chapters there are, and lists that many", True),
        ("The number of activities it states matches the list", True),
        ("The number of vegan dishes it states matches the dishes marked VG", False),  # things marked some way
        ("The number of skills said to be at 5/5 matches the ratings listed", False),  # things rated some way
        ("The number of nights it says they spend in Rome is correct", False),  # a span, not a list
        ("Each row's quantity equals how many designators it lists", False),  # each of several
        ("Says how many species were seen, and that figure matches the results", True),
    ],
)
def test_the_criteria_that_ask_a_stated_count_match_a_list(criterion, asked):
    assert asks_tally(criterion) is asked


@pytest.mark.parametrize(("n", "met"), [("two", True), ("2", True), ("three", False)])
def test_a_stated_count_is_checked_against_the_list_after_it(n, met):
    read = tally_read(NOTE.format(n=n), "The number of people it says to call matches the contacts listed")
    assert read is not None and read.passed is met


def test_a_total_row_is_no_item_of_its_table():
    answer = (
        "## Your donations\nYou made four donations this year.\n\n| Date | Amount |\n|---|---|\n"
        "| 6 April | £25.00 |\n| 18 July | £60.00 |\n| 30 November | £40.00 |\n| 14 February | £55.00 |\n"
        "| **Total** | **£180.00** |\n"
    )
    read = tally_read(answer, "The number of donations stated in words matches the donations listed")
    assert read is not None and read.passed is True
    assert lists(answer) == [
        (
            "Your donations",
            ["| 6 April | £25.00 |", "| 18 July | £60.00 |", "| 30 November | £40.00 |", "| 14 February | £55.00 |"],
        )
    ]


def test_a_list_with_siblings_under_their_own_headings_is_unclear():
    answer = "Your list (5 items):\n\n## Clothes\n- Shirt\n- Socks\n\n## Tech\n- Laptop\n"
    assert tally_read(answer, "The item count given agrees with how many items are listed") is None
    spread = "We pack 3 items:\n- Shirt\n- Socks\n## Tech\n- Laptop\n"
    assert tally_read(spread, "The item count given agrees with how many items are listed") is None


def test_the_grounded_pass_reads_a_tally_by_code():
    read = read_by_code(NOTE.format(n="three"), "Says how many people to call, and lists that many")
    assert read is not None and read.passed is False and read.decided_by == "tally: it states 3 but lists 2"


def test_a_bulleted_list_right_after_a_table_is_a_list_of_its_own():
    answer = (
        "### Summary\nThree items were handed in this week.\n\n### Items handed in\n"
        "| Ref | Item |\n|---|---|\n| RS-1 | coat |\n| RS-2 | scarf |\n| RS-3 | wallet |\n"
        "- RS-3, wallet: collected 12 January 2026\n"
    )
    criterion = "States how many items were handed in, and the number matches the list"
    assert tally_read(answer, criterion).passed is True  # the collected line is no fourth item


def test_a_blank_line_that_parts_some_items_but_not_all_leaves_two_lists_undecided():
    items = "- KM-1: goggles, found 9 June\n- KM-2: trainers, found 10 June\n- KM-3: towel, found 12 June\n"
    collected = "- KM-2, trainers: collected 12 June\n"
    criterion = "The number of items said to have been handed in matches the items listed"
    head = "**In brief**\nThree items were handed in this week.\n\n**Items handed in**\n"
    assert tally_read(head + items + "\n" + collected, criterion) is None  # one list or two: code cannot tell
    assert tally_read(head + items, criterion).passed is True
    loose = "- KM-1: goggles\n\n- KM-2: trainers\n\n- KM-3: towel\n"  # a blank line between every item: one list
    assert tally_read(head + loose, criterion).passed is True


SURVEY = """# Garden birdwatch results

## Summary
We saw {n} species in the hour.

## Highlights
- a Wren by the shed

## Results
- Robin: 2
- Blackbird: 3
- Wren: 1
- Total: 6 birds
"""


@pytest.mark.parametrize(("n", "met"), [("three", True), ("four", False)])
def test_the_results_named_by_a_heading_are_the_list_a_title_naming_them_too_is_no_heading(n, met):
    read = tally_read(SURVEY.format(n=n), "Says how many species were seen, and that figure matches the results")
    assert read is not None and read.passed is met


def test_a_count_a_few_words_before_the_things_name_is_stated_of_them():
    answer = "Six people sponsored me, and I swam the lot.\n\n**Sponsors**\n" + "".join(
        f"- Sponsor {n}: £10.00\n" for n in "ABCDEF"
    )
    read = tally_read(answer, "The number of sponsors it states matches the sponsors listed")
    assert read is not None and read.passed is True
    read = tally_read(answer.replace("Six", "Seven"), "The number of sponsors it states matches the sponsors listed")
    assert read is not None and read.passed is False
