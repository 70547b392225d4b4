"""A criterion asking that a card number not be shown in full is read by code: whether twelve
digits or more stand together."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.card_numbers import card_read
from rubricflow.activities.grader.code_reading import read_by_code


@pytest.mark.parametrize(
    ("answer", "met"),
    [
        ("A deposit of £150.00 was paid by debit card 4659 3390 1842 7720.", False),
        ("Card: 20117345215021", False),
        ("| Library card | 3310-4200-8704-19 |", False),
        ("Loyalty card: **** **** **** 4821", True),
        ("Paid by the card ending 7720. Call +44 7700 900 561 with questions.", True),  # a phone number
        ("No payment was taken.", True),
    ],
)
def test_a_card_number_in_full_is_twelve_digits_or_more_together(answer, met):
    read = card_read(answer, "Does not show the full card number, only its last digits")
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Keeps the payment card number masked rather than printing all of it", True),
        ("Shows at most the last four digits of the card number", True),
        ("Does not show the borrower's full library card number", True),
        ("Gives at most the last four digits of the payment card", True),
        ("Shows no more than the last 4 digits of the customer's card", True),
        ("Gives the library card number", False),  # asks it be shown
        ("Gives the card's expiry date", False),  # no number of it
        ("Does not include the customer's mobile number", False),  # another number
    ],
)
def test_the_criteria_that_ask_a_card_number_be_kept_from_view(criterion, asked):
    assert (card_read("Card: 20117345215021", criterion) is not None) is asked


def test_the_grounded_pass_reads_a_card_number_by_code():
    read = read_by_code("Card: 20117345215021", "Does not print a full card number")
    assert read is not None and read.decided_by == "card number: the answer shows '20117345215021' in full"
