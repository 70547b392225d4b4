"""A criterion asking that every reference follow a pattern ("Every reference is written as
LP- followed by four digits", "Item references all use the KM-0000 format") is read by code:
each reference the answer writes with the pattern's letters is checked."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.reference_formats import reference_read

LIST = "- KM-2201: goggles\n- KM-2202: trainers\n- {third}: towel\n"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (LIST.format(third="KM-2203"), "Item references all use the KM-0000 format", True),
        (LIST.format(third="KM-224"), "Item references all use the KM-0000 format", False),
        (LIST.format(third="KM2203"), "Item references all use the KM-0000 format", False),
        (LIST.format(third="KM-2203"), "Every reference is written as KM- followed by four digits", True),
        (LIST.format(third="KM-22031"), "Every reference is written as KM- followed by four digits", False),
        ("| RS-1140 | coat |\n| RS-1141 | scarf |", "Every reference is written as RS- followed by 4 digits", True),
    ],
)
def test_each_reference_with_the_pattern_s_letters_decides(answer, criterion, met):
    read = reference_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("- goggles\n- trainers", "Item references all use the KM-0000 format"),  # none written
        (LIST.format(third="KM-2203"), "The KM-0000 format is explained"),  # asks no reference of each
        (LIST.format(third="KM-2203"), "Item references do not use the KM-0000 format"),  # negated
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert reference_read(answer, criterion) is None


def test_the_grounded_pass_reads_a_reference_format_by_code():
    read = read_by_code(LIST.format(third="KM-224"), "Item references all use the KM-0000 format")
    assert read is not None and read.passed is False
    assert read.decided_by == "reference format: 'KM-224' is not written as KM-0000"
