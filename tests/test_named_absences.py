"""A criterion asking that a thing named by its proper name be left out ("Does not mention Oak
Hollow FC, who have withdrawn", "Keeps Conavalla out of the route") is read by code: whether
the answer holds the name."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.named_absences import absence_read

FIXTURES = "Here are the fixtures:\n\n- 4 Oct: Millbrook Rovers v Castle Vale\n- 11 Oct: Castle Vale v Ashby Town"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (FIXTURES, "Does not mention Oak Hollow FC, who have withdrawn", True),
        (FIXTURES + "\n- 18 Oct: Oak Hollow FC v Ashby Town", "Leaves Oak Hollow FC out entirely", False),
        (FIXTURES, "Leaves Ashby Town out entirely", False),
        ("Day 2: Whakapapa to Ketetahi, passing Mount Ngauruhoe.", "Does not route over Mount Ngauruhoe", False),
        ("Day 2: over the Tama Saddle to the lakes.", "Keeps Conavalla out of the route", True),
        ("Cache sessions in redis-server with a 5 minute TTL.", "Does not mention Redis", False),
        ("Store the secrets in the environment.", "No mention of Kubernetes", True),
    ],
)
def test_the_name_held_or_not_decides(answer, criterion, met):
    read = absence_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        # a word of the name on its own may be the thing under a shorter name
        ("Day 2: a detour below Great Gable.", "Does not route over Great End"),
        ("Oak Hollow have pulled out of the league.", "Does not mention Oak Hollow FC"),
    ],
)
def test_a_word_of_the_name_alone_is_left_to_the_grader(answer, criterion):
    assert absence_read(answer, criterion) is None


@pytest.mark.parametrize(
    "criterion",
    [
        "Does not show AS-1002 as still assigned to Tom Hughes",  # asks how it is shown
        "Does not mention the lawsuit with Dunmore Paving",  # names the thing in words, not by its name
        "Leaves the 16 February trip to the dentist out of the claim",
        "Mentions Oak Hollow FC",  # asks it be there
        "Does not mention the applicant by name",
    ],
)
def test_criteria_of_other_shapes_are_not_read(criterion):
    assert absence_read(FIXTURES, criterion) is None


def test_the_line_introducing_the_answer_is_none_of_it():
    answer = "Here is the route, which keeps away from Conavalla:\n\nDay 1: over the Tama Saddle."
    read = absence_read(answer, "Keeps Conavalla out of the route")
    assert read is not None and read.passed is True


def test_the_grounded_pass_reads_a_named_absence_by_code():
    read = read_by_code(FIXTURES, "Leaves Ashby Town out entirely")
    assert read is not None and read.passed is False
    assert read.decided_by == "named absence: the answer names 'Ashby Town'"


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        (
            "## Rules\n- If chores are missed, we will dock your pocket money.",
            "Keeps the tone positive, with no threats to dock pocket money",
        ),
        ("If this is not settled I will take the matter to court.", "Makes no threat of court or lawyers"),
        (
            "Note: the toll violation from her last rental is settled.",
            "Does not mention the toll violation from her last rental",
        ),
        ("He took time off in May.", "Says nothing about the candidate's health or time off"),  # one of two
    ],
)
def test_a_thing_named_in_words_is_failed_by_a_line_holding_every_word_of_it(answer, criterion):
    read = absence_read(answer, criterion)
    assert read is not None and read.passed is False


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("Well done, both of you!", "Keeps the tone positive, with no threats to dock pocket money"),  # its absence
        ("The fine print is on the back.", "Does not mention the speeding fine from his last hire"),  # one word
        ("Dunmore Paving resurfaced the car park.", "Does not mention the lawsuit with Dunmore Paving"),  # some words
    ],
)
def test_a_thing_named_in_words_held_in_part_or_not_at_all_is_left_to_the_grader(answer, criterion):
    assert absence_read(answer, criterion) is None
