"""A link, email address or path a criterion names must stand in the answer whole."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.addresses import holds, missing_address, named_addresses


@pytest.mark.parametrize(
    ("criterion", "named"),
    [
        ("Links to https://fieldnote.app/launch.", ["https://fieldnote.app/launch"]),
        ("Gives press@northwind.io as the media contact", ["press@northwind.io"]),
        ('The form uses method="post" and action="/contact"', ["/contact"]),
        ("Writes the archive into /var/backups/app", ["/var/backups/app"]),
        ("Titles the page GET /v1/customers/{id}/invoices", ["/v1/customers/{id}/invoices"]),
        ("Does not link to https://example.org", []),  # negated: the grader's
        ("Names the product and its price", []),
        ("Uses 24-hour times such as 14:30 and 09/10 dates", []),
    ],
)
def test_the_addresses_a_criterion_names(criterion, named):
    assert named_addresses(criterion) == named


def test_an_address_is_held_only_whole():
    answer = "See [what's new](https://fieldnote.app/launches) or write to help@fieldnote.app.uk.\nPOST /contact."
    assert not holds(answer, "https://fieldnote.app/launch")
    assert holds(answer, "https://fieldnote.app/launches")
    assert not holds(answer, "help@fieldnote.app")
    assert holds(answer, "/contact") and not holds(answer, "/contac")
    assert holds('<form action="/contact" method="post">', "/contact")
    assert not holds('<form action="/contact-us">', "/contact")
    assert holds("FROM python:3.12-slim\nCOPY . /app", "/app")


def test_an_address_ending_in_a_slash_is_a_base_that_links_go_on_from():
    """A criterion of DOIs as https://doi.org/ links names the base of the links, not one."""
    answer = "Lopez, M. (2021). Sleep spindles. https://doi.org/10.1111/jsr.13345"
    assert holds(answer, "https://doi.org/")
    assert missing_address(answer, "All DOIs are formatted as https://doi.org/ links") is None
    assert missing_address("doi:10.1111/jsr.13345", "All DOIs are formatted as https://doi.org/ links") == (
        "https://doi.org/"
    )
    assert not holds("https://doi.org.evil/10.1", "https://doi.org/")


def test_the_first_address_missing_from_the_answer():
    criterion = "Links to https://a.example/docs and https://a.example/help"
    assert missing_address("Docs: https://a.example/docs. Help: https://a.example/help", criterion) is None
    assert missing_address("Docs: https://a.example/docs", criterion) == "https://a.example/help"
