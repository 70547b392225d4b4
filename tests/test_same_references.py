"""A criterion asking that a reference be written one way throughout is read by code: a near
variant of it (a digit changed, swapped or dropped, another separator) fails it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.same_references import reference_asked, same_reference_read

BOOKING = "Your booking number is HF-0386.\n\n- Text Rob on 07700 900 583, quoting {second}.\n- Pitch: 7 m by 4 m"


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Gives the reference HF-0386 the same way throughout", "HF-0386"),
        ("Quotes the booking reference RRC-5530 correctly every time", "RRC-5530"),
        ("Gives the PCN number as MC20571196 every time", "MC20571196"),
        ("Quotes the policy number TRN-7702-6615 the same way every time", "TRN-7702-6615"),
        ("Uses port 11435 everywhere a port appears", None),  # a bare number: ports, not a reference
        ("Gives the reference HF-0386", None),  # asks it be given, not one way throughout
        ("Never writes the reference HF-0386 another way", None),  # negated
    ],
)
def test_the_criteria_that_ask_a_reference_one_way_throughout(criterion, asked):
    assert reference_asked(criterion) == asked


@pytest.mark.parametrize(
    ("second", "met"),
    [("HF-0386", True), ("HF-0368", False), ("HF0386", False), ("HF-386", False), ("HR-0386", False)],
)
def test_a_near_variant_of_the_reference_fails_it(second, met):
    read = same_reference_read(BOOKING.format(second=second), "Gives the reference HF-0386 the same way throughout")
    assert read is not None and read.passed is met
    if not met:
        assert read.quote == f"- Text Rob on 07700 900 583, quoting {second}."


def test_a_reference_the_answer_never_writes_is_left_to_the_grader():
    assert (
        same_reference_read("Your booking is confirmed.", "Gives the reference HF-0386 the same way throughout") is None
    )


def test_other_codes_are_no_variants():
    answer = "PCN MC20571196, vehicle YD68 KLP.\n\nPlease cancel PCN MC20571196; bay 17."
    read = read_by_code(answer, "Gives the PCN number as MC20571196 every time")
    assert read is not None and read.passed is True and read.decided_by.startswith("reference:")
