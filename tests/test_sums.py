"""A criterion asking that a total the answer states be the sum of figures it lists is read by
code: the arithmetic decides, where code can tell which figures are the total and its parts."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.sums import asks_sum, sum_read

MONEY = """\
## Money raised
- Entry fees: £2,140.00
- Online sponsorship: £4,385.50
- Bucket collection on the day: £318.75
- Cake stall: £206.40
- **Total raised: {total}**

All of it goes to the hospice. Last year we raised £5,900.00.
"""


@pytest.mark.parametrize(
    ("criterion", "asked"),
    [
        ("The total raised equals the sum of the amounts listed", True),
        ("Adds up the individual fees correctly to reach the estimate total", True),
        ("The cover prices add up to the annual total", True),
        ("Gives a total climb equal to the legs' climbs added up", True),
        ("Item durations sum to the meeting's full 180 minutes", True),
        ("The percentages in the time split sum to exactly 100", True),
        ("The instalments add up to the figure given for paying by the month", False),  # no total named
        ("The subtotal is the sum of quantity times unit price over all the items", False),  # products
        ("Net pay equals gross pay minus the total deductions", False),  # a difference
        ("Keeps the total cost within the ¥20,000 budget", False),  # a bound
        ("Puts the results before the fundraising total", False),  # an order
        ("Each team's played figure is the sum of its results", False),  # a total of each row
        ("The total rehomed is the sum of the figures for each kind of item", True),  # the parts, named
        ("The drinks add up to the total in ml given", True),
        ("The total does not add up the listed costs", False),  # negated
        ("Adds up the fees correctly", True),  # the answer's total of them, worked right
        ("Adds up the fees", False),  # no total, nothing said right
    ],
)
def test_the_criteria_that_ask_a_total_be_its_parts_added_up(criterion, asked):
    assert asks_sum(criterion) is asked


def test_a_total_its_listed_parts_add_up_to_meets_and_one_a_penny_off_fails():
    criterion = "The total raised equals the sum of the amounts listed"
    met = sum_read(MONEY.format(total="£7,050.65"), criterion)
    unmet = sum_read(MONEY.format(total="£7,050.75"), criterion)
    assert met is not None and met.passed is True
    assert unmet is not None and unmet.passed is False
    assert "add up to 7,050.65, not 7,050.75" in unmet.why
    assert unmet.quote == "- **Total raised: £7,050.75**"


def test_a_table_s_total_row_is_read_against_the_rows_above_it():
    answer = (
        "**Donations**\n| Source | Amount |\n|---|---|\n| Donation box | £31.20 |\n"
        "| Card reader | £45.00 |\n| Calendar sales, 6 at £5.00 | £30.00 |\n| **Total** | **{total}** |\n"
    )
    criterion = "The money total equals the sum of the amounts listed"
    assert sum_read(answer.format(total="£106.20"), criterion).passed is True  # a line's last figure is its part
    assert sum_read(answer.format(total="£105.20"), criterion).passed is False


def test_parts_spread_over_several_lists_before_the_total_meet_it():
    answer = (
        "**Day 1**\n\n- 14:00 Temple (¥500)\n- 17:00 Tea in Gion (¥1,200)\n\n"
        "**Day 2**\n\n- 09:30 Garden (¥500)\n- 12:00 Lunch (¥2,500)\n- 15:00 Shrine (free)\n\nTotal: {total}\n"
    )
    criterion = "The stated total equals the sum of the listed costs"
    assert sum_read(answer.format(total="¥4,700"), criterion).passed is True
    assert sum_read(answer.format(total="¥4,900"), criterion).passed is False  # the list before it: ¥3,000


def test_lengths_of_hours_and_minutes_add_up_in_minutes():
    answer = (
        "| Subject | Duration |\n|---|---|\n| English | 1 h 45 min |\n| Geography | 1 h 30 min |\n"
        "| Physics | 2 h |\n\n**Total exam time:** {total}\n"
    )
    criterion = "The total exam time given equals the sum of all the exams' durations"
    assert sum_read(answer.format(total="5 h 15 min"), criterion).passed is True
    assert sum_read(answer.format(total="5 h"), criterion).passed is False


def test_millilitres_add_up():
    bottles = (
        "Bottles:\n1. 7:45 am, 180 ml formula\n2. 12:15 pm, 150 ml formula\n3. 3:00 pm, 60 ml water\nTotal: {t} ml"
    )
    met = sum_read(bottles.format(t=390), "The drinks add up to the total in ml given")
    assert met is not None and met.passed is True
    unmet = sum_read(bottles.format(t=380), "The drinks add up to the total in ml given")
    assert unmet is not None and unmet.passed is False


def test_lines_after_the_total_are_not_its_parts():
    answer = (
        "Shared costs:\n13 Nov: Campsite, paid by Zoe, $165.00\n14 Nov: Fuel, paid by Liam, $96.30\nTotal: $261.30\n"
        "Share for each of us: $130.65\nZoe paid $165.00 and gets back $34.35.\n"
    )
    assert sum_read(answer, "Adds up the listed costs correctly in the total").passed is True


def test_a_total_the_criterion_gives_is_read_against_the_one_list_or_line_of_its_unit():
    agenda = "## Agenda\n- Welcome: 10 minutes\n- Budget review: 45 minutes\n- Hiring plan: {last} minutes\n"
    criterion = "Item durations sum to the meeting's full 90 minutes"
    assert sum_read(agenda.format(last=35), criterion).passed is True
    assert sum_read(agenda.format(last=30), criterion).passed is False
    split = (
        "**Time split:** 55% roadmap, 30% maintenance, {last}% support\n\n- Refunds API: 60% done\n- Checkout: 35%\n"
    )
    criterion = "The percentages in the time split sum to exactly 100"
    assert sum_read(split.format(last=15), criterion).passed is True
    assert (
        sum_read(split.format(last=10), criterion) is None
    )  # a list and a line of percentages: which is meant is unclear


@pytest.mark.parametrize(
    ("answer", "why"),
    [
        (
            "- Buildings: £402.15\n- Contents: £188.40\n- Total for the year: £590.55\n- Total last year: £612.00\n",
            "two totals",
        ),
        ("Fares: £318.00 + £214.00 = £532.00\nTaxes: £171.46\nTotal paid: £713.46\n", "a line of several"),
        ("We spent £40 on food and £25 on fuel.\n\nTotal: £70\n", "no list of parts"),
    ],
)
def test_a_total_whose_parts_are_unclear_is_left_to_the_grader(answer, why):
    assert sum_read(answer, "The total equals the sum of the listed charges") is None, why


def test_the_grounded_pass_reads_a_total_by_code():
    read = read_by_code(MONEY.format(total="£7,000.65"), "The total raised equals the sum of the amounts listed")
    assert read is not None and read.passed is False and read.decided_by.startswith("sum:")


def test_a_total_a_sentence_states_is_read_against_the_one_list_of_its_unit():
    answer = (
        "## Overdue items\n| Title | Fine |\n|---|---|\n| The Salt Path | £3.00 |\n| Atlas of the Heart | £3.00 |\n"
        "| Dales Walks | £1.25 |\n\n## Fines\nFines are 25p a day for each item. You owe {total} in total.\n"
    )
    criterion = "The total owed equals the sum of the individual fines"
    assert sum_read(answer.format(total="£7.25"), criterion).passed is True
    unmet = sum_read(answer.format(total="£6.25"), criterion)
    assert unmet is not None and unmet.passed is False
    assert unmet.quote == "Fines are 25p a day for each item. You owe £6.25 in total."


def test_a_table_s_bare_counts_add_up_to_its_total_row():
    table = "| Item | Rehomed |\n|---|---|\n| Blazers | 88 |\n| Shirts | 131 |\n| PE kit | 59 |\n| Total | {t} |\n"
    met = sum_read(table.format(t=278), "The total rehomed is the sum of the figures for each kind of item")
    assert met is not None and met.passed is True
    unmet = sum_read(table.format(t=288), "The numbers for each item add up to the total given")
    assert unmet is not None and unmet.passed is False


def test_fees_added_up_correctly_are_read_against_the_answer_s_one_total():
    answer = "**What you've paid**\n- Van pitch: £15.00\n- Extra space for a gazebo: £5.00\n- Total: £{total}\n"
    assert sum_read(answer.format(total="20.00"), "Adds up the fees correctly").passed is True
    assert sum_read(answer.format(total="21.00"), "Adds up the fees correctly").passed is False
