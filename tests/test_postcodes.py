"""A criterion keeping a street address or a postcode out of the answer is read by code: a UK
postcode or a numbered street fails it, neither meets it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.postcodes import postcode_read

STREET = "Does not include a street address or postcode"


@pytest.mark.parametrize(
    ("answer", "met", "quote"),
    [
        (
            "- the school field, 12 Station Road, Leeds LS12 4PQ",
            False,
            "- the school field, 12 Station Road, Leeds LS12 4PQ",
        ),
        ("We met at 4 Mill Lane by the pond.", False, "We met at 4 Mill Lane by the pond."),
        ("Sent from Leeds, LS6 2AB.", False, "Sent from Leeds, LS6 2AB."),
        ("- the school field and the wildlife garden, Leeds", True, None),
        ("We counted 12 Robins and 3 Wrens on Tuesday.", True, None),
    ],
)
def test_a_postcode_or_a_numbered_street_fails_it_and_neither_meets_it(answer, met, quote):
    read = postcode_read(answer, STREET)
    assert read is not None and read.passed is met and read.quote == quote


def test_a_named_street_without_a_number_is_left_to_the_grader():
    assert postcode_read("Meet on Station Road, by the gate.", STREET) is None


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Leaves out any house address and postcode", True),
        ("Keeps the postcode out of the flyer", True),
        ("Keeps the customer's home address out", False),  # a person's: a venue's address may stand
        ("Gives the venue's postcode", False),  # asks it be given
        ("No A or AAAA record has a malformed address", False),
    ],
)
def test_the_criteria_that_keep_any_address_out(criterion, asked):
    assert (postcode_read("Sent from Leeds, LS6 2AB.", criterion) is not None) is asked


def test_the_grounded_pass_reads_it_by_code():
    read = read_by_code("Where: 12 Station Road, Leeds LS12 4PQ", STREET)
    assert read is not None and read.passed is False and read.decided_by.startswith("address kept out:")


def test_another_kind_of_location_kept_out_beside_a_postcode_leaves_a_clean_answer_unclear():
    criterion = "Leaves out any postcode or what3words location for the hive"
    assert postcode_read("The hive is at ///apple.banana.cherry, by the hedge.", criterion) is None
    read = postcode_read("The hive is at Ivy Farm, LS6 2AB.", criterion)
    assert read is not None and read.passed is False


def test_a_person_s_address_is_failed_on_a_line_naming_a_person_and_met_by_none_at_all():
    criterion = "Does not include any sponsor's home address"
    unmet = postcode_read("## Sponsors\n7. Mr Nowak, 3 Mill Court, YO31 8RT: £20.00\n", criterion)
    assert unmet is not None and unmet.passed is False and unmet.quote == "7. Mr Nowak, 3 Mill Court, YO31 8RT: £20.00"
    named = postcode_read("- Sponsor: Priya Shah, 14 Elm Grove, LS6 2AB\n", criterion)
    assert named is not None and named.passed is False  # the criterion's word for the person
    met = postcode_read("## Sponsors\n- Mr and Mrs Green: £20.00\n- Aunt Sue: £30.00\n", criterion)
    assert met is not None and met.passed is True  # "Mrs Green" is no street
    assert postcode_read("Pay in at the shop, 4 High Street, BS35 1AA.", criterion) is None  # a venue's may stand


def test_a_title_before_a_street_s_word_is_a_person_not_a_street():
    read = postcode_read("- Mr and Mrs Green: £20.00", "Leaves out sponsors' addresses and postcodes")
    assert read is not None and read.passed is True
