"""A criterion asking that quoted words be used, or never used, is read by code: whether the
answer holds them as words."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.quoted_words import quoted_read

NOTE = "Our quiz night is very nearly here. This episode is sponsored by Pine Books.\nSee you at bedtime."


@pytest.mark.parametrize(
    ("criterion", "met"),
    [
        ("Never uses the word 'very'", False),
        ("Does not say 'very'", False),
        ('Avoids the word "golden"', True),
        ("Does not use 'iconic', 'ephemera' or 'zeitgeist'", True),
        ("Avoids the terms 'quiz', 'palette' or 'modernist'", False),
        ('Avoids "episode" anywhere in the poem', False),
        ("Uses the word 'bedtime'", True),
        ("Uses the phrase 'sponsored by'", True),
        ("Mentions 'melatonin' at least once", False),
        ('The word "quiz" appears in the limerick', True),
        ('Uses the word "dragon"', False),
        # examples of a kind: one of them there fails it
        ('Avoids hype words such as "very", "game-changing" or "world-class"', False),
        ("Avoids negative labels like naughty or very", False),  # unquoted examples
        # more asked than the words: their absence fails it
        ("Introduces the sponsor with the words 'brought to you by'", False),
        ("Uses the phrase 'exceptional circumstances' for the reason", False),
    ],
)
def test_the_quoted_words_decide(criterion, met):
    read = quoted_read(NOTE, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    "criterion",
    [
        'Avoids hype words such as "revolutionary" or "world-class"',  # none of the examples: others may be there
        "Avoids negative labels like naughty or fussy",
        "Avoids pushy sales language such as urging the customer to book now",  # no example of a word or two
        "Introduces the sponsor with the words 'sponsored by'",  # there, but how it introduces is the grader's
    ],
)
def test_left_to_the_grader(criterion):
    assert quoted_read(NOTE, criterion) is None


def test_the_line_introducing_the_answer_is_none_of_it():
    read = quoted_read("Here is a limerick about rain:\n\nIn Bristol a poet named Flo", 'Uses the word "rain"')
    assert read is not None and read.passed is False


def test_a_form_of_the_word_is_neither_it_nor_its_absence():
    assert quoted_read("Two holidays were booked.", "Never uses the word 'holiday'") is None
    assert quoted_read("Both bedtimes moved.", "Uses the word 'bedtime'") is None


@pytest.mark.parametrize(
    "criterion",
    [
        'The word "gulls" is in line 2',  # a place in the answer
        'Has the heading "References" above the list',
        'The submit button says "Subscribe"',
        "Addresses the Parking Services Team in the 'Dear ...' line",
        "dedupe(['b', 'a']) returns ['b', 'a']",
        'Writes the inscription exactly as "God Bless Alfie"',
        "Says 'parents and carers' every time rather than just 'parents'",
    ],
)
def test_criteria_of_other_shapes_are_not_read(criterion):
    assert quoted_read(NOTE, criterion) is None


def test_the_grounded_pass_reads_quoted_words_by_code():
    read = read_by_code(NOTE, "Never uses the word 'very'")
    assert read is not None and read.passed is False
    assert read.decided_by == "quoted words: the answer uses 'very'"
