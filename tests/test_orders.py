"""A criterion asking that one part of the answer come before another is read by code off the
answer's headings, where a heading names each part."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.orders import asks_order, order_read

LETTER = """\
# Your home insurance renewal

Good news: your premium has come down this year.

## {first}
- Buildings cover: £318.60
- Contents cover: £164.20

## {second}
- The excess for escape of water claims has risen from £350 to £500.

## How to cancel
Call us.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("The results section comes before the money raised", True),
        ("Puts the key features before the description", True),
        ("The earnings section comes first and the deductions after it", True),
        ("The still-to-do list comes first, ahead of what was done", True),
        ("Gives the new premium before explaining what has changed", True),
        ("The programme is listed in time order", False),  # an order of many
        ("Checks the logs before restarting anything", False),  # steps in time
        ("Imports pytest before importing slugify", False),
        ("Asks guests to tell a member of staff about allergies before ordering", False),  # an act, not a part
        ("Every urgent finding comes before the monitor ones", False),  # each one
        ("The summary does not come before the results", False),  # negated
    ],
)
def test_the_criteria_that_ask_one_part_before_another(criterion, asked):
    assert asks_order(criterion) is asked


def test_a_part_whose_heading_stands_above_the_other_s_meets_and_below_fails():
    criterion = "The premium breakdown comes before the list of changes"
    met = order_read(LETTER.format(first="Your premium", second="What's changed"), criterion)
    unmet = order_read(LETTER.format(first="What's changed", second="Your premium"), criterion)
    assert met is not None and met.passed is True
    assert unmet is not None and unmet.passed is False
    assert unmet.why == "\"What's changed\" stands above 'Your premium'"


def test_a_word_in_a_heading_that_names_both_parts_or_a_short_word_inside_another_decides_nothing():
    # "new" is no name (it is in "Good news"); "what" names nothing ("What I tried")
    criterion = "Gives the new premium before explaining what has changed"
    assert order_read(LETTER.format(first="Your premium", second="What has changed"), criterion).passed is True
    assert order_read(LETTER.format(first="Premium and what has changed", second="Other"), criterion) is None


def test_bold_lines_and_labels_are_headings_too():
    answer = "**Payslip: May**\n\n**Payments**\n- Basic pay: £2,400.00\n\n**Deductions**\n- Income tax: £310.00\n"
    assert order_read(answer, "Lists the payments before the deductions").passed is True
    menu = "# Lunch\nTo start: soup, bread\nMains: pie, risotto\n"
    assert order_read(menu, "The starters section comes before the mains section").passed is True


def test_headings_that_interleave_are_an_order_of_items_and_decide_nothing():
    answer = (
        "**Inspection findings**\n- Red: serpentine belt cracked\n- Yellow: coolant flush due\n"
        "- Red: front brake pads at 2 mm\n"
    )
    assert order_read(answer, "Lists the red advisories before the yellow ones") is None


def test_a_part_no_heading_names_is_left_to_the_grader():
    assert order_read(LETTER.format(first="Costs", second="Changes"), "Gives the trip details before the price") is None


def test_the_grounded_pass_reads_an_order_by_code():
    answer = LETTER.format(first="What's changed", second="Your premium")
    read = read_by_code(answer, "The premium breakdown comes before the list of changes")
    assert read is not None and read.passed is False and read.decided_by.startswith("order:")


def test_a_list_item_s_label_is_no_heading():
    answer = (
        "**Who to call**\n- Tom: 07700 900 374\n- Rachel next door at number 14: 07700 900 145\n\n"
        "**Bedtime**\n- Bath at 7:00 pm\n"
    )
    # "number" names no heading: the item "Rachel next door at number 14" is a contact, not a part
    assert order_read(answer, "The phone numbers come ahead of the bedtime section") is None


def test_the_answer_s_first_line_names_no_part():
    """A title names the whole answer, so every part: "Repair estimate" is no heading of the repairs."""
    answer = "**Repair estimate: Trek Domane road bike**\n\n**Optional extras**\n- Bar tape\n\n**Repairs**\n- Chain\n"
    read = order_read(answer, "Lists the essential repairs before the optional extras")
    assert read is not None and read.passed is False
    assert read.why == "'Optional extras' stands above 'Repairs'"


def test_a_part_asked_to_come_after_another_is_read_the_other_way_round():
    criterion = "The media contact comes after the About section"
    assert asks_order(criterion)
    answer = "# Halden Foods opens a bakery\n\nText.\n\n## About Halden Foods\nWe bake.\n\n## Media contact\nAna, 0161 555 0100\n"
    assert order_read(answer, criterion).passed is True
    swapped = "# News\n\n## Media contact\nAna\n\n## About Halden Foods\nWe bake.\n"
    unmet = order_read(swapped, criterion)
    assert unmet.passed is False and unmet.why == "'Media contact' stands above 'About Halden Foods'"


def test_the_list_of_a_thing_is_named_by_the_thing():
    answer = "# Litter pick\n\n## Meeting point\nThe bandstand.\n\n## What to bring\n- gloves\n- water\n"
    met = order_read(answer, "Gives the meeting point before the list of what to bring")
    assert met is not None and met.passed is True
    unmet = order_read(answer, "Gives the list of what to bring before the meeting point")
    assert unmet is not None and unmet.passed is False


def test_a_part_is_named_by_another_word_for_the_same_part_of_a_document():
    answer = "# Boat trip\n\n## Trip details\nThree hours.\n\n## Payment summary\n- Deposit: £50\n"
    met = order_read(answer, "Gives the trip details before the price")
    assert met is not None and met.passed is True
    hive = "### Hive 3\n\n### Actions\n- Add a super.\n\n### What we found\n- Queen seen.\n"
    unmet = order_read(hive, "Records the findings before the actions")
    assert unmet is not None and unmet.passed is False
    assert unmet.why == "'Actions' stands above 'What we found'"
    # a heading holding words of both parts names neither
    both = "# Fete\n\n## Stalls and times\nText.\n\n## Money\nText.\n"
    assert order_read(both, "The timings section comes before the stalls") is None


def test_a_heading_holding_every_word_of_a_part_is_it_before_one_holding_a_word():
    # "Next term" holds "next" alone: the next steps are under "Next steps"
    answer = (
        "# Swim report\n\n## Next steps\n- Tumble turns\n\n## Achieved this term\n- 25 m\n\n## Next term\nTuesdays.\n"
    )
    unmet = order_read(answer, "The achievements section comes before the next steps")
    assert unmet is not None and unmet.passed is False


def test_the_checks_a_part_holds_and_the_day_a_part_is_for_are_no_steps_in_time():
    boiler = "# Boiler service\n\nSummary:\nAll fine.\n\nChecks carried out:\n- Flue\n\nRecommendations:\n- Bleed radiators\n"
    assert order_read(boiler, "Lists the checks carried out before the recommendations").passed is True
    fete = "# Fete\n\n## Stalls\n- Cakes\n\n## Timings\n- Set-up: 10 am\n"
    assert order_read(fete, "Gives the timings for the day before the list of stalls").passed is False
    assert order_read(boiler, "Checks the flue before the recommendations") is None  # an act, not a part
