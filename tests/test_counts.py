"""A criterion asking for exactly so many of a thing is read by code: the items of the list under
the one heading that names the thing are counted."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.counts import count_asked, count_read

PROPOSAL = """\
## Abstract
Type hints at scale.

## Takeaways
{takeaways}

## Outline
- Why types (5 min)
- Tooling (10 min)
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("Lists exactly 6 key features", (6, "key features")),
        ("Gives three takeaways for the audience, no more and no fewer", (3, "takeaways for the audience")),
        ("Lists exactly three changes to the cover", (3, "changes to the cover")),
        ("Its preferred time slot lasts exactly 25 minutes", None),  # a length of time
        ("Has exactly 4 sections (## headings)", None),  # the answer's sections
        ("Every day has exactly 3 activities", None),  # each of several
        ("Lists at most 6 changes", None),  # a bound
        ("Does not list exactly 5 features", None),  # negated
        ("Lists the keys handed over as exactly five entries", (5, "the keys handed over")),
        ("The keys section has five items, no more and no fewer", (5, "keys")),
        ("The design is described in a list of three points", (3, "design")),
        ("The answer has exactly 4 sections", None),  # the answer's sections
        ("The accepted items are a list of exactly five things", (5, "accepted items")),
        ("The list of what to bring has five items", (5, "what to bring")),
        ("Lists four optional extras", (4, "optional extras")),
        ("Lists all five collections that change", (5, "collections that change")),
        ("Gives a check-out checklist of five steps", (5, "check-out checklist")),
        ("Gives the bedtime routine as exactly five steps", (5, "the bedtime routine")),
        ("Lists four or more optional extras", None),  # a bound
        ("Lists 3 hours of tasks", None),  # a length of time
        ("Gives a total of four items", None),  # a total, not a list's name
        ("Explains how it works in exactly four steps", (4, "how it works")),
        ("The how-it-works list has five steps", (5, "how-it-works")),
        ("The highlights section has three items", (3, "highlights")),
        ("Explains the rules in at most four steps", None),  # a bound
    ],
)
def test_the_criteria_that_ask_for_exactly_so_many(criterion, asked):
    assert count_asked(criterion) == asked


def test_the_items_under_the_heading_naming_the_thing_are_counted():
    criterion = "Gives three takeaways for the audience, no more and no fewer"
    three = PROPOSAL.format(takeaways="- Start with the edges\n- Type the data\n- Gate in CI")
    four = PROPOSAL.format(takeaways="1. Start with the edges\n2. Type the data\n3. Gate in CI\n4. Measure")
    assert count_read(three, criterion).passed is True
    unmet = count_read(four, criterion)
    assert unmet.passed is False and unmet.why == "the answer lists 4 items under 'Takeaways', not 3"


def test_a_table_s_rows_below_its_header_are_its_items():
    answer = (
        "**Changes**\n| Change | From | To |\n|---|---|---|\n| Excess | £350 | £500 |\n| Cover | £2,000 | £2,500 |\n"
    )
    assert count_read(answer, "Lists exactly 2 changes").passed is True
    assert count_read(answer, "Lists exactly 3 changes").passed is False


def test_a_thing_no_heading_names_or_several_do_is_left_to_the_grader():
    answer = "Here is the plan:\n- one\n- two\n- three\n"
    assert count_read(answer, "Lists exactly 3 key features") is None  # the only list, but named by nothing
    two = "# Changelog\n\n## Changes this year\n- a\n- b\n\n## Changes last year\n- c\n"
    assert count_read(two, "Lists exactly 2 changes") is None


def test_the_grounded_pass_counts_by_code():
    answer = PROPOSAL.format(takeaways="- one\n- two")
    read = read_by_code(answer, "Gives three takeaways, no more and no fewer")
    assert read is not None and read.passed is False and read.decided_by.startswith("count:")


def test_the_heading_holding_every_word_of_the_thing_is_chosen_over_ones_holding_some():
    answer = "## Your plot\n- Plot 14\n- North side\n\n## Plot rules\n- No bonfires\n- Keep paths clear\n- Pay rent\n"
    met = count_read(answer, "Gives exactly three plot rules")
    assert met is not None and met.passed is True and "Plot rules" in met.decided_by


CHECKOUT = """\
## Around St Ives
- Porthmeor Beach is 0.3 miles from the door.
- The Tate is a short walk along the seafront.

## Check-out
Before you go, please:
1. strip the beds
2. run the dishwasher
3. put the rubbish in the bins
4. close all the windows
"""


def test_a_list_of_so_many_steps_is_an_exact_count_of_the_list_its_heading_names():
    assert count_read(CHECKOUT, "Gives a check-out checklist of four steps").passed is True
    missed = count_read(CHECKOUT, "Gives a check-out checklist of five steps")
    assert missed.passed is False
    assert "4 items under 'Check-out / Before you go, please'" in missed.why
    assert count_read(CHECKOUT, "Lists four things to do before leaving") is None  # no heading names them


def test_the_answer_s_title_names_no_list_of_its_own_beside_a_heading_naming_it():
    answer = (
        "### Chore chart: Zainab and Idris\n| Who | Age |\n|---|---|\n| Zainab | 9 |\n| Idris | 7 |\n\n"
        "### Chores\n- Feed the fish\n- Tidy your room\n- Lay the table\n- Help with shopping\n"
    )
    read = count_read(answer, "Lists exactly four chores")
    assert read is not None and read.passed is True and read.decided_by == "count: 4 items under 'Chores'"


def test_the_answer_s_first_line_is_its_title_and_names_no_list():
    answer = (
        "### Brockhurst Scarecrow Trail\n\n| Trail | |\n|---|---|\n| Opens | 2 October |\n| Closes | 11 October |\n\n"
        "### The trail\n- An octopus band\n- Captain Nemo\n- A family of crabs\n"
    )
    read = count_read(answer, "Lists exactly three scarecrows on the trail")
    assert read is not None and read.passed is True and read.decided_by == "count: 3 items under 'The trail'"
