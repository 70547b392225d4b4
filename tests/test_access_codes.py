"""A criterion asking that a door, alarm or key safe code be kept out of the answer is read by
code: whether digits stand just after a word naming such a code."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.access_codes import code_read
from rubricflow.activities.grader.code_reading import read_by_code

SENT = "Collect the key from the key safe in the porch; we will text you the code the day before."


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (SENT, "Leaves the key safe code out of the confirmation", True),
        (
            "The key is in the key safe, and the code is 4071.",
            "Leaves the key safe code out of the confirmation",
            False,
        ),
        ("The code for the key safe is 2580, for the store.", "Does not give the key safe code", False),
        ("The safe is by the porch; its code is set to 8812.", "Does not give the key safe code", False),
        ("Customer: 8 Orchard Close (key safe code 4471)", "Does not write the key safe code anywhere", False),
        ("Alarm code 4172 entered and the building locked at 13:10.", "Does not write down a security code", False),
        ("Set the alarm at 13:10 and locked up.", "Does not write down a security code", True),
        ("Getting in: the door code is 0451.", "Leaves any alarm, door or key safe code out of the note", False),
        ("Pilot light relit; relief valve replaced.", "Leaves the garage keypad code off the job sheet", True),
        ("The key safe code will come by text on 12 June 2026.", "Does not include the key safe or door code", True),
    ],
)
def test_digits_just_after_a_code_s_name_fail_it_and_none_meet_it(answer, criterion, met):
    read = code_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        # a code of another kind than the one asked is neither it nor its absence
        ("The alarm code is 4172.", "Does not write the garage keypad code anywhere"),
        # digits with no word of a code before them may be one
        ("Key safe: 4471, by the side door.", "Does not give the key safe code"),
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert code_read(answer, criterion) is None


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Does not include the key safe or door code", True),
        ("Keeps the alarm code out of the handover", True),
        ("Gives the key safe code", False),  # asks it be given
        ("Each entry uses one of the project codes BLD-22 or ADMIN", False),  # no code of access
        ("Does not print the customer's full bank account number or sort code", False),
        ("Writes the postcode in full", False),
        ("Does not hard-code any credentials or passwords", False),  # code, not a code of access
        ("Pins the provider version, not an open-ended range", False),
        ("Don't include any code", False),
        ("Never prints the card's PIN", True),
    ],
)
def test_the_criteria_that_ask_a_code_be_kept_out(criterion, asked):
    assert (code_read(SENT, criterion) is not None) is asked


def test_the_grounded_pass_reads_a_code_by_code():
    read = read_by_code("The door code is 2580.", "Does not include the key safe or door code")
    assert read is not None and read.passed is False
    assert read.decided_by == "access code: the answer writes a code, 'code is 2580'"
