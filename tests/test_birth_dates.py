"""A criterion asking that a date of birth be kept out is read by code: a date beside the words
for one fails it, no such words meet it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.birth_dates import birth_read
from rubricflow.activities.grader.code_reading import read_by_code

CRITERION = "Does not include the tenant's date of birth"


@pytest.mark.parametrize(
    ("answer", "met"),
    [
        ("**Tenant:** Ms Grace Okonkwo, date of birth 14/03/1994", False),
        ("**Tenant:** Mr Tomasz Nowicki (DOB 02/11/1989)", False),
        ("Tenant: Ann Lee, born 3 May 1990.", False),
        ("**Tenant:** Ms Grace Okonkwo\n**Move-in:** 1 June 2026", True),
    ],
)
def test_a_date_beside_the_words_for_a_date_of_birth_fails_it(answer, met):
    read = birth_read(answer, CRITERION)
    assert read is not None and read.passed is met


def test_the_words_with_no_date_code_reads_are_left_to_the_grader():
    assert birth_read("The tenant was born in the spring.", CRITERION) is None


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Leaves the tenant's date of birth out of the inventory", True),
        ("Gives the patient's date of birth", False),  # asks it be given
        ("The first line names Lily Evans and gives the date of birth", False),
    ],
)
def test_the_criteria_that_ask_a_date_of_birth_be_kept_out(criterion, asked):
    assert (birth_read("Tenant: Ann Lee", criterion) is not None) is asked


def test_the_grounded_pass_reads_a_date_of_birth_by_code():
    read = read_by_code("**Tenant:** Mr Tomasz Nowicki (DOB 02/11/1989)", CRITERION)
    assert read is not None and read.passed is False and read.decided_by.startswith("date of birth:")
