"""A criterion asking that a figure converted from one unit to another be right is read by code:
the factor decides, where the figure and its conversion stand on one line."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.conversions import conversion_read, conversions


def test_figures_beside_their_conversions_are_paired_on_their_line():
    answer = (
        "- Weight: 28.6 kg (63.1 lb)\n| Floor area | 48 m² (516 sq ft) |\n"
        "| Operating temperature | −10 °C to 40 °C (14 °F to 104 °F) |\nHe is 3 in the morning queue.\n"
    )
    assert [(c.given, c.written, c.right) for c in conversions(answer, ("kg", "lb"))] == [(28.6, 63.1, True)]
    # 516.7 sq ft rounds to 517: 516 is right only if "48 m²" was itself rounded, which code cannot tell
    assert [(c.given, c.written, c.right) for c in conversions(answer, ("m2", "ft2"))] == [(48.0, 516.0, None)]
    assert [(c.given, c.written) for c in conversions(answer, ("C", "F"))] == [(-10.0, 14.0), (40.0, 104.0)]
    assert conversions(answer, ("cm", "in")) == []  # "3 in the morning" is a word, not inches


@pytest.mark.parametrize(
    ("answer", "met"),
    [
        ("Weight today: 28.6 kg (63.1 lb)", True),
        ("Weight today: 28.6 kg (63 lb)", True),  # rounded to the pound
        ("Weight today: 28.6 kg (62.1 lb)", False),
        ("Weight today: 28.6 kg (68.6 lb)", False),
    ],
)
def test_a_conversion_is_right_to_its_last_digit(answer, met):
    read = conversion_read(answer, "Converts the pet's weight from kg to lb correctly")
    assert read is not None and read.passed is met


def test_a_conversion_rounded_down_past_the_figure_s_own_rounding_is_wrong():
    answer = "| April | broad beans, 20 cm (7 in) apart |\n| June | tomatoes 45 cm (18 in) apart |\n"
    read = conversion_read(answer, "Every measurement given in cm has a correct conversion to inches")
    assert read is not None and read.passed is False
    assert read.why == "20 cm is 7.9 in, not 7"


@pytest.mark.parametrize(
    "criterion",
    [
        "Gives the oven temperature in Fahrenheit too",  # a unit to give, not a conversion to check
        "Does not convert the weight to pounds",  # negated
        "Converts the volume from litres to pints correctly",  # no one factor
    ],
)
def test_what_code_cannot_read_is_left_to_the_grader(criterion):
    assert conversion_read("Oven: 180 °C (356 °F)\nWeight: 2 kg (4.4 lb)\n", criterion) is None


def test_the_grounded_pass_reads_a_conversion_by_code():
    read = read_by_code("Energy: 450 kcal (1,700 kJ)\n", "The kJ figures are correct conversions of the kcal figures")
    assert read is not None and read.passed is False and read.decided_by.startswith("conversion:")


def test_cubic_units_are_not_lengths_and_the_criterion_s_order_picks_the_way():
    criterion = "Converts the estimated load from cu ft to m³ correctly"
    assert conversion_read("Estimated load: 850 cu ft (24.1 m³)\n", criterion).passed is True
    assert conversion_read("Estimated load: 850 cu ft (28.3 m³)\n", criterion).passed is False
    both_ways = "Converts the distance from miles to km correctly"  # miles to km and km to miles are both known
    assert conversion_read("The beach is 4 miles (6.4 km) away.\n", both_ways).passed is True


def test_a_conversion_off_by_more_than_its_own_rounding_allows_meets_nothing():
    """ "6 m (18 ft)": 19.7 ft exactly; only if "6 m" were itself rounded from 5.5 m could 18 ft
    be right, so code cannot tell."""
    answer = "- Pitch size: 6 m x 3 m (18 ft x 9 ft)"
    assert conversion_read(answer, "Converts the pitch dimensions from metres to feet correctly") is None
    right = conversion_read(
        "- Pitch size: 6 m x 3 m (19.7 ft x 9.8 ft)", "Converts the pitch dimensions from metres to feet correctly"
    )
    assert right is not None and right.passed is True


@pytest.mark.parametrize(
    ("line", "met"),
    [
        ("| Finished size | 150 cm long (59 in), 18 cm wide |", True),  # the bracket after a figure is its own
        ("| Finished size | 150 cm long (65 in), 18 cm wide |", False),
        ("Circumference 64 cm (28 in), depth 25 cm.", False),
        ("- 70 cm x 80 cm (28 in x 31 in)", True),  # "in x": inches, not the word
        ("- 70 cm x 80 cm (26 in x 30 in)", False),
    ],
)
def test_a_conversion_in_brackets_is_its_figure_s_whatever_else_the_line_holds(line, met):
    read = conversion_read(line, "The finished size in inches is a correct conversion of the centimetres")
    assert read is not None and read.passed is met


def test_a_conversion_asked_from_one_unit_to_another_is_read_that_way():
    # "from feet to metres": 5 ft is 1.52 m, so 1.65 m is off; read from the metres, 1.65 m is 5.4 ft,
    # which rounds to the 5 ft written, and would have met it
    read = conversion_read(
        "- Each table is 5 ft (1.65 m) long.", "Converts the length of the tables from feet to metres correctly"
    )
    assert read is None or read.passed is False
    right = conversion_read(
        "- Each table is 5 ft (1.52 m) long.", "Converts the length of the tables from feet to metres correctly"
    )
    assert right is not None and right.passed is True
    pounds = conversion_read("Weight: 10 lb (4.5 kg)", "Converts the weight from pounds to kilograms correctly")
    assert pounds is not None and pounds.passed is True
