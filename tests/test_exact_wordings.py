"""A criterion asking that given words or a reference be written exactly ("Writes the inscription
exactly as "God Bless Alfie"", "Quotes the serial number HW8-5521-0937 exactly") is read by code:
the answer holds them, character for character, or not."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.exact_wordings import exact_read

CAKE = '- Sponge: lemon\n- Inscription in blue piping: "{words}"\n- Collection: Saturday'
SERIAL = "**Product:** Kettle\n**Serial number:** {serial}\n**Bought:** 3 May"


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (CAKE.format(words="God Bless Alfie"), 'Writes the inscription exactly as "God Bless Alfie"', True),
        (CAKE.format(words="God Bless Alfy"), 'Writes the inscription exactly as "God Bless Alfie"', False),
        (CAKE.format(words="God bless Alfie"), 'Writes the inscription exactly as "God Bless Alfie"', False),
        (
            CAKE.format(words="Happy 40th Birthday, Maya"),
            "Quotes the wording for the cake, \u201cHappy 40th Birthday, Maya\u201d, exactly as requested",
            True,
        ),
        (SERIAL.format(serial="HW8-5521-0937"), "Quotes the serial number HW8-5521-0937 exactly", True),
        (SERIAL.format(serial="HW8-5512-0937"), "Quotes the serial number HW8-5521-0937 exactly", False),
        ("- Unit ID: SPG-1840-2B", "Quotes the unit ID SPG-1840-2B exactly", True),
        ("Licence: PL 10483", "Quotes PL 10483 exactly as the plumbing licence number", True),
        (
            "Pay to DE44 5001 0517 5407 3249 31.",
            "The payment details quote account DE44 5001 0517 5407 3249 31 exactly",
            True,
        ),
        (
            "Pay to DE44 5001 0517 5407 3294 31.",
            "The payment details quote account DE44 5001 0517 5407 3249 31 exactly",
            False,
        ),
    ],
)
def test_the_words_held_character_for_character_decide(answer, criterion, met):
    read = exact_read(answer, criterion)
    assert read is not None and read.passed is met
    assert read_by_code(answer, criterion) == read


def test_a_quote_in_curly_quotes_or_a_typographic_apostrophe_is_the_same_words():
    answer = "Inscription: \u201cHappy Birthday, Nan\u2019s Girl\u201d"
    read = exact_read(answer, 'Writes the inscription exactly as "Happy Birthday, Nan\'s Girl"')
    assert read is not None and read.passed is True


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        ("Serial: hw8-5521-0937", "Quotes the serial number HW8-5521-0937 exactly"),  # its case differs only
        ("Licence: PL10483", "Quotes PL 10483 exactly as the plumbing licence number"),
        ("Steps: 1. Mix 2. Bake", "Keeps the method's steps exactly as in the original, in the same order"),
        ("Names: Ana, Bo", "Spells every passenger's name exactly as given in the request"),  # each of several
        ("- a\n- b\n- c", "Lists exactly three items"),  # a count
        ('Inscription: "Congratulations"', 'Does not write "Congratulations" exactly'),  # negated
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert exact_read(answer, criterion) is None
