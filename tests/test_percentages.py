"""A criterion asking that a percentage be right for figures the answer states is read by code:
the arithmetic decides, where code can tell which figures are meant."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.percentages import percentage_read, share_asked, stated_shares


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("The percentage it gives is right for the two numbers beside it", ("stated", None)),
        ("Works out the percentage from the counts it states correctly", ("stated", None)),
        ("Its impact percentage is right for its numbers", ("stated", None)),
        ("The percentage of confirmation emails affected agrees with its counts", ("stated", None)),
        ("The repair quote's percentage of the price is right", ("stated", None)),
        ("Works out the progress towards the goal as a percentage correctly", ("stated", None)),
        ("The VAT is 9% of the subtotal, worked correctly", ("part", 9.0)),
        ("Adds sales tax at 6% of the subtotal", ("part", 6.0)),
        ("The deposit is 10% of the $21,800.00 quote", ("part", 10.0)),
        ("States the quorum as 20% of the 185 lots", ("part", 20.0)),
        ("The employer's pension contribution is 4% of gross pay", ("part", 4.0)),
        ("Works out the VAT at 20% of the subtotal and adds it to give the total", ("part", 20.0)),
        ("The fuel surcharge amount is the stated percentage of the freight charge", ("part", None)),
        ("Works out the deposit correctly from its percentage", ("part", None)),
        ("The percentages in the time split sum to exactly 100", None),  # a sum, not a share
        ("Every grade component is weighted at 30% or less", None),  # a bound
        ("States the headline finding: a sensitivity of 94.2%", None),  # a value to give
        ("Shows the right amount of VAT (20%, already included in the total)", None),  # included: another sum
        ("The salary range's top is at most 20% above its bottom", None),
        ("The VAT is not 20% of the total", None),  # negated
    ],
)
def test_the_criteria_that_ask_a_share_be_right(criterion, asked):
    found = share_asked(criterion)
    assert (found and (found.kind, found.rate)) == asked if asked else found is None


def test_a_stated_share_is_read_with_the_two_figures_it_is_of():
    answer = (
        "- 18,950 of 61,300 sign-in attempts failed (30.9%).\n"
        "We gave out 36 of the 48 parcels we packed (75%).\n"
        "We're at 312 of our 400 supporters goal (76%) on Patreon.\n"
        "Bean & Gear quoted £96.00 to fit a pump, which is 24% of the £399.00 I paid.\n"
        "The split is 55% roadmap and 45% support.\n"
    )
    found = [(s.part, s.whole, s.percent, s.right) for s in stated_shares(answer)]
    assert found == [
        (18950.0, 61300.0, 30.9, True),
        (36.0, 48.0, 75.0, True),
        (312.0, 400.0, 76.0, False),
        (96.0, 399.0, 24.0, True),
    ]


def test_a_stated_share_that_its_figures_do_not_give_fails_and_one_they_give_meets():
    criterion = "The percentage it gives for the goal is right for the two figures"
    unmet = percentage_read("We're at 312 of our 400 supporters goal (76%) on Patreon. Thank you!", criterion)
    assert unmet is not None and unmet.passed is False and "78" in unmet.why
    met = percentage_read("We have raised £1,860 of our £2,400 target (77.5%).", criterion)
    assert met is not None and met.passed is True and met.decided_by.startswith("percentage:")
    # a share rounded down rather than to the nearest is neither
    assert percentage_read("We have 2 of 3 places (66%).", criterion) is None


def test_a_part_is_read_against_the_rate_of_its_base():
    bill = "- Subtotal: $174.71\n- State sales tax (6%): $10.84\n- **Correct total: $185.19**"
    unmet = percentage_read(bill, "Adds sales tax at 6% of the subtotal")
    assert unmet is not None and unmet.passed is False and unmet.quote == "- State sales tax (6%): $10.84"
    right = bill.replace("$10.84", "$10.48").replace("$185.19", "$185.19")
    met = percentage_read(right, "The sales tax is 6% of the subtotal, worked correctly")
    assert met is not None and met.passed is True
    service = "| Subtotal | £317.70 |\n| VAT (20%) | £63.54 |\n| **Total** | **£381.24** |"
    met = percentage_read(service, "The VAT is 20% of the subtotal")
    assert met is not None and met.passed is True


def test_the_base_can_be_the_criterion_s_own_figure():
    unmet = percentage_read("Deposit on signing: $2,810.00", "The deposit is 10% of the $21,800.00 quote")
    assert unmet is not None and unmet.passed is False
    met = percentage_read(
        "- Quorum: 37 lots, represented in person or by proxy.", "States the quorum as 20% of the 185 lots"
    )
    assert met is not None and met.passed is True


def test_the_rate_can_be_the_answer_s_own_beside_the_part():
    charter = "Total: £765.00\nDeposit received (30%): £229.50. Please pay the balance on the day."
    met = percentage_read(charter, "Works out the deposit correctly from its percentage")
    assert met is not None and met.passed is True
    unmet = percentage_read(
        charter.replace("£229.50", "£225.90"), "Works out the deposit correctly from its percentage"
    )
    assert unmet is not None and unmet.passed is False


def test_a_base_among_like_lines_is_the_one_its_label_starts_with():
    slip = "- **Gross pay: $4,490.00**\n- Employer pension (4% of gross): $179.60\n- Year-to-date gross pay: $31,730.00"
    met = percentage_read(slip, "The employer's pension contribution is 4% of gross pay")
    assert met is not None and met.passed is True


def test_a_part_another_figure_of_the_answer_gives_at_its_rate_is_left_to_the_grader():
    """The part may be of a base code did not find: a wrong base line must not fail it."""
    bill = "Subtotal: £100.00\nVAT (20%): £24.00\nTotal: £120.00"
    assert percentage_read(bill, "The VAT is 20% of the subtotal") is None  # £24 is 20% of £120
    # where the criterion asks more than the part, a right part decides nothing
    service = "| Subtotal | £317.70 |\n| VAT (20%) | £63.54 |\n| **Total** | **£391.24** |"
    criterion = "Works out the VAT at 20% of the subtotal and adds it to give the total"
    assert percentage_read(service, criterion) is None
    assert percentage_read(service.replace("£63.54", "£66.00"), criterion).passed is False


def test_what_code_cannot_tell_is_left_to_the_grader():
    # no line is labelled with the part, or two are
    assert percentage_read("Total: £270.00\nPaid: £57.60", "Gives a deposit of 20% of what the stay costs") is None
    two = "Deposit (20%): £54.00\nDeposit (20%): £60.00\nTotal: £270.00"
    assert percentage_read(two, "The deposit is 20% of the total") is None
    # the part's line holds two figures
    assert percentage_read("Total: £270.00\nDeposit: £54.00 by 3 May", "The deposit is 20% of the total") is None


def test_the_grounded_grader_reads_a_share_by_code():
    evidence = read_by_code(
        "We gave out 36 of the 48 parcels (70%).", "Works out the percentage from the counts correctly"
    )
    assert evidence is not None and evidence.passed is False and evidence.decided_by.startswith("percentage:")


@pytest.mark.parametrize(
    "criterion",
    [
        # the rate is of one item of a sum the criterion asks for
        "The total requested is 2 years of the staff and travel costs listed, the equipment, and overheads at 52% of "
        "the direct costs other than equipment",
        "The deposit is 25% of the correct total for the stay",  # a base to work out, not the one stated
        "The overheads are exactly 52% of the direct costs other than equipment as the budget costs them",
    ],
)
def test_a_rate_of_a_base_to_work_out_or_of_one_item_of_a_sum_is_left_to_the_grader(criterion):
    assert share_asked(criterion) is None


def test_a_heading_s_number_is_no_figure_of_its_line():
    budget = "1. PERSONNEL   FTE   Salary\n4. OVERHEADS\nOverheads: 20% of personnel costs (€284,700) = €56,940"
    assert percentage_read(budget, "Charges overheads at 20% of the personnel costs as costed") is None


def test_a_share_of_figures_written_with_their_unit_is_read():
    answer = "- The extension would cover 24 m² of the 64 m² rear garden (35%).\n- It weighs 3 kg of the 12 kg limit (25%).\n"
    assert [(s.part, s.whole, s.percent, s.right) for s in stated_shares(answer)] == [
        (24.0, 64.0, 35.0, False),
        (3.0, 12.0, 25.0, True),
    ]
