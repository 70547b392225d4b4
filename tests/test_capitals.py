"""A criterion asking for no words in capitals for emphasis is read by code: a word of emphasis
in capitals, or two words in capitals in a row, fails it; an answer whose only words in
capitals are short ones (acronyms) meets it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.capitals import asks_no_capitals, capitals_read
from rubricflow.activities.grader.code_reading import read_by_code

NOTE = """\
# Notes for Saturday

Bedtime is 8:00 pm. {line}
The GP's number is on the fridge, and the NHS 111 line is there too.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Avoids writing words in all capitals for emphasis", True),
        ("Does not use block capitals for emphasis", True),
        ("Keeps a calm tone, with no shouting in capital letters", True),
        ("Avoids shouting in capital letters", True),
        ("All lowercase, no capital letters", False),  # no capitals at all, not emphasis
        ("Uses uppercase for keywords like SELECT and FROM", False),  # asks for capitals
    ],
)
def test_the_criteria_that_ask_for_no_capitals_for_emphasis(criterion, asked):
    assert asks_no_capitals(criterion) is asked


def test_a_word_of_emphasis_in_capitals_fails_it_and_acronyms_do_not():
    criterion = "Avoids writing words in all capitals for emphasis"
    assert capitals_read(NOTE.format(line="Please keep the door locked."), criterion).passed is True
    unmet = capitals_read(NOTE.format(line="Please do NOT open the door."), criterion)
    assert unmet.passed is False and unmet.why == "'NOT' is written in capitals"
    run = capitals_read(NOTE.format(line="Keep the GATE SHUT at all times."), criterion)
    assert run.passed is False and run.why == "'GATE SHUT' is written in capitals"


def test_a_long_word_in_capitals_or_capitals_in_code_decide_nothing_or_nothing_wrong():
    criterion = "Does not use block capitals for emphasis"
    assert capitals_read(NOTE.format(line="Ofsted rated us GOOD."), criterion) is None  # an acronym or a shout
    fenced = NOTE.format(line="Run this:") + "```\nSELECT * FROM rota;\n```\n"
    assert capitals_read(fenced, criterion).passed is True  # code is no emphasis


def test_the_reader_decides_through_the_grounded_grader():
    found = read_by_code(NOTE.format(line="NEVER leave the hob on."), "Avoids shouting in capital letters")
    assert found is not None and found.passed is False and found.decided_by.startswith("capitals:")
