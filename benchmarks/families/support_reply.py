"""Support reply family (tuning, documents): a support agent's reply to a customer about an
order, in the `docs` tuning set (`--set docs`), written to tune the grader on criteria about
documents, which the `new` set holds few of.

A reply is assembled from switches: the customer greeted by name or not, an apology for the
trouble or none, the refund stated with the right amount (the order's price less the
shipping that is kept) or a wrong one, the days the refund takes or none, numbered steps to
send the item back (three, or four with a needless one), the ticket number the task gives or
another, a promise of a delivery date or none, the agent's name at the end or only a team
name. Every truth is a function of the reply's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "support_reply"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
APOLOGY = re.compile(r"\b(sorry|apologi[sz]e|apologies)\b", re.IGNORECASE)
STEP = re.compile(r"^\s*\d+\.\s", re.MULTILINE)
AMOUNT = re.compile(r"(?:€|\$|£)\s?(\d+(?:\.\d{2})?)")
DAYS = re.compile(r"\b(\d+|three|five|seven|ten)(?:\s+to\s+\d+)?\s+(?:working |business )?days\b", re.IGNORECASE)
PROMISE = re.compile(r"\b(?:will arrive|arrives|be delivered|delivered) (?:by|on) [A-Z][a-z]+day\b")


@dataclass(frozen=True)
class Ticket:
    task: str
    customer: str
    agent: str
    ticket: int
    other_ticket: int
    item: str
    currency: str
    price: float
    shipping: float
    """Kept back from the refund: the refund is `price - shipping`."""
    trouble: str
    steps: tuple[str, str, str]
    extra_step: str
    delivery_day: str


TICKETS = (
    Ticket(
        "Reply to Hannah (ticket 48213): her kettle arrived with a cracked lid. She paid €64.00 including "
        "€5.50 shipping, which we keep. Tell her the refund and how to send the kettle back.",
        "Hannah",
        "Marek",
        48213,
        48231,
        "kettle",
        "€",
        64.00,
        5.50,
        "the kettle reached you with a cracked lid",
        (
            "Pack the kettle in its original box.",
            "Print the return label attached to this email.",
            "Drop the parcel at any post office.",
        ),
        "Take a photo of the parcel before you seal it.",
        "Friday",
    ),
    Ticket(
        "Reply to Jamal (ticket 90412): the headphones he ordered stopped charging after a week. He paid "
        "$129.99 including $9.99 shipping, which we keep. Tell him the refund and how to return them.",
        "Jamal",
        "Ines",
        90412,
        90421,
        "headphones",
        "$",
        129.99,
        9.99,
        "your headphones stopped charging after only a week",
        (
            "Put the headphones and the charging cable back in their case.",
            "Print the prepaid label from the link in this email.",
            "Hand the parcel to any UPS drop-off point.",
        ),
        "Write your order number on the outside of the box.",
        "Monday",
    ),
    Ticket(
        "Reply to Olivia (ticket 31077): the rug she ordered is a different colour from the photo. She paid "
        "£210.00 including £15.00 shipping, which we keep. Tell her the refund and how to send the rug back.",
        "Olivia",
        "Tomasz",
        31077,
        31707,
        "rug",
        "£",
        210.00,
        15.00,
        "the rug you received does not match the colour in the photo",
        (
            "Roll the rug up and wrap it in the plastic it came in.",
            "Book a free collection through the returns page.",
            "Leave the parcel out on the collection day.",
        ),
        "Keep the receipt from the courier until the refund arrives.",
        "Wednesday",
    ),
    Ticket(
        "Reply to Kenji (ticket 77560): two of the six glasses he ordered arrived broken. He paid $48.00 "
        "including $6.00 shipping, which we keep. Tell him the refund and how to return the set.",
        "Kenji",
        "Sara",
        77560,
        75760,
        "glasses",
        "$",
        48.00,
        6.00,
        "two of your six glasses arrived broken",
        (
            "Wrap each glass, broken ones too, in newspaper.",
            "Print the return label we have emailed you.",
            "Drop the box at your nearest post office.",
        ),
        "Tape the box shut on every side.",
        "Thursday",
    ),
)


def money(ticket: Ticket, amount: float) -> str:
    return f"{ticket.currency}{amount:.2f}"


def build(ticket: Ticket, on: dict[str, bool]) -> str:
    refund = ticket.price - ticket.shipping if on["refund"] else ticket.price
    lines = [f"Hi {ticket.customer}," if on["name"] else "Hi there,", ""]
    opening = f"Thank you for getting in touch about ticket {ticket.ticket if on['ticket'] else ticket.other_ticket}."
    if on["apology"]:
        opening += f" I am sorry that {ticket.trouble}."
    else:
        opening += f" I can see that {ticket.trouble}."
    lines += [opening, ""]
    refund_line = f"We will refund {money(ticket, refund)} to the card you paid with"
    refund_line += ", and it should reach you within 5 working days." if on["days"] else "."
    lines += [refund_line, ""]
    steps = [*ticket.steps, ticket.extra_step] if on["extra_step"] else list(ticket.steps)
    lines += ["To send it back:"]
    lines += [f"{n}. {step}" for n, step in enumerate(steps, 1)]
    lines += [""]
    if on["promise"]:
        lines += [f"If you would rather have a replacement, it will arrive by {ticket.delivery_day}.", ""]
    lines += ["Kind regards,", ticket.agent if on["agent"] else "The Support Team"]
    return "\n".join(lines)


def refund_of(answer: str) -> float | None:
    """The first amount of money the reply names after the word refund, if any."""
    at = answer.lower().find("refund")
    found = AMOUNT.search(answer, at) if at >= 0 else None
    return float(found.group(1)) if found else None


def greets(answer: str, name: str) -> bool:
    return re.match(rf"(Hi|Hello|Dear) {re.escape(name)}\b", answer.strip()) is not None


def candidates(rng: random.Random, ticket: Ticket, answer: str) -> list[Criterion]:
    refund = refund_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "name",
            greets(answer, ticket.customer),
            (f"Greets {ticket.customer} by name", "Addresses the customer by their first name"),
        ),
        (
            "apology",
            APOLOGY.search(answer) is not None,
            ("Apologises for the problem", "Says sorry for what went wrong with the order"),
        ),
        (
            "refund",
            refund is not None and abs(refund - (ticket.price - ticket.shipping)) < 0.005,
            (
                "The refund amount stated is the price paid minus the shipping",
                f"States the correct refund of {money(ticket, ticket.price - ticket.shipping)}",
            ),
        ),
        (
            "days",
            DAYS.search(answer) is not None,
            ("Says how long the refund will take to arrive", "Tells the customer when to expect the money"),
        ),
        (
            "three_steps",
            len(STEP.findall(answer)) == 3,
            ("Gives exactly three numbered steps for the return", "The return instructions have three steps"),
        ),
        (
            "ticket",
            re.search(rf"\b{ticket.ticket}\b", answer) is not None,
            (f"Quotes the ticket number {ticket.ticket}", "Refers to the customer's ticket by its right number"),
        ),
        (
            "no_promise",
            PROMISE.search(answer) is None,
            ("Does not promise a delivery date", "Makes no promise about when a replacement will arrive"),
        ),
        (
            "agent",
            answer.strip().splitlines()[-1].strip() == ticket.agent,
            (f"Signs off with the agent's name, {ticket.agent}", "Ends with the name of the person replying"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("name", "apology", "refund", "days", "extra_step", "ticket", "promise", "agent")
    return switched_cases(FAMILY, TICKETS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)
