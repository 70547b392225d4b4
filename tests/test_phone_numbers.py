"""A criterion asking that a person's own phone number be kept out is read by code where the
numbers' shapes are plain: a mobile beside a person fails it, only a business's numbers meet it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.phone_numbers import phone_read

CRITERION = "Does not include the customer's mobile number"
WINNERS = "Does not include any winner's phone number"


@pytest.mark.parametrize(
    ("answer", "met"),
    [
        (
            "**Boiler service report for Mr Kwame Osei (07700 900752)**\n\nSara Lind, Wharfe Valley Gas, 01943 555 207",
            False,
        ),
        ("| Customer | Liam Brennan, 07700900317 |\n\nNorthway Heating, 0161 555 0932", False),
        ("Any questions, call me on 07700 900 318.", False),  # the writer's own
        ("Priya Nair, Northway Heating, 0161 555 0932", True),
        ("Thanks for choosing Hale Heating, 0300 123 4567.", True),
        ("All done, see you next year.", True),
    ],
)
def test_a_mobile_beside_a_person_fails_it_and_only_a_business_s_numbers_meet_it(answer, met):
    read = phone_read(answer, CRITERION)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    "answer",
    [
        "Jo, Little Paws Grooming, 07700 900918",  # a mobile beside no one: the business's own?
        "Call the office on (555) 123-4567.",  # a shape code does not know
    ],
)
def test_numbers_whose_owner_or_shape_is_unclear_are_left_to_the_grader(answer):
    assert phone_read(answer, CRITERION) is None


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Keeps the customer's personal phone number out of the confirmation", True),
        ("Does not share a personal mobile number", True),
        ("Includes no owner's phone number or email address", True),
        ("Gives the office phone number", False),  # asks it be given
        ("Asks the audience to switch off their mobile phones", False),
    ],
)
def test_the_criteria_that_ask_a_person_s_number_be_kept_out(criterion, asked):
    assert (phone_read("Owner: Mrs Helen Carter (07700 900318)", criterion) is not None) is asked


def test_an_email_address_leaves_a_criterion_naming_email_to_the_grader():
    answer = "Kingsmead Leisure Centre, 01782 555 410, desk@kingsmead.example"
    assert phone_read(answer, "Includes no owner's phone number or email address") is None
    assert phone_read(answer, CRITERION).passed is True


def test_the_grounded_pass_reads_a_mobile_by_code():
    read = read_by_code("**Owner:** Mr Daniel Osei, 07700 900561", "Does not include the owner's mobile number")
    assert read is not None and read.passed is False and read.decided_by.startswith("phone number:")


def test_a_mobile_in_a_table_row_under_a_column_naming_the_person_is_theirs():
    table = "| Prize | Ticket | Winner |\n|---|---|---|\n| Hamper | pink 214 | Jo, 07700 900461 |\n"
    assert phone_read(table, WINNERS).passed is False
    assert phone_read(table.replace("Winner", "Donor"), WINNERS) is None  # a mobile beside no one it names


def test_a_landline_the_writer_calls_their_own_is_a_person_s():
    read = phone_read("Questions:\nRing me on 01632 960 184, or drop by the HR office.", CRITERION)
    assert (
        read is not None
        and read.passed is False
        and read.quote == "Ring me on 01632 960 184, or drop by the HR office."
    )


@pytest.mark.parametrize("criterion", ["Does not include anyone's phone number", "Leaves out all phone numbers"])
@pytest.mark.parametrize(
    ("answer", "met"),
    [
        ("Priya Nair, Northway Heating, 0161 555 0932", False),  # a business's number is a number too
        ("Jo, Little Paws Grooming, 07700 900918", False),
        ("Questions? Drop by the HR office on the second floor.", True),
    ],
)
def test_a_criterion_keeping_every_number_out_is_failed_by_any(criterion, answer, met):
    read = phone_read(answer, criterion)
    assert read is not None and read.passed is met
