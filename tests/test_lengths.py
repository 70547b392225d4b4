"""A criterion bounding the words or sentences of a part of the answer, or of the whole, is read
by code: counting decides, where code can tell which text is meant and the count is clear of
the bound."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.lengths import MARGIN, length_read

LISTING = """\
# Two-bedroom flat to let, Leith Walk

## Description
{description}

## Key features
- Gas central heating
- Double glazing
"""


def _words(n: int) -> str:
    return " ".join(["bright"] * n)


@pytest.mark.parametrize(
    ("words", "met"),
    [(60, True), (70 - MARGIN - 1, True), (70 + MARGIN + 1, False), (90, False), (70, None), (70 + MARGIN, None)],
)
def test_a_section_s_words_are_counted_against_its_bound(words, met):
    read = length_read(LISTING.format(description=_words(words)), "The main description is no longer than 70 words")
    assert (read and read.passed) is met if met is not None else read is None


def test_a_criterion_naming_no_part_bounds_the_whole_answer_without_its_lead_in():
    criterion = "Uses no more than 20 words"
    assert length_read("Here is the note:\n\n" + _words(16), criterion).passed is True
    assert length_read("Here is the note:\n\n" + _words(24), criterion).passed is False
    assert length_read(_words(40), "The whole reply is under 50 words").passed is True


def test_a_headline_is_the_first_line():
    answer = "# Summer fair raises £2,400 for the new library books\n\nText " + _words(30)
    assert length_read(answer, "Keeps the headline to 6 words or fewer").passed is False
    assert length_read("# Fair raises £2,400\n\n" + _words(30), "The headline is no longer than 8 words").passed is True


def test_sentences_are_counted_to_the_bound():
    answer = (
        "# Summer fair\n\n**Welcome**\nHello all. The fair is on Saturday! Bring a friend.\n\n**Stalls**\n- Cakes\n"
    )
    assert length_read(answer, "The welcome at the top is no more than 3 sentences").passed is True
    assert length_read(answer, "Keeps the welcome to two sentences or fewer").passed is False


@pytest.mark.parametrize(
    "criterion",
    [
        "Every definition is 30 words or fewer",  # each of several
        "No line is longer than 9 words",
        "The summary is no longer than 40 words",  # no heading names it
        "Has exactly 6 sentences",  # an exact count
        "The description is not longer than 70 words",  # negated
    ],
)
def test_what_code_cannot_read_is_left_to_the_grader(criterion):
    assert length_read(LISTING.format(description=_words(200)), criterion) is None


def test_the_grounded_pass_counts_words_by_code():
    read = read_by_code(LISTING.format(description=_words(120)), "The main description is no longer than 70 words")
    assert read is not None and read.passed is False and read.decided_by.startswith("length:")


def test_a_part_named_by_the_answer_s_first_line_is_unclear():
    """A first-line heading is the answer's title (naming the whole) or its first section's."""
    answer = "**Notes for Jas: Friday night**\n\nHi Jas, thanks!\n\n**Bedtime**\n" + _words(60) + "\n"
    assert length_read(answer, "The note is no longer than 50 words") is None


@pytest.mark.parametrize(
    ("task", "decided"),
    [
        ("Write the notice for my window round. Markdown, under 60 words.", True),
        ("Can you write a round notice for Meadow Court?", True),
        ("Please draft our notice about the closure.", True),
        ("A notice, please: the round moves to Tuesdays.", False),  # no verb of writing before it
        ("Write this week's report. A notice of changes at the end.", False),  # the report is written
        ("", False),
    ],
)
def test_a_part_the_task_asks_be_written_is_the_whole_answer(task, decided):
    answer = "## Round dates\n\n" + "Visits every four weeks. " * 6 + "\n\n## Paying\n\n" + "Cash or transfer. " * 20
    criterion = "The notice is no longer than 50 words"
    read = read_by_code(answer, criterion, task)
    assert (read is not None) is decided
    if decided:
        assert read.passed is False and read.decided_by == "length: the answer has 87 words; the bound is 50"


def test_the_answer_s_sign_off_is_no_part_of_its_last_section():
    answer = (
        "### Results\n\n- 1st prize: ticket 0412\n\n### Thank you\n"
        "Thank you to everyone who gave prizes. The money pays for camp.\n\n1st Millbrook Scouts\n"
    )
    read = length_read(answer, "Keeps the thank-you to two sentences or fewer")
    assert read is not None and read.passed is True
    assert (
        length_read(
            answer.replace("camp.\n", "camp. See you there.\n"), "Keeps the thank-you to two sentences or fewer"
        ).passed
        is False
    )


WELCOME = (
    "**Skylark boat trip**\n\nHi everyone,\n{welcome}\n\n**Boarding**\nBe at the quay by 09:40. We sail at 10:00.\n"
)


@pytest.mark.parametrize(
    ("welcome", "met"),
    [
        ("Welcome aboard. We are glad you are coming. Bring a warm layer.", True),
        ("Welcome aboard. We are glad you are coming. Bring a warm layer. Lunch is on board.", False),
    ],
)
def test_an_opening_no_heading_names_is_the_first_paragraph(welcome, met):
    read = length_read(WELCOME.format(welcome=welcome), "The welcome at the top is no more than 3 sentences")
    assert read is not None and read.passed is met and "the first paragraph" in read.decided_by


def test_an_opening_of_fields_and_any_other_paragraph_are_left_to_the_grader():
    fields = "**Booking:** SK-0412\n**Date:** Saturday 3 May\n\n**Boarding**\nBe at the quay by 09:40."
    assert length_read(fields, "Keeps the opening greeting paragraph to 3 sentences or fewer") is None
    answer = WELCOME.format(welcome="Welcome aboard.")
    assert length_read(answer, "The second paragraph is no more than 3 sentences") is None


LETTER = """**Objection to application 26/01787/HOU**

**From:** Dr Anil Mehta, 11 Beech Grove

I object to the proposed garden room at number 9. {body}

**Grounds**
- Scale: the building would take up most of the garden.

Yours faithfully,
Anil Mehta
"""


@pytest.mark.parametrize(
    ("criterion", "met"),
    [
        ("Keeps the letter under 180 words", True),
        ("Keeps the letter under 40 words", False),
        ("The email is no longer than 180 words", True),
    ],
)
def test_the_letter_is_the_whole_answer_where_the_answer_is_one(criterion, met):
    """An answer with a salutation or a letter's sign-off is a letter; the task need not say so."""
    answer = LETTER.format(body="It would overshadow my garden. " * 5)
    read = read_by_code(answer, criterion, "Please draft my objection to application 26/01787/HOU.")
    assert read is not None and read.passed is met and "the answer has" in read.decided_by


def test_the_letter_is_a_part_where_the_answer_is_no_letter():
    answer = "## Round dates\n\n" + "Visits every four weeks. " * 6 + "\n\n## Paying\n\n" + "Cash or transfer. " * 20
    assert read_by_code(answer, "Keeps the letter under 40 words", "Write this week's report.") is None


@pytest.mark.parametrize(("words", "met"), [(20, True), (45, False)])
def test_a_part_may_stand_under_a_heading_of_another_word_for_it(words, met):
    answer = f"### Hector's stay\n\n### Overview\n{_words(words)}.\n\n### Visit log\n- Saturday: 8:00 am\n"
    read = length_read(answer, "Keeps the summary to 30 words or fewer")
    assert read is not None and read.passed is met
