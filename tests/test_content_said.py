"""A criterion asking that something be said ("Asks everyone to bring a pencil", "Warns that
sodium hydroxide is corrosive", "Asks members not to post spoilers") is met by code where one
sentence of the answer holds every word of it, with a negation exactly where it asks one."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.content_said import said_read


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("Tonight we sing five pieces, so please bring a pencil and your folder.", "Asks everyone to bring a pencil"),
        ("- Hazard: sodium hydroxide is corrosive to skin and eyes.", "Warns that sodium hydroxide is corrosive"),
        ("- Please don't post spoilers in the group before we meet.", "Asks members not to post spoilers"),
        ("All rates include breakfast in the Garden Room.", "States that breakfast is included"),
        ("Please leave side gates unlocked on the day.", "Asks customers to leave their gates unlocked"),
    ],
)
def test_a_sentence_holding_every_word_of_it_meets_it(answer, criterion):
    read = said_read(answer, criterion)
    assert read is not None and read.passed is True
    assert read_by_code(answer, criterion) == read


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("Please post spoilers freely.", "Asks members not to post spoilers"),  # no negation where it asks one
        ("Don't bring a pencil.", "Asks everyone to bring a pencil"),  # a negation where it asks none
        ("Bring a pen. Pencils are sold at the door.", "Asks everyone to bring a pencil"),  # words in two sentences
        ("Bring a pencil.", "Asks everyone to bring a pencil before the rehearsal"),  # a time it asks too
        ("We have no spoilers.", "Says how many spoilers there are"),  # a count
        ("Bring a pencil.", "Asks for a pencil"),  # no clause of what is asked
    ],
)
def test_anything_else_is_left_to_the_grader(answer, criterion):
    assert said_read(answer, criterion) is None
