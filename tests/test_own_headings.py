"""A criterion asking that the answer give a thing its own heading is read by code: whether a
section heading names the thing, where every heading names something in particular."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.own_headings import heading_read, last_heading_read

REPORT = """# Boiler service report

## Work done
Cleaned the burner and replaced the seal.

## {third}
{third_body}

## Charges
Service: £85.00
"""


def _report(third: str, body: str = "Book again before 1 March 2028.") -> str:
    return REPORT.format(third=third, third_body=body)


@pytest.mark.parametrize(
    ("answer", "criterion", "met"),
    [
        (_report("Next service"), "Has a heading for the next service", True),
        (_report("Next service due"), "Has a separate heading for when the next service is due", True),
        (_report("Cancelling or moving"), "Includes a separate section headed for cancelling", True),
        (_report("How to cancel"), "Puts the cancellation information under its own heading", True),
        (_report("How to cancel"), "Gives the cancellation details under a separate heading", True),
        (_report("Advice"), "Gives the tension under its own heading", False),
        (_report("Collection"), "Has a heading for the collection or delivery", True),
        (_report("Returned to owners"), "Has a separate section for items returned to their owners", True),
        (
            _report("Cancellations"),
            "Includes a section headed for the cancellation terms",
            True,
        ),  # "terms" names no thing
        (_report("Wet weather"), "Puts the wet-weather plan under its own heading", True),  # "plan" names no thing
        (_report("Advice"), "Has a heading for the next service", False),
        (_report("Advice"), "Includes a heading for collecting and returning the keys", False),
        (
            "**Booking**\nSaturday 3 May\n\n**Charges**\nHall: £60\n\n**Keys**\nIn the key safe.",
            "Has a separate section about the keys",
            True,
        ),
        (
            "Booking:\nSaturday 3 May\n\nCharges:\nHall: £60\n\nConditions:\nThe key is in the key safe.",
            "Has a separate section about the keys",
            False,
        ),
    ],
)
def test_a_heading_that_names_the_thing_meets_it_and_none_naming_it_fails_it(answer, criterion, met):
    read = heading_read(answer, criterion)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion"),
    [
        # a heading that names nothing in particular could hold the thing
        (_report("About us"), "Has a section introducing the choir"),
        (_report("Where"), "Includes a separate section headed for parking or getting there"),
        (_report("Other information"), "Has a heading for the next service"),
        # a heading holding one of several words the thing is named by is neither it nor not it
        (_report("Next visit"), "Has a heading for the next tuning"),
        (_report("The cake"), "Includes a section headed for how the cake is collected or delivered"),
        # one heading besides the title is no sectioned answer
        ("# Notes\n\n## Action items\n- Send the minutes", "Has a section for the decisions made"),
        # a `Label: value` line naming the thing is a field, neither its section nor none
        (
            "# Piano report\n\n## Visit\nNext tuning: March 2027\n\n## Charges\nTotal: £90",
            "Has a heading for the next tuning",
        ),
    ],
)
def test_left_to_the_grader(answer, criterion):
    assert heading_read(answer, criterion) is None


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Has a section for breaking changes", True),
        ("Includes a heading for cancellations", True),
        ("Has a separate heading about claiming prizes", True),
        ("Has a separate section for each of the categories Clothes, Beach, Toiletries", False),  # each
        ("Does not have a section for breaking changes", False),  # negated
        ("Has a section on why the talk matters that says something of substance", False),  # asks its content
        ("The checks section has exactly five items", False),  # asks of a section's content
        ('Has a boilerplate section headed "About Juniper & Vale"', False),  # exact wording asked
    ],
)
def test_the_criteria_that_ask_a_thing_have_its_own_heading(criterion, asked):
    assert (heading_read(_report("Advice"), criterion) is not None) is asked


def test_the_title_is_no_section_heading():
    answer = "# Next service reminder\n\n## Work done\nCleaned.\n\n## Charges\nService: £85.00"
    read = heading_read(answer, "Has a heading for the next service")
    assert read is not None and read.passed is False


def test_the_grounded_pass_reads_a_heading_by_code():
    read = read_by_code(_report("Next service"), "Has a heading for the next service")
    assert read is not None and read.passed and read.decided_by == "heading: 'Next service' names the next service"


NEWSLETTER = "# Spring newsletter\n\n## {a}\nText.\n\n## {b}\nText.\n\n## {c}\nText.\n\nBest wishes,\nMrs Hale"


@pytest.mark.parametrize(
    ("order", "criterion", "met"),
    [
        (("Sports day", "Clubs", "Key dates"), "The key dates section comes last", True),
        (("Sports day", "Key dates", "Clubs"), "The key dates section comes last", False),
        (("Sports day", "Clubs", "Key dates"), "Puts the key dates at the end, after the other sections", True),
        (("In an emergency", "Wi-fi", "Bins"), "Puts the emergency information at the end", False),
        (("Today", "Meals", "Notes for you"), "The notes for the parent come after every other section", True),
        (("Today", "Notes and reminders", "Meals"), "Ends with the notes or reminders section", False),
    ],
)
def test_the_last_section_heading_decides_what_comes_last(order, criterion, met):
    answer = NEWSLETTER.format(a=order[0], b=order[1], c=order[2])
    read = last_heading_read(answer, criterion)
    assert read is not None and read.passed is met


def test_a_thing_no_heading_names_is_left_to_the_grader():
    answer = NEWSLETTER.format(a="Sports day", b="Clubs", c="Uniform")
    assert last_heading_read(answer, "The key dates section comes last") is None
    assert last_heading_read(answer, "Ends with a question") is None


def test_a_thing_asked_as_a_clause_is_not_failed_for_want_of_its_words():
    """ "what happens if it rains" is a happening, which a heading names in other words ("Wet
    weather plan"): only a heading holding its words decides it."""
    answer = "# Fete plan\n\n## Timings\n10 am to 4 pm\n\n## Stalls\n- Cakes\n\n## Wet weather plan\nWe move indoors.\n"
    assert heading_read(answer, "Has a separate heading for what happens if it rains") is None
    assert heading_read(answer, "Includes a heading for how to cancel") is None
    rains = answer.replace("Wet weather plan", "What happens if it rains")
    read = heading_read(rains, "Has a separate heading for what happens if it rains")
    assert read is not None and read.passed is True
