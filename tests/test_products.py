"""A criterion asking that each line multiply out (a quantity times a price gives the line's
amount) is read by code: each line's last figure against the product of its others."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.products import asks_products, product_read

INVOICE = """\
# Invoice 1042

| Item | Qty | Unit price | Line total |
|---|---|---|---|
| M6 bolts | 40 | £0.15 | £6.00 |
| Shimano 105 chain | 1 | £32.00 | £32.00 |
| Brake pads | 2 | £9.00 | {pads} |
| **Total** | | | £56.00 |

Payment due within 30 days.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Each line total equals the quantity times the unit price", True),
        ("Every line in the parts list multiplies out correctly", True),
        ("Every line item's amount is its quantity multiplied by its rate", True),
        ("Each person's yearly cost equals their FTE times their salary", True),
        ("Its subtotal is right: every item's quantity times its price, added together", False),  # a sum too
        ("All times are written in 24-hour format", False),  # clock times, not a product
        ("Every figure in the 10-kit column is the per-kit quantity multiplied by 10", False),  # a factor of its own
        ("Each parcel's volumetric weight is its L × W × H divided by 5000", False),  # a quotient too
        ("Does not multiply each line out correctly", False),  # negated
    ],
)
def test_the_criteria_that_ask_each_line_to_multiply_out(criterion, asked):
    assert asks_products(criterion) is asked


def test_every_row_multiplying_out_meets_it_and_a_wrong_one_does_not():
    criterion = "Each line total equals the quantity times the unit price"
    met = product_read(INVOICE.format(pads="£18.00"), criterion)
    assert met.passed is True and met.decided_by.startswith("product:")
    unmet = product_read(INVOICE.format(pads="£16.00"), criterion)
    assert unmet.passed is False
    assert unmet.why == "'Brake pads | 2 | £9.00 | £16.00': 2 × 9.00 is 18.00, not 16.00"


def test_list_items_multiply_out_with_their_words_between():
    criterion = "Every line in the parts list multiplies out correctly"
    parts = "**Parts**\n- Inner tube, 2 at £6.50 each: £13.00\n- Labour, 1.5 hours at £40.00 an hour: £60.00\n"
    assert product_read(parts, criterion).passed is True
    wrong = parts.replace("£60.00", "£65.00")
    assert product_read(wrong, criterion).passed is False


def test_a_list_whose_lines_never_multiply_out_is_not_read():
    criterion = "Each line total equals the quantity times the unit price"
    schedule = "- 3 June 2026: 2 rooms, 14 guests\n- 4 June 2026: 1 room, 9 guests\n"
    assert product_read(schedule, criterion) is None  # no line is a product: some other list
    one_row = "| Item | Qty | Price | Total |\n|---|---|---|---|\n| Tent | 2 | £45.00 | £80.00 |\n"
    assert product_read(one_row, criterion) is None  # no line shows how the lines are laid out


def test_the_reader_decides_through_the_grounded_grader():
    found = read_by_code(
        INVOICE.format(pads="£16.00"), "Every line item's amount is its quantity multiplied by its rate"
    )
    assert found is not None and found.passed is False and found.decided_by.startswith("product:")


def test_a_factor_left_out_of_one_row_is_no_product():
    rooms = (
        "## Rooms\n| Room type | Rooms | Rate per night | Nights | Amount |\n|---|---|---|---|---|\n"
        "| Double | 4 | £118.00 | 2 | £944.00 |\n| Twin | 2 | £104.00 | 2 | £208.00 |\n| Single | 2 | £89.00 | 2 | £356.00 |\n"
    )
    criterion = "Each room type's amount equals the number of rooms times the nightly rate times the nights"
    unmet = product_read(rooms, criterion)
    assert unmet.passed is False  # 104 × 2 is 208, but the row has 2 rooms for 2 nights
    assert unmet.why == "'Twin | 2 | £104.00 | 2 | £208.00': 2 × 104.00 × 2 is 416.00, not 208.00"
    assert product_read(rooms.replace("£208.00", "£416.00"), criterion).passed is True
