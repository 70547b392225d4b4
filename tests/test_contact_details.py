"""A criterion asking that the answer give an email address, a web address or a phone number
is read by code: whether the answer writes one, and, where the task gives it, the task's."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.contact_details import contact_read

TASK = "Write the job posting. Applications go to design-jobs@brightloop.de by 28 February."


@pytest.mark.parametrize(
    ("answer", "criterion", "task", "met"),
    [
        ("Send your CV to design-jobs@brightloop.de.", "Gives an email address to apply to", TASK, True),
        ("Apply through the form on our jobs page.", "Gives an email address to apply to", TASK, False),
        ("Check your day at www.harrogate.gov.uk/bins.", "Gives the council website address", "", True),
        ("Check your day on the council's website.", "Gives the council website address", "", False),
        ("Questions? Ring 01423 500600.", "Gives a phone number or email address for follow-up questions", "", True),
        ("Questions? Ask at reception.", "Gives a phone number or email address for follow-up questions", "", False),
        ("Ask in [the forum](https://forum.example.org).", "Gives an email address or link for questions", "", True),
        ("See the [style guide](docs/style.md).", "Includes a link to the style guide", "", True),
        ("RSVP: https://meetup.com/events/301545", "Includes the link https://meetup.com/events/301545", "", True),
        ("RSVP: https://meetup.com/events/301455", "Includes the link https://meetup.com/events/301545", "", False),
        ("See the [wiki](https://github.com/a/b/wiki).", "Links to the docs at https://github.com/a/b/wiki", "", True),
        (
            "Rota for the week.\nMonday: Kasia 06:00-14:00",
            "Gives Gary Holt's phone number for calling in sick",
            "",
            False,
        ),
        ("Off sick? Call Gary Holt on 07700 900461.", "Gives Gary Holt's phone number for calling in sick", "", True),
    ],
)
def test_a_contact_detail_written_or_not_decides(answer, criterion, task, met):
    read = contact_read(answer, criterion, task)
    assert read is not None and read.passed is met


@pytest.mark.parametrize(
    ("answer", "criterion", "task"),
    [
        # another address than the task's may be a slip or a second way to apply
        ("Send your CV to jobs@brightloop.de.", "Gives an email address to apply to", TASK),
        # a number on no line naming the person may be someone else's
        ("Off sick? Call the office on 07700 900461.", "Gives Gary Holt's phone number for calling in sick", ""),
        ("Send your CV to design-jobs@brightloop.de.", "Gives no email address for the guest", ""),  # kept out
        ("Send your CV to design-jobs@brightloop.de.", "Explains the benefits of the role", ""),  # asks none
        ("See https://a.example.org and https://b.example.org", "Lists exactly three links", ""),  # a count
        ("See https://intranet.example.com/playbook", "Links to the Support playbook and Refund policy", ""),
        ("See https://intranet.example.com/playbook", "Includes a link to each internal doc the task mentions", ""),
    ],
)
def test_left_to_the_grader(answer, criterion, task):
    assert contact_read(answer, criterion, task) is None


def test_the_grounded_pass_reads_a_contact_detail_by_code():
    read = read_by_code("Apply through the form on our jobs page.", "Gives an email address to apply to", TASK)
    assert read is not None and read.passed is False
    assert read.decided_by == "contact detail: the answer writes no email address"
