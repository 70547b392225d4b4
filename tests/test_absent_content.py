"""Whether an answer holds none of the words a criterion names what it asks be said by: with the
grader's NONE beside it, two readings that agree that the answer does not say it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.absent_content import holds_none_of_its_words

NOTICE = "# Plant swap\n\nBring cuttings in pots. Everyone is welcome.\n\n## Questions\nEmail us."


@pytest.mark.parametrize(
    ("criterion", "none"),
    [
        ("Asks people to label their plants", True),
        ("Tells the customer how they can skip a week", True),
        ("Mentions the sore paw pad", True),
        ("Asks people to bring cuttings", False),  # "cuttings" stands in it
        ("Mentions the issue number #2045", True),
        ("Does not mention a refund", False),  # negated: asks something be left out
        ("Says each plant must be labelled", False),  # of each one
        ("Keeps the welcome to two sentences", False),  # asks no saying
    ],
)
def test_a_criterion_asking_something_be_said_and_an_answer_holding_none_of_its_words(criterion, none):
    answer = NOTICE.replace("Plant swap", "Swap") if "label" in criterion else NOTICE
    assert holds_none_of_its_words(criterion, answer) is none


def test_a_figure_the_criterion_names_is_one_of_its_words():
    assert holds_none_of_its_words("Mentions the issue number #2045", "Fixed in #2045.") is False


def test_an_answer_of_code_is_left_alone():
    """A code block says things in other words than prose (a comment is `#`, not "comment")."""
    assert holds_none_of_its_words("Includes at least one comment", "```python\n# add\nx = 1\n```") is False
